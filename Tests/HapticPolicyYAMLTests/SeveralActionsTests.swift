import Foundation
import HapticPolicy
import HapticPolicyCompiler
import HapticPolicyDocument
import HapticPolicyReplay
import Testing

@testable import HapticPolicyYAML

/// Rows that do several things (issue 14 item 4): `stop:` with `play:` and `loop:`, and
/// `with:` giving template parameters, decoded, decided and carried through the bundle.
@Suite struct SeveralActionsTests {
    /// A workout policy whose rows are `rows` (YAML of the `workout:` table, one per line).
    static func source(_ rows: String, extra: String = "") -> String {
        """
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
        \(extra)
        screens:
          workout:
            enter: [prepare-engine]
            table:
        \(rows.split(separator: "\n").map { "      " + $0 }.joined(separator: "\n"))
        """
    }

    static let stride = """
        workout.paused: {stop: cadence, play: pause}
        workout.resumed: {play: resume, loop: cadence, with: {bpm: value}}
        cadence.set: {loop: cadence, with: {bpm: value}}
        """

    static func policy(_ rows: String = stride, extra: String = "") throws -> Policy {
        let loaded = load(source(rows, extra: extra))
        #expect(loaded.diagnostics.isEmpty, "\(summary(loaded))")
        let document = try #require(loaded.document)
        let findings = PolicyValidator.validate(document).filter { $0.severity == .error }
        #expect(findings.isEmpty, "\(findings.map { "\($0.code) \($0.message)" })")
        return try Policy(compiling: document)
    }

    struct Run {
        var session: Session
        init(_ policy: Policy) {
            session = Session(policy: policy)
            // Entering the screen warms the engine (0.1 s), so patterns play from t = 1.
            send(0, "screen.enter", value: .string("workout"))
        }
        @discardableResult
        mutating func send(_ t: Double, _ name: String, value: ScalarValue? = nil, params: [Event.Parameter] = [])
            -> Decision
        {
            let event = session.event(t: t, name: name, value: value, params: params)
            return session.decide(event)
        }
    }

    // MARK: Deciding

    @Test func aPauseStopsTheCadenceThenPlaysInOneDecision() throws {
        var run = Run(try Self.policy())
        let started = run.send(1, "cadence.set", value: .number(150))
        #expect(started.action == .play)
        #expect(started.feedback == "cadence")
        #expect(started.loopPeriod == 0.4)
        #expect(started.also.isEmpty)
        #expect(run.session.runningLoops.map(\.feedback) == ["cadence"])

        let paused = run.send(2, "workout.paused")
        #expect(paused.action == .play)
        #expect(paused.feedback == "pause")
        #expect(paused.render == .preset(.impactMedium))
        #expect(!paused.directives.contains(.stopLoop), "the stop's directive is its own, not the play's")
        #expect(paused.also.count == 1)
        let stop = try #require(paused.also.first)
        #expect(stop.action == .stop)
        #expect(stop.feedback == "cadence")
        #expect(stop.directives.contains(.stopLoop))
        #expect(stop.rule?.id == "workout/workout.paused")
        #expect(run.session.runningLoops.isEmpty)
        #expect(paused.steps.map { $0.feedback } == ["cadence", "pause"], "the stop runs first")
    }

    @Test func aStopOfNothingIsNotRunningInsideAlso() throws {
        var run = Run(try Self.policy())
        let paused = run.send(1, "workout.paused")
        #expect(paused.action == .play)
        #expect(paused.feedback == "pause")
        #expect(paused.also.map(\.action) == [.silent])
        #expect(paused.also.first?.reason == .notRunning)
        #expect(paused.also.first?.isStop == true)
    }

    @Test func aResumePlaysThenRestartsTheLoopAtTheEventsBpm() throws {
        var run = Run(try Self.policy())
        let resumed = run.send(1, "workout.resumed", value: .number(120))
        #expect(resumed.action == .play)
        #expect(resumed.feedback == "resume")
        #expect(resumed.parameters == nil, "with: goes to the loop, not the play")
        let loop = try #require(resumed.also.first)
        #expect(resumed.also.count == 1)
        #expect(loop.action == .play)
        #expect(loop.feedback == "cadence")
        #expect(loop.parameters == [Event.Parameter(name: "bpm", value: .number(120))])
        #expect(loop.loopPeriod == 0.5)
        #expect(resumed.plays == 2)
        #expect(run.session.runningLoops.map(\.period) == [0.5])
    }

