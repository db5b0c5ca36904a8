import Foundation
import Testing

@testable import HapticPolicyCLI

/// `eval` says the parameters a template played with and the period of the loop it
/// started, with the shipped metronome and breathing policies.
@Suite struct EvalTemplateParametersTests {
    private func decisions(_ policy: String, _ log: String, table: Bool = false) throws -> (ToolResult, [[String: Any]])
    {
        let result = runInProcess(
            ["eval", "Policies/" + policy, "-", "--quiet"] + (table ? ["--format", "table"] : []), stdin: log)
        guard !table else { return (result, []) }
        let objects = try result.stdout.split(separator: "\n").map { line in
            try #require(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        }
        return (result, objects)
    }

    static let metronomeLog = """
        {"t":0,"event":"screen.enter","screen":"metronome"}
        {"t":1,"event":"metronome.start","params":{"bpm":120}}
        {"t":5,"event":"metronome.tempo","params":{"bpm":90}}
        {"t":9,"event":"metronome.tempo"}
        {"t":10,"event":"metronome.tempo","params":{"bpm":400}}
        {"t":11,"event":"metronome.stop"}
        """

    @Test func metronomeStartAndTempoChangesSayTheirBPMAndPeriod() throws {
        let (result, lines) = try decisions("metronome.yaml", Self.metronomeLog)
        #expect(result.exitCode == 0, "\(result.stderr)")
        #expect(result.stdout.split(separator: "\n")[1].hasSuffix(#""params":{"bpm":120},"loop":0.5}"#))
        #expect(lines[2]["params"] as? [String: Double] == ["bpm": 90])
        #expect(lines[2]["loop"] as? Double == 60.0 / 90)
        #expect(lines[3]["params"] as? [String: Double] == ["bpm": 60])
        #expect(lines[3]["loop"] as? Double == 1)
        #expect(lines[4]["reason"] as? String == "bad-params")
        #expect(lines[4]["note"] as? String == "bpm 400 is above the maximum 300; use 20 to 300")
        #expect(lines[4]["params"] is NSNull)
        for index in [0, 4, 5] {
            #expect(lines[index]["params"] is NSNull)
            #expect(lines[index]["loop"] is NSNull)
        }
    }

    @Test func breathingSaysInhaleHoldExhaleInTemplateOrder() throws {
        let log = """
            {"t":0,"event":"screen.enter","screen":"guide"}
            {"t":1,"event":"breath.start","params":{"exhale":6,"inhale":4,"hold":4}}
            {"t":30,"event":"breath.start","params":{"hold":3}}
            """
        let (result, _) = try decisions("breathing.yaml", log)
        let lines = result.stdout.split(separator: "\n")
        #expect(lines[1].hasSuffix(#""params":{"inhale":4,"hold":4,"exhale":6},"loop":14}"#))
        #expect(lines[2].hasSuffix(#""params":{"inhale":4,"hold":3,"exhale":8},"loop":15}"#))
    }

    @Test func tableShowsTheTempoInTheRenderColumn() throws {
        let (result, _) = try decisions("metronome.yaml", Self.metronomeLog, table: true)
        let rows = result.stdout.split(separator: "\n").map(String.init)
        #expect(rows[3].contains("pattern:click bpm=120 loop=0.5s"))
        #expect(rows[4].contains("pattern:click bpm=90 loop=0.667s"))
    }

    /// The template examples in `Docs/event-log.md` are real output.
    @Test func documentedTemplateExamplesAreRealOutput() throws {
        let doc = try String(contentsOf: packageRoot.appendingPathComponent("Docs/event-log.md"), encoding: .utf8)
        let documented = doc.split(separator: "\n").filter { $0.hasPrefix(#"{"line":2,"t":1,"#) }.map(String.init)
        let metronome = try decisions(
            "metronome.yaml",
            """
            {"t":0,"event":"screen.enter","screen":"metronome"}
            {"t":1,"event":"metronome.start","params":{"bpm":120}}
            """
        ).0.stdout.split(separator: "\n").last.map(String.init)
        let breathing = try decisions(
            "breathing.yaml",
            """
            {"t":0,"event":"screen.enter","screen":"guide"}
            {"t":1,"event":"breath.start","params":{"inhale":4,"hold":4,"exhale":6}}
            """
        ).0.stdout.split(separator: "\n").last.map(String.init)
        #expect(documented == [metronome, breathing].compactMap { $0 })
        #expect(documented.count == 2)
    }
}

extension EvalTemplateParametersTests {
    /// A loop expression that the validator passes at the ends of the parameter's range
    /// can still come near 0 (or divide by 0) between them: such a play is `bad-params`,
    /// never a loop faster than 1 ms or an infinite period.
    @Test func aLoopPeriodUnderAMillisecondIsBadParams() throws {
        let source = try String(
            contentsOf: packageRoot.appendingPathComponent("Policies/metronome.yaml"), encoding: .utf8)
        let folder = try temporaryFolder("fast-loop")
        defer { try? FileManager.default.removeItem(at: folder) }
        let policy = folder.appendingPathComponent("fast.yaml")
        try Data(
            source.replacingOccurrences(of: "loop: 60 / bpm", with: "loop: ((bpm - 100) * (bpm - 100)) / 1000").utf8
        )
        .write(to: policy)
        let log = """
            {"t":0,"event":"screen.enter","screen":"metronome"}
            {"t":1,"event":"metronome.start","params":{"bpm":100.0001}}
            {"t":2,"event":"metronome.start","params":{"bpm":101}}
            {"t":3,"event":"metronome.start","params":{"bpm":200}}
            """
        let result = runInProcess(["eval", policy.path, "-", "--quiet"], stdin: log)
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.count == 4, "\(result.stderr)")
        #expect(
            lines[1].contains(
                #""reason":"bad-params","note":"the loop period of 'click' is 1.0000000000663931e-11 s with these parameters, under the 0.001 s a player can loop at; change the parameters""#
            ), "\(lines[1])")
        #expect(lines[2].hasSuffix(#""loop":0.001}"#), "\(lines[2])")
        #expect(lines[3].hasSuffix(#""loop":10}"#), "\(lines[3])")
    }
}
