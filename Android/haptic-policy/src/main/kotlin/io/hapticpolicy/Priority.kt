package io.hapticpolicy

/**
 * How much a feedback matters against what still plays (`priority:`; `normal` when not
 * given). A play that passes every gate cuts what still plays at a lower priority; a play
 * of a lower priority than something still playing is refused (`outranked`).
 */
enum class Priority(val id: String) {
    LOW("low"), NORMAL("normal"), HIGH("high"), CRITICAL("critical");

    override fun toString(): String = id

    companion object {
        /** The priority of an id, or null. */
        fun of(id: String): Priority? = values().firstOrNull { it.id == id }
    }
}

/**
 * A session's priority state (Docs/decision-order.md, the `outranked` gate): the one-shot
 * patterns still playing, at most one per feedback. Made only for a policy with a feedback
 * whose priority is not `normal`, so other policies track nothing.
 */
internal class PriorityTracker private constructor(
    private val feedback: List<FeedbackPlan>, lowered: List<DecideTables.FeedbackPriority>
) {
    private class Entry(val feedback: Int, val priority: Priority, val end: Double)

    private val entries = ArrayList<Entry>()
    /** By feedback index, its priority (`decide.priorities`). */
    private val priorities: List<Priority> = lowered.map { Priority.values()[it.rank] }
    /** By feedback index, its one-shot length; null when it is computed per play (a template) or none. */
    private val lengths: List<Double?> = lowered.map { it.length }
    /** The stop entries of what this event's plays cut, moved into the decision's `also`. */
    val cuts = ArrayList<Decision>()

    companion object {
        /** The tracker of `feedback` with its lowered priorities, or null when there are none (every feedback is `normal`). */
        fun of(feedback: List<FeedbackPlan>, lowered: List<DecideTables.FeedbackPriority>?): PriorityTracker? =
            lowered?.let { PriorityTracker(feedback, it) }

        /** The latest event end (`time + duration`, a transient at its time); 0 when one does not evaluate. */
        fun length(pattern: Pattern, bindings: Map<String, Double>): Double {
            var end = 0.0
            for (event in pattern.events) {
                val time = event.time.evaluate(bindings)?.takeIf { it.isFinite() } ?: return 0.0
                var duration = 0.0
                if (event.kind != "transient" && event.duration != null) {
                    duration = event.duration.evaluate(bindings)?.takeIf { it.isFinite() } ?: return 0.0
                }
                val eventEnd = time + duration
                if (eventEnd.isFinite() && eventEnd > end) end = eventEnd
            }
            return end
        }

        private fun millis(x: Double): Double = NumberText.roundHalfAway(x * 1000) / 1000
    }

    private fun prune(t: Double) {
        if (entries.isNotEmpty()) entries.removeAll { SessionClock.reached(t, it.end) }
    }

    /** Forgets every pattern (the engine stopped on background). */
    fun clear() = entries.clear()

    /** The `outranked` note when something still playing at `t` outranks feedback `f`, or null. */
    fun outranking(f: Int, t: Double, loops: List<RunningLoop>): String? {
        val own = priorities[f]
        prune(t)
        var best = -1
        var bestPriority = own
        var bestEnd: Double? = null
        var since = t
        for (loop in loops) {
            val p = priorities[loop.feedbackIndex]
            if (p > own && (best < 0 || p > bestPriority)) {
                best = loop.feedbackIndex; bestPriority = p; bestEnd = null; since = loop.start
            }
        }
        for (entry in entries) {
            if (entry.priority <= own) continue
            val end = bestEnd
            if (best < 0 || entry.priority > bestPriority || (entry.priority == bestPriority && end != null && entry.end > end)) {
                best = entry.feedback; bestPriority = entry.priority; bestEnd = entry.end
            }
        }
        if (best < 0) return null
        val head = "'${feedback[f].name}' (${own.id}) yields to '${feedback[best].name}' (${bestPriority.id}), "
        val end = bestEnd
        return if (end != null) head + "playing until ${NumberText.of(millis(end))} s" else head + "looping since ${NumberText.of(since)} s"
    }

    /**
     * A play of `f` at `t` passed every gate: the loops and patterns still playing at a lower
     * priority stop (loops first, each in the order it started), then a pattern that plays as
     * itself and does not loop is recorded until `t` plus its length.
     */
    fun interrupt(
        f: Int, t: Double, asItself: Boolean, parameters: List<ParameterValue>, loops: MutableList<RunningLoop>,
        screen: String?, rule: String?
    ) {
        val plan = feedback[f]
        val own = priorities[f]
        fun cut(target: Int, directive: Directive) = Decision(
            Action.STOP, screen, feedback[target], note = "cut by '${plan.name}' (${own.id})", rule = rule,
            directives = listOf(directive))
        if (own > Priority.LOW) {
            val before = cuts.size
            for (loop in loops) if (priorities[loop.feedbackIndex] < own) cuts.add(cut(loop.feedbackIndex, Directive.STOP_LOOP))
            if (cuts.size > before) loops.removeAll { priorities[it.feedbackIndex] < own }
            prune(t)
            for (entry in entries) if (entry.priority < own) cuts.add(cut(entry.feedback, Directive.INTERRUPT))
            entries.removeAll { it.priority < own }
        }
        val pattern = plan.pattern
        if (!asItself || pattern == null || pattern.loop != null) return
        val length = lengths[f] ?: run {
            val bindings = HashMap<String, Double>()
            for (p in pattern.parameters) bindings[p.name] = p.defaultValue
            for (p in parameters) (p.value as? Scalar.Num)?.let { bindings[p.name] = it.value }
            length(pattern, bindings)
        }
        if (length > 0) {
            entries.removeAll { it.feedback == f }
            entries.add(Entry(f, own, t + length))
        }
    }

    /** `also` with the cuts inserted after the row's own stops, before its plays; clears them. */
    fun withCuts(also: List<Decision>): List<Decision> {
        val at = also.indexOfFirst { !it.isStop }.let { if (it < 0) also.size else it }
        val result = ArrayList<Decision>(also.size + cuts.size)
        result.addAll(also.subList(0, at)); result.addAll(cuts); result.addAll(also.subList(at, also.size))
        cuts.clear()
        return result
    }
}
