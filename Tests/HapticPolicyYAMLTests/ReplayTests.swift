import HapticPolicy
import HapticPolicyCompiler
import HapticPolicyReplay
import Testing

@testable import HapticPolicyYAML

/// `Replay` is the one driver every replaying command uses: it decides as a bare
/// `Session` does, whether events come as log records or as timed events, and feeds the
/// meter attached to it.
@Suite struct ReplayTests {
    static func policy() throws -> Policy {
        let loaded = load(DiagnosticExample.examplePolicy)
        return try Policy(compiling: try #require(loaded.document))
    }

    /// Seven taps on `home` within 10 s: the budget of 6 is over on the seventh only.
    static let taps: [TimedEvent] =
        [TimedEvent(t: 0, name: "screen.enter", screen: "home")]
        + (1...7).map { TimedEvent(t: Double($0), name: "button.tap", subject: "s\($0 % 2)") }
        + [TimedEvent(t: 8, name: "no.such.event", screen: "nowhere")]

    @Test func theAttachedMeterCountsWhatTheReplayDecides() throws {
        let policy = try Self.policy()
        var replay = Replay(policy: policy)
        replay.budgetMeter = BudgetMeter(policy: policy)
        var alone = BudgetMeter(policy: policy)
        var session = Session(policy: policy)
        var overrunAt: [Double] = []
        for record in Self.taps {
            let decision = replay.decide(record)
            let expected = session.decide(
                session.event(t: record.t, name: record.name, screen: record.screen, subject: record.subject))
            #expect(decision == expected)
            #expect(replay.overruns == alone.record(expected, at: record.t, event: record.name))
            if !replay.overruns.isEmpty { overrunAt.append(record.t) }
        }
        #expect(overrunAt == [7])
        #expect(replay.budgetMeter?.breaches == alone.breaches)
        #expect(replay.budgetMeter?.breaches.map(\.budget) == ["B-1"])
        #expect(replay.budgetMeter?.rings == 7)
    }

    /// Without a meter nothing is counted and no overrun is reported.
    @Test func aReplayWithoutAMeterReportsNoOverruns() throws {
        var replay = Replay(policy: try Self.policy())
        for record in Self.taps { _ = replay.decide(record) }
        #expect(replay.overruns.isEmpty)
        #expect(replay.budgetMeter == nil)
    }
}

/// The outcomes of reading a line that are not decisions are written exactly as when
/// they were cases of the runtime's `Reason` and `Decision.Action`.
@Suite struct ReplayOutcomeTests {
    @Test func anInvalidAndABlankLineAreWrittenAsTheContractSays() throws {
        let policy = try ReplayTests.policy()
        let writer = DecisionJSONWriter(policy: policy)
        var out: [UInt8] = []
        writer.write(
            LoggedDecision(
                line: 4, t: 2, event: "x", subject: nil, column: 3,
                outcome: .invalid(.duplicateField, message: "'t' is written twice")),
            into: &out)
        writer.write(LoggedDecision(line: 5, t: nil, event: nil, subject: nil, outcome: .blank), into: &out)
        #expect(
            String(decoding: out, as: UTF8.self)
                == #"{"line":4,"column":3,"t":2,"event":"x","screen":null,"subject":null,"action":"invalid","#
                + #""feedback":null,"layer":null,"render":null,"fallback":false,"reason":"duplicate-field","#
                + #""note":"'t' is written twice","rule":null,"directives":[],"band":null,"params":null,"loop":null}"#
                + "\n"
                + #"{"line":5,"t":null,"event":null,"screen":null,"subject":null,"action":"silent","#
                + #""feedback":null,"layer":null,"render":null,"fallback":false,"reason":"blank-line","#
                + #""note":null,"rule":null,"directives":[],"band":null,"params":null,"loop":null}"# + "\n")
    }

    /// Summaries list reasons in the order they had as one type: the log reader's just
    /// before `bad-state`.
    @Test func summariesKeepTheReasonOrder() {
        #expect(
            LoggedReason.allCases.map(\.rawValue) == [
                "designer", "directive-only", "baseline", "same-band", "dwelling", "implausible", "bad-value",
                "no-speech", "bad-params", "background", "haptics-disabled", "no-fallback", "unknown-event",
                "undeclared", "unknown-screen", "no-screen", "not-running", "state", "engine-cold",
                "no-core-haptics", "low-power", "tick-outside-gesture", "bad-json", "missing-field", "bad-field",
                "duplicate-field", "time-backwards", "line-too-long", "blank-line", "bad-state", "over-budget",
                "user-level", "outranked", "receding",
            ])
        #expect(LoggedAction.allCases.map(\.rawValue) == ["play", "silent", "stop", "invalid"])
        #expect(Decision.Action.allCases.map { LoggedAction($0).rawValue } == ["play", "silent", "stop"])
    }

    /// The runtime's types hold what `Session.decide` can give, nothing of log reading.
    @Test func theRuntimeGivesNoLogReadingOutcome() {
        let runtime = Set(Reason.allCases.map(\.rawValue))
        #expect(runtime.isDisjoint(with: LineProblem.allCases.map(\.rawValue)))
        #expect(runtime.count + LineProblem.allCases.count == LoggedReason.allCases.count)
        #expect(Decision.Action.allCases == [.play, .silent, .stop])
    }

    @Test func outcomeTextNamesTheProblem() {
        #expect(PolicyTestRunner.outcomeText(.invalid(.badJSON, message: "m")) == "invalid bad-json")
        #expect(PolicyTestRunner.outcomeText(.blank) == "silent blank-line")
    }
}
