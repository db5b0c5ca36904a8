import Foundation
import HapticPolicy
import Testing
@testable import HapticPolicyYAML

/// The runner and coverage on the reference policy, loaded from `Policies/plavo.yaml`.
@Suite struct PolicyTestRunnerTests {
    static func plavo() throws -> (Policy, PolicyDocument) {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Policies/plavo.yaml")
        let loaded = PolicyLoader.parse([UInt8](try Data(contentsOf: url)), file: "plavo.yaml")
        let document = try #require(loaded.document)
        return (try Policy(compiling: document), document)
    }

    static func step(_ t: Double, _ name: String, screen: String? = nil, value: ScalarValue? = nil,
                     speaks: Bool? = nil, expect: PolicyExpectation? = nil) -> PolicyTestCase.Step {
        PolicyTestCase.Step(
            event: TimedEvent(time: t, event: .init(name: name, screen: screen, subject: "p", value: value, speaks: speaks)),
            expectation: expect)
    }

    @Test func passingAndFailingExpectations() throws {
        let (policy, document) = try Self.plavo()
        let runner = PolicyTestRunner(policy: policy, document: document)
        let suite = PolicyTestSuite(file: "t", cases: [
            PolicyTestCase(name: "passes", steps: [
                Self.step(0, "screen.enter", screen: "camera"),
                Self.step(1, "plant.found", speaks: true, expect: .init(outcome: .play("pulse"), render: "pattern:pulse")),
            ]),
            PolicyTestCase(name: "fails", steps: [
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

    @Test func designerSilencesMatchByReasonIdOrText() throws {
        let (policy, _) = try Self.plavo()
        var session = Session(policy: policy)
        _ = session.decide(TimedEvent(time: 0, event: .init(name: "screen.enter", screen: "album")))
        let decision = session.decide(TimedEvent(time: 1, event: .init(name: "album.scroll")))
        #expect(PolicyTestRunner.compare(.init(outcome: .silent("designer")), decision).isEmpty)
        let text = try #require(decision.note)
        #expect(PolicyTestRunner.compare(.init(outcome: .silent(text)), decision).isEmpty)
        #expect(!PolicyTestRunner.compare(.init(outcome: .silent("same-band")), decision).isEmpty)
    }

    @Test func coverageCountsCellsFeedbackBandsAndInvariantsWithoutRoundingUp() throws {
        let (policy, document) = try Self.plavo()
        var coverage = PolicyCoverage(document: document)
        #expect(coverage.cells.all.count == 22)
        #expect(coverage.staticInvariants == ["H-3"])
        var session = Session(policy: policy)
        for event in [
            TimedEvent(time: 0, event: .init(name: "screen.enter", screen: "camera")),
            TimedEvent(time: 1, event: .init(name: "moisture.sample", subject: "p", value: .number(45))),
            TimedEvent(time: 2, event: .init(name: "moisture.sample", subject: "p", value: .number(30))),
            TimedEvent(time: 3, event: .init(name: "plant.found")),
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
