/// The times of the latest rings one budget counts in one scope, oldest first: the one
/// sliding window of a rate budget (`budgets:`). The session's enforcement keeps the
/// latest `capacity` (the budget's `max`) and asks whether they all fall in the window
/// (`isFull`); the tooling's `BudgetMeter` keeps every ring still in the window
/// (`slide`) to report how far over a breach went. Both read the window through
/// `PolicyContent.Budget.holds`: (time - window, time].
package struct BudgetWindow: Sendable {
    /// The ring times, in the order they were recorded; `times[head...]` are kept.
    private var times: [Double] = []
    private var head = 0
    /// The most rings kept: the oldest beyond it is dropped (`Int.max`: no limit).
    package let capacity: Int

    /// An empty window keeping at most `capacity` rings.
    package init(capacity: Int = .max) {
        self.capacity = capacity
    }

    /// Rings kept now.
    package var count: Int { times.count - head }

    /// The oldest ring kept, or nil when none is.
    package var oldest: Double? { head < times.count ? times[head] : nil }

    /// Records a ring at `time`, dropping the oldest one beyond `capacity`.
    package mutating func record(_ time: Double) {
        times.append(time)
        if times.count - head > capacity { head += 1 }
        compact()
    }

    /// Whether `capacity` rings are kept and the oldest of them is inside the window of
    /// `budget` that ends at `time`: one more ring then would be one too many.
    @inline(__always)
    package func isFull(at time: Double, _ budget: PolicyContent.Budget) -> Bool {
        guard times.count - head >= capacity else { return false }
        guard head < times.count else { return true }
        return budget.holds(times[head], at: time)
    }

    /// Drops the rings outside the window of `budget` that ends at `time` (oldest first,
    /// up to the first one inside); returns how many rings are kept.
    package mutating func slide(to time: Double, _ budget: PolicyContent.Budget) -> Int {
        while head < times.count, !budget.holds(times[head], at: time) { head += 1 }
        compact()
        return times.count - head
    }

    /// Reclaims the dropped times once they are most of the storage.
    @inline(__always)
    private mutating func compact() {
        if head >= 64, head * 2 >= times.count {
            times.removeFirst(head)
            head = 0
        }
    }
}

/// The enforced budgets of a session (`enforce: true`): one `BudgetWindow` per budget
/// and scope (per screen for `each: screen`), at the ring index `Policy.EnforcedBudget`
/// gives. The last play gate (`PlayGate.enforcedBudgets`).
struct EnforcedBudgets: Sendable {
    /// The windows, by ring index.
    var windows: [BudgetWindow]

    init(policy: Policy) {
        windows = Array(repeating: BudgetWindow(), count: policy.budgetRingCount)
        for budget in policy.enforcedBudgets {
            let rings = budget.perScreen ? policy.screenNames.count : 1
            for r in 0..<rings { windows[budget.firstRing + r] = BudgetWindow(capacity: budget.max) }
        }
    }

    /// Whether the enforced budgets let feedback `f` ring for event `e` on screen `s` at
    /// `t`: if one of them already holds `max` rings in its window, the decision is made
    /// silent citing it (`over-budget`) and nothing is counted; otherwise the ring is
    /// counted by every enforced budget it falls under.
    mutating func admit(
        _ f: Int, event e: Int, screen s: Int, at t: Double, policy: Policy, into decision: inout Decision
    ) -> Bool {
        let budgets = policy.enforcedBudgets
        for (b, budget) in budgets.enumerated() {
            guard let ring = Self.ring(budget, feedback: f, event: e, screen: s),
                windows[ring].isFull(at: t, budget.budget)
            else { continue }
            decision.reason = .overBudget
            decision.rule = budget.rule
            // Formatted when read (`Decision.Note.text`), so refusing a ring allocates nothing.
            decision.noteSource = .overBudget(policy, budget: b, screen: s)
            return false
        }
        for budget in budgets {
            guard let ring = Self.ring(budget, feedback: f, event: e, screen: s) else { continue }
            windows[ring].record(t)
        }
        return true
    }

    /// The window an enforced budget counts this ring in, or nil when it does not count it.
    @inline(__always)
    private static func ring(_ budget: Policy.EnforcedBudget, feedback f: Int, event e: Int, screen s: Int) -> Int? {
        guard budget.counts[f], !budget.excepted[e] else { return nil }
        if budget.perScreen { return budget.firstRing + s }
        if let screen = budget.screen, screen != s { return nil }
        return budget.firstRing
    }

    /// Carries over the windows of `previous`'s budgets that `plan.to` still enforces
    /// unchanged (same id, scope, max and window); those of `each: screen` follow their
    /// screen by name (a hot reload; `Session.MigrationPlan.budgetRings`).
    mutating func carryOver(_ previous: EnforcedBudgets, plan: Session.MigrationPlan) {
        for ring in plan.budgetRings { windows[ring.to] = previous.windows[ring.from] }
    }
}
