import Foundation
import HapticPolicy
import HapticPolicyCompiler
import Testing

@testable import HapticPolicyYAML

/// Hot reload onto an edited policy whose every list is in another order and longer:
/// what carries over is found by name, whatever index it has now (`Session.MigrationPlan`).
@Suite struct SessionMigrationTests {
    static let original = """
        policy: migrate
        version: 1
        layers:
          ui: {}
          coach: {}
        feedback:
          tap: {layer: ui, preset: impact.light}
          thud: {layer: coach, preset: impact.heavy}
          pulse:
            layer: coach
            pattern:
              params:
                bpm: {default: 60, min: 20, max: 300}
              events:
                - {type: transient, time: 0, intensity: 1, sharpness: 0.8}
              loop: 60 / bpm
            fallback: none
        bands:
          effort:
            hysteresis: 1
            levels:
              - {name: easy, below: rest_hr + 0.2 * max_hr, silent: an easy effort}
              - {name: steady, below: 150, silent: a steady effort}
              - {name: hard, silent: a hard effort}
          grip:
            hysteresis: 0
            levels:
              - {name: loose, below: 5, silent: a loose grip}
              - {name: firm, silent: a firm grip}
        events:
          button.tap: {layer: ui, screens: [workout, rest]}
          heart.rate: {layer: coach, screens: [workout, rest], value: number}
          grip.sample: {layer: coach, screens: [workout], value: number}
          pulse.start: {layer: coach, screens: [workout]}
          pulse.stop: {layer: coach, screens: [workout]}
        parameters:
          max_hr: {set-by: profile.max, min: 120, max: 220, default: 190}
          rest_hr: {set-by: profile.rest, min: 30, max: 100, default: 60}
        screens:
          workout:
            enter: [prepare-engine]
            table:
              button.tap:
                - {when: {subject: coach}, silent: the coach's own button}
                - {play: thud}
              heart.rate: {band: effort}
              grip.sample: {band: grip}
              pulse.start: {play: pulse}
              pulse.stop: {stop: pulse}
          rest:
            table:
              button.tap: {play: tap}
              heart.rate: {band: effort}
        user-levels:
          set-by: haptics.level
          start: full
          levels:
            full: {keeps: all}
            coaching: {keeps: {layers: [coach]}}
        budgets:
          - {id: B-1, each: screen, max: 2, per: 10, enforce: true}
        """

    /// The same policy with each list in reverse order and something new at its head: a
    /// feedback, a band and a band level, an event, a parameter, a screen, a user level.
    /// `pins` is the subject the new screen's row names (a subject the original does not
    /// pin changes the pinned list, so the subject table is filled anew).
    static func edited(pins: String) -> String {
        """
        policy: migrate
        version: 1
        layers:
          ui: {}
          coach: {}
        feedback:
          buzz: {layer: ui, preset: impact.rigid}
          pulse:
            layer: coach
            pattern:
              params:
                bpm: {default: 60, min: 20, max: 300}
              events:
                - {type: transient, time: 0, intensity: 1, sharpness: 0.8}
              loop: 60 / bpm
            fallback: none
          thud: {layer: coach, preset: impact.heavy}
          tap: {layer: ui, preset: impact.light}
        bands:
          tilt:
            hysteresis: 0
            levels:
              - {name: flat, below: 10, silent: flat}
              - {name: steep, silent: steep}
          grip:
            hysteresis: 0
            levels:
              - {name: loose, below: 5, silent: a loose grip}
              - {name: firm, silent: a firm grip}
          effort:
            hysteresis: 1
            levels:
              - {name: resting, below: 40, silent: resting}
              - {name: easy, below: rest_hr + 0.2 * max_hr, silent: an easy effort}
              - {name: steady, below: 150, silent: a steady effort}
              - {name: hard, silent: a hard effort}
        events:
          tilt.sample: {layer: ui, screens: [warmup], value: number}
          pulse.stop: {layer: coach, screens: [workout]}
          pulse.start: {layer: coach, screens: [workout]}
          grip.sample: {layer: coach, screens: [workout], value: number}
          heart.rate: {layer: coach, screens: [rest, workout], value: number}
          button.tap: {layer: ui, screens: [warmup, rest, workout]}
        parameters:
          age: {set-by: profile.age, min: 10, max: 100, default: 40}
          rest_hr: {set-by: profile.rest, min: 30, max: 100, default: 60}
          max_hr: {set-by: profile.max, min: 120, max: 220, default: 190}
        screens:
          warmup:
            table:
              tilt.sample: {band: tilt}
              button.tap:
                - {when: {subject: \(pins)}, silent: the warm-up's own button}
                - {play: buzz}
          rest:
            table:
              heart.rate: {band: effort}
              button.tap: {play: tap}
          workout:
            enter: [prepare-engine]
            table:
              pulse.stop: {stop: pulse}
              pulse.start: {play: pulse}
              grip.sample: {band: grip}
              heart.rate: {band: effort}
              button.tap:
                - {when: {subject: coach}, silent: the coach's own button}
                - {play: thud}
        user-levels:
          set-by: haptics.level
          start: full
          levels:
            quiet: {keeps: none}
            coaching: {keeps: {layers: [coach]}}
            full: {keeps: all}
        budgets:
          - {id: B-1, each: screen, max: 2, per: 10, enforce: true}
        """
    }

