import HapticPolicy

/// Counts rings against a policy's rate budgets in sliding windows and reports every
/// breach with the window that broke it.
///
/// Feed it each ring (a decision that plays something) in time order; `eval`, `test`,
/// `diff` and the report's session timeline share it. Overlapping over-budget windows of
/// one budget and scope merge into one breach, so a burst is reported once, with its full
/// extent and its peak count; `record` also says which budgets each ring put over.
public struct BudgetMeter: Sendable {
    /// One budget broken: which, where, how many rings in which window.
    public struct Breach: Sendable, Hashable, CustomStringConvertible {
        /// The budget id (`B-1`).
        public var budget: String
        /// What was counted: `screen camera` or `layer creature`.
        public var scope: String
        /// The most rings seen in one window during the breach.
        public var count: Int
        /// The budget's maximum.
        public var max: Int
        /// The budget's window length, seconds.
        public var window: Double
        /// Time of the first ring of the first over-budget window.
        public var start: Double
        /// Time of the last ring that was over budget.
        public var end: Double

        /// `B-1: 8 rings on screen camera within 10 s (max 6), 12.5 s to 19.25 s`.
        public var description: String {
            "\(budget): \(count) rings on \(scope) within \(numberText(window)) s (max \(max)), "
                + "\(numberText(start)) s to \(numberText(end)) s"
        }
    }

    /// A budget the ring just recorded put over its maximum: its window now holds more
    /// than `max` rings. One per budget per ring, while the window stays over; `Breach`
    /// merges them into bursts.
    public struct Overrun: Sendable, Hashable {
        /// The budget id (`B-1`).
        public var budget: String
        /// What was counted: `screen camera` or `layer creature`.
        public var scope: String
        /// Rings in the window ending with this one, this one included.
        public var count: Int
        /// The budget's maximum.
        public var max: Int
        /// The budget's window length, seconds.
        public var window: Double
    }

    /// One budget's window in one scope (the runtime's `BudgetWindow`, which enforcement
    /// uses too, without a capacity: every ring still in the window is counted) and the
    /// breach it is in.
    private struct Counter: Sendable {
        var window = BudgetWindow()
        var open: Breach?
    }

    private let budgets: [PolicyContent.Budget]
    /// Each budget's excepted event names (`except:`), by budget index: a few names,
    /// compared in turn (cheaper than hashing the event's name on every ring).
    private let excepted: [[String]]
    /// Whether any budget excepts an event, so metering without exceptions never hashes.
    private let hasExceptions: Bool
    /// One counter per budget for `screen:`, `layer:` and `events:` scopes.
    private var single: [Counter]
    /// Counters per screen for `each: screen` budgets, by budget index, and where each
    /// screen's counter is in them.
    private var perScreen: [[Counter]]
    private var perScreenSlot: [[String: Int]]
    /// The screen of the last ring and its counter's index in each `each: screen`
    /// budget's `perScreen`: rings come in runs on one screen, so most find their
    /// counters without hashing the screen's name.
    private var lastScreen: String?
    private var lastScreenSlots: [Int]
    private var closed: [Breach] = []
    /// Rings recorded so far.
    public private(set) var rings = 0
    /// Breaches that ended once `breachLimit` were kept: counted here, not listed.
    public private(set) var breachesNotKept = 0

    /// The most ended breaches a meter keeps, the first ones: 1,000. A log that breaks a
    /// budget again and again (a stuck button, a generated burst) would otherwise grow the
    /// meter with every burst; past the limit a breach is only counted
    /// (`breachesNotKept`), and the summaries say how many more there were.
    public static let breachLimit = 1_000

    /// Creates a meter for a policy's budgets.
    public init(policy: Policy) {
        self.init(budgets: policy.content.budgets)
    }

    /// Creates a meter for compiled budgets.
    package init(budgets: [PolicyContent.Budget]) {
        self.budgets = budgets
        self.excepted = budgets.map { Array(Set($0.exceptions)) }
        self.hasExceptions = budgets.contains { !$0.exceptions.isEmpty }
        self.single = Array(repeating: Counter(), count: budgets.count)
        self.perScreen = Array(repeating: [], count: budgets.count)
        self.perScreenSlot = Array(repeating: [:], count: budgets.count)
        self.lastScreenSlots = Array(repeating: -1, count: budgets.count)
    }

    /// Records a decision made at `time` for the event named `event`: counted when it
    /// plays, ignored otherwise. Budgets that except `event` do not count it; without an
    /// event name every budget counts it but those that count named events. Returns the budgets this ring put over their
    /// maximum (empty for most rings).
    @discardableResult
    public mutating func record(_ decision: Decision, at time: Double, event: String? = nil) -> [Overrun] {
        guard decision.also.isEmpty else {
            // A row that did several things: every play among its actions is a ring, a
            // loop start included, in execution order.
            var overruns: [Overrun] = []
            for step in decision.steps where step.action == .play {
                guard let layer = step.layer else { continue }
                overruns += record(
                    time: time, screen: step.screen ?? decision.screen ?? "-", layer: layer, event: event)
            }
            return overruns
        }
        guard decision.action == .play, let layer = decision.layer else { return [] }
        return record(time: time, screen: decision.screen ?? "-", layer: layer, event: event)
    }

