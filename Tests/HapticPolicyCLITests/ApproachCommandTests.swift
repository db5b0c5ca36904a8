import Foundation
import HapticPolicy
import HapticPolicyCompiler
import HapticPolicyYAML
import Testing

@testable import HapticPolicyCLI
@testable import HapticPolicyLanguageServer

/// Approach bands and inclusive edges (language v3) through the built tool: lint, eval,
/// table (Markdown and JSON), test --coverage, the report and the LSP's hover
/// (`Fixtures/approach/ride.yaml`).
@Suite struct ApproachCommandTests {
    static let policy = "Tests/HapticPolicyCLITests/Fixtures/approach/ride.yaml"
    static let log = "Tests/HapticPolicyCLITests/Fixtures/approach/ride.jsonl"
    static let tests = "Tests/HapticPolicyCLITests/Fixtures/approach/ride.tests.yaml"

    @Test func lintIsClean() {
        let result = runInProcess(["lint", Self.policy, "--strict"])
        #expect(result.exitCode == 0, "\(result.stdout)\(result.stderr)")
    }

    @Test func evalSaysRecedingAndCountsIt() throws {
        let result = runInProcess(["eval", Self.policy, Self.log])
        #expect(result.exitCode == 0, "\(result.stderr)")
        let decisions = try result.stdout.split(separator: "\n").map { line in
            try #require(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        }
        let reasons = decisions.map { $0["reason"] as? String ?? ($0["feedback"] as? String ?? "?") }
        #expect(reasons == ["state", "baseline", "turn.near", "receding", "turn.close", "turn.now"])
        #expect(
            decisions[3]["note"] as? String
                == "'far' is behind 'near': band 'turn.distance' only falls, so the level stays")
        #expect(result.stderr.contains("receding 1"), "\(result.stderr)")
    }

    @Test func tableShowsTheDesignersEdgesAndTheApproach() {
        let result = runInProcess(["table", Self.policy])
        #expect(result.exitCode == 0, "\(result.stderr)")
        #expect(result.stdout.contains("Edges ≤ 30 m, ≤ 100 m, 300 m; approach: falling"), "\(result.stdout)")
        #expect(result.stdout.contains("≤ 30 m"))
        #expect(result.stdout.contains("30 – 100 m"))
        #expect(result.stdout.contains("100 – below 300 m"))
        #expect(result.stdout.contains("300 m and above"))
        #expect(result.stdout.contains("down at 30 m or less"))
        #expect(result.stdout.contains("never (the band only falls)"))
        #expect(!result.stdout.contains("from below"))
    }

