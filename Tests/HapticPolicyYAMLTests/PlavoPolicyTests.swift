import Foundation
import HapticPolicy
import HapticPolicyCompiler
import HapticPolicyDocument
import Testing

@testable import HapticPolicyYAML

/// The reference policy decodes completely, with its values intact.
@Suite struct PlavoPolicyTests {
    static let path = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Policies/plavo.yaml").path

    @Test func decodesWithoutDiagnostics() throws {
        let result = PolicyLoader.load(path: Self.path)
        #expect(result.diagnostics.isEmpty, "\(summary(result)) \(result.diagnostics.map(\.message))")
        let document = try #require(result.document)
        #expect(document.name.value == "plavo")
        #expect(document.version.value == 1)
        #expect(document.engine.hapticsOnly.value == true)
        #expect(document.invariants.map(\.id.value) == ["H-1", "H-2", "H-3", "H-4", "H-5", "U-1"])
        #expect(document.feedback.count == 14)
        #expect(document.events.count == 15)
        #expect(
            document.screens.map(\.name.value) == [
                "camera", "naming", "album", "diary", "plant-settings", "settings", "sensor",
            ])
        #expect(document.budgets.count == 2)
    }

    @Test func spotChecksValues() throws {
        let document = try #require(PolicyLoader.load(path: Self.path).document)
        let moisture = try #require(document.bands.first { $0.name.value == "moisture" })
        #expect(moisture.levels.count == 6)
        #expect(moisture.levels.compactMap(\.below?.value) == [10, 25, 40, 60, 80])
        #expect(moisture.hysteresis.value == 1.5)
        #expect(moisture.unit == "%")

        let meet = try #require(document.feedback.first { $0.name.value == "meet" })
        #expect(meet.fallback == .target(Located("snap", at: SourceLocation(file: Self.path, line: 67, column: 15))))
        #expect(meet.layer.value == .creature)
        guard case .pattern(let pattern) = meet.body else {
            Issue.record("meet is not a pattern")
            return
        }
        #expect(pattern.events.first?.curves.first?.points.count == 2)
        #expect(pattern.events.first?.duration?.value == .number(0.35))

        let snap = try #require(document.feedback.first { $0.name.value == "snap" })
        #expect(
            snap.body
                == .preset(
                    Located(.impactRigid, at: SourceLocation(file: Self.path, line: 44, column: 32)),
                    intensity: Located(0.7, at: SourceLocation(file: Self.path, line: 44, column: 57))))

        let h1 = try #require(document.invariants.first)
        #expect(h1.text?.hasPrefix("変わった瞬間にだけ鳴らし") == true)
        #expect(document.invariants[1].presets.map(\.value) == [.notificationError])
        #expect(document.invariants[3].exceptions.map(\.event.value) == ["moisture.sample"])

        let tap = try #require(document.events.first { $0.name.value == "button.tap" })
        guard case .all = tap.screens else {
            Issue.record("button.tap is not on every screen")
            return
        }
        let settings = try #require(document.screens.first { $0.name.value == "settings" })
        let reset = try #require(settings.cells.first)
        #expect(reset.rows.count == 2)
        #expect(reset.rows[0].condition?.value?.value == .string("confirmed"))
        #expect(reset.rows[1].silent?.value == "the reset was cancelled; nothing happened")
        let camera = try #require(document.screens.first)
        #expect(camera.onEnter.map(\.value) == [.prepareEngine])
        let tick = try #require(camera.cells.first { $0.event.value == "selector.tick" })
        #expect(tick.rows.first?.ticker?.value == .tick)
        #expect(tick.rows.first?.play?.value == "tick")
        #expect(document.everywhere.first?.rows.first?.cites.map(\.value) == ["U-1"])
    }
}

/// Every shipped policy loads without a diagnostic.
@Suite struct ShippedPoliciesTests {
    @Test(arguments: ["plavo.yaml", "breathing.yaml", "metronome.yaml"])
    func loadsCleanly(name: String) throws {
        let path = URL(fileURLWithPath: PlavoPolicyTests.path).deletingLastPathComponent()
            .appendingPathComponent(name).path
        let result = PolicyLoader.load(path: path)
        #expect(result.diagnostics.isEmpty, "\(summary(result)) \(result.diagnostics.map(\.message))")
        #expect(result.document != nil)
    }
}