    /// Records one ring of the event named `event`. Rings must come in non-decreasing
    /// time order. Budgets that except `event` (`except:`) do not count it. Returns the
    /// budgets this ring put over their maximum, in declaration order.
    @discardableResult
    public mutating func record(time: Double, screen: String, layer: Layer, event: String? = nil) -> [Overrun] {
        rings += 1
        var overruns: [Overrun] = []
        if screen != lastScreen { findCounters(of: screen) }
        for index in budgets.indices {
            if hasExceptions, let event, !excepted[index].isEmpty, excepted[index].contains(event) { continue }
            let budget = budgets[index]
            let count: Int
            switch budget.scope {
            case .eachScreen:
                // Counted in place: the counter's times are not copied.
                count = Self.count(
                    &perScreen[index][lastScreenSlots[index]], budget, time: time, scope: { "screen \(screen)" },
                    closed: &closed, dropped: &breachesNotKept)
            case .screen(let name):
                guard name == screen else { continue }
                // Take the counter out so appending does not copy its times.
                var counter = single[index]
                single[index] = Counter()
                count = Self.count(
                    &counter, budget, time: time, scope: { "screen \(screen)" },
                    closed: &closed, dropped: &breachesNotKept)
                single[index] = counter
            case .events(let names):
                // A ring without an event name cannot be one of the budget's events.
                guard let event, names.contains(event) else { continue }
                var counter = single[index]
                single[index] = Counter()
                count = Self.count(
                    &counter, budget, time: time, scope: { PolicyContent.Budget.Scope.eventsText(names) },
                    closed: &closed, dropped: &breachesNotKept)
                single[index] = counter
            case .layer(let counted):
                guard counted == layer else { continue }
                // Take the counter out so appending does not copy its times.
                var counter = single[index]
                single[index] = Counter()
                count = Self.count(
                    &counter, budget, time: time, scope: { "layer \(layer.rawValue)" },
                    closed: &closed, dropped: &breachesNotKept)
                single[index] = counter
            }
            if count > budget.max {
                let scope =
                    switch budget.scope {
                    case .layer: "layer \(layer.rawValue)"
                    case .events(let names): PolicyContent.Budget.Scope.eventsText(names)
                    case .eachScreen, .screen: "screen \(screen)"
                    }
                overruns.append(
                    Overrun(
                        budget: budget.id, scope: scope, count: count, max: budget.max, window: budget.window))
            }
        }
        return overruns
    }

    /// Makes `screen` the last ring's screen: finds (or adds) its counter in each
    /// `each: screen` budget.
    private mutating func findCounters(of screen: String) {
        lastScreen = screen
        for index in budgets.indices {
            guard case .eachScreen = budgets[index].scope else { continue }
            if let slot = perScreenSlot[index][screen] {
                lastScreenSlots[index] = slot
            } else {
                lastScreenSlots[index] = perScreen[index].count
                perScreenSlot[index][screen] = perScreen[index].count
                perScreen[index].append(Counter())
            }
        }
    }

    /// Slides the window of one counter to `time` and opens or extends a breach (moving
    /// the previous breach to `closed` when a new one replaces it); returns how many rings
    /// the window holds.
    private static func count(
        _ counter: inout Counter, _ budget: PolicyContent.Budget, time: Double, scope: () -> String,
        closed: inout [Breach], dropped: inout Int
    ) -> Int {
        counter.window.record(time)
        // The window is (time - per, time]: a ring exactly `per` seconds ago is out.
        let count = counter.window.slide(to: time, budget)
        guard count > budget.max, let first = counter.window.oldest else { return count }
        if var open = counter.open, first <= open.end {
            open.end = time
            open.count = Swift.max(open.count, count)
            counter.open = open
            return count
        }
        if let ended = counter.open {
            if closed.count < breachLimit { closed.append(ended) } else { dropped += 1 }
        }
        counter.open = Breach(
            budget: budget.id, scope: scope(), count: count, max: budget.max,
            window: budget.window, start: first, end: time)
        return count
    }

    /// Every breach so far, ordered by start time, then budget.
    public var breaches: [Breach] {
        let all = closed + single.compactMap(\.open) + perScreen.flatMap { $0.compactMap(\.open) }
        return all.sorted { ($0.start, $0.budget, $0.scope) < ($1.start, $1.budget, $1.scope) }
    }
}
