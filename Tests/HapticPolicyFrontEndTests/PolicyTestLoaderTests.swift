import HapticPolicy
import HapticPolicyCompiler
import HapticPolicyReplay
import HapticPolicyYAML
import Testing

@testable import HapticPolicyFrontEnd

@Suite struct PolicyTestLoaderTests {
    static func parse(_ text: String) -> PolicyTestLoadResult {
        PolicyTestLoader.parse(Array(text.utf8), file: "t.tests.yaml")
    }

    static func codes(_ result: PolicyTestLoadResult) -> [String] {
        result.diagnostics.map { "\($0.code)@\($0.location.line):\($0.location.column)" }
    }

    @Test func tableRowsBecomeOneEventCasesAfterEnteringTheScreen() throws {
        let result = Self.parse(
            """
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
        #expect(first.steps.map(\.event.t) == [0, 1])
        #expect(first.steps[0].event == TimedEvent(t: 0, name: "screen.enter", screen: "camera"))
        #expect(first.steps[0].expectation == nil)
        #expect(
            first.steps[1].expectation
                == PolicyExpectation(outcome: .play("tap"), render: "impact.light", directives: []))
    }

    @Test func sequenceStepsDefaultToOneSecondApart() throws {
        let result = Self.parse(
            """
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
        #expect(testCase.steps.map(\.event.t) == [0, 1, 2, 10, 11])
        #expect(testCase.breaches == ["B-1"])
        #expect(testCase.steps[3].expectation?.outcome == .stop(nil))
        #expect(testCase.steps[4].expectation?.outcome == .stop("click"))
        #expect(testCase.steps[2].expectation?.band == "thirsty")
    }

    @Test func parametersAndLoopAreReadInBothForms() throws {
        let result = Self.parse(
            """
            table:
              - {screen: m, event: metronome.start, params: {bpm: 120}, play: click, parameters: {bpm: 120}, loop: 0.5}
              - {screen: m, event: metronome.start, play: click, parameters: {}}
            cases:
              - name: seq
                screen: m
                steps:
                  - {event: metronome.start, play: click, parameters: {bpm: 60}, loop: 1}
                  - {event: metronome.tempo, params: {bpm: 90}, play: click, loop: 0.6666666667}
            """)
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        let suite = try #require(result.suite)
        let row = try #require(suite.cases[0].steps[1].expectation)
        #expect(row.parameters == ["bpm": 120])
        #expect(row.loop == 0.5)
        // The event's own `params` are the input, not the expectation.
        #expect(suite.cases[0].steps[1].event.params == [Event.Parameter(name: "bpm", value: .number(120))])
        #expect(suite.cases[1].steps[1].expectation?.parameters == [:])
        #expect(suite.cases[1].steps[1].expectation?.loop == nil)
        let steps = suite.cases[2].steps
        #expect(steps[1].expectation == PolicyExpectation(outcome: .play("click"), parameters: ["bpm": 60], loop: 1))
        #expect(steps[2].expectation?.parameters == nil)
        #expect(steps[2].expectation?.loop == 0.6666666667)
    }

    @Test(arguments: [
        ("table:\n  - {screen: a, event: b}\n", ["HP013@2:5"]),
        ("table:\n  - {screen: a, event: b, play: x, silent: y}\n", ["HP016@2:36"]),
        ("table:\n  - {screen: a, event: b, play: x, directives: [warm-up]}\n", ["HP014@2:49"]),
        ("cases:\n  - name: n\n    steps: [{event: a}]\n", ["HP803@2:11"]),
        ("cases:\n  - name: n\n    steps: [{t: 2, event: a, play: x}, {t: 1, event: a, play: x}]\n", ["HP801@3:44"]),
        ("cases:\n  - {name: n, steps: [], device: {lowPower: yes}}\n", ["HP803@2:12", "HP019@2:45"]),
        ("table:\n  - {screen: a, event: b, play: x, parameters: [1]}\n", ["HP011@2:48"]),
        ("table:\n  - {screen: a, event: b, play: x, parameters: {bpm: fast}}\n", ["HP011@2:54"]),
        ("table:\n  - {screen: a, event: b, play: x, loop: fast}\n", ["HP011@2:42"]),
        ("table:\n  - {screen: a, event: b, play: x, loop: 0}\n", ["HP801@2:42"]),
        ("cases:\n  - name: n\n    steps: [{event: a, loop: 1}, {event: a, play: x}]\n", ["HP017@3:24"]),
        ("cases:\n  - name: n\n    steps: [{event: a, play: x, parameters: {bpm: '120'}}]\n", ["HP011@3:51"]),
        ("policy: p.yaml\n", ["HP013@1:1"]),
        ("tabel: []\n", ["HP012@1:1"]),
    ])
    func badTestFilesGetLocatedDiagnostics(text: String, expected: [String]) {
        let result = Self.parse(text)
        #expect(Self.codes(result) == expected, "\(result.diagnostics.map(\.message))")
        #expect(result.suite == nil)
    }

    /// Rows that do several things (issue 14 item 4): a test file checks a row's extra
    /// actions (`stops:`, `loops:`), a loop started in `also` included.
    @Test func testSuitesCheckTheExtraActions() throws {
        let source = """
            policy: stride
            version: 1
            feedback:
              pause: {layer: ui, preset: impact.medium}
              resume: {layer: ui, preset: impact.light}
              cadence:
                layer: creature
                pattern:
                  params:
                    bpm: {default: 160, min: 100, max: 200, unit: bpm}
                  events:
                    - {type: transient, time: 0, intensity: 1, sharpness: 0.5}
                  loop: 60 / bpm
                fallback: none
            events:
              workout.paused: {layer: ui, screens: [workout]}
              workout.resumed: {layer: ui, screens: [workout], value: number}
              cadence.set: {layer: creature, screens: [workout], value: number}
            screens:
              workout:
                enter: [prepare-engine]
                table:
                  workout.paused: {stop: cadence, play: pause}
                  workout.resumed: {play: resume, loop: cadence, with: {bpm: value}}
                  cadence.set: {loop: cadence, with: {bpm: value}}
            """
        let loadedPolicy = PolicyLoader.parse(Array(source.utf8), file: "stride.yaml")
        #expect(loadedPolicy.diagnostics.isEmpty, "\(loadedPolicy.diagnostics.map(\.message))")
        let document = try #require(loadedPolicy.document)
        #expect(PolicyValidator.validate(document).filter { $0.severity == .error }.isEmpty)
        let policy = try Policy(compiling: document)
        let text = """
            policy: stride.yaml
            cases:
              - name: a pause stops the cadence
                screen: workout
                steps:
                  - {t: 1, event: workout.resumed, value: 120, play: resume, loops: cadence}
                  - {t: 2, event: workout.paused, play: pause, stops: cadence}
                  - {t: 3, event: workout.paused, play: pause, stops: cadence}
                  - {t: 4, event: workout.resumed, play: resume, loops: pause}
            """
        let loaded = PolicyTestLoader.parse(Array(text.utf8), file: "stride.tests.yaml")
        #expect(loaded.diagnostics.isEmpty, "\(loaded.diagnostics.map(\.message))")
        let suite = try #require(loaded.suite)
        let report = PolicyTestRunner(policy: policy).run(suite)
        #expect(report.coverage.feedback.hit.contains("cadence"), "a loop started in also is covered")
        let failures = try #require(report.results.first?.failures)
        #expect(failures.map(\.step) == [4, 5])
        #expect(failures.first?.expected == "stops cadence")
        #expect(failures.first?.actual == "also silent not-running cadence")
        #expect(failures.last?.expected == "loops pause")
        #expect(failures.last?.actual == "also silent bad-params cadence")
    }
}
