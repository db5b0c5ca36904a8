import Foundation
import HapticPolicy
import HapticPolicyCompiler
import HapticPolicyReplay
import Testing

@testable import HapticPolicyYAML

/// Priority and interruption (`priority:` on a feedback): the front end, the checks
/// (HP170-HP172), the bundle and the session's `outranked` gate and cuts.
@Suite struct PriorityTests {
    static let text = """
        policy: ride
        version: 1
        feedback:
          tick: {layer: ui, preset: selection, priority: low}
          tap: {layer: ui, preset: impact.light}
          cue:
            layer: ui
            priority: high
            pattern:
              events:
                - {type: transient, time: 0}
                - {type: continuous, time: 0.1, duration: 0.3}
            fallback: impact.medium
          chime:
            layer: ui
            pattern:
              params:
                len: {default: 1, min: 0.1, max: 5}
              events:
                - {type: continuous, time: 0, duration: len}
            fallback: none
        events:
          tick.e: {layer: ui, screens: [nav]}
          tap.e: {layer: ui, screens: [nav]}
          cue.e: {layer: ui, screens: [nav]}
          chime.e: {layer: ui, screens: [nav]}
        screens:
          nav:
            enter: [prepare-engine]
            table:
              tick.e: {play: tick}
              tap.e: {play: tap}
              cue.e: {play: cue}
              chime.e: {play: chime}
        budgets:
          - {id: B-1, each: screen, max: 50, per: 1}
        """

    static func findings(_ text: String) -> [String] {
        let loaded = load(text)
        guard let document = loaded.document else {
            return loaded.diagnostics.map { "\($0.code)@\($0.location.line):\($0.location.column)" }
        }
        return (loaded.diagnostics + PolicyValidator.validate(document)).map {
            "\($0.code)@\($0.location.line):\($0.location.column)"
        }
    }

    static func policy(_ text: String = PriorityTests.text) throws -> Policy {
        let loaded = load(text)
        let document = try #require(loaded.document)
        #expect(loaded.diagnostics.isEmpty && PolicyValidator.validate(document).isEmpty, "\(findings(text))")
        return try Policy(compiling: document)
    }

    static func session(_ policy: Policy) -> Session {
        var session = Session(policy: policy)
        _ = session.decide(session.event(t: 0, name: "screen.enter", screen: "nav"))
        return session
    }

    @Test func thePriorityIsDecodedOntoTheFeedbackAndNormalByDefault() throws {
        let policy = try Self.policy()
        #expect(policy.feedback.map(\.priority) == [.low, .normal, .high, .normal])
        #expect(Priority.allCases.sorted() == [.low, .normal, .high, .critical])
    }

    @Test func anUnknownPriorityIsAnUnknownWordWithASuggestion() {
        let loaded = load(Self.text.replacingOccurrences(of: "priority: high", with: "priority: hihg"))
        let problem = loaded.diagnostics.first { $0.code == "HP014" }
        #expect(problem?.message.contains("unknown priority 'hihg'") == true)
        #expect(problem?.message.contains("high") == true)
        #expect(problem?.location.line == 8)
    }

    @Test func aPriorityInAPlatformOverrideIsHP172AtItsValue() {
        let text = Self.text.replacingOccurrences(
            of: "    fallback: impact.medium\n",
            with: "    fallback: impact.medium\n    platforms: {android: {priority: low}}\n")
        #expect(Self.findings(text).contains("HP172@14:37"))
    }

