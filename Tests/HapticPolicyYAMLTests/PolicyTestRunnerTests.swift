import Foundation
import HapticPolicy
import HapticPolicyReplay
import Testing

@testable import HapticPolicyYAML

/// The runner and coverage on the reference policy, loaded from `Policies/plavo.yaml`.
@Suite struct PolicyTestRunnerTests {
    static func plavo() throws -> Policy {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Policies/plavo.yaml")
        let loaded = PolicyLoader.parse([UInt8](try Data(contentsOf: url)), file: "plavo.yaml")
        let document = try #require(loaded.document)
        return try Policy(compiling: document)
    }

    static func step(
        _ t: Double, _ name: String, screen: String? = nil, value: ScalarValue? = nil,
        speaks: Bool? = nil, expect: PolicyExpectation? = nil
    ) -> PolicyTestCase.Step {
        PolicyTestCase.Step(
            event: TimedEvent(t: t, name: name, screen: screen, subject: "p", value: value, speaks: speaks),
            expectation: expect)
    }

    @Test func passingAndFailingExpectations() throws {
        let policy = try Self.plavo()
        let runner = PolicyTestRunner(policy: policy)
        let suite = PolicyTestSuite(
            file: "t",
            cases: [
                PolicyTestCase(
                    name: "passes",
                    steps: [
                        Self.step(0, "screen.enter", screen: "camera"),
                        Self.step(
                            1, "plant.found", speaks: true,
                            expect: .init(outcome: .play("pulse"), render: "pattern:pulse")),
                    ]),
                PolicyTestCase(
                    name: "fails",
                    steps: [
                        Self.step(0, "screen.enter", screen: "camera"),
                        Self.step(1, "plant.found", expect: .init(outcome: .play("pulse"), rule: "camera/plant.found")),
                    ]),
            ])
        let report = runner.run(suite)
        #expect(report.passed == 1)
        #expect(report.failed == 1)
        let failure = try #require(report.results[1].failures.first)
        #expect(failure.step == 2)
        #expect(failure.expected == "play pulse, rule camera/plant.found")
        #expect(failure.actual == "silent no-speech, rule H-4")
    }

    static func metronome() throws -> Policy {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Policies/metronome.yaml")
        let loaded = PolicyLoader.parse([UInt8](try Data(contentsOf: url)), file: "metronome.yaml")
        return try Policy(compiling: try #require(loaded.document))
    }

    @Test func parametersAndLoopMatchWithinTheTolerance() throws {
        var session = Replay(policy: try Self.metronome())
        _ = session.decide(TimedEvent(t: 0, name: "screen.enter", screen: "metronome"))
        let start = session.decide(TimedEvent(t: 1, name: "metronome.start"))
        let tempo = session.decide(
            TimedEvent(t: 2, name: "metronome.tempo", params: [.init(name: "bpm", value: .number(90))]))
        let play = PolicyExpectation.Outcome.play("click")
        // Defaults are filled in: no params still plays at 60 bpm, one click a second.
        #expect(PolicyTestRunner.compare(.init(outcome: play, parameters: ["bpm": 60], loop: 1), start).isEmpty)
        // 60 / 90 is not exactly 0.6666666667, but within 1e-9.
        #expect(
            PolicyTestRunner.compare(.init(outcome: play, parameters: ["bpm": 90], loop: 0.6666666667), tempo).isEmpty)
        #expect(!PolicyTestRunner.compare(.init(outcome: play, loop: 0.6666667), tempo).isEmpty)
        // The map is exact: a missing or extra name fails.
        #expect(!PolicyTestRunner.compare(.init(outcome: play, parameters: [:]), start).isEmpty)
        #expect(!PolicyTestRunner.compare(.init(outcome: play, parameters: ["bpm": 60, "beats": 4]), start).isEmpty)

        let wrong = PolicyTestRunner.compare(.init(outcome: play, parameters: ["bpm": 120], loop: 0.5), tempo)
        #expect(wrong.map(\.expected) == ["parameters {bpm=120}", "loop 0.5"])
        #expect(wrong.map(\.actual) == ["parameters {bpm=90}", "loop 0.6666666666666666"])
        let stop = session.decide(TimedEvent(t: 3, name: "metronome.stop"))
        let none = PolicyTestRunner.compare(.init(outcome: .stop("click"), parameters: ["bpm": 90], loop: 0.5), stop)
        #expect(none.map(\.actual) == ["parameters none", "loop none"])
        #expect(PolicyTestRunner.compare(.init(outcome: .stop("click"), parameters: [:]), stop).isEmpty)
    }