    @Test func retempoReplacesTheRunningLoopWithTheNewPeriod() throws {
        var run = Run(try Self.policy())
        run.send(1, "cadence.set", value: .number(100))
        #expect(run.session.runningLoops.map(\.period) == [0.6])
        let faster = run.send(5, "cadence.set", value: .number(180))
        #expect(faster.loopPeriod == 60.0 / 180)
        #expect(run.session.runningLoops.count == 1)
        #expect(run.session.runningLoops.first?.period == 60.0 / 180)
        #expect(run.session.runningLoops.first?.start == 5)
    }

    /// The session keeps one bound list per template and one `also` list, rewritten in
    /// place: a decision still held keeps what it was decided with, and so does the loop.
    @Test func aHeldDecisionKeepsItsParametersAndStepsWhenTheNextOnesChange() throws {
        var run = Run(try Self.policy())
        let slow = run.send(1, "cadence.set", value: .number(100))
        let fast = run.send(2, "cadence.set", value: .number(180))
        #expect(slow.parameters == [Event.Parameter(name: "bpm", value: .number(100))])
        #expect(fast.parameters == [Event.Parameter(name: "bpm", value: .number(180))])
        #expect(run.session.runningLoops.map(\.parameters) == [[Event.Parameter(name: "bpm", value: .number(180))]])
        let paused = run.send(3, "workout.paused")
        let resumed = run.send(4, "workout.resumed", value: .number(120))
        let again = run.send(5, "workout.paused")
        #expect(paused.also.map(\.action) == [.stop])
        #expect(resumed.also.map(\.parameters) == [[Event.Parameter(name: "bpm", value: .number(120))]])
        #expect(again.also.map(\.action) == [.stop])
        #expect(slow.parameters == [Event.Parameter(name: "bpm", value: .number(100))])
    }

    /// An event's own `params` and a row's `with:` bind as one list: the argument replaces
    /// the event's parameter of its name.
    @Test func aWithArgumentReplacesTheEventsParameterOfItsName() throws {
        var run = Run(try Self.policy())
        let set = run.send(
            1, "cadence.set", value: .number(150), params: [Event.Parameter(name: "bpm", value: .number(110))])
        #expect(set.parameters == [Event.Parameter(name: "bpm", value: .number(150))])
        #expect(set.loopPeriod == 0.4)
        let wrong = run.send(
            2, "cadence.set", value: .number(150), params: [Event.Parameter(name: "tempo", value: .number(110))])
        #expect(wrong.reason == .badParams)
        #expect(wrong.note == "'cadence' has no parameter 'tempo'; use bpm")
    }

    @Test func withValueWithoutANumberIsBadParamsAndTheOtherActionsStillRun() throws {
        var run = Run(try Self.policy())
        let resumed = run.send(1, "workout.resumed")
        #expect(resumed.action == .play)
        #expect(resumed.feedback == "resume")
        let loop = try #require(resumed.also.first)
        #expect(loop.action == .silent)
        #expect(loop.reason == .badParams)
        #expect(
            loop.note?.hasPrefix("'with: {bpm: value}' gives 'bpm' the event's value, which must be a number") == true)
        #expect(run.session.runningLoops.isEmpty)

