import HapticPolicy
import HapticPolicyDocument

/// Replays event logs through two versions of a policy, each in its own stateful
/// `Session`, and reports every event whose decision changed, with per-screen ring
/// rates, band chatter and budget breaches on both sides; and every field of the
/// feedback (presets, pattern events) that differs between them (`FeedbackFields`), and of
/// the band sets and budgets (`DeclarationFields`).
public struct PolicyDiff: Sendable {
    /// One event decided differently.
    public struct Change: Sendable {
        /// The log the event came from.
        public var log: String
        /// The 1-based number of the event in its log (unreadable and blank lines are
        /// not replayed, so not counted).
        public var line: Int
        /// The event.
        public var event: TimedEvent
        /// The screen it was decided on (the new side's, else the old side's).
        public var screen: String?
        /// The old policy's decision.
        public var before: Decision
        /// The new policy's decision.
        public var after: Decision
    }

    /// Rings and chatter of one screen, before and after.
    public struct ScreenSummary: Sendable, Hashable {
        /// The screen.
        public var screen: String
        /// Seconds spent on the screen in the logs (from the old side's screen changes).
        public var seconds: Double
        /// Rings with the old policy.
        public var ringsBefore: Int
        /// Rings with the new policy.
        public var ringsAfter: Int
        /// Band-change rings closer than the chatter window to the previous one for the
        /// same subject and band, with the old policy.
        public var chatterBefore: Int
        /// The same with the new policy.
        public var chatterAfter: Int

        /// Rings per minute on this screen with the old policy.
        public var ratePerMinuteBefore: Double { rate(ringsBefore) }
        /// Rings per minute on this screen with the new policy.
        public var ratePerMinuteAfter: Double { rate(ringsAfter) }

        /// Finite however short the time.
        private func rate(_ rings: Int) -> Double {
            seconds > 0 ? Swift.min(Double(rings) * 60 / seconds, .greatestFiniteMagnitude) : 0
        }
    }

    /// Every changed event, in log order.
    public var changes: [Change]
    /// Every feedback field that differs between the two policies (a pattern event's
    /// intensity, a preset, a fallback), whether or not a log plays it.
    public var feedbackChanges: [FeedbackFields.Change] = []
    /// Every band set and budget field that differs between the two policies (an edge, a
    /// hysteresis, a budget's max), whether or not a log crosses it.
    public var declarationChanges: [DeclarationFields.Change] = []
    /// Per-screen summaries, in order of first appearance.
    public var screens: [ScreenSummary]
    /// Budget breaches with the old policy.
    public var breachesBefore: [BudgetMeter.Breach]
    /// Budget breaches with the new policy.
    public var breachesAfter: [BudgetMeter.Breach]
    /// Breaches with the old policy past each log's `BudgetMeter.breachLimit`: counted, not listed.
    public var breachesNotKeptBefore = 0
    /// The same with the new policy.
    public var breachesNotKeptAfter = 0
    /// Events replayed, over all logs.
    public var eventCount: Int
    /// The chatter window used, seconds.
    public var chatterWindow: Double

    /// One log's count of changed decisions.
    public struct SessionChanges: Sendable, Hashable {
        /// The log.
        public var log: String
        /// Events replayed from it.
        public var events: Int
        /// Its events decided differently.
        public var changed: Int
    }

    /// Events decided differently, listed or not.
    public var changedCount = 0
    /// Every log with its count of changes, in log order.
    public var sessions: [SessionChanges] = []
    /// The most changes `changes` lists: 1,000. Past it, changes are counted (in
    /// `changedCount` and per session) but not kept, so a diff over thousands of logs stays
    /// in bounded memory.
    public static let listedChangeLimit = 1_000

    /// Logs with at least one change.
    public var sessionsChanged: Int { sessions.count { $0.changed > 0 } }

    /// The logs with the most changes, most first (ties in log order), at most `limit`.
    public func largestChanges(_ limit: Int = 10) -> [SessionChanges] {
        Array(
            sessions.enumerated().filter { $0.element.changed > 0 }
                .sorted {
                    $0.element.changed != $1.element.changed
                        ? $0.element.changed > $1.element.changed : $0.offset < $1.offset
                }
                .prefix(limit).map(\.element))
    }

    /// Compares two policies on the given logs (each replayed from a fresh session).
    public static func compare(
        old: Policy, new: Policy,
        logs: [(name: String, events: [TimedEvent])], chatterWindow: Double = 5
    ) -> PolicyDiff {
        var accumulator = Accumulator(old: old, new: new, chatterWindow: chatterWindow)
        for log in logs { accumulator.add(log: log.name, events: log.events) }
        return accumulator.result
    }

    /// A diff built one log at a time, so only one log's events are held at once (`diff`
    /// streams many logs through it).
    public struct Accumulator {
        private let old: Policy
        private let new: Policy
        private var diff: PolicyDiff
        private var order: [String] = []
        private var summaries: [String: ScreenSummary] = [:]

