import Foundation
import Testing

@testable import HapticPolicyCLI

/// `eval`, `diff` and `merge` over many logs (issue 11): directories, globs and
/// `.jsonl.gz`, each log its own session, in parallel, with one mergeable summary.
@Suite struct FleetEvalTests {
    /// Three short sessions, one gzip-compressed and one in a subfolder.
    static let fixtures = "Tests/HapticPolicyCLITests/Fixtures/fleet"
    static let logs = ["\(fixtures)/a.jsonl", "\(fixtures)/b.jsonl.gz", "\(fixtures)/sub/c.jsonl"]

    /// A folder of `count` simulated sessions of varied scenarios and seeds.
    static func sessions(_ count: Int) throws -> URL {
        let folder = try temporaryFolder("fleet")
        let scenarios = ["drying", "flaky-sensor", "watering", "session"]
        for index in 0..<count {
            let log = runInProcess([
                "simulate", "Policies/plavo.yaml", "--scenario", scenarios[index % scenarios.count], "--seed",
                "\(index + 1)", "--duration", "60",
            ])
            try #require(log.exitCode == 0, "\(log.stderr)")
            try Data(log.stdout.utf8).write(to: folder.appendingPathComponent(String(format: "s%02d.jsonl", index)))
        }
        return folder
    }

    static func summary(_ result: ToolResult) -> String {
        String(result.stdout.split(separator: "\n").last ?? "")
    }

