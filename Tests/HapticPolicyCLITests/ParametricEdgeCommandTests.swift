import Foundation
import HapticPolicyYAML
import Testing

@testable import HapticPolicyCLI
@testable import HapticPolicyLanguageServer

/// Band edges that read a run-time parameter, end to end through the built tool: heart-rate
/// zones at 60/70/80/90 % of `max_hr` (`Fixtures/edges/zones.yaml`).
@Suite struct ParametricEdgeCommandTests {
    static let policy = "Tests/HapticPolicyCLITests/Fixtures/edges/zones.yaml"
    static let scenario = "Tests/HapticPolicyCLITests/Fixtures/edges/climb.yaml"
    static let tests = "Tests/HapticPolicyCLITests/Fixtures/edges/zones.tests.yaml"

    @Test func lintIsCleanUnderStrict() {
        let result = runInProcess(["lint", Self.policy, "--strict"])
        #expect(result.exitCode == 0, "\(result.stdout)\(result.stderr)")
    }

    @Test func theTableShowsEachEdgeAsWrittenAndAtTheDefault() throws {
        let markdown = runInProcess(["table", Self.policy])
        #expect(markdown.exitCode == 0, "\(markdown.stderr)")
        #expect(
            markdown.stdout.contains(
                "Edges 0.6 * max_hr (114 bpm at the default), 0.7 * max_hr (133 bpm at the default)"))
        let json = runInProcess(["table", Self.policy, "--format", "json"])
        let object = try #require(JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let bands = try #require(object["bands"] as? [[String: Any]])
        let levels = try #require(bands.first?["levels"] as? [[String: Any]])
        #expect(levels.first?["edge"] as? String == "0.6 * max_hr")
        #expect(levels.first?["below"] as? Double == 114)
        #expect(levels.last?["edge"] == nil)
    }

    /// A simulated climb (119 + t bpm) with `profile.set` at 20 s: the zones move down at
    /// once, so z4 counts at 22 s (139 bpm past 136 + 2 at 20 s, then the 2 s dwell) and
    /// z5 rings at 38 s (past 153 + 2 at 36 s), where at 190 it would wait for 173 bpm.
    @Test func aSimulatedClimbRingsTheTopZoneAtTheMovedEdge() throws {
        let simulated = runInProcess(["simulate", Self.policy, "--scenario", Self.scenario])
        #expect(simulated.exitCode == 0, "\(simulated.stderr)")
        #expect(simulated.stdout.contains(#"{"t":20,"event":"profile.set","value":170}"#))
        let result = runInProcess(["eval", Self.policy, "-", "--quiet"], stdin: simulated.stdout)
        #expect(result.exitCode == 0, "\(result.stderr)")
        let decisions = try result.stdout.split(separator: "\n").map { line in
            try #require(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        }
        let set = try #require(decisions.first { $0["event"] as? String == "profile.set" })
        #expect(set["note"] as? String == "max_hr is now 170; band 'heart' edges now 102, 119, 136, 153")
        let plays = decisions.filter { $0["action"] as? String == "play" }
        #expect(plays.map { $0["t"] as? Double } == [38])
        #expect(plays.map { $0["feedback"] as? String } == ["heart.high"])
        let moves = decisions.compactMap { decision -> String? in
            guard let band = decision["band"] as? [String: Any], let to = band["to"] as? String,
                band["from"] as? String != to
            else { return nil }
            return "\(decision["t"] as? Double ?? -1):\(to)"
        }
        #expect(moves == ["1.0:z2", "18.0:z3", "22.0:z4", "38.0:z5"], "\(moves)")
    }

    @Test func testCasesSendTheSettingEventFirstAndCoverEveryZone() {
        let result = runInProcess(["test", Self.tests, "--coverage", "--min-coverage", "100"])
        #expect(result.exitCode == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("3 passed, 0 failed"), "\(result.stdout)")
    }

    @Test func theCompiledBundleDecidesLikeTheYAML() throws {
        let bundle = FileManager.default.temporaryDirectory.appendingPathComponent("zones-\(UUID()).json")
        defer { try? FileManager.default.removeItem(at: bundle) }
        let compiled = runInProcess(["compile", Self.policy, "-o", bundle.path])
        #expect(compiled.exitCode == 0, "\(compiled.stderr)")
        let text = try String(contentsOf: bundle, encoding: .utf8)
        #expect(text.contains(#""formatVersion":7"#))
        let simulated = runInProcess(["simulate", Self.policy, "--scenario", Self.scenario])
        let fromYAML = runInProcess(["eval", Self.policy, "-", "--quiet"], stdin: simulated.stdout)
        let fromBundle = runInProcess(["eval", bundle.path, "-", "--quiet"], stdin: simulated.stdout)
        #expect(fromBundle.exitCode == 0, "\(fromBundle.stderr)")
        #expect(fromBundle.stdout == fromYAML.stdout)
    }

    @Test func theReportShowsTheEdgesAsWrittenAndChartsThemAsTheSettingEventMovedThem() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("zones-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let log = directory.appendingPathComponent("climb.jsonl")
        let simulated = runInProcess(["simulate", Self.policy, "--scenario", Self.scenario])
        try simulated.stdout.write(to: log, atomically: true, encoding: .utf8)
        let out = directory.appendingPathComponent("report.html")
        let result = runInProcess(["report", Self.policy, "--events", log.path, "-o", out.path])
        #expect(result.exitCode == 0, "\(result.stderr)")
        let html = try String(contentsOf: out, encoding: .utf8)
        #expect(html.contains("0.6 * max_hr (114 bpm at the default)"))
        #expect(html.contains("edges read run-time parameters"))
        // The chart starts with the edges at the default, labelled so, and steps to the
        // edges at 170 where profile.set took effect (20 s).
        #expect(html.contains("edges as the log&#39;s setting events moved them"))
        #expect(html.contains("152 bpm (default)"))
        // The plot starts where its widest edge label leaves room (data-x0).
        let axis = try #require(html.range(of: #"data-x0=""#))
        let x0 = String(html[axis.upperBound...].prefix { $0 != "\"" })
        #expect(try #require(Double(x0)) > 52, "the left margin holds '152 bpm (default)'")
        #expect(html.contains(#"data-edge="152" x1="\#(x0)""#))
        let moved = try #require(html.range(of: #"data-edge="153" x1=""#))
        let x = html[moved.upperBound...].prefix { $0 != "\"" }
        #expect(try #require(Double(x)) > Double(x0) ?? 0, "the moved edge starts where the setting event was")
        #expect(!html.contains(#"data-edge="153" x1="52""#))
    }

    @Test func hoverShowsAParametricEdgeAsWritten() throws {
        let text = try String(contentsOfFile: Self.policy, encoding: .utf8)
        let document = try #require(PolicyLoader.parse(Array(text.utf8), file: "zones.yaml").document)
        let hover = PolicyHover.text(.band, "heart", document: document, policy: nil) ?? ""
        #expect(
            hover.contains("`z2`: `0.6 * max_hr` to below `0.7 * max_hr`, silent: an easy aerobic effort"), "\(hover)")
        #expect(hover.contains("`z5`: `0.9 * max_hr` and above, plays `heart.high`"), "\(hover)")
    }

    @Test func theGeneratedAPIDocumentsEachEdgeAsWrittenAndAtTheDefault() {
        let result = runInProcess(["codegen", Self.policy, "-o", "-"])
        #expect(result.exitCode == 0, "\(result.stderr)")
        #expect(result.stdout.contains("(z1 below 0.6 * max_hr (114 at the default), z2 below 0.7 * max_hr"))
        #expect(result.stdout.contains("z5 above)"))
    }

    /// An edited top edge (92 % instead of 90 %), replayed over the simulated climb: the
    /// warning moves from 38 s to 42 s (past 156.4 + 2 at 40 s, then the 2 s dwell).
    @Test func diffReplaysTheSettingEventAndFindsTheMovedRing() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("zones-diff-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let log = directory.appendingPathComponent("climb.jsonl")
        let simulated = runInProcess(["simulate", Self.policy, "--scenario", Self.scenario])
        try simulated.stdout.write(to: log, atomically: true, encoding: .utf8)
        let edited = directory.appendingPathComponent("zones.yaml")
        let text = try String(contentsOfFile: Self.policy, encoding: .utf8)
        try text.replacingOccurrences(of: "0.9 * max_hr", with: "0.92 * max_hr")
            .write(to: edited, atomically: true, encoding: .utf8)
        let result = runInProcess(["diff", Self.policy, edited.path, log.path])
        #expect(result.stdout.contains("6 decisions changed"), "\(result.stdout)\(result.stderr)")
        let changes = result.stdout.components(separatedBy: "climb.jsonl #").dropFirst()
        let at38 = changes.first { $0.contains("t 38 s") }
        #expect(at38?.contains("before: play heart.high") == true, "\(result.stdout)")
        let at42 = changes.first { $0.contains("t 42 s") }
        #expect(at42?.contains("after:  play heart.high") == true, "\(result.stdout)")
    }
}
