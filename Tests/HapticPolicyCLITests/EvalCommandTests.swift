import Foundation
import Testing

@testable import HapticPolicyCLI

@Suite struct EvalCommandTests {
    static let plavo = packageRoot.appendingPathComponent("Policies/plavo.yaml").path
    static let demo = packageRoot.appendingPathComponent("Policies/logs/demo.jsonl").path
    static let golden = packageRoot.appendingPathComponent("Tests/HapticPolicyCLITests/Golden/demo.decisions.jsonl")

    /// The demo session's decisions match the golden file. Re-record deliberately with
    /// `RECORD_GOLDEN=1 swift test --filter demoDecisionsMatchTheGoldenFile`.
    @Test func demoDecisionsMatchTheGoldenFile() throws {
        let result = runInProcess(["eval", "Policies/plavo.yaml", "Policies/logs/demo.jsonl", "--quiet"])
        #expect(result.exitCode == 0, "\(result.stderr)")
        let inputLines = try String(contentsOfFile: Self.demo, encoding: .utf8).split(separator: "\n").count
        #expect(inputLines >= 300)
        #expect(result.stdout.split(separator: "\n").count == inputLines)
        // Name the first differing decision, then compare the whole file (and re-record
        // with RECORD_GOLDEN=1, which fails the run so it is never silent).
        if let expected = try? String(contentsOf: Self.golden, encoding: .utf8) {
            let got = result.stdout.split(separator: "\n", omittingEmptySubsequences: false)
            let want = expected.split(separator: "\n", omittingEmptySubsequences: false)
            if let index = zip(got, want).enumerated().first(where: { $0.element.0 != $0.element.1 })?.offset {
                Issue.record(
                    "decision \(index + 1) differs from the golden file:\n got: \(got[index])\nwant: \(want[index])")
            }
        }
        try expectGolden(result.stdout, named: "demo.decisions.jsonl")
    }

    @Test func demoShowsEveryStoryBeat() throws {
        let result = runInProcess(["eval", "Policies/plavo.yaml", "Policies/logs/demo.jsonl", "--quiet"])
        let decisions = try result.stdout.split(separator: "\n").map { line in
            try #require(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        }
        func any(_ predicate: ([String: Any]) -> Bool) -> Bool { decisions.contains(where: predicate) }
        #expect(any { ($0["directives"] as? [String])?.contains("prepare-engine") == true })
        #expect(any { ($0["directives"] as? [String])?.contains("restart-engine") == true })
        #expect(any { $0["reason"] as? String == "engine-cold" })
        #expect(any { $0["reason"] as? String == "low-power" && $0["event"] as? String == "moisture.sample" })
        #expect(any { $0["reason"] as? String == "background" })
        #expect(any { $0["reason"] as? String == "no-speech" })
        #expect(any { $0["render"] as? String == "pattern:farewell" })
        #expect(any { $0["render"] as? String == "pattern:meet" })
        #expect(any { $0["reason"] as? String == "same-band" })
        #expect(
            !any {
                $0["render"] as? String == "notification.error" || $0["render"] as? String == "notification.success"
            })
        let screens = Set(decisions.compactMap { $0["screen"] as? String })
        #expect(screens == ["album", "camera", "diary", "naming", "plant-settings", "settings", "sensor"])
        // The drying mock never chatters: no band goes back to the level it just left.
        let changes = decisions.compactMap { d -> (String, String)? in
            guard let band = d["band"] as? [String: Any], let from = band["from"] as? String,
                let to = band["to"] as? String, from != to
            else { return nil }
            return (from, to)
        }
        for (a, b) in zip(changes, changes.dropFirst()) { #expect(!(a.0 == b.1 && a.1 == b.0)) }
    }

    /// One log with `--format none` gets the one-log summary the other formats print (not
    /// the fleet's), so its rings per minute agree (stride's settings: 1 ring over 9.3 s
    /// is 6.5 rings/min, where the fleet's tenths, rounded down, say 6.4), and one ring is
    /// "1 ring".
    @Test func formatNoneOnOneLogPrintsTheOneLogSummary() throws {
        let arguments = ["eval", "Policies/stride.yaml", "Policies/logs/stride-demo.jsonl"]
        let none = try runBinary(arguments + ["--format", "none"])
        let table = try runBinary(arguments + ["--format", "table"])
        let jsonl = try runBinary(arguments)
        #expect(none.exitCode == 0, "\(none.stderr)")
        #expect(none.stdout.isEmpty, "\(none.stdout)")
        #expect(none.stderr == table.stderr && none.stderr == jsonl.stderr, "\(none.stderr)\n--\n\(table.stderr)")
        #expect(!none.stderr.contains("per screen (rings/min over sessions"), "\(none.stderr)")
        #expect(none.stderr.contains("settings  10 decisions, 1 ring, 6.5 rings/min over 9.3 s"), "\(none.stderr)")
        // A folder of logs still gets the fleet summary, which says "1 ring" too.
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("hp-none-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.copyItem(
            atPath: "Policies/logs/stride-demo.jsonl", toPath: folder.appendingPathComponent("a.jsonl").path)
        let fleet = try runBinary(["eval", "Policies/stride.yaml", folder.path, "--format", "none"])
        #expect(fleet.stderr.contains("per screen (rings/min over sessions"), "\(fleet.stderr)")
        #expect(fleet.stderr.contains("settings  10 decisions, 1 ring in 1 session;"), "\(fleet.stderr)")
        let log = try String(contentsOfFile: "Policies/logs/stride-demo.jsonl", encoding: .utf8)
        let one = try runBinary(["eval", "Policies/stride.yaml", "-", "--format", "none"], stdin: log)
        #expect(one.stderr == none.stderr, "stdin is one log too: \(one.stderr)")
    }

    @Test func brokenLinesKeepNInNOutAndExitOne() throws {
        let log = """
            {"t":0,"event":"screen.enter","screen":"camera"}
            not json
            {"t":1,"event":"shutter"}
            {"t":0.5,"event":"shutter"}

            {"t":2}
            {"t":3,"event":"shutter"}
            """
        let result = try runBinary(["eval", "Policies/plavo.yaml", "-"], stdin: log)
        #expect(result.exitCode == 1)
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.count == 7)
        #expect(lines[1].contains(#""line":2,"column":1,"#))
        #expect(lines[1].contains(#""action":"invalid""#))
        #expect(lines[3].contains(#""reason":"time-backwards""#))
        #expect(lines[4].contains(#""reason":"blank-line""#))
        #expect(lines[5].contains(#""reason":"missing-field""#))
        #expect(lines[6].contains(#""action":"play""#))
        #expect(result.stderr.contains("7 lines"))
        #expect(result.stderr.contains("3 invalid lines"))
    }