        /// Starts an empty diff of `old` against `new`, with the feedback, band set and
        /// budget fields that differ between them.
        public init(old: Policy, new: Policy, chatterWindow: Double = 5) {
            self.init(old: old, new: new, chatterWindow: chatterWindow, comparingFeedback: true)
        }

        /// `comparingFeedback` false for one log's part (`replay`): the feedback, bands and
        /// budgets are compared once, by the accumulator the parts are folded into.
        private init(old: Policy, new: Policy, chatterWindow: Double, comparingFeedback: Bool) {
            self.old = old
            self.new = new
            diff = PolicyDiff(
                changes: [], screens: [], breachesBefore: [], breachesAfter: [], eventCount: 0,
                chatterWindow: chatterWindow)
            if comparingFeedback {
                diff.feedbackChanges = FeedbackFields.changes(
                    from: FeedbackFields(policy: old), to: FeedbackFields(policy: new))
                diff.declarationChanges = DeclarationFields.changes(
                    from: DeclarationFields(policy: old), to: DeclarationFields(policy: new))
            }
        }

        /// The diff of the logs added so far.
        public var result: PolicyDiff {
            var result = diff
            result.screens = order.compactMap { summaries[$0] }
            return result
        }

        private mutating func summary(_ screen: String) -> ScreenSummary {
            if let existing = summaries[screen] { return existing }
            order.append(screen)
            return ScreenSummary(
                screen: screen, seconds: 0, ringsBefore: 0, ringsAfter: 0, chatterBefore: 0, chatterAfter: 0)
        }

        /// One log's diff, from fresh sessions, on any thread: fold it in with `add(_:)`
        /// in input order, and the result is the same as adding the logs one by one.
        public static func replay(
            log name: String, events: [TimedEvent], old: Policy, new: Policy, chatterWindow: Double = 5
        ) -> PolicyDiff {
            var one = Accumulator(old: old, new: new, chatterWindow: chatterWindow, comparingFeedback: false)
            one.replay(log: name, events: events)
            return one.result
        }

        /// Folds in one log's diff (`replay`): its session, counts, listed changes and
        /// breaches up to the limits, and its screens' time, rings and chatter (its
        /// feedback and declaration changes are not: this accumulator has them).
        public mutating func add(_ part: PolicyDiff) {
            diff.eventCount += part.eventCount
            diff.changedCount += part.changedCount
            diff.sessions += part.sessions
            diff.changes += part.changes.prefix(Swift.max(0, PolicyDiff.listedChangeLimit - diff.changes.count))
            for screen in part.screens {
                var entry = summary(screen.screen)
                entry.seconds = saturatingSum(entry.seconds, screen.seconds)
                entry.ringsBefore += screen.ringsBefore
                entry.ringsAfter += screen.ringsAfter
                entry.chatterBefore += screen.chatterBefore
                entry.chatterAfter += screen.chatterAfter
                summaries[screen.screen] = entry
            }
            let room = { (kept: Int) in Swift.max(0, BudgetMeter.breachLimit - kept) }
            let keptBefore = Swift.min(part.breachesBefore.count, room(diff.breachesBefore.count))
            let keptAfter = Swift.min(part.breachesAfter.count, room(diff.breachesAfter.count))
            diff.breachesBefore += part.breachesBefore.prefix(keptBefore)
            diff.breachesAfter += part.breachesAfter.prefix(keptAfter)
            diff.breachesNotKeptBefore += part.breachesNotKeptBefore + part.breachesBefore.count - keptBefore
            diff.breachesNotKeptAfter += part.breachesNotKeptAfter + part.breachesAfter.count - keptAfter
        }

        /// Replays one log, from fresh sessions, through both policies.
        public mutating func add(log name: String, events: [TimedEvent]) {
            add(Self.replay(log: name, events: events, old: old, new: new, chatterWindow: diff.chatterWindow))
        }

