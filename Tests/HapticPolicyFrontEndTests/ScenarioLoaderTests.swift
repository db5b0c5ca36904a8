import Foundation
import HapticPolicy
import HapticPolicyCompiler
import HapticPolicyReplay
import HapticPolicyYAML
import Testing

@testable import HapticPolicyFrontEnd

@Suite struct ScenarioLoaderTests {
    static func parse(_ text: String) -> ScenarioLoadResult {
        ScenarioLoader.parse(Array(text.utf8), file: "s.yaml")
    }

    static func codes(_ result: ScenarioLoadResult) -> [String] {
        result.diagnostics.map { "\($0.code)@\($0.location.line):\($0.location.column)" }
    }

    @Test func decodesEveryStepKind() throws {
        let result = Self.parse(
            """
            scenario: all
            duration: 30
            steps:
              - {at: 0, event: screen.enter, screen: camera}
              - {at: 1, event: plant.found, speaks: true, params: {bpm: 90}}
              - periodic: {event: selector.tick, from: 2, every: 0.1, count: 3, jitter: 0.01}
              - signal: {event: moisture.sample, subject: p, start: 40, rate: -0.6, noise: 0.5, jumps: [{at: 5, to: 80}]}
              - repeat: {every: 10, count: 2}
                steps:
                  - {at: 0, event: shutter}
            """)
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        let scenario = try #require(result.scenario)
        #expect(scenario.name == "all")
        #expect(scenario.duration == 30)
        #expect(scenario.steps.count == 5)
        guard case .once(1, let found) = scenario.steps[1] else {
            Issue.record("step 2 is not a one-off event")
            return
        }
        #expect(found.speaks == true)
        #expect(found.params == [Event.Parameter(name: "bpm", value: .number(90))])
        guard case .signal(let signal) = scenario.steps[3] else {
            Issue.record("step 4 is not a signal")
            return
        }
        #expect(signal.jumps == [.init(at: 5, to: 80)])
        #expect(signal.rate == -0.6)
        guard case .repeated(let block) = scenario.steps[4] else {
            Issue.record("step 5 is not a repeat")
            return
        }
        #expect(block.count == 2 && block.steps.count == 1)
    }

    /// A signal's `data:` is carried by every reading (a turn's distance carries its direction).
    @Test func signalReadingsCarryTheirData() throws {
        let result = Self.parse(
            """
            scenario: ride
            duration: 3
            steps:
              - signal: {event: turn.distance, subject: t1, start: 300, rate: -10, data: {direction: left, lane: 2}}
            """)
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        let scenario = try #require(result.scenario)
        let readings = ScenarioRunner.run(scenario, seed: 0)
        #expect(readings.count == 4)
        let expected = [
            Event.Parameter(name: "direction", value: .string("left")),
            Event.Parameter(name: "lane", value: .number(2)),
        ]
        for reading in readings {
            #expect(reading.data == expected)
        }
    }

    @Test func decodesGlitchesOfASignal() throws {
        let result = Self.parse(
            """
            scenario: run
            duration: 60
            steps:
              - signal: {event: pace.sample, start: 6.5, glitches: [{at: 40, to: 0}, {at: 50, to: 0, count: 3}]}
            """)
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        guard case .signal(let signal)? = result.scenario?.steps.first else {
            Issue.record("the step is not a signal")
            return
        }
        #expect(signal.glitches == [.init(at: 40, to: 0), .init(at: 50, to: 0, count: 3)])
    }

    @Test(arguments: [
        (
            "scenario: x\nduration: 5\nsteps:\n  - signal: {event: a, start: 1, glitches: [{at: 1, to: 0, count: 0}]}\n",
            ["HP801@4:67"]
        ),
        ("scenario: x\nduration: 5\nsteps:\n  - signal: {event: a, start: 1, glitches: [{at: 1}]}\n", ["HP013@4:45"]),
        (
            "scenario: x\nduration: 5\nsteps:\n  - signal: {event: a, start: 1, glitches: [{at: 1, to: 0, for: 2}]}\n",
            ["HP012@4:60"]
        ),
        ("scenario: x\nduration: 5\nsteps:\n  - {at: 0, evnt: a}\n", ["HP012@4:13"]),
        ("scenario: x\nduration: 0\nsteps: []\n", ["HP801@2:11"]),
        ("scenario: x\nsteps: []\n", ["HP013@1:1"]),
        ("scenario: x\nduration: 5\nsteps:\n  - periodic: {event: a, every: -1}\n", ["HP801@4:33"]),
        ("scenario: x\nduration: 5\nsteps:\n  - signal: {event: a, start: high}\n", ["HP011@4:31"]),
        ("scenario: x\nduration: 5\nsteps:\n  - at: 0\n    signal: {event: b, start: 1}\n", ["HP012@4:5"]),
        ("scenario: x\nduration: 5\nsteps:\n  - signal: {event: a, start: 1, min: 50, max: 10}\n", ["HP801@4:13"]),
    ])
    func badScenariosGetLocatedDiagnostics(text: String, expected: [String]) {
        let result = Self.parse(text)
        #expect(Self.codes(result) == expected, "\(result.diagnostics.map(\.message))")
        #expect(result.scenario == nil)
    }

