import HapticPolicy
import Testing
@testable import HapticPolicyYAML

@Suite struct PolicyTestLoaderTests {
    static func parse(_ text: String) -> PolicyTestLoadResult {
        PolicyTestLoader.parse(Array(text.utf8), file: "t.tests.yaml")
    }

    static func codes(_ result: PolicyTestLoadResult) -> [String] {
        result.diagnostics.map { "\($0.code)@\($0.location.line):\($0.location.column)" }
    }

    @Test func tableRowsBecomeOneEventCasesAfterEnteringTheScreen() throws {
        let result = Self.parse("""
            policy: p.yaml
            device: {lowPower: true}
            table:
              - {screen: camera, event: shutter, play: tap, render: impact.light, directives: []}
              - {name: named, screen: album, event: album.scroll, silent: designer, device: {lowPower: false}}
            """)
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        let suite = try #require(result.suite)
        #expect(suite.policy?.value == "p.yaml")
        #expect(suite.cases.map(\.name) == ["camera shutter", "named"])
        let first = suite.cases[0]
        #expect(first.device.lowPower)
        #expect(!suite.cases[1].device.lowPower)
        #expect(first.steps.map(\.event.time) == [0, 1])
        #expect(first.steps[0].event.event == Scenario.EventTemplate(name: "screen.enter", screen: "camera"))
        #expect(first.steps[0].expectation == nil)
        #expect(first.steps[1].expectation == PolicyExpectation(outcome: .play("tap"), render: "impact.light", directives: []))
    }

    @Test func sequenceStepsDefaultToOneSecondApart() throws {
        let result = Self.parse("""
            cases:
              - name: seq
                screen: camera
                breaches: [B-1]
                steps:
                  - {event: moisture.sample, subject: p, value: 41, silent: baseline}
                  - {event: moisture.sample, subject: p, value: 30, play: soil.thirsty, band: thirsty}
                  - {t: 10, event: metronome.stop, stop: true}
                  - {event: metronome.stop, stop: click}
            """)
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        let testCase = try #require(result.suite?.cases.first)
        #expect(testCase.steps.map(\.event.time) == [0, 1, 2, 10, 11])
        #expect(testCase.breaches == ["B-1"])
        #expect(testCase.steps[3].expectation?.outcome == .stop(nil))
        #expect(testCase.steps[4].expectation?.outcome == .stop("click"))
        #expect(testCase.steps[2].expectation?.band == "thirsty")
    }

    @Test(arguments: [
        ("table:\n  - {screen: a, event: b}\n", ["HP013@2:5"]),
        ("table:\n  - {screen: a, event: b, play: x, silent: y}\n", ["HP016@2:36"]),
        ("table:\n  - {screen: a, event: b, play: x, directives: [warm-up]}\n", ["HP014@2:49"]),
        ("cases:\n  - name: n\n    steps: [{event: a}]\n", ["HP803@2:11"]),
        ("cases:\n  - name: n\n    steps: [{t: 2, event: a, play: x}, {t: 1, event: a, play: x}]\n", ["HP801@3:44"]),
        ("cases:\n  - {name: n, steps: [], device: {lowPower: yes}}\n", ["HP803@2:12", "HP019@2:45"]),
        ("policy: p.yaml\n", ["HP013@1:1"]),
        ("tabel: []\n", ["HP012@1:1"]),
    ])
    func badTestFilesGetLocatedDiagnostics(text: String, expected: [String]) {
        let result = Self.parse(text)
        #expect(Self.codes(result) == expected, "\(result.diagnostics.map(\.message))")
        #expect(result.suite == nil)
    }
}