    static func policy(_ text: String) throws -> Policy {
        let loaded = load(text)
        #expect(loaded.diagnostics.isEmpty, "\(summary(loaded))")
        let document = try #require(loaded.document)
        let errors = PolicyValidator.validate(document).filter { $0.severity == .error }
        #expect(errors.isEmpty, "\(errors.map { "\($0.code)@\($0.location.line) \($0.message)" })")
        return try Policy(compiling: document)
    }

    /// A session on the original policy with something of everything to carry over: a
    /// screen, band levels of three subjects and of no subject, parameters, a user level,
    /// a running loop, a full budget window.
    static func running() throws -> Session {
        var session = Session(policy: try policy(original))
        func send(
            _ t: Double, _ name: String, screen: String? = nil, subject: String? = nil, _ value: ScalarValue? = nil
        )
            -> Decision
        {
            session.decide(session.event(t: t, name: name, screen: screen, subject: subject, value: value))
        }
        _ = send(0, "screen.enter", screen: "workout")
        _ = send(1, "profile.max", .number(200))
        _ = send(2, "profile.rest", .number(50))
        #expect(send(3, "heart.rate", subject: "ann", .number(120)).band?.to == "steady")
        #expect(send(4, "heart.rate", subject: "bob", .number(80)).band?.to == "easy")
        #expect(send(5, "heart.rate", .number(170)).band?.to == "hard")
        #expect(send(6, "grip.sample", subject: "ann", .number(7)).band?.to == "firm")
        _ = send(7, "haptics.level", .string("coaching"))
        #expect(send(8, "pulse.start").feedback == "pulse")
        // The loop's start and this tap fill the workout's window (2 rings in 10 s).
        let tap = send(9, "button.tap")
        #expect(tap.action == .play && tap.feedback == "thud")
        #expect(send(10, "button.tap").reason == .overBudget)
        #expect(session.runningLoops.map(\.feedback) == ["pulse"])
        return session
    }

    /// What the continued session decides next, event by event.
    static func next(_ continued: Session) -> [Decision] {
        var session = continued
        func send(_ t: Double, _ name: String, subject: String? = nil, _ value: ScalarValue? = nil) -> Decision {
            session.decide(session.event(t: t, name: name, subject: subject, value: value))
        }
        return [
            send(12, "button.tap"),  // the workout's budget window carried over: still full
            send(13, "heart.rate", subject: "ann", .number(125)),  // steady, not a baseline
            send(14, "heart.rate", subject: "bob", .number(85)),  // easy at 50 + 0.2 * 200 = 90
            send(15, "heart.rate", .number(171)),  // hard
            send(16, "grip.sample", subject: "ann", .number(8)),  // firm
            send(17, "heart.rate", subject: "cy", .number(120)),  // a new subject: a baseline
            send(18, "pulse.stop"),  // stops the loop by the feedback's index now
        ]
    }

