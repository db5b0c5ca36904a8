import Foundation
import Testing

@testable import HapticPolicyCLI

/// `haptic-policy watch` end to end: the built binary on a temporary copy of plavo, its
/// tests and the demo log, edited while it runs; its output read line by line with
/// timeouts.
@Suite struct WatchCommandTests {
    /// A running `watch`: stdin kept open (its end stops the watch), stdout and stderr
    /// collected as they come.
    final class Watched: @unchecked Sendable {
        let process = Process()
        let input = Pipe()
        private let lock = NSLock()
        private var out = Data()
        private var err = Data()

        init(_ arguments: [String], in directory: URL) throws {
            process.executableURL = builtToolURL()
            process.arguments = ["watch"] + arguments
            process.currentDirectoryURL = directory
            var environment = ProcessInfo.processInfo.environment
            environment["NO_COLOR"] = "1"
            process.environment = environment
            let stdout = Pipe()
            let stderr = Pipe()
            process.standardInput = input
            process.standardOutput = stdout
            process.standardError = stderr
            // At end of file the handler is removed, so it is not called again and again.
            stdout.fileHandleForReading.readabilityHandler = { [self] handle in
                let data = handle.availableData
                if data.isEmpty { handle.readabilityHandler = nil }
                lock.withLock { out.append(data) }
            }
            stderr.fileHandleForReading.readabilityHandler = { [self] handle in
                let data = handle.availableData
                if data.isEmpty { handle.readabilityHandler = nil }
                lock.withLock { err.append(data) }
            }
            try process.run()
        }

        var stdout: String { lock.withLock { String(decoding: out, as: UTF8.self) } }
        var stderr: String { lock.withLock { String(decoding: err, as: UTF8.self) } }

        /// Waits (up to `timeout` seconds) until stdout has a line starting with `prefix`;
        /// returns that line and the lines after it.
        func waitFor(_ prefix: String, timeout: Double = 20) -> String? {
            let deadline = Date().addingTimeInterval(timeout)
            while Date() < deadline {
                let text = stdout
                if text.hasPrefix(prefix) { return text }
                if let range = text.range(of: "\n" + prefix) {
                    return String(text[text.index(after: range.lowerBound)...])
                }
                Thread.sleep(forTimeInterval: 0.02)
            }
            return nil
        }

        /// Waits (up to `timeout` seconds) for the process to end; its status, nil if it did not.
        func exit(timeout: Double = 10) -> Int32? {
            let deadline = Date().addingTimeInterval(timeout)
            while process.isRunning, Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
            if process.isRunning {
                process.terminate()
                return nil
            }
            return process.terminationStatus
        }
    }

    /// A folder with plavo, its tests and the demo log.
    static func copyOfPlavo() throws -> URL {
        let folder = try temporaryFolder("watch")
        for path in ["Policies/plavo.yaml", "Policies/plavo.tests.yaml", "Policies/logs/demo.jsonl"] {
            let source = packageRoot.appendingPathComponent(path)
            try FileManager.default.copyItem(at: source, to: folder.appendingPathComponent(source.lastPathComponent))
        }
        return folder
    }

    /// Replaces `old` with `new` in the file, written in place.
    static func edit(_ file: URL, _ old: String, _ new: String) throws {
        let text = try String(contentsOf: file, encoding: .utf8)
        #expect(text.contains(old), "\(file.lastPathComponent) lacks \(old)")
        try Data(text.replacingOccurrences(of: old, with: new).utf8).write(to: file)
    }

    @Test func brokenSaveKeepsTheLastGoodVersionAndAFixedSaveReportsTheChange() throws {
        let folder = try Self.copyOfPlavo()
        defer { try? FileManager.default.removeItem(at: folder) }
        let policy = folder.appendingPathComponent("plavo.yaml")
        let watched = try Watched(["plavo.yaml", "--log", "demo.jsonl"], in: folder)

        let first = try #require(watched.waitFor("round 1: "), "\(watched.stdout)\n\(watched.stderr)")
        #expect(first.contains(" 0 failed; 329 decisions"), "\(first)")

        // A typo: an error, located, and the last good version kept.
        try Self.edit(policy, "shutter:            {play: tap}", "shutter:            {play: tapp}")
        let broken = try #require(watched.waitFor("round 2 "), "\(watched.stdout)")
        #expect(broken.hasPrefix("round 2 (plavo.yaml changed): broken save, 1 error; keeping the last good version"))
        #expect(
            watched.stderr.contains(
                "plavo.yaml:176:34: error[HP201]: feedback 'tapp' is not declared; did you mean 'tap'?"))