    @Test func tableJSONSaysApproachAndInclusive() throws {
        let result = runInProcess(["table", Self.policy, "--format", "json"])
        #expect(result.exitCode == 0, "\(result.stderr)")
        let object = try #require(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let band = try #require((object["bands"] as? [[String: Any]])?.first)
        #expect(band["approach"] as? String == "falling")
        let levels = try #require(band["levels"] as? [[String: Any]])
        #expect(levels.map { $0["inclusive"] as? Bool } == [true, true, nil, nil])
        #expect(
            levels.map { $0["values"] as? String } == ["≤ 30 m", "30 – 100 m", "100 – below 300 m", "300 m and above"])
    }

    @Test func coverageCountsTheLevelsItCanEnterAndReceding() {
        let result = runInProcess(["test", Self.tests, "--coverage", "--min-coverage", "100"])
        #expect(result.exitCode == 0, "\(result.stdout)\(result.stderr)")
        let bands = result.stdout.split(separator: "\n").first {
            $0.trimmingCharacters(in: .whitespaces).hasPrefix("bands ")
        }
        #expect(bands?.contains("4/4") == true && bands?.hasSuffix("100%") == true, "\(result.stdout)")
    }

    @Test func reportSaysTheApproach() throws {
        let page = FileManager.default.temporaryDirectory.appendingPathComponent("approach-\(UUID()).html")
        defer { try? FileManager.default.removeItem(at: page) }
        let result = runInProcess(["report", Self.policy, "-o", page.path])
        #expect(result.exitCode == 0, "\(result.stderr)")
        let html = try String(contentsOf: page, encoding: .utf8)
        #expect(html.contains("falling: the level only moves toward the lowest level"))
        #expect(html.contains("≤ 30 m"))
    }

    /// The level an approach band starts from needs no `play:`/`silent:`; the report and
    /// the table say it is never entered (they showed "silent:" with no reason), for the
    /// first level of a rising band as for the last of a falling one.
    @Test(arguments: ["rising", "falling"])
    func theLevelABandStartsFromIsNeverEnteredNotSilentForNothing(_ approach: String) throws {
        let folder = try temporaryFolder("approach-start")
        defer { try? FileManager.default.removeItem(at: folder) }
        let text = try String(contentsOf: packageRoot.appendingPathComponent(Self.policy), encoding: .utf8)
        let levels =
            approach == "rising"
            ? [
                "{name: far, below: 30}", "{name: near, below: 100, play: turn.near}",
                "{name: close, below: 300, play: turn.close}", "{name: now, play: turn.now}",
            ]
            : [
                "{name: now, at-most: 30, play: turn.now}", "{name: close, at-most: 100, play: turn.close}",
                "{name: near, below: 300, play: turn.near}", "{name: far}",
            ]
        let written = try #require(text.range(of: "      - {name: now, at-most: 30, play: turn.now}\n"))
        let end = try #require(text.range(of: "      - {name: far, silent: too far to cue}\n"))
        let policy = folder.appendingPathComponent("start.yaml")
        try Data(
            text.replacingCharacters(
                in: written.lowerBound..<end.upperBound, with: levels.map { "      - \($0)\n" }.joined()
            )
            .replacingOccurrences(of: "approach: falling", with: "approach: \(approach)").utf8
        ).write(to: policy)
        let lint = runInProcess(["lint", policy.path])
        #expect(lint.exitCode == 0, "\(lint.stdout)\(lint.stderr)")
        let never =
            "never entered: the band starts here and only \(approach == "rising" ? "rises" : "falls") away from it; "
            + "the first sample sets the level silently (baseline)"

        let table = runInProcess(["table", policy.path])
        #expect(table.exitCode == 0, "\(table.stderr)")
        let far = try #require(table.stdout.split(separator: "\n").first { $0.hasPrefix("| far ") }, "\(table.stdout)")
        #expect(far.contains("| " + never), "\(far)")
        // The JSON table gives the same reason.
        let json = runInProcess(["table", policy.path, "--format", "json"])
        #expect(json.exitCode == 0, "\(json.stderr)")
        let object = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
        let bands = try #require(object?["bands"] as? [[String: Any]])
        let band = try #require(bands.first { $0["name"] as? String == "turn.distance" })
        let level = try #require((band["levels"] as? [[String: Any]])?.first { $0["name"] as? String == "far" })
        #expect(level["action"] as? String == "silent" && level["reason"] as? String == never, "\(level)")

        let page = folder.appendingPathComponent("report.html")
        let report = runInProcess(["report", policy.path, "-o", page.path])
        #expect(report.exitCode == 0, "\(report.stderr)")
        let html = try String(contentsOf: page, encoding: .utf8)
        #expect(html.contains("<span class=\"decision-silent\">\(never)</span>"), "\(html.count)")
        #expect(!html.contains("silent: </span>"))
    }

    @Test func hoverSaysTheApproachAndTheInclusiveEdges() throws {
        let loaded = PolicyLoader.load(path: packageRoot.appendingPathComponent(Self.policy).path)
        let document = try #require(loaded.document)
        let text = PolicyHover.text(.band, "turn.distance", document: document, policy: nil) ?? ""
        #expect(text.contains("approach: falling"), "\(text)")
        #expect(text.contains("`now`: at most 30 m, plays `turn.now`"), "\(text)")
        #expect(text.contains("`close`: over 30 m to at most 100 m"), "\(text)")
        #expect(text.contains("`far`: 300 m and above"), "\(text)")
    }

    @Test func diffShowsAddingAnApproachAsAChange() {
        let twoWay = "Tests/HapticPolicyCLITests/Fixtures/approach/ride-two-way.yaml"
        let result = runInProcess(["diff", twoWay, Self.policy, Self.log])
        // diff exits 1 when a decision changed.
        #expect(result.exitCode == 1, "\(result.stderr)")
        #expect(result.stdout.contains("1 decision changed"), "\(result.stdout)")
        #expect(result.stdout.contains("after:  silent receding by ride/turn.distance"), "\(result.stdout)")
    }
}
