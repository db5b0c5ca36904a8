import Testing

@testable import HapticPolicy
@testable import HapticPolicyCompiler
@testable import HapticPolicyReplay

@Suite struct ScenarioRunnerTests {
    static let drying = Scenario(
        name: "drying", duration: 60,
        steps: [
            .once(at: 0, event: .init(name: "screen.enter", screen: "camera")),
            .signal(.init(event: "moisture.sample", subject: "plant-1", start: 45, rate: -0.6, noise: 0.4)),
        ]
    )

    /// A scenario built in code is not checked by the loader: the runner still ends, after
    /// at most twice the event limit in rounds, on a repeat whose steps all fall outside
    /// the duration and whose `every` is too small to move time (it used to loop for
    /// ever). A limit of 1,000 reaches that end in 2,000 rounds; with the shipped limit
    /// it takes 4,000,000, which in a debug build on a loaded machine ran past a minute.
    /// No time limit: Swift Testing counts one from when the test is scheduled, and on a
    /// 2-core runner busy with other suites it ran out before this test had started.
    @Test func aLoopThatEmitsNothingStillEnds() {
        let tiny = Scenario(
            name: "tiny", duration: 10,
            steps: [.repeated(.init(every: 1e-21, steps: [.once(at: 20, event: .init(name: "shutter"))]))])
        #expect(ScenarioRunner.run(tiny, seed: 1, duration: nil, limit: 1_000).isEmpty)
        #expect(ScenarioRunner.plannedCount(tiny.steps, end: tiny.duration) > 1e21)
        // The same loop with steps inside the duration stops at the event limit.
        let dense = Scenario(
            name: "dense", duration: 10,
            steps: [.repeated(.init(every: 1e-21, steps: [.once(at: 1, event: .init(name: "shutter"))]))])
        #expect(ScenarioRunner.run(dense, seed: 1, duration: nil, limit: 1_000).count == 1_000)
    }

    /// The planned count bounds what a run emits, and equals it for plain steps.
    @Test func thePlannedCountBoundsTheEvents() {
        let steps: [Scenario.Step] = [
            .once(at: 0, event: .init(name: "screen.enter", screen: "camera")),
            .once(at: 100, event: .init(name: "shutter")),
            .periodic(.init(event: .init(name: "shutter"), from: 1, every: 0.5, count: 5)),
            .signal(.init(event: "moisture.sample", until: 30, every: 2, start: 40)),
            .repeated(.init(every: 20, count: 2, steps: [.once(at: 1, event: .init(name: "button.tap"))])),
        ]
        #expect(ScenarioRunner.plannedCount(steps[0], end: 60) == 1)
        #expect(ScenarioRunner.plannedCount(steps[1], end: 60) == 0)
        #expect(ScenarioRunner.plannedCount(steps[2], end: 60) == 5)
        #expect(ScenarioRunner.plannedCount(steps[3], end: 60) == 16)
        #expect(ScenarioRunner.plannedCount(steps[4], end: 60) == 2)
        let scenario = Scenario(name: "all", duration: 60, steps: steps)
        #expect(Double(ScenarioRunner.run(scenario, seed: 1).count) == ScenarioRunner.plannedCount(steps, end: 60))
        // A round counts even when its steps fall outside the time left.
        let late = Scenario.Step.repeated(.init(every: 1, steps: [.once(at: 100, event: .init(name: "shutter"))]))
        #expect(ScenarioRunner.plannedCount(late, end: 9) == 10)
    }

    @Test func sameSeedGivesByteIdenticalLog() {
        let a = EventLogWriter.log(ScenarioRunner.run(Self.drying, seed: 9))
        let b = EventLogWriter.log(ScenarioRunner.run(Self.drying, seed: 9))
        #expect(a == b)
        #expect(a != EventLogWriter.log(ScenarioRunner.run(Self.drying, seed: 10)))
    }

    @Test func dryingFallsAboutPointSixPerSecond() {
        let events = ScenarioRunner.run(Self.drying, seed: 1)
        let samples = events.filter { $0.name == "moisture.sample" }
        #expect(samples.count == 61)
        guard case .number(let first) = samples.first?.value,
            case .number(let last) = samples.last?.value
        else {
            Issue.record("samples carry no number")
            return
        }
        #expect(abs(first - 45) < 2)
        #expect(abs(last - (45 - 36)) < 2)
    }