    @Test(arguments: ["coach", "timer"])
    func everythingCarriesOverByNameWhateverItsIndexNow(pins: String) throws {
        let previous = try Self.running()
        let edited = try Self.policy(Self.edited(pins: pins))
        #expect(edited.subjectNames == (pins == "coach" ? ["coach"] : ["timer", "coach"]))
        let continued = Session(policy: edited, continuing: previous)
        #expect(continued.screen.flatMap(edited.screenName) == "workout")
        #expect(edited.screenID("workout") != previous.policy.screenID("workout"), "the screen moved")
        #expect(continued.parameter("max_hr") == 200)
        #expect(continued.parameter("rest_hr") == 50)
        #expect(continued.parameter("age") == 40)
        #expect(continued.userLevelName == "coaching")
        #expect(continued.runningLoops.map(\.feedback) == ["pulse"])
        #expect(continued.subjectCount == previous.subjectCount + (pins == "coach" ? 0 : 1), "and the new pinned one")
        #expect(continued.forgottenSubjectCount == 0)
        var probe = continued
        let ann = probe.subjectID("ann")
        let bob = probe.subjectID("bob")
        #expect(probe.bandLevel(band: "effort", event: "heart.rate", subject: ann) == "steady")
        #expect(probe.bandLevel(band: "effort", event: "heart.rate", subject: bob) == "easy")
        #expect(probe.bandLevel(band: "effort", event: "heart.rate", subject: nil) == "hard")
        #expect(probe.bandLevel(band: "grip", event: "grip.sample", subject: ann) == "firm")
        #expect(probe.bandLevel(band: "tilt", event: "tilt.sample", subject: nil) == nil)

        let decided = Self.next(continued)
        #expect(
            decided.dropLast().map(\.reason) == [.overBudget, .sameBand, .sameBand, .sameBand, .sameBand, .baseline])
        #expect(decided.last?.action == .stop)
        #expect(decided.last?.feedback == "pulse")
    }

    /// Whether the subject table is moved as it is (the same pinned subjects) or filled
    /// anew (other pinned subjects), the continued session decides the same.
    @Test func movingTheSubjectTableDecidesAsFillingItAnew() throws {
        let previous = try Self.running()
        let same = Session(policy: try Self.policy(Self.edited(pins: "coach")), continuing: previous)
        let other = Session(policy: try Self.policy(Self.edited(pins: "timer")), continuing: previous)
        let a = Self.next(same)
        let b = Self.next(other)
        #expect(a.map(\.reason) == b.map(\.reason))
        #expect(a.map(\.band) == b.map(\.band))
        #expect(a.map(\.action) == b.map(\.action))
        #expect(a.map(\.feedback) == b.map(\.feedback))
    }

    /// Two reloaders swap the two policies (with other pinned subjects: both ways of
    /// carrying subjects over) while two threads decide: a reload's plan made from a policy
    /// the other reloader has replaced since is made again, never used on the wrong session.
    @Test func concurrentReloadersNeverMigrateWithAStalePlan() throws {
        let a = try Self.policy(Self.original)
        let b = try Self.policy(Self.edited(pins: "timer"))
        let store = PolicyStore(a)
        _ = store.decide(t: 0, event: "screen.enter", screen: "workout")
        let rounds = 200
        let problems = ProblemList()
        let group = DispatchGroup()
        for worker in 0..<4 {
            group.enter()
            Thread {
                defer { group.leave() }
                if worker >= 2 {
                    for round in 0..<rounds { store.reload(round % 2 == worker % 2 ? a : b) }
                    return
                }
                let subject = "runner-\(worker)"
                for i in 0..<4_000 {
                    // 80 is easy and 170 hard in both policies: after the first, each sample moves.
                    let decided = store.decide(
                        event: "heart.rate", subject: subject, value: .number(i % 2 == 0 ? 80 : 170))
                    if decided.policyHash != a.hash, decided.policyHash != b.hash {
                        problems.add("an unknown hash \(decided.policyHash)")
                    }
                    if i > 0, decided.decision.band?.from == nil {
                        problems.add("band state lost at sample \(i): \(String(describing: decided.decision.reason))")
                    }
                }
            }.start()
        }
        group.wait()
        #expect(problems.all.isEmpty, "\(problems.all.prefix(5))")
        #expect(store.reloadsSwapped.swapped == 2 * rounds, "every reload swapped once")
    }
}