    @Test func theAggregateIsTheSameForAnyJobs() throws {
        let folder = try Self.sessions(12)
        defer { try? FileManager.default.removeItem(at: folder) }
        var outputs: [ToolResult] = []
        for jobs in ["1", "2", "5"] {
            let result = runInProcess(["eval", "Policies/plavo.yaml", folder.path, "--summary", "json", "--jobs", jobs])
            #expect(result.exitCode == 0, "\(result.stderr)")
            outputs.append(result)
        }
        // Decisions in input order and the summary, byte for byte.
        #expect(outputs[1].stdout == outputs[0].stdout)
        #expect(outputs[2].stdout == outputs[0].stdout)
        let json = try #require(
            JSONSerialization.jsonObject(with: Data(Self.summary(outputs[0]).utf8)) as? [String: Any])
        #expect(json["format"] as? String == "haptic-policy-summary")
        #expect(json["sessions"] as? Int == 12)
        // N events in, N decisions out, each naming its log, logs in order.
        let lines = outputs[0].stdout.split(separator: "\n").dropLast()
        #expect(lines.count == json["lines"] as? Int)
        let named = try lines.map { line in
            try #require(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])["log"] as? String
        }
        let order = named.compactMap { $0 }.reduce(into: [String]()) { if $0.last != $1 { $0.append($1) } }
        #expect(order == (0..<12).map { folder.path + String(format: "/s%02d.jsonl", $0) })
    }

    @Test func summariesOfPartsMergeToTheSummaryOfTheWhole() throws {
        let whole = runInProcess([
            "eval", "Policies/plavo.yaml", Self.fixtures, "--format", "none", "--summary", "json",
        ])
        #expect(whole.exitCode == 0, "\(whole.stderr)")
        let folder = try temporaryFolder("merge")
        defer { try? FileManager.default.removeItem(at: folder) }
        var parts: [String] = []
        for (index, log) in Self.logs.reversed().enumerated() {
            let part = runInProcess(["eval", "Policies/plavo.yaml", log, "--format", "none", "--summary", "json"])
            let path = folder.appendingPathComponent("part-\(index).json").path
            try Data((Self.summary(part) + "\n").utf8).write(to: URL(fileURLWithPath: path))
            parts.append(path)
        }
        let merged = runInProcess(["merge"] + parts)
        #expect(merged.exitCode == 0, "\(merged.stderr)")
        #expect(merged.stdout == whole.stdout)
        // Merging a summary with itself doubles every count.
        let doubled = runInProcess(["merge", parts[0], parts[0], "--format", "json"])
        let once = try #require(JSONSerialization.jsonObject(with: Data(Self.summary(doubled).utf8)) as? [String: Any])
        #expect(once["sessions"] as? Int == 2)
    }

    @Test func mergeRefusesWhatIsNotASummary() throws {
        let folder = try temporaryFolder("merge-bad")
        defer { try? FileManager.default.removeItem(at: folder) }
        let other = folder.appendingPathComponent("other.json")
        try Data(#"{"format":"haptic-policy-summary","version":9}"#.utf8).write(to: other)
        let result = runInProcess(["merge", other.path])
        #expect(result.exitCode == 1)
        #expect(result.stderr.contains("other.json:1: summary version 9"), "\(result.stderr)")
        let notJSON = runInProcess(["merge", "-"], stdin: "{\"format\":\"haptic-policy-summary\",\"version\":1}\n")
        #expect(notJSON.exitCode == 1)
        #expect(notJSON.stderr.contains("<stdin>:1: \"sessions\" must be a number"), "\(notJSON.stderr)")
    }

    @Test func aGzipLogReadsLikeThePlainOne() throws {
        let folder = try temporaryFolder("gzip")
        defer { try? FileManager.default.removeItem(at: folder) }
        let plain = folder.appendingPathComponent("b.jsonl").path
        let shell = try runShell("gzip -dc \(Self.fixtures)/b.jsonl.gz > \(shellQuoted(plain))")
        #expect(shell.exitCode == 0)
        let fromGzip = runInProcess(["eval", "Policies/plavo.yaml", "\(Self.fixtures)/b.jsonl.gz"])
        let fromPlain = runInProcess(["eval", "Policies/plavo.yaml", plain])
        #expect(fromGzip.exitCode == 0, "\(fromGzip.stderr)")
        #expect(fromGzip.stdout == fromPlain.stdout)
        #expect(fromGzip.stderr == fromPlain.stderr)
        #expect(fromGzip.stdout.split(separator: "\n").count == 61)
    }

    @Test func concatenatedGzipMembersReadAsOneLog() throws {
        let folder = try temporaryFolder("gzip-members")
        defer { try? FileManager.default.removeItem(at: folder) }
        let joined = shellQuoted(folder.appendingPathComponent("joined.jsonl.gz").path)
        let plain = shellQuoted(folder.appendingPathComponent("joined.jsonl").path)
        let a = "\(Self.fixtures)/a.jsonl"
        let c = "\(Self.fixtures)/sub/c.jsonl"
        let script = "{ gzip -c \(a); gzip -c \(c); } > \(joined) && cat \(a) \(c) > \(plain)"
        #expect(try runShell(script).exitCode == 0)
        let fromGzip = runInProcess([
            "eval", "Policies/plavo.yaml", folder.appendingPathComponent("joined.jsonl.gz").path,
        ])
        let fromPlain = runInProcess([
            "eval", "Policies/plavo.yaml", folder.appendingPathComponent("joined.jsonl").path,
        ])
        #expect(fromGzip.stdout.split(separator: "\n").count == 64)
        #expect(fromGzip.stdout == fromPlain.stdout)
    }

    @Test func theLineLimitHoldsInsideAGzipLog() throws {
        let folder = try temporaryFolder("gzip-long")
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("long.jsonl.gz").path
        // 2 MiB of one line, then a good line: one line-too-long, then the good line.
        let script =
            "{ head -c 2097152 /dev/zero | tr '\\0' x; printf '\\n{\"t\":1,\"event\":\"screen.enter\",\"screen\":\"camera\"}\\n'; } | gzip > \(shellQuoted(path))"
        #expect(try runShell(script).exitCode == 0)
        let result = runInProcess(["eval", "Policies/plavo.yaml", path])
        #expect(result.exitCode == 1)
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines.first?.contains("\"reason\":\"line-too-long\"") == true, "\(lines.first ?? "")")
        #expect(lines.last?.contains("\"line\":2") == true)
    }

    @Test func badAndTruncatedLogsAreNamedCountedAndDoNotStopTheRun() throws {
        let folder = try temporaryFolder("bad")
        defer { try? FileManager.default.removeItem(at: folder) }
        let truncated = folder.appendingPathComponent("truncated.jsonl.gz").path
        let notGzip = folder.appendingPathComponent("not-gzip.jsonl.gz").path
        let script =
            "$TOOL simulate Policies/plavo.yaml -s drying --duration 600 | gzip | head -c 1000 > \(shellQuoted(truncated))"
            + " && echo nonsense > \(shellQuoted(notGzip))"
        #expect(try runShell(script).exitCode == 0)
        let missing = folder.appendingPathComponent("missing.jsonl").path
        for jobs in ["1", "2"] {
            let result = runInProcess(
                [
                    "eval", "Policies/plavo.yaml", truncated, Self.fixtures, notGzip, missing, "--format", "none",
                    "--jobs", jobs,
                ])
            #expect(result.exitCode == 1)
            #expect(
                result.stderr.contains(
                    "error: \(truncated): the gzip data ends after 1000 bytes, in the middle of the stream (a truncated file?)"
                ),
                "\(result.stderr)")
            #expect(result.stderr.contains("error: \(notGzip): the gzip data is corrupt near byte"))
            #expect(result.stderr.contains("error: \(missing): no such file"))
            #expect(result.stderr.contains("3 sessions, 3 bad logs, 125 lines"), "\(result.stderr)")
            #expect(result.stderr.contains("error: 3 of 6 logs could not be read to their end"))
        }
    }

    @Test func directoriesAndGlobsExpandInByteOrder() throws {
        let result = runInProcess([
            "eval", "Policies/plavo.yaml", "\(Self.fixtures)/*.jsonl*", "\(Self.fixtures)/sub/", "--format", "none",
            "--summary", "json",
        ])
        #expect(result.exitCode == 0, "\(result.stderr)")
        let json = try #require(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let worst = try #require(json["worst"] as? [[String: Any]]).compactMap { $0["log"] as? String }
        #expect(Set(worst) == Set(Self.logs))
        let none = runInProcess(["eval", "Policies/plavo.yaml", "\(Self.fixtures)/*.nothing"])
        #expect(none.exitCode == 64)
        #expect(none.stderr.contains("the pattern matches no file"))
        #expect(runInProcess(["eval", "Policies/plavo.yaml", Self.fixtures, "--jobs", "0"]).exitCode == 64)
    }

    @Test func theOutputFormatsOfManyLogs() throws {
        let decisions = runInProcess(["eval", "Policies/plavo.yaml", Self.fixtures, "--jobs", "2"])
        #expect(decisions.exitCode == 0, "\(decisions.stderr)")
        try expectGolden(decisions.stdout, named: "fleet-decisions.jsonl")
        try expectGolden(decisions.stderr, named: "fleet-summary.txt")
        let json = runInProcess(["eval", "Policies/plavo.yaml", Self.fixtures, "--format", "none", "--summary", "json"])
        try expectGolden(json.stdout, named: "fleet-summary.json")
        let table = runInProcess(["eval", "Policies/plavo.yaml", Self.logs[0], Self.logs[2], "--format", "table", "-q"])
        #expect(table.stdout.hasPrefix("== \(Self.logs[0]) ==\n"))
        #expect(table.stdout.contains("\n== \(Self.logs[2]) ==\n"))
        let merged = runInProcess(["merge", "--format", "text", "-"], stdin: json.stdout)
        #expect(merged.stdout == decisions.stderr, "merge --format text prints what eval prints")
    }

    @Test func diffOverManyLogsCountsSessionsAndListsTheLargestFirst() throws {
        let folder = try Self.sessions(6)
        defer { try? FileManager.default.removeItem(at: folder) }
        let text = runInProcess(["diff", "Policies/plavo.yaml", DiffCommandTests.noHysteresis, folder.path])
        #expect(text.exitCode == 1)
        #expect(text.stdout.contains("sessions changed: "), "\(text.stdout)")
        let json = runInProcess([
            "diff", "--format", "json", "Policies/plavo.yaml", DiffCommandTests.noHysteresis, folder.path,
        ])
        let object = try #require(JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(object["sessions"] as? Int == 6)
        let largest = try #require(object["largestChanges"] as? [[String: Any]])
        let counts = largest.compactMap { $0["changed"] as? Int }
        #expect(!counts.isEmpty)
        #expect(counts == counts.sorted(by: >), "largest first")
        #expect(object["sessionsChanged"] as? Int == counts.count)
        #expect(counts.reduce(0, +) == object["changed"] as? Int)
        // The same sessions given one by one give the same diff.
        let files = (0..<6).map { folder.path + String(format: "/s%02d.jsonl", $0) }
        let oneByOne = runInProcess(
            ["diff", "--format", "json", "Policies/plavo.yaml", DiffCommandTests.noHysteresis] + files)
        #expect(oneByOne.stdout == json.stdout)
        // Any --jobs folds the logs in input order: the same report, byte for byte.
        for jobs in ["1", "2", "5"] {
            for format in ["json", "text"] {
                let parallel = runInProcess([
                    "diff", "--jobs", jobs, "--format", format, "Policies/plavo.yaml", DiffCommandTests.noHysteresis,
                    folder.path,
                ])
                #expect(parallel.stdout == (format == "json" ? json.stdout : text.stdout), "--jobs \(jobs) \(format)")
                #expect(parallel.exitCode == 1)
            }
        }
    }

    /// One log with `--summary json` streams its decisions whatever `--jobs` says (a
    /// million-line log once held all its decisions in memory, 678 MB): decisions are
    /// written before its input ends, and they are the ones a whole read gives.
    @Test func oneLogWithAJSONSummaryStreamsItsDecisions() throws {
        let log = runInProcess([
            "simulate", "Policies/plavo.yaml", "--scenario", "drying", "--seed", "1", "--duration", "600",
        ])
        try #require(log.exitCode == 0, "\(log.stderr)")
        let lines = log.stdout.split(separator: "\n", omittingEmptySubsequences: true)
        let half = lines.count / 2
        let chunks = [lines[..<half], lines[half...]].map { Array(($0.joined(separator: "\n") + "\n").utf8) }
        let whole = runInProcess(["eval", "Policies/plavo.yaml", "-", "--summary", "json"], stdin: log.stdout)
        #expect(whole.exitCode == 0, "\(whole.stderr)")
        for jobs in ["1", "2"] {
            let stdout = Output(capturingAsTerminal: false)
            var pending = chunks[...]
            var writtenBeforeTheEnd: Int?
            let input = StandardInput(isLive: false) { buffer in
                guard let chunk = pending.first else {
                    writtenBeforeTheEnd = writtenBeforeTheEnd ?? stdout.captured?.count
                    return 0
                }
                precondition(chunk.count <= buffer.count, "a chunk fits one read")
                for (index, byte) in chunk.enumerated() { buffer[index] = byte }
                pending.removeFirst()
                return chunk.count
            }
            let context = CommandContext(
                stdout: stdout, stderr: Output(capturingAsTerminal: false), standardInput: input, environment: [:])
            let code = HapticPolicyTool.run(
                ["eval", "Policies/plavo.yaml", "-", "--summary", "json", "--jobs", jobs], context: context)
            context.stdout.flush()
            #expect(code.rawValue == 0, "--jobs \(jobs): \(context.stderr.capturedText)")
            // The first half's decisions (about 100 KB) went out while the input was open.
            #expect((writtenBeforeTheEnd ?? 0) > 1 << 16, "--jobs \(jobs): \(writtenBeforeTheEnd ?? 0) bytes")
            #expect(stdout.capturedText == whole.stdout, "--jobs \(jobs)")
        }
    }

    /// Docs/fleet.md's summary example is what the command it shows prints.
    @Test func theDocumentedSummaryIsReal() throws {
        let doc = try String(contentsOf: packageRoot.appendingPathComponent("Docs/fleet.md"), encoding: .utf8)
        let marker = "<!-- fleet-summary-example -->"
        let after = try #require(doc.components(separatedBy: marker).dropFirst().first)
        let blocks = after.components(separatedBy: "```")
        // ```sh <command> ``` then ```json <output> ```.
        let command = try #require(blocks.dropFirst().first).replacingOccurrences(of: "sh\n", with: "")
            .trimmingCharacters(in: .whitespacesAndNewlines)
        let expected = try #require(blocks.dropFirst(3).first).replacingOccurrences(of: "json\n", with: "")
            .trimmingCharacters(in: .whitespacesAndNewlines)
        let words = command.split(separator: " ").map(String.init)
        #expect(words.first == "haptic-policy")
        let result = runInProcess(Array(words.dropFirst()))
        #expect(result.exitCode == 0, "\(result.stderr)")
        let actual = try #require(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? NSDictionary)
        let documented = try #require(JSONSerialization.jsonObject(with: Data(expected.utf8)) as? NSDictionary)
        #expect(actual == documented, "Docs/fleet.md's example differs from: \(result.stdout)")
    }
}
