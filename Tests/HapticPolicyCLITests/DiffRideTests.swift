import Foundation
import Testing

@testable import HapticPolicyCLI

/// `diff` on ride, which uses every language v3 feature: a changed event budget, priority,
/// approach, background keeps or band `with:` shows as changed decisions of ride's demo
/// log (which carries each turn's `data.direction`), each with the v3 reason on its side.
@Suite struct DiffRideTests {
    static let demo = "Policies/logs/ride-demo.jsonl"

    /// A copy of ride (ride.yaml and its included files) in a temporary folder, with `old`
    /// replaced by `new` in `file` (relative to `Policies/`); the path of its ride.yaml.
    static func changedRide(_ file: String, _ old: String, _ new: String) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ride-\(UUID())")
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("ride"), withIntermediateDirectories: true)
        let root = packageRoot.appendingPathComponent("Policies")
        let parts = try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("ride").path)
        for name in ["ride.yaml"] + parts.map({ "ride/" + $0 }) {
            var text = try String(contentsOf: root.appendingPathComponent(name), encoding: .utf8)
            if name == file {
                #expect(text.contains(old), "\(old) is not in \(name)")
                text = text.replacingOccurrences(of: old, with: new)
            }
            try text.write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8)
        }
        return folder.appendingPathComponent("ride.yaml")
    }

    static func diff(_ changed: URL, format: String = "text") -> ToolResult {
        runInProcess(["diff", "--format", format, "Policies/ride.yaml", changed.path, demo])
    }

    @Test func aLooserEventBudgetPlaysWhatWasOverBudget() throws {
        let changed = try Self.changedRide(
            "ride.yaml", "{id: R-1, event: off.route, max: 1, per: 20, enforce: true}",
            "{id: R-1, event: off.route, max: 3, per: 20, enforce: true}")
        defer { try? FileManager.default.removeItem(at: changed.deletingLastPathComponent()) }
        let result = Self.diff(changed)
        #expect(result.exitCode == 1, "\(result.stderr)")
        #expect(result.stdout.contains("2 decisions changed"), "\(result.stdout)")
        #expect(result.stdout.contains("ride  off.route\n    before: silent over-budget by R-1"), "\(result.stdout)")
        #expect(result.stdout.contains("    after:  play off.route (pattern:off.route) (also stop reroute)"))
    }

    @Test func aLowerPriorityNoLongerOutranks() throws {
        let changed = try Self.changedRide(
            "ride/catalogue.yaml", "firmer at 100 m than at 300 m\n    priority: high",
            "firmer at 100 m than at 300 m\n    priority: normal")
        defer { try? FileManager.default.removeItem(at: changed.deletingLastPathComponent()) }
        let result = Self.diff(changed)
        #expect(result.exitCode == 1, "\(result.stderr)")
        #expect(result.stdout.contains("feedback 'turn.approach' priority: high -> normal"), "\(result.stdout)")
        // The outranked side says what the play yielded to.
        #expect(
            result.stdout.contains(
                "before: silent outranked ('off.route' (normal) yields to 'turn.approach' (high), playing until "),
            "\(result.stdout)")
        #expect(result.stdout.contains("after:  play off.route (pattern:off.route) by ride/off.route"))
    }

    @Test func withoutTheApproachARecedingSampleIsDecidedAgain() throws {
        let changed = try Self.changedRide(
            "ride/navigate.yaml", "    approach: falling", "    hysteresis: 0\n    # approach: falling")
        defer { try? FileManager.default.removeItem(at: changed.deletingLastPathComponent()) }
        let result = Self.diff(changed)
        #expect(result.exitCode == 1, "\(result.stderr)")
        // The line's data shows in the change's head, as its subject and value do.
        #expect(
            result.stdout.contains(
                "ride  turn.distance  subject turn-1  value 305  data.direction=\"right\"\n    before: silent receding by ride/turn.distance#2"
            ), "\(result.stdout)")
    }

    @Test func aFeedbackBackgroundNoLongerKeepsIsSilentThere() throws {
        let changed = try Self.changedRide(
            "ride.yaml", "keeps: {feedback: [turn.now, off.route], rows: [ride/hazard.closure]}",
            "keeps: {feedback: [turn.now], rows: [ride/hazard.closure]}")
        defer { try? FileManager.default.removeItem(at: changed.deletingLastPathComponent()) }
        let result = Self.diff(changed)
        #expect(result.exitCode == 1, "\(result.stderr)")
        #expect(result.stdout.contains("1 decision changed"), "\(result.stdout)")
        #expect(result.stdout.contains("before: play off.route (notification.warning) [background] by ride/off.route"))
        #expect(result.stdout.contains("after:  silent background by ride/off.route"))
    }

    /// A band row's `with:` changes only the parameters a template plays with: each side
    /// shows them (they were left out, so before and after read the same), and the JSON
    /// has them with the line's data fields.
    @Test func aChangedWithShowsTheParametersOnEachSide() throws {
        let changed = try Self.changedRide(
            "ride/navigate.yaml", "band: turn.distance, with: {side: -1}", "band: turn.distance, with: {side: -0.5}")
        defer { try? FileManager.default.removeItem(at: changed.deletingLastPathComponent()) }
        let text = Self.diff(changed)
        #expect(text.exitCode == 1, "\(text.stderr)")
        #expect(text.stdout.contains("before: play turn.approach (pattern:turn.approach) with {side=-1, urgency=1} by"))
        #expect(
            text.stdout.contains("after:  play turn.approach (pattern:turn.approach) with {side=-0.5, urgency=1} by"),
            "\(text.stdout)")
        let json = Self.diff(changed, format: "json")
        let object = try #require(JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let first = try #require((object["changes"] as? [[String: Any]])?.first)
        #expect(first["data"] as? [String: String] == ["direction": "left"])
        #expect((first["before"] as? [String: Any])?["params"] as? [String: Double] == ["side": -1, "urgency": 1])
        #expect((first["after"] as? [String: Any])?["params"] as? [String: Double] == ["side": -0.5, "urgency": 1])
    }
}