        private mutating func replay(log name: String, events: [TimedEvent]) {
            var before = Replay(policy: old)
            var after = Replay(policy: new)
            before.budgetMeter = BudgetMeter(policy: old)
            after.budgetMeter = BudgetMeter(policy: new)
            var chatterBefore = ChatterCounter(window: diff.chatterWindow)
            var chatterAfter = ChatterCounter(window: diff.chatterWindow)
            var previous: (time: Double, screen: String?)?
            var changed = 0
            for (index, event) in events.enumerated() {
                diff.eventCount += 1
                let a = before.decide(event)
                let b = after.decide(event)
                if let previous, let screen = previous.screen {
                    var entry = summary(screen)
                    entry.seconds = saturatingSum(entry.seconds, max(0, event.t - previous.time))
                    summaries[screen] = entry
                }
                previous = (event.t, a.screen)
                for (decision, isBefore) in a.steps.map({ ($0, true) }) + b.steps.map({ ($0, false) }) {
                    guard decision.action == .play, decision.layer != nil else { continue }
                    let screen = decision.screen ?? "-"
                    var entry = summary(screen)
                    if isBefore {
                        entry.ringsBefore += 1
                        if chatterBefore.record(decision, event: event) { entry.chatterBefore += 1 }
                    } else {
                        entry.ringsAfter += 1
                        if chatterAfter.record(decision, event: event) { entry.chatterAfter += 1 }
                    }
                    summaries[screen] = entry
                }
                if ChatterCounter.ends(old, event: event.name) { chatterBefore.end(subject: event.subject) }
                if ChatterCounter.ends(new, event: event.name) { chatterAfter.end(subject: event.subject) }
                if PolicyDiff.differs(a, b) {
                    changed += 1
                    diff.changedCount += 1
                    if diff.changes.count < PolicyDiff.listedChangeLimit {
                        diff.changes.append(
                            Change(
                                log: name, line: index + 1, event: event, screen: b.screen ?? a.screen,
                                before: a, after: b))
                    }
                }
            }
            diff.sessions.append(SessionChanges(log: name, events: events.count, changed: changed))
            // Listed up to one log's limit over all logs; the rest counted.
            let room = { (kept: Int) in Swift.max(0, BudgetMeter.breachLimit - kept) }
            let meterBefore = before.budgetMeter ?? BudgetMeter(policy: old)
            let meterAfter = after.budgetMeter ?? BudgetMeter(policy: new)
            let endedBefore = meterBefore.breaches
            let endedAfter = meterAfter.breaches
            let keptBefore = Swift.min(endedBefore.count, room(diff.breachesBefore.count))
            let keptAfter = Swift.min(endedAfter.count, room(diff.breachesAfter.count))
            diff.breachesBefore += endedBefore.prefix(keptBefore)
            diff.breachesAfter += endedAfter.prefix(keptAfter)
            diff.breachesNotKeptBefore += meterBefore.breachesNotKept + endedBefore.count - keptBefore
            diff.breachesNotKeptAfter += meterAfter.breachesNotKept + endedAfter.count - keptAfter
        }
    }

    /// Whether two decisions differ in what the user feels or the player does: action,
    /// feedback, what renders, the parameters a template plays with (a band level's
    /// `with:` changed), the reason, or the directives. Rule ids and notes alone do not
    /// count (renaming a row changes nothing in the hand). A row's other actions
    /// (`Decision.also`) are compared the same way, one by one.
    public static func differs(_ a: Decision, _ b: Decision) -> Bool {
        a.action != b.action || a.feedback != b.feedback || a.render != b.render || a.reason != b.reason
            || a.directives != b.directives || a.parameters != b.parameters || a.also.count != b.also.count
            || zip(a.also, b.also).contains { differs($0, $1) }
    }

    /// Total chatter with the old policy.
    public var chatterBefore: Int { screens.reduce(0) { $0 + $1.chatterBefore } }
    /// Total chatter with the new policy.
    public var chatterAfter: Int { screens.reduce(0) { $0 + $1.chatterAfter } }
}

/// Counts chatter: a band-change ring that undoes the previous band-change ring of the
/// same band and subject (back to the level that one left) less than `window` seconds
/// after it, a sensor flapping at an edge. A change onward (a gear shift up after a
/// shift up) is not chatter, and a subject that ended (`ends-subject: true`) starts
/// afresh. `diff` and `eval`'s fleet summary (`FleetTally`) count chatter with it alike.
struct ChatterCounter: Sendable {
    /// A band change that rang.
    private struct Change: Sendable {
        var time: Double
        var from: String
        var to: String
    }

    let window: Double
    /// By subject name ("" for none), by band set: the last change that rang.
    private var last: [String: [String: Change]] = [:]

    init(window: Double) {
        self.window = window
    }

    /// Records a decision of `event`; returns whether it is chatter.
    mutating func record(_ decision: Decision, event: TimedEvent) -> Bool {
        record(decision, time: event.t, subject: event.subject)
    }

    /// Records a decision made at `time` for `subject`; returns whether it is chatter.
    mutating func record(_ decision: Decision, time: Double, subject: String?) -> Bool {
        guard decision.action == .play, let band = decision.band, let from = band.from, from != band.to else {
            return false
        }
        let change = Change(time: time, from: from, to: band.to)
        let previous = last[subject ?? "", default: [:]].updateValue(change, forKey: band.band)
        guard let previous else { return false }
        return previous.to == from && previous.from == band.to && time - previous.time < window
    }

    /// Forgets `subject` after an event that ends it: its next change starts afresh.
    mutating func end(subject: String?) {
        last[subject ?? ""] = nil
    }

    /// Whether `policy` ends the subject of an event named `event` (`ends-subject: true`).
    static func ends(_ policy: Policy, event: String) -> Bool {
        guard policy.endsSubjects, let id = policy.eventID(event)?.rawValue, policy.endsSubject.indices.contains(id)
        else { return false }
        return policy.endsSubject[id]
    }
}