/// Problems found on several threads.
final class ProblemList: @unchecked Sendable {
    // `@unchecked`: `problems` is only touched with `lock` held.
    private let lock = NSLock()
    private var problems: [String] = []
    func add(_ problem: String) { lock.withLock { problems.append(problem) } }
    var all: [String] { lock.withLock { problems } }
}

/// The usual edit (a rule changed, every signal and level where it was): band states are
/// taken over whole (`BandTracker.takeOver`) rather than row by row, and decide the same.
@Suite struct BandTakeOverTests {
    /// A policy with a dwelling band; `pins` is the subject a tap row names and `tap` what
    /// the other taps play.
    static func text(pins: String, tap: String) -> String {
        """
        policy: dwell
        version: 1
        layers:
          ui: {}
        feedback:
          tick: {layer: ui, preset: impact.light}
          thud: {layer: ui, preset: impact.heavy}
        bands:
          zone:
            hysteresis: 0
            dwell: 3
            levels:
              - {name: low, below: 10, silent: low}
              - {name: high, silent: high}
          grip:
            hysteresis: 0
            levels:
              - {name: loose, below: 5, silent: a loose grip}
              - {name: firm, silent: a firm grip}
        events:
          zone.sample: {layer: ui, screens: [main], value: number}
          grip.sample: {layer: ui, screens: [main], value: number}
          tap: {layer: ui, screens: [main]}
        screens:
          main:
            table:
              zone.sample: {band: zone}
              grip.sample: {band: grip}
              tap:
                - {when: {subject: \(pins)}, silent: its own button}
                - {play: \(tap)}
        """
    }

    /// A session with subjects in every state: `ann` dwelling toward high, `bob` settled
    /// high, no subject dwelling toward low, `cy` with a grip level only.
    static func running() throws -> Session {
        var session = Session(policy: try SessionMigrationTests.policy(text(pins: "coach", tap: "tick")))
        func send(_ t: Double, _ name: String, subject: String? = nil, _ value: Double) -> Decision {
            session.decide(session.event(t: t, name: name, screen: "main", subject: subject, value: .number(value)))
        }
        _ = session.decide(session.event(t: 0, name: "screen.enter", screen: "main"))
        #expect(send(1, "zone.sample", subject: "ann", 5).reason == .baseline)
        #expect(send(2, "zone.sample", subject: "ann", 20).reason == .dwelling)
        #expect(send(3, "zone.sample", subject: "bob", 20).reason == .baseline)
        #expect(send(4, "zone.sample", 20).reason == .baseline)
        #expect(send(5, "zone.sample", 5).reason == .dwelling)
        #expect(send(6, "grip.sample", subject: "cy", 7).reason == .baseline)
        return session
    }

    /// What the continued session decides next: at t 6.5 ann's dwell would have held 4.5 s
    /// and moved without a reload; after one it starts again.
    static func next(_ continued: Session) -> [Decision] {
        var session = continued
        func send(_ t: Double, _ name: String, subject: String? = nil, _ value: Double) -> Decision {
            session.decide(session.event(t: t, name: name, subject: subject, value: .number(value)))
        }
        return [
            send(6.5, "zone.sample", subject: "ann", 20),
            send(8.0, "zone.sample", 5),
            send(9.0, "zone.sample", subject: "bob", 21),
            send(10.0, "grip.sample", subject: "cy", 8),
            send(10.5, "zone.sample", subject: "ann", 20),
        ]
    }