    @Test func aCaseFailsOnTheParametersItExpects() throws {
        let policy = try Self.metronome()
        let runner = PolicyTestRunner(policy: policy)
        func start(_ bpm: Double, _ expectation: PolicyExpectation) -> PolicyTestCase {
            PolicyTestCase(
                name: "\(bpm)",
                steps: [
                    .init(event: TimedEvent(t: 0, name: "screen.enter", screen: "metronome")),
                    .init(
                        event: TimedEvent(
                            t: 1, name: "metronome.start", params: [.init(name: "bpm", value: .number(bpm))]),
                        expectation: expectation),
                ])
        }
        let report = runner.run(
            PolicyTestSuite(
                file: "t",
                cases: [
                    start(120, .init(outcome: .play("click"), parameters: ["bpm": 120], loop: 0.5)),
                    start(100, .init(outcome: .play("click"), parameters: ["bpm": 120], loop: 0.5)),
                ]))
        #expect(report.passed == 1)
        let failure = try #require(report.results[1].failures.first)
        #expect(failure.expected == "parameters {bpm=120}, loop 0.5")
        #expect(failure.actual == "parameters {bpm=100}, loop 0.6")
    }

    @Test func designerSilencesMatchByReasonIdOrText() throws {
        let policy = try Self.plavo()
        var session = Replay(policy: policy)
        _ = session.decide(TimedEvent(t: 0, name: "screen.enter", screen: "album"))
        let decision = session.decide(TimedEvent(t: 1, name: "album.scroll"))
        #expect(PolicyTestRunner.compare(.init(outcome: .silent("designer")), decision).isEmpty)
        let text = try #require(decision.note)
        #expect(PolicyTestRunner.compare(.init(outcome: .silent(text)), decision).isEmpty)
        #expect(!PolicyTestRunner.compare(.init(outcome: .silent("same-band")), decision).isEmpty)
    }

    @Test func coverageCountsCellsFeedbackBandsAndInvariantsWithoutRoundingUp() throws {
        let policy = try Self.plavo()
        var coverage = PolicyCoverage(policy: policy)
        #expect(coverage.cells.all.count == 22)
        #expect(coverage.staticInvariants == ["H-3"])
        var session = Replay(policy: policy)
        for event in [
            TimedEvent(t: 0, name: "screen.enter", screen: "camera"),
            TimedEvent(t: 1, name: "moisture.sample", subject: "p", value: .number(45)),
            TimedEvent(t: 2, name: "moisture.sample", subject: "p", value: .number(30)),
            TimedEvent(t: 3, name: "plant.found"),
        ] {
            coverage.record(session.decide(event), for: event)
        }
        #expect(coverage.cells.hit == ["camera/moisture.sample", "camera/plant.found"])
        #expect(coverage.bands.hit == ["moisture.thirsty"])
        #expect(coverage.feedback.hit == ["soil.thirsty"])
        #expect(coverage.invariants.hit == ["H-1", "H-4"])
        // 2 of 22 is 9.09 %: shown as 9 %, never 9.1 %.
        #expect(coverage.cells.percent == 9)
        // 21 of 22 would be 95.45 %: rounded down to 95.4.
        var almost = coverage.cells
        almost.hit = Set(almost.all.dropLast())
        #expect(almost.percent == 95.4)
    }
}
