package io.hapticpolicy

/** What the app in background still plays (`background:`): the plays `keeps` keeps pass the background gate. */
data class Background(val keeps: Keeps)

/**
 * `decide.background` indexed: whether a play of feedback `f` by the rule in `slot` passes
 * the background gate while the app is in background (a kept pattern then plays its fallback).
 */
internal class BackgroundKeeps(keeps: DecideTables.UserLevel, feedbackCount: Int, ruleSlotCount: Int) {
    private val feedback = BooleanArray(feedbackCount).also { a -> keeps.feedback.forEach { a[it] = true } }
    private val rules = BooleanArray(ruleSlotCount).also { a -> keeps.ruleSlots.forEach { a[it] = true } }

    fun keeps(f: Int, slot: Int): Boolean = feedback[f] || (slot >= 0 && rules[slot])
}
