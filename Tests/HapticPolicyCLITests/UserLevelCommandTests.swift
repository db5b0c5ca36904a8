import Foundation
import Testing

@testable import HapticPolicyCLI
@testable import HapticPolicyLanguageServer

/// User levels end to end, through the tool: the worked example of
/// `Docs/policy-language.md` ("User levels"), a log that switches levels, tests, a
/// scenario, a diff and the report.
@Suite struct UserLevelCommandTests {
    static let directory = "Tests/HapticPolicyCLITests/Fixtures/levels/"
    static let policy = directory + "stride.yaml"
    static let log = directory + "run.jsonl"
    static let tests = directory + "stride.tests.yaml"

    static func decisions(_ text: String) throws -> [[String: Any]] {
        try text.split(separator: "\n").map { line in
            try #require(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        }
    }

    @Test func lintIsClean() {
        let result = runInProcess(["lint", Self.policy, "--strict"])
        #expect(result.exitCode == 0, "\(result.stdout)\(result.stderr)")
    }

    @Test func evalSilencesWhatTheLevelDoesNotKeepAndCountsIt() throws {
        let result = runInProcess(["eval", Self.policy, Self.log])
        let decisions = try Self.decisions(result.stdout)
        #expect(decisions.count == 14)
        let reasons = decisions.map { $0["reason"] as? String ?? ($0["feedback"] as? String ?? "?") }
        #expect(
            reasons == [
                "state", "baseline", "lap", "state", "user-level", "zone.slower", "user-level", "goal", "state",
                "user-level", "state", "same-band", "bad-state", "goal",
            ])
        #expect(decisions[4]["rule"] as? String == "user-levels/essentials")
        #expect(decisions[4]["note"] as? String == "the haptics level 'essentials' does not keep 'lap'")
        #expect(decisions[4]["feedback"] as? String == "lap")
        #expect(decisions[3]["note"] as? String == "the haptics level is now essentials")
        #expect(result.stderr.contains("user-level 3"), "\(result.stderr)")
        let summary = runInProcess(["eval", Self.policy, Self.log, "--format", "none", "--summary", "json"])
        #expect(summary.stdout.contains("\"user-level\":3"), "\(summary.stdout)")
        let explained = runInProcess(["eval", Self.policy, Self.log, "--explain"])
        #expect(explained.stdout.contains("user-levels/essentials"), "\(explained.stdout)")
        let table = runInProcess(["eval", Self.policy, Self.log, "--format", "table", "--quiet"])
        #expect(table.stdout.contains("user-level"))
        #expect(table.stdout.contains("the haptics level 'off' does not keep 'zone.faster'"))
    }

    @Test func theTableShowsWhatEachLevelKeeps() throws {
        let markdown = runInProcess(["table", Self.policy])
        #expect(markdown.exitCode == 0, "\(markdown.stderr)")
        #expect(markdown.stdout.contains("## User levels"))
        #expect(markdown.stdout.contains("Picked by haptics.level (its value names the level); starts at full."))
        let essentials = markdown.stdout.split(separator: "\n").first { $0.hasPrefix("| essentials ") }
        #expect(essentials?.contains("feedback zone.faster, zone.slower, goal") == true)
        #expect(essentials?.contains("everywhere/button.tap, workout/lap.completed") == true)
        let json = runInProcess(["table", Self.policy, "--format", "json"])
        let object = try #require(JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let levels = try #require(object["userLevels"] as? [String: Any])
        #expect(levels["setBy"] as? String == "haptics.level")
        let list = try #require(levels["levels"] as? [[String: Any]])
        #expect(list.map { $0["name"] as? String } == ["full", "essentials", "coaching", "laps", "off"])
        #expect(list[3]["rings"] as? [String] == ["workout/lap.completed", "workout/pace.sample@fast"])
        #expect(list[4]["rings"] as? [String] == [])
        let plain = runInProcess(["table", "Policies/plavo.yaml", "--format", "json"])
        #expect(!plain.stdout.contains("userLevels"))
    }

