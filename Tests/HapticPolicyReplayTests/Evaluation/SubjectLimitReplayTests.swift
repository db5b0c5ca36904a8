import HapticPolicyTestSupport
import Testing

@testable import HapticPolicy
@testable import HapticPolicyReplay

/// The replay side of the session's subject limit (SubjectLimitTests has the session's).
@Suite struct SubjectLimitReplayTests {
    /// The evaluator's name cache notices a forgotten subject and interns it again.
    @Test func theEvaluatorGivesAForgottenSubjectANewBaseline() {
        let log = """
            {"t":0,"event":"screen.enter","screen":"camera"}
            {"t":5,"event":"moisture.sample","subject":"a","value":50}
            {"t":6,"event":"moisture.sample","subject":"b","value":50}
            {"t":7,"event":"moisture.sample","subject":"c","value":50}
            {"t":8,"event":"moisture.sample","subject":"a","value":50}
            {"t":9,"event":"moisture.sample","subject":"c","value":50}
            """
        let policy = EvaluationFixtures.policy
        var evaluator = EventLogEvaluator(policy: policy, format: DecisionJSONWriter(policy: policy), subjectLimit: 2)
        var out: [UInt8] = []
        evaluator.consume(Array(log.utf8), into: &out)
        evaluator.finish(into: &out)
        let reasons = String(decoding: out, as: UTF8.self).split(separator: "\n").map {
            $0.firstMatch(of: /"reason":"([a-z-]+)"/).map { String($0.1) } ?? "-"
        }
        #expect(reasons == ["state", "baseline", "baseline", "baseline", "baseline", "same-band"])
        #expect(evaluator.summary.forgottenSubjects == 2)
        #expect(evaluator.summary.text.contains("subjects: 2 forgotten to hold at most 2 at once"))
    }
}
