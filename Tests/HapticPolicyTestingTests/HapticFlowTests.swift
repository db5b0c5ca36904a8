import Foundation
import HapticPolicy
import HapticPolicyTesting
import Testing

/// The kit's behaviour beyond the worked example: each field is checked on its own, a
/// failure says what was expected, what was decided, the rule and where it is written,
/// and the flow so far, in the same words as the TypeScript and Kotlin kits.
@Suite struct HapticFlowTests {
    static func plavo(device: DeviceState = DeviceState()) throws -> HapticFlow {
        let url = try #require(Bundle.module.url(forResource: "plavo.bundle", withExtension: "json"))
        return try HapticFlow(bundle: [UInt8](Data(contentsOf: url)), device: device)
    }

    @Test func aFlowPassesWhenEveryExpectationHoldsAndKeepsItsHistory() throws {
        let flow = try Self.plavo()
        #expect(flow.enter("camera").reason == .state)
        flow.wait(1)
        let played = try flow.expect(
            "plant.found", speaks: true,
            .play("pulse", render: "pattern:pulse", playReason: .some(nil), rule: "camera/plant.found"))
        #expect(played.action == .play)
        try flow.expect("moisture.sample", subject: "p", value: .number(85), .silent(.baseline, band: "soaked"))
        try flow.expect(
            "moisture.sample", subject: "p", value: .number(78),
            .play("soil.moist", rule: "camera/moisture.sample@moist", band: "moist"))
        try flow.expect("selector.begin", .silent(.directiveOnly, directives: [.prepareTicker]))
        #expect(flow.history.map(\.t) == [0, 1, 1, 1, 1])
        #expect(flow.time == 1)
    }

    @Test func aFailedExpectationNamesTheDecisionItsRuleAndWhereItIsWritten() throws {
        let flow = try Self.plavo()
        flow.enter("camera")
        flow.wait(1)
        let error = try #require(throws: HapticExpectationError.self) {
            try flow.expect("plant.found", .play("pulse"))
        }
        #expect(error.decision.reason == .noSpeech)
        let lines = error.description.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.first == "plant.found on camera at 1 s: expected to play pulse, but it stayed silent (no-speech)")
        #expect(lines.dropFirst().first == "  differs in: play")
        #expect(lines.dropFirst(2).first == "  decided by: H-4 (plavo.yaml:26:5)")
        #expect(
            Array(lines.suffix(3)) == [
                "  the flow so far:",
                "    0 s  screen.enter camera → silent state (screens/camera)",
                "    1 s  plant.found → silent no-speech (H-4)",
            ])
    }

    @Test func eachFieldOfAnExpectationIsCheckedOnItsOwn() throws {
        let flow = try Self.plavo()
        flow.enter("settings")
        flow.wait(1)
        let confirmed = ScalarValue.string("confirmed")
        let cancelled = ScalarValue.string("cancelled")
        let cases: [(ScalarValue, Expected, String)] = [
            (confirmed, .play("tap"), "play"),
            (confirmed, .play("thud", render: "impact.light"), "render"),
            (confirmed, Expected(rule: "settings/data.reset#2"), "rule"),
            (cancelled, .silent(.overBudget), "silent"),
            (cancelled, Expected(note: "something else"), "note"),
            (cancelled, .stop(), "stop"),
            (confirmed, Expected(directives: [.prepareEngine]), "directives"),
            (confirmed, Expected(playReason: .lowPower), "reason"),
            (confirmed, Expected(band: "moist"), "band"),
        ]
        for (value, expected, field) in cases {
            let error = try #require(throws: HapticExpectationError.self) {
                try flow.expect("data.reset", value: value, expected)
            }
            #expect(error.description.contains("differs in: \(field)\n"), "\(field)")
        }
        try flow.expect(
            "data.reset", value: confirmed, .play("thud", render: "impact.heavy", rule: "settings/data.reset#1"))
    }

    @Test func aFlowDrivesTheAppsOwnStoreOnItsDevice() throws {
        var device = DeviceState()
        device.lowPower = true
        let flow = try Self.plavo(device: device)
        flow.enter("camera")
        flow.wait(1)
        try flow.expect(
            "plant.found", speaks: true, .play("pulse", render: "impact.rigid", playReason: .lowPower))
        let store = flow.store
        #expect(HapticFlow(store).store === store)
    }

    @Test func theDocsSwiftSampleIsThisTargetsWorkedExample() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let doc = try String(contentsOf: root.appendingPathComponent("Docs/app-tests.md"), encoding: .utf8)
        let source = try String(
            contentsOf: root.appendingPathComponent("Tests/HapticPolicyTestingTests/PlavoFlowTests.swift"),
            encoding: .utf8)
        let block = try #require(doc.components(separatedBy: "```swift app-test\n").dropFirst().first)
            .components(separatedBy: "```").first
        let sample = try #require(source.components(separatedBy: "// sample begins\n").dropFirst().first)
            .components(separatedBy: "// sample ends").first
        #expect(block == sample)
    }
}