    @Test func testCasesSetTheLevelAndCoverageCountsEachLevel() {
        let result = runInProcess(["test", Self.tests, "--coverage"])
        #expect(result.exitCode == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("2 passed, 0 failed"), "\(result.stdout)")
        let levels = result.stdout.split(separator: "\n").first {
            $0.trimmingCharacters(in: .whitespaces).hasPrefix("levels ")
        }
        #expect(levels?.contains("3/5") == true, "\(result.stdout)")
        #expect(levels?.hasSuffix("missed: user level coaching, user level laps") == true, "\(result.stdout)")
        let plain = runInProcess(["test", "Policies/metronome.tests.yaml", "--coverage"])
        #expect(!plain.stdout.contains("levels"))
    }

    @Test func aSimulatedRunAtEssentialsRingsOnlyTheZones() throws {
        let simulated = runInProcess([
            "simulate", Self.policy, "--scenario", Self.directory + "essentials-run.yaml", "--seed", "1",
        ])
        #expect(simulated.exitCode == 0, "\(simulated.stderr)")
        let result = runInProcess(["eval", Self.policy, "-", "--quiet"], stdin: simulated.stdout)
        let decisions = try Self.decisions(result.stdout)
        let plays = decisions.filter { $0["action"] as? String == "play" }
        #expect(plays.map { $0["feedback"] as? String } == ["zone.slower", "zone.faster"])
        #expect(decisions.filter { $0["reason"] as? String == "user-level" }.count == 3)
    }

    @Test func diffShowsAPolicyThatSilencesMoreUnderALevel() throws {
        let folder = try temporaryFolder("levels-diff")
        let text = try String(contentsOfFile: Self.policy, encoding: .utf8)
        let changed = text.replacingOccurrences(
            of: "keeps: {feedback: [zone.faster, zone.slower, goal]}",
            with: "keeps: {feedback: [zone.faster, zone.slower]}")
        #expect(changed != text)
        let new = folder.appendingPathComponent("stride.yaml")
        try changed.write(to: new, atomically: true, encoding: .utf8)
        let result = runInProcess(["diff", Self.policy, new.path, Self.log])
        #expect(result.exitCode == 1, "\(result.stderr)")
        #expect(result.stdout.contains("1 decision changed"), "\(result.stdout)")
        #expect(result.stdout.contains("after:  silent user-level by user-levels/essentials"), "\(result.stdout)")
    }

    @Test func theReportHasTheLevelsAndMarksSilencedRings() throws {
        let folder = try temporaryFolder("levels-report")
        let output = folder.appendingPathComponent("report.html")
        let result = runInProcess(["report", Self.policy, "--events", Self.log, "-o", output.path])
        #expect(result.exitCode == 0, "\(result.stderr)")
        let html = try String(contentsOf: output, encoding: .utf8)
        #expect(html.contains("<section id=\"user-levels\">"))
        #expect(html.contains("<td>essentials</td><td>feedback zone.faster, zone.slower, goal</td>"))
        #expect(html.contains("silent: user level: the haptics level &#39;essentials&#39; does not keep &#39;lap&#39;"))
    }

    @Test func theBundleIsFormat3AndDecidesLikeTheYAML() throws {
        let folder = try temporaryFolder("levels-bundle")
        let bundle = folder.appendingPathComponent("stride.json")
        let compiled = runInProcess(["compile", Self.policy, "-o", bundle.path])
        #expect(compiled.exitCode == 0, "\(compiled.stderr)")
        let text = try String(contentsOf: bundle, encoding: .utf8)
        #expect(text.contains("\"formatVersion\":7"))
        let fromYAML = runInProcess(["eval", Self.policy, Self.log, "--quiet"])
        let fromBundle = runInProcess(["eval", bundle.path, Self.log, "--quiet"])
        #expect(fromBundle.exitCode == 0, "\(fromBundle.stderr)")
        #expect(fromBundle.stdout == fromYAML.stdout)
    }

    /// The editor finds (and so renames) a feedback where a level keeps it by name.
    @Test func theEditorIndexesTheFeedbackALevelKeeps() throws {
        let path = packageRoot.appendingPathComponent(Self.policy).path
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let workspace = PolicyWorkspace(environment: [:])
        let uri = URL(fileURLWithPath: path).absoluteString
        workspace.open(uri: uri, text: text, version: 1)
        let analysis = try #require(workspace.analysis(uri))
        let goal = analysis.index.occurrences(of: .feedback, "goal")
        let line = try #require(text.components(separatedBy: "\n").firstIndex { $0.contains("keeps: {feedback: [") })
        #expect(goal.contains { !$0.isDefinition && analysis.lines.range($0.span).start.line == line })
    }
}