    @Test func noiselessSignalIsExact() {
        let scenario = Scenario(
            name: "s", duration: 3,
            steps: [.signal(.init(event: "m", every: 1, start: 10, rate: -0.6))]
        )
        let values = ScenarioRunner.run(scenario, seed: 0).compactMap { event -> Double? in
            if case .number(let v) = event.value { return v } else { return nil }
        }
        #expect(values == [10, 9.4, 8.8, 8.2])
    }

    @Test func jumpSetsTheLevel() {
        let scenario = Scenario(
            name: "watering", duration: 4,
            steps: [.signal(.init(event: "m", start: 20, rate: -1, jumps: [.init(at: 2, to: 75)]))]
        )
        let values = ScenarioRunner.run(scenario, seed: 0).compactMap { event -> Double? in
            if case .number(let v) = event.value { return v } else { return nil }
        }
        #expect(values == [20, 19, 75, 74, 73])
    }

    /// A glitch forces the first `count` readings at or after its time to its value (a
    /// lost GPS fix reads 0, below the clamp), and every other reading is the one the
    /// signal gives without it: the noise is still drawn and the level goes on.
    @Test func aGlitchForcesReadingsAndLeavesTheOthersAlone() {
        func readings(_ glitches: [Scenario.Signal.Glitch]) -> [Double] {
            let scenario = Scenario(
                name: "run", duration: 8,
                steps: [
                    .signal(
                        .init(
                            event: "pace.sample", every: 1, start: 6.5, rate: -0.1, noise: 0.2, glitches: glitches,
                            min: 2, max: 20, decimals: 2))
                ])
            return ScenarioRunner.run(scenario, seed: 5).compactMap { event -> Double? in
                if case .number(let v) = event.value { return v } else { return nil }
            }
        }
        let clean = readings([])
        let glitched = readings([.init(at: 2.5, to: 0, count: 2), .init(at: 6, to: 25)])
        #expect(clean.count == 9 && glitched.count == 9)
        #expect(glitched[3] == 0 && glitched[4] == 0 && glitched[6] == 25)
        for index in [0, 1, 2, 5, 7, 8] {
            #expect(glitched[index] == clean[index], "reading \(index)")
        }
        #expect(clean[3] != 0 && clean[6] != 25)
    }

    @Test func durationCutsTheLogAndRepeatsNest() {
        let scenario = Scenario(
            name: "spin", duration: 100,
            steps: [
                .repeated(
                    .init(
                        from: 1, every: 5, count: 2,
                        steps: [
                            .once(at: 0, event: .init(name: "selector.begin")),
                            .periodic(.init(event: .init(name: "selector.tick"), from: 0.1, every: 0.1, count: 3)),
                            .once(at: 0.5, event: .init(name: "selector.end")),
                        ]))
            ]
        )
        let all = ScenarioRunner.run(scenario, seed: 3)
        #expect(all.map(\.name).filter { $0 == "selector.tick" }.count == 6)
        #expect(all.map(\.t) == [1, 1.1, 1.2, 1.3, 1.5, 6, 6.1, 6.2, 6.3, 6.5])
        let cut = ScenarioRunner.run(scenario, seed: 3, duration: 1.25)
        #expect(cut.map(\.t) == [1, 1.1, 1.2])
    }

    @Test func eventsAreInTimeOrder() {
        let events = ScenarioRunner.run(Self.drying, seed: 4)
        #expect(events.map(\.t) == events.map(\.t).sorted())
    }

    @Test func linesHaveFixedKeyOrderAndNumbers() {
        let event = TimedEvent(
            t: 12.5, name: "moisture.sample", subject: "p\"1", value: .number(39.95), speaks: true,
            params: [Event.Parameter(name: "bpm", value: .number(90))], valueDecimals: 1)
        #expect(
            EventLogWriter.line(event)
                == #"{"t":12.5,"event":"moisture.sample","subject":"p\"1","value":40,"speaks":true,"params":{"bpm":90}}"#
        )
    }

    @Test(arguments: [
        (0.0, 3, "0"), (1.0, 3, "1"), (12.3456, 3, "12.346"), (-0.125, 3, "-0.125"),
        (39.96, 1, "40"), (-0.0001, 2, "0"), (100.0, 0, "100"),
    ])
    func decimalTextRounds(value: Double, decimals: Int, expected: String) {
        #expect(decimalText(value, decimals: decimals) == expected)
    }
}
