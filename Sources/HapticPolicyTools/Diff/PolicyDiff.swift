import HapticPolicy

/// Replays event logs through two versions of a policy, each in its own stateful
/// `Session`, and reports every event whose decision changed, with per-screen ring
/// rates, band chatter and budget breaches on both sides.
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

    /// Compares two policies on the given logs (each replayed from a fresh session).
    public static func compare(
        old: Policy, new: Policy,
        logs: [(name: String, events: [TimedEvent])], chatterWindow: Double = 5
    ) -> PolicyDiff {
        var changes: [Change] = []
        var order: [String] = []
        var summaries: [String: ScreenSummary] = [:]
        var breachesBefore: [BudgetMeter.Breach] = []
        var breachesAfter: [BudgetMeter.Breach] = []
        var notKeptBefore = 0
        var notKeptAfter = 0
        var count = 0

        func summary(_ screen: String) -> ScreenSummary {
            if let existing = summaries[screen] { return existing }
            order.append(screen)
            return ScreenSummary(
                screen: screen, seconds: 0, ringsBefore: 0, ringsAfter: 0, chatterBefore: 0, chatterAfter: 0)
        }

        for log in logs {
            var before = Session(policy: old)
            var after = Session(policy: new)
            var meterBefore = BudgetMeter(policy: old)
            var meterAfter = BudgetMeter(policy: new)
            var chatterBefore = ChatterCounter(window: chatterWindow)
            var chatterAfter = ChatterCounter(window: chatterWindow)
            var previous: (time: Double, screen: String?)?
            for (index, event) in log.events.enumerated() {
                count += 1
                let a = before.decide(event)
                let b = after.decide(event)
                if let previous, let screen = previous.screen {
                    var entry = summary(screen)
                    entry.seconds = saturatingSum(entry.seconds, max(0, event.time - previous.time))
                    summaries[screen] = entry
                }
                previous = (event.time, a.screen)
                for (decision, isBefore) in [(a, true), (b, false)] {
                    guard decision.action == .play, let layer = decision.layer else { continue }
                    let screen = decision.screen ?? "-"
                    var entry = summary(screen)
                    let chattered: Bool
                    if isBefore {
                        entry.ringsBefore += 1
                        meterBefore.record(time: event.time, screen: screen, layer: layer, event: event.event.name)
                        chattered = chatterBefore.record(decision, event: event)
                        if chattered { entry.chatterBefore += 1 }
                    } else {
                        entry.ringsAfter += 1
                        meterAfter.record(time: event.time, screen: screen, layer: layer, event: event.event.name)
                        chattered = chatterAfter.record(decision, event: event)
                        if chattered { entry.chatterAfter += 1 }
                    }
                    summaries[screen] = entry
                }
                if Self.differs(a, b) {
                    changes.append(
                        Change(
                            log: log.name, line: index + 1, event: event, screen: b.screen ?? a.screen,
                            before: a, after: b))
                }
            }
            breachesBefore += meterBefore.breaches
            breachesAfter += meterAfter.breaches
            notKeptBefore += meterBefore.breachesNotKept
            notKeptAfter += meterAfter.breachesNotKept
        }
        return PolicyDiff(
            changes: changes, screens: order.compactMap { summaries[$0] }, breachesBefore: breachesBefore,
            breachesAfter: breachesAfter, breachesNotKeptBefore: notKeptBefore, breachesNotKeptAfter: notKeptAfter,
            eventCount: count, chatterWindow: chatterWindow)
    }

    /// Whether two decisions differ in what the user feels or the player does: action,
    /// feedback, what renders, the reason, or the directives. Rule ids and notes alone
    /// do not count (renaming a row changes nothing in the hand).
    public static func differs(_ a: Decision, _ b: Decision) -> Bool {
        a.action != b.action || a.feedback != b.feedback || a.render != b.render || a.reason != b.reason
            || a.directives != b.directives
    }

    /// Total chatter with the old policy.
    public var chatterBefore: Int { screens.reduce(0) { $0 + $1.chatterBefore } }
    /// Total chatter with the new policy.
    public var chatterAfter: Int { screens.reduce(0) { $0 + $1.chatterAfter } }
}

/// Counts band-change rings that come closer than `window` seconds after the previous
/// band-change ring for the same band and subject: a sensor chattering at an edge.
/// `diff` and `eval`'s fleet summary (`FleetTally`) count chatter with it alike.
struct ChatterCounter: Sendable {
    let window: Double
    private var last: [String: Double] = [:]

    init(window: Double) {
        self.window = window
    }

    /// Records a decision; returns whether it is chatter.
    mutating func record(_ decision: Decision, event: TimedEvent) -> Bool {
        record(decision, time: event.time, subject: event.event.subject)
    }

    /// Records a decision made at `time` for `subject`; returns whether it is chatter.
    mutating func record(_ decision: Decision, time: Double, subject: String?) -> Bool {
        guard decision.action == .play, let band = decision.band, band.from != nil, band.from != band.to else {
            return false
        }
        let key = band.band + "\u{1F}" + (subject ?? "")
        defer { last[key] = time }
        guard let previous = last[key] else { return false }
        return time - previous < window
    }
}