    @Test func theUsualEditTakesTheStatesOverWholeAndRestartsEachDwell() throws {
        let previous = try Self.running()
        let edited = try SessionMigrationTests.policy(Self.text(pins: "coach", tap: "thud"))
        let plan = Session.MigrationPlan(from: previous.policy, to: edited)
        #expect(plan.bandsKept)
        #expect(plan.samePinnedSubjects)
        #expect(
            plan.dwellingSlots == [previous.policy.bandSlots.firstIndex { previous.policy.bands[$0.band].dwell > 0 }])
        let continued = Session(policy: edited, continuing: previous)
        let decided = Self.next(continued)
        #expect(decided.map(\.reason) == [.dwelling, .dwelling, .sameBand, .sameBand, .designer])
        #expect(Self.held(decided[0]) == 0, "ann's dwell starts again at the first sample after the reload")
        #expect(Self.held(decided[1]) == 0, "and so does the subjectless signal's")
        #expect(decided[4].band == Decision.BandTransition(band: "zone", from: "low", to: "high"))
        // Without the reload, ann's dwell held and moved: the previous session is unchanged.
        let unreloaded = Self.next(previous)
        #expect(unreloaded[0].band == Decision.BandTransition(band: "zone", from: "low", to: "high"))
        #expect(unreloaded[1].band == Decision.BandTransition(band: "zone", from: "high", to: "low"))
    }

    /// How long a dwelling sample's level has held, from its note.
    static func held(_ decision: Decision) -> Double? {
        guard case .dwelling(_, _, let held)? = decision.noteSource else { return nil }
        return held
    }

    /// Taken over whole (the same pinned subjects) or row by row (other ones: the subject
    /// table is filled anew, rows move), the continued session decides the same.
    @Test func takingTheStatesOverWholeDecidesAsCarryingThemRowByRow() throws {
        let previous = try Self.running()
        let whole = try SessionMigrationTests.policy(Self.text(pins: "coach", tap: "thud"))
        let byRow = try SessionMigrationTests.policy(Self.text(pins: "timer", tap: "thud"))
        #expect(!Session.MigrationPlan(from: previous.policy, to: byRow).samePinnedSubjects)
        let a = Self.next(Session(policy: whole, continuing: previous))
        let b = Self.next(Session(policy: byRow, continuing: previous))
        #expect(a.map(\.reason) == b.map(\.reason))
        #expect(a.map(\.band) == b.map(\.band))
        #expect(a.map(\.action) == b.map(\.action))
    }

    /// A level added after the last keeps the others' indices, so states still carry over
    /// whole; one added before them moves every index, and they carry over by name.
    @Test func onlyLevelsAtTheSameIndexKeepTheBandsWhole() throws {
        let original = try SessionMigrationTests.policy(Self.text(pins: "coach", tap: "tick"))
        let appended = Self.text(pins: "coach", tap: "tick").replacingOccurrences(
            of: "- {name: firm, silent: a firm grip}",
            with: "- {name: firm, below: 9, silent: a firm grip}\n      - {name: white, silent: white knuckles}")
        let prepended = Self.text(pins: "coach", tap: "tick").replacingOccurrences(
            of: "- {name: loose, below: 5, silent: a loose grip}",
            with: "- {name: slack, below: 1, silent: slack}\n      - {name: loose, below: 5, silent: a loose grip}")
        #expect(Session.MigrationPlan(from: original, to: try SessionMigrationTests.policy(appended)).bandsKept)
        #expect(!Session.MigrationPlan(from: original, to: try SessionMigrationTests.policy(prepended)).bandsKept)
    }
}