        let text = run.send(2, "cadence.set", value: .string("fast"))
        #expect(text.reason == .badParams)
        #expect(text.note?.contains("it is \"fast\"") == true || text.note?.contains("it is fast") == true)
        let outOfRange = run.send(3, "cadence.set", value: .number(400))
        #expect(outOfRange.reason == .badParams)
        #expect(outOfRange.note == "bpm 400 is above the maximum 200; use 100 to 200")
    }

    @Test func theEventsOwnParamsStillApplyToTheActionWithoutWith() throws {
        let rows = """
            workout.paused: {play: cadence, loop: cadence, with: {bpm: 120}}
            workout.resumed: {play: cadence, with: {bpm: 150}}
            cadence.set: {loop: cadence}
            """
        var run = Run(try Self.policy(rows))
        let paused = run.send(1, "workout.paused", params: [.init(name: "bpm", value: .number(200))])
        #expect(paused.loopPeriod == 0.3, "the play takes the event's params")
        #expect(paused.also.first?.loopPeriod == 0.5, "the loop takes with:, over the event's params")
        let resumed = run.send(2, "workout.resumed", params: [.init(name: "bpm", value: .number(200))])
        #expect(resumed.loopPeriod == 0.4, "with: overrides the event's own bpm")
        let set = run.send(3, "cadence.set", params: [.init(name: "bpm", value: .number(100))])
        #expect(set.loopPeriod == 0.6)
    }

    @Test func eachPlayGoesThroughTheChecksOnItsOwn() throws {
        var run = Run(try Self.policy())
        run.session.device.lowPower = true
        let resumed = run.send(1, "workout.resumed", value: .number(120))
        #expect(resumed.action == .play, "a preset plays in low power")
        #expect(resumed.also.first?.reason == .noFallback, "the pattern loop cannot")
        run.session.device.hapticsEnabled = false
        let paused = run.send(2, "workout.paused")
        #expect(paused.reason == .hapticsDisabled)
        #expect(paused.also.first?.reason == .notRunning)
    }

    @Test func aLoopStartIsARingForEnforcedBudgets() throws {
        let extra = "budgets:\n  - {id: B-1, each: screen, max: 1, per: 10, enforce: true}"
        var run = Run(try Self.policy(extra: extra))
        let resumed = run.send(1, "workout.resumed", value: .number(120))
        #expect(resumed.action == .play)
        #expect(resumed.also.first?.reason == .overBudget, "the play took the only ring; the loop start is another")
        #expect(resumed.also.first?.rule?.id == "B-1")
        #expect(run.session.runningLoops.isEmpty)
    }

    @Test func aV1RowHasNoAlso() throws {
        var run = Run(
            try Self.policy(
                "workout.paused: {play: pause}\nworkout.resumed: {stop: cadence}\ncadence.set: {play: cadence}"))
        #expect(run.send(1, "workout.paused").also.isEmpty)
        #expect(run.send(2, "workout.resumed").also.isEmpty)
    }

    // MARK: Compiled content

    @Test func severalActionsSurviveTheBundle() throws {
        let policy = try Self.policy()
        let text = String(decoding: policy.bundle, as: UTF8.self)
        #expect(text.contains("\"also\""))
        #expect(text.contains("\"arguments\""))
        let reloaded = try toolsPolicy(bundle: policy.bundle)
        #expect(reloaded.content == policy.content)
        var run = Run(reloaded)
        #expect(run.send(1, "workout.resumed", value: .number(120)).also.first?.loopPeriod == 0.5)

        let v1 = try Self.policy(
            "workout.paused: {play: pause}\nworkout.resumed: {stop: cadence}\ncadence.set: {play: cadence}")
        let v1Text = String(decoding: v1.bundle, as: UTF8.self)
        #expect(!v1Text.contains("\"also\"") && !v1Text.contains("\"arguments\""))
    }

    @Test func inconsistentExtraActionsAreRefused() throws {
        var content = try Self.policy().content
        let cell = try #require(content.cells.firstIndex { content.events[$0.event].name == "workout.paused" })
        content.cells[cell].rows[0].also = [.loop(99)]
        #expect(content.inconsistency == "a row names a feedback that does not exist")
        content.cells[cell].rows[0].also = [.silent("no")]
        #expect(content.inconsistency == "a row combines a band, a silence or nothing with other actions")
        content.cells[cell].rows[0].also = [.stop(nil), .stop(0)]
        #expect(content.inconsistency == "a row has two actions of one kind")
        content.cells[cell].rows[0].also = []
        #expect(content.inconsistency == "a row lists no extra actions")
        content.cells[cell].rows[0].also = nil
        content.cells[cell].rows[0].action = .stop(nil)
        content.cells[cell].rows[0].arguments = [.init(name: "bpm", number: nil)]
        #expect(content.inconsistency == "a row gives template parameters but plays nothing")
    }

    // MARK: Decoding

    /// The diagnostics of the stride policy with `row` deciding `workout.paused` (line 24).
    static func decoded(_ row: String) -> [String] {
        summary(
            load(source("workout.paused: " + row + "\nworkout.resumed: {play: resume}\ncadence.set: {play: cadence}")))
    }

    @Test func stopPlayAndLoopCombine() throws {
        for row in [
            "{stop: cadence, play: pause}", "{stop: cadence, loop: cadence}", "{play: pause, loop: cadence}",
            "{stop: all, play: pause, loop: cadence, with: {bpm: 120}}", "{loop: cadence}",
            "{play: cadence, with: {bpm: value}}",
        ] {
            #expect(Self.decoded(row).isEmpty, "\(row)")
        }
        let document = try #require(load(Self.source(Self.stride)).document)
        let rows = document.screens[0].cells.map { $0.rows[0] }
        #expect(rows[0].stop?.value == "cadence" && rows[0].play?.value == "pause" && rows[0].loop == nil)
        #expect(
            rows[1].with == [
                TemplateArgument(
                    name: Located("bpm", at: rows[1].with[0].name.location),
                    source: Located(.eventValue, at: rows[1].with[0].source.location))
            ])
        #expect(rows[1].with.first?.name.location.column == 61)
        #expect(rows[2].loop?.value == "cadence" && rows[2].play == nil)
    }

    @Test func bandAndSilentStillDecideARowAlone() {
        // `      workout.paused: ` puts the row's `{` at column 23 of line 24.
        #expect(Self.decoded("{silent: paused, play: pause}") == ["HP016@24:40"])
        #expect(Self.decoded("{play: pause, silent: paused}") == ["HP016@24:37"])
        #expect(Self.decoded("{band: pace, loop: cadence}") == ["HP016@24:36"])
        #expect(Self.decoded("{stop: cadence, band: pace, loop: cadence}") == ["HP016@24:39", "HP016@24:51"])
        let message = load(Self.source("workout.paused: {silent: paused, stop: cadence}")).diagnostics.first?.message
        #expect(
            message
                == "'stop' cannot be used together with 'silent'; a 'silent:' row does nothing else; split it into two rows with 'when:', or drop 'silent:'"
        )
    }

    @Test func withNeedsALoopOrAPlayAndNumbersOrValue() {
        #expect(Self.decoded("{stop: cadence, with: {bpm: 120}}") == ["HP017@24:39"])
        #expect(Self.decoded("{loop: cadence, with: {bpm: fast}}") == ["HP011@24:51"])
        #expect(Self.decoded("{loop: cadence, with: [bpm]}") == ["HP011@24:45"])
        #expect(Self.decoded("{loop: cadence, with: {bpm: .inf}}") == ["HP018@24:51"])
        #expect(Self.decoded("{loop: [cadence]}") == ["HP011@24:30"])
        #expect(Self.decoded("{when: {speaks: true}}").first == "HP013@24:23")
    }

    // MARK: Downstream

    @Test func theJSONLogHasAnAlsoArrayOnlyWhenTheRowDidSeveralThings() throws {
        let policy = try Self.policy()
        var run = Run(policy)
        let writer = DecisionJSONWriter(policy: policy)
        var out: [UInt8] = []
        let started = run.send(1, "cadence.set", value: .number(150))
        writer.write(.init(line: 1, t: 1, event: "cadence.set", subject: nil, decision: started), into: &out)
        let paused = run.send(2, "workout.paused")
        writer.write(.init(line: 2, t: 2, event: "workout.paused", subject: nil, decision: paused), into: &out)
        let lines = String(decoding: out, as: UTF8.self).split(separator: "\n")
        #expect(!lines[0].contains("\"also\""))
        #expect(
            lines[1].hasSuffix(
                ",\"loop\":null,\"also\":[{\"action\":\"stop\",\"feedback\":\"cadence\",\"layer\":\"creature\","
                    + "\"render\":null,\"fallback\":false,\"reason\":null,\"note\":null,\"directives\":[\"stop-loop\"],"
                    + "\"params\":null,\"loop\":null}]}"))
        #expect(lines[1].contains("\"action\":\"play\",\"feedback\":\"pause\""))
        #expect(lines[1].contains("\"directives\":[],\"band\""), "the primary keeps its own directives")

        let text = DecisionTableWriter(policy: policy)
        var table: [UInt8] = []
        text.write(.init(line: 2, t: 2, event: "workout.paused", subject: nil, decision: paused), into: &table)
        let rows = String(decoding: table, as: UTF8.self).split(separator: "\n")
        #expect(rows.count == 2)
        #expect(rows[1].split(separator: " ").prefix(3) == ["+stop", "cadence", "stop-loop"])
    }

    @Test func theTableShowsARowsActionsInOrder() throws {
        let table = DecisionTable(try Self.policy())
        let rows = table.screens[0].cells.map { $0.rows[0] }
        #expect(
            rows.map(\.stepsText) == [
                "stop cadence, then play pause", "play resume, then loop cadence with bpm = value",
                "loop cadence with bpm = value",
            ])
        #expect(rows[0].action == .play && rows[0].target == "pause")
        #expect(rows[0].directives == ["stop-loop"])
        #expect(rows[2].action == .loop)
        let v1 = DecisionTable(
            try Self.policy(
                "workout.paused: {play: pause}\nworkout.resumed: {stop: cadence}\ncadence.set: {play: cadence}"))
        #expect(v1.screens[0].cells.allSatisfy { $0.rows[0].stepsText == nil && $0.rows[0].steps.isEmpty })
    }

    @Test func budgetMetersCountALoopStartInAlsoAsARing() throws {
        let policy = try Self.policy()
        var run = Run(policy)
        var meter = BudgetMeter(policy: policy)
        meter.record(run.send(1, "workout.resumed", value: .number(120)), at: 1, event: "workout.resumed")
        #expect(meter.rings == 2)
        meter.record(run.send(2, "workout.paused"), at: 2, event: "workout.paused")
        #expect(meter.rings == 3, "a stop is no ring")
    }

    @Test func diffComparesTheExtraActions() throws {
        var before = Run(try Self.policy())
        var after = Run(
            try Self.policy(
                "workout.paused: {play: pause}\nworkout.resumed: {stop: cadence}\ncadence.set: {play: cadence}"))
        before.send(1, "cadence.set", value: .number(120))
        after.send(1, "cadence.set", value: .number(120))
        let a = before.send(2, "workout.paused")
        let b = after.send(2, "workout.paused")
        #expect(a.action == b.action && a.feedback == b.feedback && a.render == b.render)
        #expect(PolicyDiff.differs(a, b), "only the stop in also differs")
        #expect(!PolicyDiff.differs(a, a))
        var quieter = a
        quieter.also[0].reason = .notRunning
        #expect(PolicyDiff.differs(a, quieter))
    }

    @Test func evalCountsEveryPlayOfTheRowAsARing() throws {
        let policy = try Self.policy()
        let log = """
            {"t":0,"event":"screen.enter","value":"workout"}
            {"t":1,"event":"workout.resumed","value":120}
            {"t":2,"event":"workout.paused"}
            {"t":3,"event":"workout.paused"}

            """
        var evaluator = EventLogEvaluator(policy: policy, format: DecisionJSONWriter(policy: policy))
        var out: [UInt8] = []
        evaluator.consume(Array(log.utf8), into: &out)
        evaluator.finish(into: &out)
        let summary = evaluator.summary
        #expect(summary.byScreen["workout"]?.plays == 4, "resume and its loop, then a pause twice")
        // By action, each line counts once (4 lines: 3 plays and the state event), so the
        // actions add up to the lines; the pause's stops are told by their reasons.
        #expect(summary.count(.play) == 3)
        #expect(summary.count(.stop) == 0)
        #expect(summary.count(.notRunning) == 1)
        #expect(String(decoding: out, as: UTF8.self).components(separatedBy: "\"also\"").count == 4)
    }

    // MARK: Lint of every action

    /// The validator's findings on the stride policy, as `code@line:column`.
    static func findings(_ text: String) throws -> [String] {
        let document = try #require(load(text).document)
        return PolicyValidator.validate(document).map { "\($0.code)@\($0.location.line):\($0.location.column)" }
    }

    /// `stop: all` where nothing ever loops stops nothing (each decision only gains a
    /// `not-running` step): a warning at the `all`. Once a row starts a loop it is fine.
    @Test func stopAllWithNothingThatLoopsIsReported() throws {
        let rows = """
            workout.paused: {stop: all, play: pause}
            workout.resumed: {play: resume}
            cadence.set: {silent: the tempo is set in the app}
            """
        let found = try Self.findings(Self.source(rows))
        // Line 24 is `workout.paused`; `all` starts at column 30.
        #expect(found.filter { $0.hasPrefix("HP336") } == ["HP336@24:30"], "\(found)")
        let document = try #require(load(Self.source(rows)).document)
        let message = PolicyValidator.validate(document).first { $0.code == "HP336" }?.message ?? ""
        #expect(message.contains("nothing in this policy ever loops"), "\(message)")
        let looping = rows.replacingOccurrences(
            of: "{play: resume}", with: "{play: resume, loop: cadence, with: {bpm: value}}")
        #expect(try Self.findings(Self.source(looping)).filter { $0.hasPrefix("HP336") }.isEmpty)
    }

    @Test func aLoopOnAColdScreenIsReportedLikeAPlay() throws {
        let text = Self.source(Self.stride).replacingOccurrences(of: "    enter: [prepare-engine]\n", with: "")
        // The first pattern on the screen is the loop of `workout.resumed` (line 24 without `enter:`).
        let found = try Self.findings(text)
        #expect(found.filter { $0.hasPrefix("HP312") } == ["HP312@24:45"], "\(found)")
    }

    @Test func everyActionOfTheRowIsCheckedForLayerMixing() throws {
        let extra = "invariants:\n  - {id: H-3, rule: no-layer-mixing}"
        let found = try Self.findings(Self.source(Self.stride, extra: extra))
        // workout.resumed is a ui event: its play of resume is fine, its loop of the
        // creature cadence is not.
        #expect(found.filter { $0.hasPrefix("HP402") } == ["HP402@26:45"], "\(found)")
    }

    @Test func theTemplatesChecksRunAtTheNumbersWithGives() throws {
        // Sharpness is in 0...1 at the default (160) and at the ends (100, 200), but
        // not at 130: only a row giving 130 makes it so.
        let text = Self.source(Self.stride + "\n").replacingOccurrences(
            of: "sharpness: 0.5}", with: "sharpness: (bpm - 130) * (bpm - 130) / 4900 - 0.1}"
        ).replacingOccurrences(
            of: "cadence.set: {loop: cadence, with: {bpm: value}}",
            with: "cadence.set: {loop: cadence, with: {bpm: 130}}")
        let document = try #require(load(text).document)
        // (The test policy declares no budget: HP501 aside.)
        let found = PolicyValidator.validate(document).filter { $0.code != "HP501" }
        #expect(found.map { "\($0.code)@\($0.location.line):\($0.location.column)" } == ["HP102@26:43"])
        #expect(found.first?.message.hasPrefix("with bpm = 130, ") == true, "\(found.map(\.message))")
        let clean = text.replacingOccurrences(of: "with: {bpm: 130}", with: "with: {bpm: 170}")
        #expect(PolicyValidator.validate(try #require(load(clean).document)).filter { $0.code != "HP501" }.isEmpty)
    }

    @Test func withTakesConstants() throws {
        let policy = try Self.policy(
            "workout.paused: {play: pause}\nworkout.resumed: {play: resume, loop: cadence, with: {bpm: 2 * easy}}\n"
                + "cadence.set: {loop: cadence, with: {bpm: value}}",
            extra: "constants:\n  easy: 60")
        var run = Run(policy)
        #expect(run.send(1, "workout.resumed").also.first?.loopPeriod == 0.5)
    }
}

