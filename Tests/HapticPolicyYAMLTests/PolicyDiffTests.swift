import Foundation
import HapticPolicy
import HapticPolicyReplay
import Testing

@testable import HapticPolicyYAML

@Suite struct PolicyDiffTests {
    static func policy(hysteresis: String) throws -> Policy {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Policies/plavo.yaml")
        var text = try String(contentsOf: url, encoding: .utf8)
        text = text.replacingOccurrences(of: "hysteresis: 1.5", with: "hysteresis: \(hysteresis)")
        let loaded = PolicyLoader.parse(Array(text.utf8), file: "plavo-\(hysteresis).yaml")
        let document = try #require(loaded.document)
        return try Policy(compiling: document)
    }

    static func edgeLog(_ values: [Double]) -> [TimedEvent] {
        [TimedEvent(t: 0, name: "screen.enter", screen: "camera")]
            + values.enumerated().map { index, value in
                TimedEvent(t: Double(index + 1), name: "moisture.sample", subject: "p", value: .number(value))
            }
    }

    @Test func hysteresisRemovedShowsChangedDecisionsAndChatter() throws {
        let old = try Self.policy(hysteresis: "1.5")
        let new = try Self.policy(hysteresis: "0")
        let log = Self.edgeLog([41, 39.5, 40.5, 39.2, 40.8, 39.6, 41.6])
        let diff = PolicyDiff.compare(
            old: old, new: new, logs: [("edge", log)])
        #expect(diff.eventCount == 8)
        // Old: the value never leaves comfortable by the hysteresis, nothing rings. New: every crossing rings.
        #expect(diff.changes.map(\.line) == [3, 4, 5, 6, 7, 8])
        #expect(diff.changes.allSatisfy { $0.before.reason == .sameBand && $0.after.action == .play })
        #expect(diff.chatterBefore == 0)
        #expect(diff.chatterAfter == 5)
        let camera = try #require(diff.screens.first { $0.screen == "camera" })
        #expect(camera.ringsBefore == 0 && camera.ringsAfter == 6)
        #expect(camera.seconds == 7)
        #expect(camera.ratePerMinuteAfter == 6 * 60 / 7.0)
        #expect(diff.breachesBefore.isEmpty)
        #expect(diff.breachesAfter.map(\.budget) == ["B-2"])
    }

    @Test func identicalPoliciesDifferNowhere() throws {
        let old = try Self.policy(hysteresis: "1.5")
        let diff = PolicyDiff.compare(
            old: old, new: old,
            logs: [("edge", Self.edgeLog([41, 39, 38, 20, 5, 90]))])
        #expect(diff.changes.isEmpty)
        #expect(diff.chatterBefore == diff.chatterAfter)
    }

    @Test func chatterWindowDecidesWhatCounts() throws {
        let old = try Self.policy(hysteresis: "1.5")
        let new = try Self.policy(hysteresis: "0")
        let log = Self.edgeLog([41, 39.5, 40.5, 39.2, 40.8, 39.6, 41.6])
        let tight = PolicyDiff.compare(
            old: old, new: new, logs: [("edge", log)],
            chatterWindow: 0.5)
        #expect(tight.chatterAfter == 0)
    }

    static func plavo(_ edit: (String) -> String, file: String) throws -> Policy {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Policies/plavo.yaml")
        let text = edit(try String(contentsOf: url, encoding: .utf8))
        let document = try #require(PolicyLoader.parse(Array(text.utf8), file: file).document)
        return try Policy(compiling: document)
    }

    /// Feedback compared field by field: a changed pattern value is one change naming the
    /// feedback, event and field; a feedback added or gone is one change; the same policy
    /// and a moved line are none; `PolicyDiff` carries them with no log at all.
    @Test func feedbackFieldsAreCompared() throws {
        let old = try Self.plavo({ $0 }, file: "plavo.yaml")
        let moved = try Self.plavo({ "# a comment line moves every location\n" + $0 }, file: "plavo.yaml")
        #expect(FeedbackFields.changes(from: FeedbackFields(policy: old), to: FeedbackFields(policy: old)).isEmpty)
        #expect(FeedbackFields.changes(from: FeedbackFields(policy: old), to: FeedbackFields(policy: moved)).isEmpty)

        let new = try Self.plavo(
            {
                $0.replacingOccurrences(
                    of: "time: 0.14, intensity: 0.55, sharpness: 0.25", with: "time: 0.15, intensity: 0.55"
                )
                .replacingOccurrences(
                    of: "  thud:    {layer: ui, preset: impact.heavy",
                    with: "  extra:   {layer: ui, preset: impact.soft}\n  thud:    {layer: ui, preset: impact.heavy")
            }, file: "next.yaml")
        let changes = PolicyDiff.compare(old: old, new: new, logs: []).feedbackChanges
        #expect(
            changes.map(\.text) == [
                "feedback 'extra' feedback: (none) -> preset impact.soft (next.yaml:42:3)",
                "feedback 'pulse' event 2 time: 0.14 -> 0.15 (next.yaml:53:11)",
                "feedback 'pulse' event 2 sharpness: 0.25 -> default (0.5) (next.yaml:53:11)",
            ])
        let back = PolicyDiff.compare(old: new, new: old, logs: []).feedbackChanges
        #expect(back.last?.text == "feedback 'extra' feedback: preset impact.soft -> (none) (next.yaml:42:3)")
        #expect(back.count == 3)
    }

    /// Band sets and budgets compared field by field, as feedback is: a dwell and a
    /// plausible range added, a budget gone, and back again; a moved line is no change.
    @Test func bandAndBudgetFieldsAreCompared() throws {
        let old = try Self.plavo({ $0 }, file: "plavo.yaml")
        let moved = try Self.plavo({ "# a comment line moves every location\n" + $0 }, file: "plavo.yaml")
        #expect(
            DeclarationFields.changes(from: DeclarationFields(policy: old), to: DeclarationFields(policy: moved))
                .isEmpty)
        let new = try Self.plavo(
            {
                $0.replacingOccurrences(
                    of: "    hysteresis: 1.5\n",
                    with: "    hysteresis: 1.5\n    dwell: 2\n    plausible: {min: 0, max: 100}\n"
                )
                .replacingOccurrences(of: "  - {id: B-2, layer: creature, max: 4, per: 5}\n", with: "")
            }, file: "next.yaml")
        let changes = PolicyDiff.compare(old: old, new: new, logs: []).declarationChanges
        #expect(
            changes.map(\.text) == [
                "band 'moisture' dwell: none -> 2 s (next.yaml:137:3)",
                "band 'moisture' plausible: any -> 0 to 100 (next.yaml:137:3)",
                "budget 'B-2': scope layer creature, max 4, window 5 s -> (none) (plavo.yaml:212:5)",
            ])
        let back = PolicyDiff.compare(old: new, new: old, logs: []).declarationChanges
        #expect(back.map(\.field) == ["dwell", "plausible", ""])
        #expect(back.last?.before == nil)
        #expect(PolicyDiff.compare(old: old, new: new, logs: []).feedbackChanges.isEmpty)
    }
}