    /// A line over the 1 MiB limit, straddling the file's 1 MiB reads: one invalid
    /// decision, and the lines after it are decided; `diff` reports it where `eval` does.
    @Test func anOverLongLineIsInvalidAndTheRestIsDecided() throws {
        let long = #"{"t":1,"event":"shutter","note":""# + String(repeating: "x", count: 1_500_000) + #""}"#
        let log =
            #"{"t":0,"event":"screen.enter","screen":"camera"}"# + "\n" + long + "\n" + #"{"t":2,"event":"shutter"}"#
            + "\n"
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("long-\(UUID()).jsonl")
        try Data(log.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let result = runInProcess(["eval", "Policies/plavo.yaml", file.path])
        #expect(result.exitCode == 1)
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.count == 3)
        #expect(lines[1].hasPrefix(#"{"line":2,"column":1,"t":null,"event":null,"#))
        #expect(lines[1].contains(#""action":"invalid""#))
        #expect(lines[1].contains(#""reason":"line-too-long""#))
        #expect(lines[2].contains(#""line":3,"#) && lines[2].contains(#""action":"play""#))
        #expect(result.stderr.contains("3 lines: 1 play, 1 silent, 0 stop, 1 invalid"))
        #expect(result.stderr.contains("line-too-long 1"))
        #expect(result.stderr.contains("error: 1 invalid line;"))

        let diff = runInProcess(["diff", "Policies/plavo.yaml", "Policies/plavo.yaml", file.path])
        #expect(diff.exitCode == 1)
        #expect(
            diff.stderr.contains("\(file.path):2:1: error[HP810]: the line is longer than 1048576 bytes"),
            "\(diff.stderr)")
        #expect(diff.stdout.contains("2 events in 1 log"), "\(diff.stdout)")
    }

    @Test func failFastStopsAtTheFirstInvalidLine() throws {
        let log = "{\"t\":0,\"event\":\"shutter\"}\nnope\n{\"t\":1,\"event\":\"shutter\"}\n"
        let result = runInProcess(["eval", "Policies/plavo.yaml", "-", "--fail-fast"], stdin: log)
        #expect(result.exitCode == 1)
        #expect(result.stdout.split(separator: "\n").count == 2)
        #expect(result.stderr.contains("--fail-fast"))
    }

    @Test func deviceOptionSetsTheInitialDeviceState() {
        let log = """
            {"t":0,"event":"screen.enter","screen":"camera"}
            {"t":1,"event":"plant.found","speaks":true}
            """
        let lowPower = runInProcess(["eval", "Policies/plavo.yaml", "-", "--device", "low-power=true"], stdin: log)
        #expect(lowPower.stdout.contains(#""render":"impact.rigid","fallback":true,"reason":"low-power""#))
        let off = runInProcess(
            ["eval", "Policies/plavo.yaml", "-", "--device", "haptics-enabled=false,supports-haptics=true"], stdin: log)
        #expect(off.stdout.contains(#""reason":"haptics-disabled""#))
        let bad = runInProcess(["eval", "Policies/plavo.yaml", "-", "--device", "volume=true"], stdin: log)
        #expect(bad.exitCode == 64)
        #expect(bad.stderr.contains("unknown device setting 'volume'"))
    }

    @Test func tableFormatPrintsAHeaderAndOneRowPerLine() {
        let log = """
            {"t":0,"event":"screen.enter","screen":"album"}
            {"t":1,"event":"album.scroll"}
            """
        let result = runInProcess(["eval", "Policies/plavo.yaml", "-", "--format", "table", "--explain"], stdin: log)
        let rows = result.stdout.split(separator: "\n")
        #expect(rows.count == 4)
        #expect(rows[0].hasPrefix("LINE"))
        #expect(rows[3].contains("リストのスクロールでは鳴らさない"))
        #expect(rows[3].contains("U-1:"))
        #expect(rows[3].contains("plavo.yaml:"))
        #expect(result.stderr.contains("album"))
    }

    @Test func aPolicyWithErrorsIsRefused() {
        let result = runInProcess(
            ["eval", "-", "Policies/logs/demo.jsonl"],
            stdin: "policy: x\nversion: 1\nscreens: {a: {table: {nope: {play: ghost}}}}\n")
        #expect(result.exitCode == 1)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains("error"))
    }

    @Test func missingEventLogIsReported() {
        let result = runInProcess(["eval", "Policies/plavo.yaml", "no/such.jsonl"])
        #expect(result.exitCode == 1)
        #expect(result.stderr.contains("no/such.jsonl"))
    }
}

