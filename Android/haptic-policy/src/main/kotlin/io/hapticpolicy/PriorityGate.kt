package io.hapticpolicy

// The session's side of priorities (PriorityGate.swift): the `outranked` gate, the cuts a
// play makes, and their place in the decision's `also`. What plays at which priority is
// [PriorityTracker] (Priority.kt); a session has one only when some feedback is not `normal`.

/** The note of what outranks a play of `f` at `t`, or null (no priorities: nothing does). */
internal fun Session.outranking(f: Int, t: Double): String? = priority?.outranking(f, t, loops.list)

/**
 * A play of `f` (itself, or its fallback when not `asItself`) that passed every gate cuts
 * what plays at a lower priority; the cuts wait for [addCuts].
 */
internal fun Session.interrupt(f: Int, t: Double, asItself: Boolean, parameters: List<ParameterValue>, d: Draft) {
    priority?.interrupt(f, t, asItself, parameters, loops.list, d.screen, d.rule)
}

/** Moves this event's cuts into the decision's `also`, after the row's own stops. */
internal fun Session.addCuts(d: Draft) {
    if (priority != null && priority.cuts.isNotEmpty()) d.also = priority.withCuts(d.also)
}
