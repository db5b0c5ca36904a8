import Foundation
import HapticPolicy
import HapticPolicyCompiler
import Testing

@testable import HapticPolicyYAML

/// User levels (`user-levels:`): the haptics level the user picks silences the plays it
/// does not keep, while the session's state keeps up underneath.
@Suite struct UserLevelTests {
    static let text = """
        policy: coach
        version: 1
        layers:
          ui: {}
          coach: {}
        feedback:
          tap: {layer: ui, preset: impact.light}
          lap: {layer: coach, preset: impact.medium}
          goal: {layer: coach, preset: notification.success}
          zone.faster: {layer: coach, preset: impact.heavy}
          zone.slower: {layer: coach, preset: impact.soft}
          cadence:
            layer: coach
            pattern:
              params:
                bpm: {default: 60, min: 20, max: 300}
              events:
                - {type: transient, time: 0, intensity: 1, sharpness: 0.8}
              loop: 60 / bpm
            fallback: none
        bands:
          pace:
            hysteresis: 0.1
            levels:
              - {name: fast, below: 5, play: zone.faster}
              - {name: tempo, below: 6, play: zone.slower}
              - {name: easy, play: zone.slower}
        events:
          button.tap: {layer: ui, screens: all}
          lap.completed: {layer: coach, screens: [workout]}
          goal.reached: {layer: coach, screens: [workout]}
          pace.sample: {layer: coach, screens: [workout], value: number}
          cadence.start: {layer: coach, screens: [workout]}
          cadence.stop: {layer: coach, screens: [workout]}
        everywhere:
          button.tap: {play: tap}
        screens:
          workout:
            enter: [prepare-engine]
            table:
              lap.completed: {play: lap}
              goal.reached: {play: goal}
              pace.sample: {band: pace}
              cadence.start: {play: cadence}
              cadence.stop: {stop: cadence}
        user-levels:
          set-by: haptics.level
          start: full
          levels:
            full: {keeps: all}
            essentials:
              keeps: {feedback: [zone.faster, zone.slower, goal], rows: [everywhere/button.tap]}
              note: the app's "essentials only" setting
            laps: {keeps: {rows: [workout/lap.completed, workout/cadence.start]}}
            coaching: {keeps: {layers: [coach]}}
            off: {keeps: none}
        budgets:
          - {id: B-1, each: screen, max: 2, per: 10, enforce: true}
        """

