import Foundation
import HapticPolicy
import HapticPolicyTools
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
        [TimedEvent(time: 0, event: .init(name: "screen.enter", screen: "camera"))]
            + values.enumerated().map { index, value in
                TimedEvent(
                    time: Double(index + 1), event: .init(name: "moisture.sample", subject: "p", value: .number(value)))
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
}
