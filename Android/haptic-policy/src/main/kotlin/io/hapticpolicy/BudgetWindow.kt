package io.hapticpolicy

/**
 * The enforced budgets' windows of a session (BudgetWindow.swift's `EnforcedBudgets`): per
 * ring (a budget, or a budget on one screen) the times of the last `max` rings it counted,
 * a ring buffer. The `enforced-budgets` play gate ([admit]) refuses a play a full window
 * would count, else records it in every window that counts it.
 */
internal class EnforcedBudgets(private val ix: PolicyIndex) {
    private val times = Array(ix.budgetRingCount) { DoubleArray(0) }
    private val counts = IntArray(ix.budgetRingCount)
    private val next = IntArray(ix.budgetRingCount)

    /** The ring of budget `b` that counts a play of `f` for event `e` on screen `s`, or -1. */
    private fun ringIndex(b: EnforcedBudget, f: Int, e: Int, s: Int): Int {
        if (!b.counts[f] || b.excepted[e]) return -1
        if (b.perScreen) return b.firstRing + s
        if (b.screen != null && b.screen != s) return -1
        return b.firstRing
    }

    /** Whether a play at `t` fits every enforced budget (then recorded in each); when not, `d` says which is full. */
    fun admit(f: Int, e: Int, s: Int, t: Double, d: Draft): Boolean {
        for (b in ix.enforcedBudgets) {
            val ring = ringIndex(b, f, e, s)
            if (ring < 0) continue
            val max = b.budget.max
            if (counts[ring] < max) continue
            if (SessionClock.reached(t - times[ring][next[ring]], b.budget.window)) continue
            d.reason = Reason.OVER_BUDGET
            d.rule = b.rule
            d.note = "${b.budget.rule.id} already counts $max ${if (max == 1) "ring" else "rings"} on ${b.scope(ix.screenNames[s])} within ${NumberText.of(b.budget.window)} s (max $max)"
            return false
        }
        for (b in ix.enforcedBudgets) {
            val ring = ringIndex(b, f, e, s)
            if (ring < 0) continue
            val max = b.budget.max
            if (times[ring].isEmpty()) times[ring] = DoubleArray(max)
            if (counts[ring] < max) {
                times[ring][counts[ring]++] = t
            } else {
                times[ring][next[ring]] = t
                next[ring] = (next[ring] + 1) % max
            }
        }
        return true
    }

    /**
     * Takes over the rings of `previous` (a hot reload, [oldIx] its policy's index) for every
     * enforced budget with the same id, scope, max and window; per screen by screen name.
     */
    fun carryOver(previous: EnforcedBudgets, oldIx: PolicyIndex) {
        for (budget in ix.enforcedBudgets) {
            val old = oldIx.enforcedBudgets.firstOrNull {
                it.budget.rule.id == budget.budget.rule.id && it.budget.scope == budget.budget.scope && it.budget.max == budget.budget.max &&
                    it.budget.window == budget.budget.window
            } ?: continue
            fun copyRing(to: Int, from: Int) {
                times[to] = previous.times[from].copyOf()
                counts[to] = previous.counts[from]
                next[to] = previous.next[from]
            }
            if (budget.perScreen) {
                ix.screenNames.forEachIndexed { s, name -> oldIx.screenIndex[name]?.let { copyRing(budget.firstRing + s, old.firstRing + it) } }
            } else copyRing(budget.firstRing, old.firstRing)
        }
    }
}