    static func policy(_ text: String = UserLevelTests.text) throws -> Policy {
        let loaded = load(text)
        #expect(loaded.diagnostics.isEmpty, "\(summary(loaded))")
        let document = try #require(loaded.document)
        let findings = PolicyValidator.validate(document)
        #expect(
            findings.isEmpty, "\(findings.map { "\($0.code)@\($0.location.line):\($0.location.column) \($0.message)" })"
        )
        return try Policy(compiling: document)
    }

    static func session(_ policy: Policy) -> Session {
        var session = Session(policy: policy)
        _ = session.decide(session.event(t: 0, name: "screen.enter", screen: "workout"))
        return session
    }

    @Test func theStartLevelKeepsEverythingAndTheSettingEventPicksAnother() throws {
        let policy = try Self.policy()
        var session = Self.session(policy)
        #expect(session.userLevelName == "full")
        #expect(session.decide(session.event(t: 1, name: "lap.completed")).played == "lap")
        let set = session.decide(session.event(t: 2, name: "haptics.level", value: .string("essentials")))
        #expect(set.action == .silent)
        #expect(set.reason == .state)
        #expect(set.rule?.id == "user-levels")
        #expect(set.rule?.location.line == 46)
        #expect(set.note == "the haptics level is now essentials")
        #expect(set.screen == "workout")
        #expect(session.userLevelName == "essentials")

        let lap = session.decide(session.event(t: 3, name: "lap.completed"))
        #expect(lap.action == .silent)
        #expect(lap.reason == .userLevel)
        #expect(lap.note == "the haptics level 'essentials' does not keep 'lap'")
        #expect(lap.rule?.id == "user-levels/essentials")
        #expect(lap.rule?.location.line == 51)
        #expect(lap.plan?.name == "lap")
        #expect(lap.played == nil)
        // Kept by feedback name, and by a row id.
        #expect(session.decide(session.event(t: 4, name: "goal.reached")).played == "goal")
        #expect(session.decide(session.event(t: 20, name: "button.tap")).played == "tap")
    }

    @Test func layersAndRowsKeepTheirPlays() throws {
        let policy = try Self.policy()
        var session = Self.session(policy)
        _ = session.decide(session.event(t: 1, name: "haptics.level", value: .string("coaching")))
        #expect(session.decide(session.event(t: 2, name: "lap.completed")).played == "lap")
        #expect(session.decide(session.event(t: 3, name: "button.tap")).reason == .userLevel)
        _ = session.decide(session.event(t: 4, name: "haptics.level", value: .string("laps")))
        #expect(session.decide(session.event(t: 20, name: "lap.completed")).played == "lap")
        #expect(session.decide(session.event(t: 21, name: "goal.reached")).reason == .userLevel)
        _ = session.decide(session.event(t: 22, name: "haptics.level", value: .string("off")))
        #expect(session.decide(session.event(t: 40, name: "lap.completed")).reason == .userLevel)
    }

    @Test func aBandLevelRuleKeepsOnlyThatLevelsRing() throws {
        let text = Self.text.replacingOccurrences(
            of: "laps: {keeps: {rows: [workout/lap.completed, workout/cadence.start]}}",
            with: "laps: {keeps: {rows: [workout/pace.sample@fast]}}")
        var session = Self.session(try Self.policy(text))
        _ = session.decide(session.event(t: 1, name: "haptics.level", value: .string("laps")))
        #expect(session.decide(session.event(t: 2, name: "pace.sample", value: .number(6.5))).reason == .baseline)
        let slower = session.decide(session.event(t: 3, name: "pace.sample", value: .number(5.5)))
        #expect(slower.reason == .userLevel)
        #expect(slower.band?.to == "tempo")
        let faster = session.decide(session.event(t: 4, name: "pace.sample", value: .number(4.5)))
        #expect(faster.played == "zone.faster")
        #expect(faster.rule?.id == "workout/pace.sample@fast")
    }

    /// The band level moves while silenced, so switching back does not ring a stale change.
    @Test func aZoneChangeWhileOffDoesNotRingAfterSwitchingBack() throws {
        var session = Self.session(try Self.policy())
        #expect(session.decide(session.event(t: 1, name: "pace.sample", value: .number(6.5))).reason == .baseline)
        _ = session.decide(session.event(t: 2, name: "haptics.level", value: .string("off")))
        let change = session.decide(session.event(t: 3, name: "pace.sample", value: .number(4.5)))
        #expect(change.reason == .userLevel)
        #expect(change.band == Decision.BandTransition(band: "pace", from: "easy", to: "fast"))
        #expect(change.rule?.id == "user-levels/off")
        _ = session.decide(session.event(t: 4, name: "haptics.level", value: .string("full")))
        let same = session.decide(session.event(t: 5, name: "pace.sample", value: .number(4.5)))
        #expect(same.reason == .sameBand)
        #expect(same.action == .silent)
    }

    @Test func aBadLevelIsABadStateThatChangesNothing() throws {
        var session = Self.session(try Self.policy())
        _ = session.decide(session.event(t: 1, name: "haptics.level", value: .string("off")))
        for value in [ScalarValue.string("Essentials"), .number(1), .bool(false), nil] {
            let decision = session.decide(session.event(t: 2, name: "haptics.level", value: value))
            #expect(decision.reason == .badState)
            #expect(decision.rule?.id == "user-levels")
            #expect(
                decision.note?.hasPrefix(
                    "haptics.level needs one of 'full', 'essentials', 'laps', 'coaching', 'off' in 'value' (user-levels)"
                )
                    == true)
            #expect(decision.note?.hasSuffix("so the haptics level stays 'off'") == true)
            #expect(session.userLevelName == "off")
        }
    }

    @Test func stopsAreNeverSilencedAndALevelThatDropsALoopStopsIt() throws {
        var session = Self.session(try Self.policy())
        _ = session.decide(session.event(t: 1, name: "haptics.level", value: .string("laps")))
        let start = session.decide(session.event(t: 2, name: "cadence.start"))
        #expect(start.played == "cadence")
        #expect(session.runningLoops.map(\.feedback) == ["cadence"])
        // `off` keeps nothing: switching to it stops the loop.
        let off = session.decide(session.event(t: 3, name: "haptics.level", value: .string("off")))
        #expect(off.reason == .state)
        #expect(off.directives.contains(.stopLoop))
        #expect(session.runningLoops.isEmpty)
        // A silenced loop does not start.
        #expect(session.decide(session.event(t: 4, name: "cadence.start")).reason == .userLevel)
        #expect(session.runningLoops.isEmpty)
        // Back to a level keeping it (by row): it starts; a level keeping it by layer keeps it running.
        _ = session.decide(session.event(t: 5, name: "haptics.level", value: .string("laps")))
        _ = session.decide(session.event(t: 6, name: "cadence.start"))
        let coaching = session.decide(session.event(t: 7, name: "haptics.level", value: .string("coaching")))
        #expect(!coaching.directives.contains(.stopLoop))
        #expect(session.runningLoops.count == 1)
        // Stops are not silenced, whatever the level.
        _ = session.decide(session.event(t: 8, name: "haptics.level", value: .string("essentials")))
        #expect(session.runningLoops.isEmpty)
        _ = session.decide(session.event(t: 9, name: "haptics.level", value: .string("full")))
        _ = session.decide(session.event(t: 10, name: "cadence.start"))
        _ = session.decide(session.event(t: 11, name: "haptics.level", value: .string("coaching")))
        _ = session.decide(session.event(t: 12, name: "haptics.level", value: .string("off")))
        #expect(session.runningLoops.isEmpty)
        var running = Self.session(try Self.policy())
        _ = running.decide(running.event(t: 1, name: "cadence.start"))
        _ = running.decide(running.event(t: 2, name: "haptics.level", value: .string("coaching")))
        let stop = running.decide(running.event(t: 3, name: "cadence.stop"))
        #expect(stop.action == .stop)
        #expect(running.runningLoops.isEmpty)
    }

    @Test func enforcedBudgetsDoNotCountSilencedRings() throws {
        var session = Self.session(try Self.policy())
        _ = session.decide(session.event(t: 1, name: "haptics.level", value: .string("essentials")))
        for t in 2...6 {
            #expect(session.decide(session.event(t: Double(t), name: "lap.completed")).reason == .userLevel)
        }
        _ = session.decide(session.event(t: 7, name: "haptics.level", value: .string("full")))
        #expect(session.decide(session.event(t: 8, name: "lap.completed")).played == "lap")
        #expect(session.decide(session.event(t: 9, name: "lap.completed")).played == "lap")
        #expect(session.decide(session.event(t: 9.5, name: "lap.completed")).reason == .overBudget)
    }

    @Test func fallbackPlaysAreSilencedToo() throws {
        let text = Self.text.replacingOccurrences(of: "    fallback: none\n", with: "    fallback: impact.light\n")
        var session = Session(policy: try Self.policy(text))
        // No `prepare-engine` yet: the pattern would play its fallback (engine cold).
        _ = session.decide(session.event(t: 0, name: "haptics.level", value: .string("essentials")))
        let decision = session.decide(session.event(t: 1, name: "cadence.start", screen: "workout"))
        #expect(decision.reason == .userLevel)
        #expect(!decision.fallback)
        #expect(decision.action == .silent)
    }

    @Test func hotReloadKeepsTheLevelByName() throws {
        var session = Self.session(try Self.policy())
        _ = session.decide(session.event(t: 1, name: "haptics.level", value: .string("coaching")))
        let edited = Self.text.replacingOccurrences(
            of: "full: {keeps: all}", with: "full: {keeps: all}\n    quiet: {keeps: {feedback: [lap]}}")
        let continued = Session(policy: try Self.policy(edited), continuing: session)
        #expect(continued.userLevelName == "coaching")
        let renamed = Self.text.replacingOccurrences(of: "coaching:", with: "coach-only:")
        #expect(Session(policy: try Self.policy(renamed), continuing: session).userLevelName == "full")
    }

    /// A running loop carries over a reload while the level still keeps it, by the row
    /// that started it (found again by its rule id), not only by its feedback.
    @Test func hotReloadKeepsALoopTheLevelStillKeepsByItsRow() throws {
        var session = Self.session(try Self.policy())
        _ = session.decide(session.event(t: 1, name: "haptics.level", value: .string("laps")))
        _ = session.decide(session.event(t: 2, name: "cadence.start"))
        #expect(session.runningLoops.count == 1)
        // Same levels, the rows moved: the loop's row is found again by its id.
        let moved = Self.text.replacingOccurrences(
            of: "      lap.completed: {play: lap}\n",
            with: "      button.tap: {play: tap}\n      lap.completed: {play: lap}\n")
        #expect(moved != Self.text)
        let kept = Session(policy: try Self.policy(moved), continuing: session)
        #expect(kept.userLevelName == "laps")
        #expect(kept.runningLoops.map(\.feedback) == ["cadence"])
        // The edited level no longer keeps the row: the loop does not carry over.
        let dropped = Self.text.replacingOccurrences(
            of: "rows: [workout/lap.completed, workout/cadence.start]", with: "rows: [workout/lap.completed]")
        #expect(Session(policy: try Self.policy(dropped), continuing: session).runningLoops.isEmpty)
    }

    @Test func aPolicyWithoutUserLevelsHasNoLevelAndNoSettingEvent() throws {
        let plain = try Self.policy(
            String(Self.text[..<Self.text.range(of: "user-levels:")!.lowerBound])
                + "budgets:\n  - {id: B-1, each: screen, max: 2, per: 10, enforce: true}")
        #expect(Session(policy: plain).userLevelName == nil)
        #expect(plain.eventID("haptics.level") == nil)
    }

    @Test func userLevelsDecideTheSameFromTheBundle() throws {
        let policy = try Self.policy()
        #expect(policy.content.userLevels?.levels.map(\.name) == ["full", "essentials", "laps", "coaching", "off"])
        let text = String(decoding: policy.bundle, as: UTF8.self)
        #expect(text.hasPrefix(#"{"format":"haptic-policy-bundle","formatVersion":7,"#))
        #expect(text.contains(#""userLevels":"#))
        let loaded = try toolsPolicy(bundle: policy.bundle)
        #expect(loaded.hash == policy.hash)
        #expect(loaded.content == policy.content)
        var session = Self.session(loaded)
        _ = session.decide(session.event(t: 1, name: "haptics.level", value: .string("off")))
        #expect(session.decide(session.event(t: 2, name: "goal.reached")).reason == .userLevel)
    }

    static func codes(_ text: String) throws -> [String] {
        let document = try #require(load(text).document)
        return PolicyValidator.validate(document).map { "\($0.code)@\($0.location.line):\($0.location.column)" }
    }

    /// The user levels' setting event is checked like a parameter's (HP272, HP273).
    @Test func theSettingEventMustNotClashNorBeInATable() throws {
        let declared = Self.text.replacingOccurrences(
            of: "  button.tap: {layer: ui, screens: all}\n",
            with: "  button.tap: {layer: ui, screens: all}\n  haptics.level: {layer: ui, screens: all}\n")
        #expect(try Self.codes(declared).contains("HP272@30:3"))
        let builtIn = Self.text.replacingOccurrences(of: "set-by: haptics.level", with: "set-by: app.state")
        #expect(try Self.codes(builtIn) == ["HP272@47:11"])
        let shared =
            Self.text + "\nparameters:\n  max_hr: {set-by: haptics.level, min: 120, max: 220, default: 190}"
        #expect(try Self.codes(shared).contains("HP272@47:11"))
        let inTable = Self.text.replacingOccurrences(
            of: "      cadence.stop: {stop: cadence}\n",
            with: "      cadence.stop: {stop: cadence}\n      haptics.level: {silent: not a moment}\n")
        let document = try #require(load(inTable).document)
        let finding = try #require(PolicyValidator.validate(document).first { $0.code == "HP273" })
        #expect(finding.message.contains("sets the user level"))
        #expect(finding.notes.first?.message == "it picks the user level here")
    }

    /// A band row's own id keeps the rings of all its levels.
    @Test func aBandRowIdKeepsEveryLevelsRing() throws {
        let text = Self.text.replacingOccurrences(
            of: "laps: {keeps: {rows: [workout/lap.completed, workout/cadence.start]}}",
            with: "laps: {keeps: {rows: [workout/pace.sample]}}")
        var session = Self.session(try Self.policy(text))
        _ = session.decide(session.event(t: 1, name: "haptics.level", value: .string("laps")))
        _ = session.decide(session.event(t: 2, name: "pace.sample", value: .number(6.5)))
        #expect(session.decide(session.event(t: 3, name: "pace.sample", value: .number(5.5))).played == "zone.slower")
        #expect(session.decide(session.event(t: 4, name: "pace.sample", value: .number(4.5))).played == "zone.faster")
        #expect(session.decide(session.event(t: 20, name: "lap.completed")).reason == .userLevel)
    }

    @Test func aLevelNamingNoFeedbackMakesTheBundleInconsistent() throws {
        var content = try Self.policy().content
        content.userLevels?.levels[1].keeps.feedback.append("nope")
        #expect(content.inconsistency?.contains("nope") == true)
        content = try Self.policy().content
        content.userLevels?.start = "loud"
        #expect(content.inconsistency?.contains("loud") == true)
    }
}

extension Decision {
    /// The feedback played, or nil when the decision does not play.
    fileprivate var played: String? { action == .play ? feedback : nil }
}