    /// An `every` below a millisecond (times are kept to the millisecond) is refused where
    /// it is written, for periodic steps, signals and repeats; 1 ms itself is fine.
    @Test(arguments: [
        ("  - repeat: {every: 0.000000000000000000001}\n    steps:\n      - {at: 20, event: a}\n", "HP801@4:21"),
        ("  - periodic: {event: a, every: 0.0005}\n", "HP801@4:33"),
        ("  - signal: {event: a, start: 1, every: 1e-9}\n", "HP801@4:41"),
    ])
    func anEveryBelowAMillisecondIsRefused(steps: String, expected: String) {
        let result = Self.parse("scenario: x\nduration: 10\nsteps:\n" + steps)
        #expect(Self.codes(result) == [expected], "\(result.diagnostics.map(\.message))")
        #expect(result.diagnostics.first?.message.contains("'every' must be at least 0.001 s") == true)
        #expect(result.scenario == nil)
        let fine = Self.parse("scenario: x\nduration: 10\nsteps:\n  - periodic: {event: a, every: 0.001}\n")
        #expect(fine.diagnostics.isEmpty)
    }

    /// A scenario that would generate more than the runner's 2,000,000 events (a repeat's
    /// rounds count, even when their steps fall outside the duration) is refused before it
    /// runs, at the step that generates the most, for the duration it will run for.
    @Test func aScenarioThatWouldGenerateTooMuchIsRefusedBeforeItRuns() {
        let text = """
            scenario: x
            duration: 10000
            steps:
              - {at: 0, event: screen.enter, screen: camera}
              - repeat: {every: 0.001}
                steps:
                  - {at: 5000, event: shutter}
            """
        let result = Self.parse(text)
        #expect(Self.codes(result) == ["HP807@5:5"], "\(result.diagnostics.map(\.message))")
        #expect(result.scenario == nil)
        #expect(
            result.diagnostics.first?.message
                == "this step would generate up to 10000001 events in 10000 s (the scenario up to 10000002), over the limit of 2000000; raise 'every', give a 'count' or an 'until', or shorten the duration"
        )
        // Within the limit for its own duration, over it for a day.
        let signal = "scenario: x\nduration: 60\nsteps:\n  - signal: {event: a, start: 1, every: 0.01}\n"
        #expect(ScenarioLoader.parse(Array(signal.utf8), file: "s.yaml").diagnostics.isEmpty)
        let day = ScenarioLoader.parse(Array(signal.utf8), file: "s.yaml", duration: 86_400)
        #expect(Self.codes(day) == ["HP807@4:5"])
        #expect(
            day.diagnostics.first?.message.hasPrefix("this step would generate up to 8640001 events in 86400 s") == true
        )
    }

    @Test func shippedScenariosLoad() throws {
        let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Policies/scenarios")
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".yaml") }
        #expect(
            Set(names) == [
                "drying.yaml", "watering.yaml", "flaky-sensor.yaml", "selector-spin.yaml", "session.yaml",
                "breathing.yaml", "metronome.yaml", "stride-run.yaml", "stride-profile.yaml", "stride-levels.yaml",
                "stride-cadence.yaml", "ride-turns.yaml", "ride-reroute.yaml", "ride-locked.yaml", "ride-search.yaml",
            ])
        for name in names {
            let data = try Data(contentsOf: directory.appendingPathComponent(name))
            let result = ScenarioLoader.parse([UInt8](data), file: name)
            #expect(result.diagnostics.isEmpty, "\(name): \(result.diagnostics)")
            #expect(result.scenario?.name == String(name.dropLast(5)))
        }
    }
}