extension SeveralActionsTests {
    /// `with: {bpm: value}` on an event whose declared value reaches past the template's
    /// range: a good event would still be decided `bad-params`, so lint says so.
    @Test func aDeclaredValueWiderThanTheParameterIsReported() throws {
        let text = try String(
            contentsOf: RepositoryFiles.root.appendingPathComponent(
                "Tests/HapticPolicyYAMLTests/Fixtures/checks/HP333-with-out-of-range.pass.yaml"),
            encoding: .utf8)
        func codes(_ declared: String) throws -> [String] {
            let policy = text.replacingOccurrences(
                of: "cadence.set: {layer: creature, screens: [workout], value: number}",
                with: "cadence.set: {layer: creature, screens: [workout], value: \(declared)}")
            let loaded = load(policy)
            let document = try #require(loaded.document, "\(summary(loaded))")
            return PolicyValidator.validate(document).map(\.code)
        }
        #expect(try codes("{type: number, min: 100, max: 200}").isEmpty)
        #expect(try codes("{type: number, min: 60, max: 200}") == ["HP333"])
        #expect(try codes("{type: number, min: 100}") == ["HP333"])
        let loaded = load(
            text.replacingOccurrences(
                of: "cadence.set: {layer: creature, screens: [workout], value: number}",
                with: "cadence.set: {layer: creature, screens: [workout], value: {type: number, min: 60, max: 250}}"))
        let document = try #require(loaded.document)
        let finding = try #require(PolicyValidator.validate(document).first)
        #expect(
            finding.message.hasPrefix(
                "'cadence.set' may carry values from 60 to 250, but bpm of 'cadence' takes 100 to 200"))
    }
}