    @Test func theSamePriorityEverywhereIsHP170() {
        let text = """
            policy: p
            version: 1
            feedback:
              a: {layer: ui, preset: selection, priority: high}
              b: {layer: ui, preset: impact.light, priority: high}
            events:
              e: {layer: ui, screens: [s]}
              f: {layer: ui, screens: [s]}
            screens:
              s: {table: {e: {play: a}, f: {play: b}}}
            budgets:
              - {id: B-1, each: screen, max: 5, per: 1}
            """
        #expect(Self.findings(text) == ["HP170@4:47"])
        #expect(
            Self.findings(text.replacingOccurrences(of: "impact.light, priority: high", with: "impact.light")) == [])
    }

    @Test func aLoopOutrankingOtherFeedbackIsHP171() {
        let text = """
            policy: p
            version: 1
            feedback:
              a: {layer: ui, preset: selection}
              siren:
                layer: ui
                priority: critical
                pattern: {events: [{type: transient, time: 0}], loop: 1}
                fallback: none
            events:
              e: {layer: ui, screens: [s]}
              f: {layer: ui, screens: [s]}
              g: {layer: ui, screens: [s]}
            screens:
              s: {enter: [prepare-engine], table: {e: {play: a}, f: {loop: siren}, g: {stop: siren}}}
            budgets:
              - {id: B-1, each: screen, max: 5, per: 1}
            """
        #expect(Self.findings(text) == ["HP171@7:15"])
    }

    @Test func aRowWhoseLoopCutsItsOwnPlayIsHP173AndTheEngineCutsIt() throws {
        let text = """
            policy: p
            version: 1
            feedback:
              chime:
                layer: ui
                pattern: {events: [{type: continuous, time: 0, duration: 1}]}
                fallback: none
              siren:
                layer: ui
                priority: high
                pattern: {events: [{type: transient, time: 0}], loop: 0.5}
                fallback: none
            events:
              e: {layer: ui, screens: [s]}
              f: {layer: ui, screens: [s]}
            screens:
              s: {enter: [prepare-engine], table: {e: {play: chime, loop: siren}, f: {stop: siren}}}
            budgets:
              - {id: B-1, each: screen, max: 5, per: 1}
            """
        // HP171 for the high loop itself, HP173 on the row's `loop:`.
        #expect(Self.findings(text) == ["HP171@10:15", "HP173@17:63"])
        // What the warning says is what happens: the loop cuts the pattern just played.
        let document = try #require(load(text).document)
        var session = Session(policy: try Policy(compiling: document))
        _ = session.decide(session.event(t: 0, name: "screen.enter", screen: "s"))
        let decision = session.decide(session.event(t: 1, name: "e"))
        #expect(decision.action == .play)
        #expect(decision.also.first?.directives.contains(.interrupt) == true)
        // Giving both the same priority removes the finding.
        #expect(
            Self.findings(
                text.replacingOccurrences(
                    of: "    layer: ui\n    pattern: {events: [{type: cont",
                    with: "    layer: ui\n    priority: high\n    pattern: {events: [{type: cont")
            ).filter { $0.hasPrefix("HP173") } == [])
    }

    @Test func aPolicyWithoutPriorityTracksNothingAndKeepsItsBundleHash() throws {
        let plain = Self.text.replacingOccurrences(of: ", priority: low", with: "").replacingOccurrences(
            of: "    priority: high\n", with: "")
        let policy = try Self.policy(plain)
        #expect(policy.priorities == nil)
        let bundle = String(
            decoding: PolicyBundle.encode(try Policy(compiling: try #require(load(plain).document))), as: UTF8.self)
        #expect(!bundle.contains("\"priority\""))
        let withPriority = String(
            decoding: PolicyBundle.encode(try Policy(compiling: try #require(load(Self.text).document))), as: UTF8.self)
        #expect(withPriority.contains("\"priority\":\"high\""))
        #expect(withPriority.contains("\"priority\":\"low\""))
        #expect(!withPriority.contains("\"priority\":\"normal\""))
        let reread = try Policy(bundle: Array(withPriority.utf8))
        #expect(reread.feedback.map(\.priority) == [.low, .normal, .high, .normal])
    }

    @Test func aLowPlayYieldsUntilTheHighPatternEnds() throws {
        var session = Self.session(try Self.policy())
        #expect(session.decide(session.event(t: 1, name: "cue.e")).action == .play)
        let refused = session.decide(session.event(t: 1.2, name: "tick.e"))
        #expect(refused.action == .silent)
        #expect(refused.reason == .outranked)
        #expect(refused.note == "'tick' (low) yields to 'cue' (high), playing until 1.4 s")
        #expect(refused.feedback == "tick")
        #expect(session.decide(session.event(t: 1.4, name: "tick.e")).action == .play)
    }

    @Test func aHigherPlayCutsATemplateStillPlayingForItsBoundLength() throws {
        var session = Self.session(try Self.policy())
        let chime = session.decide(
            session.event(t: 1, name: "chime.e", params: [.init(name: "len", value: .number(3))]))
        #expect(chime.action == .play)
        let cue = session.decide(session.event(t: 3.9, name: "cue.e"))
        #expect(cue.action == .play)
        #expect(cue.also.count == 1)
        let cut = try #require(cue.also.first)
        #expect(cut.action == .stop)
        #expect(cut.feedback == "chime")
        #expect(cut.directives == .interrupt)
        #expect(cut.note == "cut by 'cue' (high)")
        #expect(cue.steps.map(\.action) == [.stop, .play])
        // After its own 3 s the chime no longer plays: nothing to cut.
        _ = session.decide(session.event(t: 5, name: "chime.e", params: [.init(name: "len", value: .number(3))]))
        #expect(session.decide(session.event(t: 8, name: "cue.e")).also.isEmpty)
    }

    @Test func equalPrioritiesAndPresetsNeitherCutNorRefuse() throws {
        var session = Self.session(try Self.policy())
        _ = session.decide(session.event(t: 1, name: "chime.e"))
        let tap = session.decide(session.event(t: 1.5, name: "tap.e"))
        #expect(tap.action == .play && tap.also.isEmpty && tap.reason == nil)
        _ = session.decide(session.event(t: 3, name: "tap.e"))
        #expect(session.decide(session.event(t: 3, name: "tick.e")).action == .play)
    }

    @Test func backgroundForgetsThePatternsStillPlaying() throws {
        var session = Self.session(try Self.policy())
        _ = session.decide(session.event(t: 1, name: "cue.e"))
        _ = session.decide(session.event(t: 1.1, name: "app.state", value: .string("background")))
        _ = session.decide(session.event(t: 1.2, name: "app.state", value: .string("foreground")))
        #expect(session.decide(session.event(t: 1.3, name: "tick.e")).action == .play)
    }

    @Test func theGateSitsAfterTemplateParametersAndBeforeTheFallbacks() {
        let gates = PlayGate.allCases
        let at = gates.firstIndex(of: .outranked)
        #expect(at.map { $0 - 1 } == gates.firstIndex(of: .templateParameters))
        #expect(at.map { $0 + 1 } == gates.firstIndex(of: .deviceFallback))
        #expect(PlayGate.outranked.reasons == [.outranked])
        #expect(Directive.allCases.last == .interrupt)
    }

    @Test func interruptIsNotAScreenDirective() {
        let text = Self.text.replacingOccurrences(of: "enter: [prepare-engine]", with: "enter: [interrupt]")
        #expect(load(text).diagnostics.contains { $0.code == "HP014" && $0.message.contains("'interrupt'") })
    }

    @Test func theTableListsThePrioritiesHighestFirstAndNoneWithoutThem() throws {
        let table = DecisionTable(try Self.policy())
        #expect(table.priorities.map(\.feedback) == ["cue", "tick"])
        #expect(table.priorities.map(\.priority) == [.high, .low])
        let plain = Self.text.replacingOccurrences(of: ", priority: low", with: "").replacingOccurrences(
            of: "    priority: high\n", with: "")
        #expect(DecisionTable(try Self.policy(plain)).priorities.isEmpty)
    }

    @Test func coverageCountsBeingOutrankedAndCuttingAsItems() throws {
        let policy = try Self.policy()
        var coverage = PolicyCoverage(policy: policy)
        // Only what can happen: `tap` and `chime` could cut only `tick`, a preset, which
        // ends at once, so neither has a `cuts` item.
        #expect(coverage.priorities.all == ["tick outranked", "tap outranked", "cue cuts", "chime outranked"])
        var session = Replay(policy: policy)
        let events = [
            TimedEvent(t: 0, name: "screen.enter", screen: "nav"),
            TimedEvent(t: 1, name: "chime.e"), TimedEvent(t: 1.5, name: "cue.e"),
            TimedEvent(t: 1.6, name: "tick.e"),
        ]
        for event in events { coverage.record(session.decide(event), for: event) }
        #expect(coverage.priorities.hit == ["cue cuts", "tick outranked"])
        #expect(coverage.tallies.map(\.kind).last == "priorities")
    }

    /// A preset ends at once: a critical preset outranks nothing and a low preset is cut by
    /// nothing, so neither way is a coverage item (they were listed, and could never be hit).
    @Test func coverageListsNoWayThatPresetsCannotTake() throws {
        let presets = """
            policy: alarms
            version: 1
            feedback:
              alarm: {layer: ui, preset: notification.error, priority: critical}
              tick: {layer: ui, preset: selection, priority: low}
              tap: {layer: ui, preset: impact.light}
            events:
              alarm.e: {layer: ui, screens: [s]}
              tick.e: {layer: ui, screens: [s]}
              tap.e: {layer: ui, screens: [s]}
            screens:
              s:
                enter: [prepare-engine]
                table:
                  alarm.e: {play: alarm}
                  tick.e: {play: tick}
                  tap.e: {play: tap}
            budgets:
              - {id: B-1, each: screen, max: 6, per: 10}
            """
        let policy = try Self.policy(presets)
        #expect(PolicyCoverage(policy: policy).priorities.all.isEmpty)
        #expect(!PolicyCoverage(policy: policy).tallies.contains { $0.kind == "priorities" })
        // A lasting pattern at the top makes both lower presets outranked, and it cuts nothing.
        let pattern = presets.replacingOccurrences(
            of: "alarm: {layer: ui, preset: notification.error, priority: critical}",
            with:
                "alarm: {layer: ui, priority: critical, fallback: none, pattern: {events: [{type: continuous, time: 0, duration: 1}]}}"
        )
        #expect(PolicyCoverage(policy: try Self.policy(pattern)).priorities.all == ["tick outranked", "tap outranked"])
    }

    /// Only pairs that can meet are items (the racing-game trial's report): a loop every
    /// menu's entry stops never plays under a menu tick, and feedback no row plays neither
    /// outranks nor is outranked. A screen that does not stop loops on entering meets the
    /// loop wherever it was started.
    @Test func coverageListsOnlyPairsThatCanMeet() throws {
        let game = """
            policy: game
            version: 1
            feedback:
              tick: {layer: ui, preset: selection, priority: low}
              rumble:
                layer: ui
                priority: high
                fallback: none
                pattern: {events: [{type: continuous, time: 0, duration: 0.5}], loop: 0.5}
                acknowledge: {HP171: every menu stops the loops on entering}
              spare:
                layer: ui
                priority: critical
                fallback: none
                pattern: {events: [{type: continuous, time: 0, duration: 2}]}
                acknowledge: {HP211: played by the next release}
            events:
              tick.e: {layer: ui, screens: [menu, pause]}
              engine.e: {layer: ui, screens: [race]}
            screens:
              race:
                enter: [prepare-engine]
                table:
                  engine.e: {loop: rumble}
              menu:
                enter: [prepare-engine, stop-loop]
                table:
                  tick.e: {play: tick}
              pause:
                enter: [prepare-engine, stop-loop]
                table:
                  tick.e: {play: tick}
            budgets:
              - {id: B-1, each: screen, max: 6, per: 10}
            """
        #expect(PolicyCoverage(policy: try Self.policy(game)).priorities.all.isEmpty)
        // A pause that keeps the loops playing meets the rumble.
        let keeping = game.replacingOccurrences(
            of: "pause:\n    enter: [prepare-engine, stop-loop]", with: "pause:\n    enter: [prepare-engine]")
        #expect(keeping != game)
        #expect(PolicyCoverage(policy: try Self.policy(keeping)).priorities.all == ["tick outranked"])
    }

    @Test func aChangedPriorityIsAFeedbackChange() throws {
        let before = FeedbackFields(policy: try Self.policy())
        let after = FeedbackFields(
            policy: try Self.policy(Self.text.replacingOccurrences(of: "priority: high", with: "priority: critical")))
        let changes = FeedbackFields.changes(from: before, to: after)
        #expect(changes.map(\.field) == ["priority"])
        #expect(changes.first?.before == "high" && changes.first?.after == "critical")
    }
}