@Suite struct DemoSessionTests {
    /// The README's main command: the demo session as a table, summary on stderr.
    @Test func readmeMainCommandPrintsTheDemoTable() throws {
        let result = try runBinary(["eval", "Policies/plavo.yaml", "Policies/logs/demo.jsonl", "--format", "table"])
        #expect(result.exitCode == 0, "\(result.stderr)")
        let rows = result.stdout.split(separator: "\n")
        let events = try String(contentsOfFile: EvalCommandTests.demo, encoding: .utf8).split(separator: "\n").count
        #expect(rows.count == events + 2)
        #expect(result.stderr.contains("\(events) lines:"))
        #expect(result.stderr.contains("rings/min"))
    }

    /// The explained table, aligned by display width, is kept as a golden file too.
    @Test func explainedDemoTableMatchesTheGoldenFile() throws {
        let result = runInProcess([
            "eval", "Policies/plavo.yaml", "Policies/logs/demo.jsonl", "--format", "table", "--explain", "--quiet",
        ])
        #expect(result.exitCode == 0)
        try expectGolden(result.stdout, named: "demo.table.txt")
    }

    /// `Policies/logs/demo.jsonl` is what `make-demo.py` writes: the committed log is fresh.
    @Test func demoLogIsWhatTheGeneratorWrites() throws {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("demo-\(UUID().uuidString).jsonl")
        defer { try? FileManager.default.removeItem(at: output) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "python3", packageRoot.appendingPathComponent("Policies/logs/make-demo.py").path, output.path,
        ]
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        let generated = try Data(contentsOf: output)
        let committed = try Data(contentsOf: URL(fileURLWithPath: EvalCommandTests.demo))
        #expect(
            generated == committed,
            "run python3 Policies/logs/make-demo.py and commit the log (and re-record its golden decisions)")
    }
}

@Suite struct ProgressBarTests {
    @Test func drawsPercentAndLinesInPlaceThenClears() {
        let stderr = Output(capturingAsTerminal: true)
        var bar = ProgressBar(total: 200, enabled: true)
        bar.update(done: 100, lines: 1234, to: stderr)
        bar.update(done: 100, lines: 1300, to: stderr)  // same percent: not redrawn
        bar.update(done: 200, lines: 2500, to: stderr)
        bar.clear(stderr)
        let text = stderr.capturedText
        #expect(text.contains("\r[###############               ] 50% 1234 lines"))
        #expect(!text.contains("1300"))
        #expect(text.contains("100% 2500 lines"))
        #expect(text.hasSuffix("\r"))
    }

    @Test func staysQuietWhenDisabled() {
        let stderr = Output(capturingAsTerminal: false)
        var bar = ProgressBar(total: 200, enabled: false)
        bar.update(done: 100, lines: 10, to: stderr)
        bar.clear(stderr)
        #expect(stderr.capturedText.isEmpty)
    }
}
