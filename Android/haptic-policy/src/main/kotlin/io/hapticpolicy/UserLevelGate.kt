package io.hapticpolicy

/**
 * The current user level (`user-levels:`) and the `user-level` play gate (UserLevelGate.swift):
 * the `start:` level until its setting event picks another; 0 and unused when the policy
 * has none.
 */
internal class UserLevelGate(private val policy: Policy) {
    private val ix = policy.index
    /** The current level, by index. */
    var level = ix.startLevel

    /** The current level's name, or null when the policy has none. */
    val name: String? get() = policy.content.userLevels?.levels?.get(level)?.name

    /** Whether the current level keeps feedback `f` played by rule slot `slot` (every play without user levels). */
    fun keeps(f: Int, slot: Int): Boolean = policy.content.userLevels == null || ix.keeps(level, f, slot)

    /** Writes the refusal of a play of `feedback` into `d`: the level's rule and note. */
    fun refuse(feedback: FeedbackPlan, d: Draft) {
        d.reason = Reason.USER_LEVEL
        d.rule = ix.userLevelRules[level]
        d.note = "the haptics level '${policy.content.userLevels!!.levels[level].name}' does not keep '${feedback.name}'"
    }
}