        // The fix plays another feedback: compared with round 1, the last good version.
        try Self.edit(policy, "{play: tapp}", "{play: snap}")
        let fixed = try #require(watched.waitFor("round 3 "), "\(watched.stdout)")
        #expect(fixed.hasPrefix("round 3 (plavo.yaml changed): 1 finding added, 7 tests changed, 2 decisions changed"))
        #expect(
            fixed.contains(
                "\n  test 'camera shutter' (plavo.tests.yaml:12:5): pass -> FAIL: step 2 at 1 s: expected play tap"))
        #expect(
            fixed.contains(
                "\n  decision 37 (t 18.605 s, shutter): play tap (impact.light) -> play snap (impact.rigid)\n"))
        #expect(fixed.contains("\n  + plavo.yaml:41:3: warning[HP211]: feedback 'tap' is never played"))
        // Docs/cli.md shows this very round: each of its lines is printed (`...` stands for the rest).
        let shown = try #require(
            CLIReferenceTests.block(startingWith: "\nround 3 (plavo.yaml changed)", in: CLIReferenceTests.reference))
        let printed = Set(fixed.split(separator: "\n").map(String.init))
        for line in ("round 3 (plavo.yaml changed)" + shown).split(separator: "\n") where line != "  ..." {
            #expect(printed.contains(String(line)), "Docs/cli.md shows '\(line)', which watch does not print")
        }
        #expect(CLIReferenceTests.reference.contains("(`\(first.prefix { $0 != "\n" })`"), "Docs/cli.md's round 1")
        #expect(CLIReferenceTests.reference.contains("`\(broken.prefix { $0 != "\n" })`"), "Docs/cli.md's broken save")

        // An editor's atomic save: a new file renamed over the old one.
        let restored = try String(contentsOf: policy, encoding: .utf8)
            .replacingOccurrences(of: "{play: snap}", with: "{play: tap}")
        let temporary = folder.appendingPathComponent(".plavo.yaml.swp")
        try Data(restored.utf8).write(to: temporary)
        #expect(rename(temporary.path, policy.path) == 0)
        let back = try #require(watched.waitFor("round 4 "), "\(watched.stdout)")
        #expect(back.hasPrefix("round 4 (plavo.yaml changed): 1 finding fixed, 7 tests changed, 2 decisions changed"))
        #expect(back.contains("\n  test 'camera shutter' (plavo.tests.yaml:12:5): FAIL -> pass\n"))

        // A burst of saves is one round.
        for index in 1...3 {
            try Data((restored + "# save \(index)\n").utf8).write(to: policy)
            Thread.sleep(forTimeInterval: 0.005)
        }
        let burst = try #require(watched.waitFor("round 5 "), "\(watched.stdout)")
        #expect(burst.hasPrefix("round 5 (plavo.yaml changed): no changes"), "\(burst)")
        Thread.sleep(forTimeInterval: 0.6)
        #expect(!watched.stdout.contains("round 6"), "\(watched.stdout)")

        // The end of standard input stops it, with exit 0.
        try watched.input.fileHandleForWriting.close()
        #expect(watched.exit() == 0)
        #expect(watched.stdout.hasSuffix("watch stopped after 5 rounds\n"), "\(watched.stdout)")
    }

    /// Issue 43: a budget edit is a change of its own, listed as `diff` lists it (field,
    /// old -> new, where), before whatever decisions it moves.
    @Test func aBudgetEditIsReported() throws {
        let folder = try Self.copyOfPlavo()
        defer { try? FileManager.default.removeItem(at: folder) }
        let policy = folder.appendingPathComponent("plavo.yaml")
        let watched = try Watched(["plavo.yaml", "--log", "demo.jsonl"], in: folder)
        _ = try #require(watched.waitFor("round 1: "), "\(watched.stdout)\n\(watched.stderr)")

        try Self.edit(policy, "    each: screen\n    max: 6\n", "    each: screen\n    max: 7\n")
        let edited = try #require(watched.waitFor("round 2 "), "\(watched.stdout)\n\(watched.stderr)")
        let head = "round 2 (plavo.yaml changed): 2 tests changed, 1 band or budget field changed"
        #expect(edited.hasPrefix(head + "\n"), "\(edited)")
        #expect(edited.contains("\n  budget 'B-1' max: 6 -> 7 (plavo.yaml:206:5)\n"), "\(edited)")
        // Docs/cli.md shows this round: each of its lines is printed.
        let shown = try #require(CLIReferenceTests.block(startingWith: "\n" + head, in: CLIReferenceTests.reference))
        let printed = Set(edited.split(separator: "\n").map(String.init))
        for line in (head + shown).split(separator: "\n") {
            #expect(printed.contains(String(line)), "Docs/cli.md shows '\(line)', which watch does not print")
        }
        try watched.input.fileHandleForWriting.close()
        #expect(watched.exit() == 0)
    }

    /// Issue 25: a waveform edit (a pattern event's intensity, 0.8 -> 0.9) changes no
    /// decision, yet `watch` says what changed in the pattern: feedback, event, field,
    /// old -> new, and where.
    @Test func aWaveformEditIsReported() throws {
        let folder = try Self.copyOfPlavo()
        defer { try? FileManager.default.removeItem(at: folder) }
        let policy = folder.appendingPathComponent("plavo.yaml")
        let watched = try Watched(["plavo.yaml", "--log", "demo.jsonl"], in: folder)
        _ = try #require(watched.waitFor("round 1: "), "\(watched.stdout)\n\(watched.stderr)")

        try Self.edit(
            policy, "- {type: transient, time: 0, intensity: 0.8, sharpness: 0.3}",
            "- {type: transient, time: 0, intensity: 0.9, sharpness: 0.3}")
        let edited = try #require(watched.waitFor("round 2 "), "\(watched.stdout)\n\(watched.stderr)")
        #expect(edited.hasPrefix("round 2 (plavo.yaml changed): 1 feedback field changed\n"), "\(edited)")
        #expect(edited.contains("\n  feedback 'pulse' event 1 intensity: 0.8 -> 0.9 (plavo.yaml:51:11)\n"), "\(edited)")
        // Docs/cli.md shows this round: each of its lines is printed.
        let shown = try #require(
            CLIReferenceTests.block(
                startingWith: "\nround 2 (plavo.yaml changed): 1 feedback field changed",
                in: CLIReferenceTests.reference))
        let printed = Set(edited.split(separator: "\n").map(String.init))
        for line in ("round 2 (plavo.yaml changed): 1 feedback field changed" + shown).split(separator: "\n") {
            #expect(printed.contains(String(line)), "Docs/cli.md shows '\(line)', which watch does not print")
        }

        // A preset's intensity and a fallback, in one save: one line each.
        try Self.edit(policy, "preset: impact.rigid, intensity: 0.7}", "preset: impact.rigid, intensity: 0.6}")
        try Self.edit(policy, "[0.9, 0]]\n    fallback: impact.soft", "[0.9, 0]]\n    fallback: none")
        let second = try #require(watched.waitFor("round 3 "), "\(watched.stdout)\n\(watched.stderr)")
        // (farewell's fallback is what a test expects when the engine is cold: it flips.)
        #expect(
            second.hasPrefix("round 3 (plavo.yaml changed): 1 test changed, 2 feedback fields changed"), "\(second)")
        #expect(second.contains("\n  feedback 'snap' intensity: 0.7 -> 0.6 (plavo.yaml:"), "\(second)")
        #expect(second.contains("\n  feedback 'farewell' fallback: impact.soft -> none (plavo.yaml:"), "\(second)")
        try watched.input.fileHandleForWriting.close()
        #expect(watched.exit() == 0)
    }

    /// A policy's included files are watched too: a broken save of one is located in it,
    /// and its fix is a new round.
    @Test func anIncludedFileIsWatched() throws {
        let folder = try temporaryFolder("watch-include")
        defer { try? FileManager.default.removeItem(at: folder) }
        let fixtures = packageRoot.appendingPathComponent("Tests/HapticPolicyYAMLTests/Fixtures/include")
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("stride"), withIntermediateDirectories: true)
        for path in ["stride.yaml", "stride/catalogue.yaml", "stride/workout.yaml"] {
            try FileManager.default.copyItem(
                at: fixtures.appendingPathComponent(path), to: folder.appendingPathComponent(path))
        }
        let watched = try Watched(["stride.yaml"], in: folder)
        _ = try #require(watched.waitFor("round 1: "), "\(watched.stdout)\n\(watched.stderr)")
        let also = try #require(watched.waitFor("  also watching "), "\(watched.stdout)")
        #expect(also.hasPrefix("  also watching stride/catalogue.yaml, stride/workout.yaml (included)\n"), "\(also)")
        let workout = folder.appendingPathComponent("stride/workout.yaml")
        try Self.edit(workout, "button.tap: {play: tap}", "button.tap: {play: tapp}")
        let broken = try #require(watched.waitFor("round 2 "), "\(watched.stdout)")
        #expect(
            broken.hasPrefix(
                "round 2 (stride/workout.yaml changed): broken save, 1 error; keeping the last good version"),
            "\(broken)")
        #expect(watched.stderr.contains("stride/workout.yaml:15:26: error[HP201]"), "\(watched.stderr)")
        try Self.edit(workout, "{play: tapp}", "{play: tap}")
        let fixed = try #require(watched.waitFor("round 3 "), "\(watched.stdout)")
        #expect(fixed.hasPrefix("round 3 (stride/workout.yaml changed): no changes"), "\(fixed)")
        try watched.input.fileHandleForWriting.close()
        #expect(watched.exit() == 0)
    }

    /// A test file's typo is a broken save too, located with the nearest name; its fix
    /// is compared with the last good version.
    @Test func aBrokenTestFileKeepsTheLastGoodVersion() throws {
        let folder = try Self.copyOfPlavo()
        defer { try? FileManager.default.removeItem(at: folder) }
        let tests = folder.appendingPathComponent("plavo.tests.yaml")
        let watched = try Watched(["plavo.yaml"], in: folder)
        _ = try #require(watched.waitFor("round 1: "), "\(watched.stdout)\n\(watched.stderr)")
        let row = "  - {screen: camera, event: shutter, play: tap, render: impact.light, directives: []}"
        try Self.edit(tests, row, row.replacingOccurrences(of: "event: shutter", with: "event: shuter"))
        let broken = try #require(watched.waitFor("round 2 "), "\(watched.stdout)")
        #expect(
            broken.hasPrefix("round 2 (plavo.tests.yaml changed): broken save, 1 error; keeping the last good version"))
        #expect(
            watched.stderr.contains(
                "plavo.tests.yaml:12:29: error[HP806]: event 'shuter' is not in the catalogue of plavo.yaml; did you mean 'shutter'?"
            ), "\(watched.stderr)")
        try Self.edit(tests, "event: shuter, play: tap", "event: shutter, play: snap")
        let fixed = try #require(watched.waitFor("round 3 "), "\(watched.stdout)")
        #expect(fixed.hasPrefix("round 3 (plavo.tests.yaml changed): 1 test changed\n"), "\(fixed)")
        #expect(fixed.contains("\n  test 'camera shutter' (plavo.tests.yaml:12:5): pass -> FAIL: "), "\(fixed)")
        try watched.input.fileHandleForWriting.close()
        #expect(watched.exit() == 0)
    }

    @Test(arguments: [SIGINT, SIGTERM])
    func signalStopsItCleanly(signal: Int32) throws {
        let folder = try Self.copyOfPlavo()
        defer { try? FileManager.default.removeItem(at: folder) }
        let watched = try Watched(["plavo.yaml", "--verbose"], in: folder)
        let first = try #require(watched.waitFor("round 1: "), "\(watched.stdout)\n\(watched.stderr)")
        #expect(first.contains("\n  round 1 took "), "\(first)")
        kill(watched.process.processIdentifier, signal)
        #expect(watched.exit() == 0)
        #expect(watched.stdout.hasSuffix("watch stopped after 1 round\n"), "\(watched.stdout)")
        try? watched.input.fileHandleForWriting.close()
    }

    /// A file that is gone for a moment (deleted, then written again) is waited for: one
    /// round, no error.
    @Test func aFileGoneBrieflyIsWaitedFor() throws {
        let folder = try Self.copyOfPlavo()
        defer { try? FileManager.default.removeItem(at: folder) }
        let policy = folder.appendingPathComponent("plavo.yaml")
        let watched = try Watched(["plavo.yaml"], in: folder)
        _ = try #require(watched.waitFor("round 1: "), "\(watched.stdout)\n\(watched.stderr)")
        let text = try Data(contentsOf: policy)
        try FileManager.default.removeItem(at: policy)
        Thread.sleep(forTimeInterval: 0.3)
        try (text + Data("# rewritten\n".utf8)).write(to: policy)
        let round = try #require(watched.waitFor("round 2 "), "\(watched.stdout)")
        #expect(round.hasPrefix("round 2 (plavo.yaml changed): no changes"), "\(round)")
        #expect(watched.stderr.isEmpty, "\(watched.stderr)")
        try watched.input.fileHandleForWriting.close()
        #expect(watched.exit() == 0)
    }
}
