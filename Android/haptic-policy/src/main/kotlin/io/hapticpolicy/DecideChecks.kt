package io.hapticpolicy

/*
 * A decoded bundle content's `decide` tables against the rest of it
 * (PolicyContent+DecideChecks.swift), after the content's own consistency (Consistency.kt).
 */

/** The checks of `decide` in `Docs/bundle-format.md` (What a reader must check, 4). */
internal object DecideChecks {
    /** What makes a row's lowered steps or level arguments unusable (its band has `levels` levels, 0: no band row), or null. */
    private fun stepsProblem(r: DecideTables.Row, row: Row, levels: Int, feedbackCount: Int): String? {
        val levelArguments = r.levelArguments
        if (levelArguments != null && (levels == 0 || levelArguments.size != levels))
            return "has level arguments that are not one list per level of its band"
        val steps = r.steps
        if (steps == null) {
            if (levels == 0 && row.arguments != null) return "has arguments but no steps"
            return if (r.main == null && r.argumentsStep == null) null else "has a main or arguments step but no steps"
        }
        val main = r.main
        if (levels != 0 || steps.isEmpty() || main == null || main !in steps.indices) return "has steps without a main step among them"
        for (step in steps) {
            val f = step.feedback
            if (if (f == null) step.action != "stop" else f !in 0 until feedbackCount)
                return "has a step that is not a stop, play or loop of a feedback"
        }
        val at = r.argumentsStep
        if (at != null) {
            if (at !in steps.indices || steps[at].action == "stop" || row.arguments == null)
                return "gives its arguments to a step that is not its play or loop"
        } else if (row.arguments != null) {
            return "has arguments but no step they go to"
        }
        return null
    }

    /** Whether `decide` fits the rest of the content: shape and index ranges only, never derived tables. */
    fun decideProblem(c: PolicyContent, builtIn: List<String>): String? {
        val d = c.decide
        val events = builtIn + c.settingEventNames + c.events.map { it.name }
        if (d.events != events) return "decide.events is not the state, setting and catalogue events"
        if (d.stateEvents != builtIn.size + c.settingEventNames.size) return "decide.stateEvents does not count the state events"
        val eventCount = events.size
        val f = c.feedback.indices
        if (d.table.size != c.screens.size * eventCount) return "decide.table is not one entry per screen and event"
        if (d.table.any { it < -2 || it >= c.cells.size }) return "decide.table names a cell out of range"
        if (d.rows.size != c.cells.size) return "decide.rows is not one list per cell"
        for ((ci, cell) in c.cells.withIndex()) {
            if (d.rows[ci].size != cell.rows.size) return "decide.rows[$ci] is not one entry per row"
            for ((ri, r) in d.rows[ci].withIndex()) {
                val levels = (cell.rows[ri].action as? RowAction.BandAction)?.let { c.bands[it.band].levels.size } ?: 0
                if (r.rule < 0 || r.rule + levels >= d.ruleSlots.size) return "decide.rows[$ci][$ri] names a rule slot out of range"
                if (r.subject != null && r.subject !in d.subjects.indices) return "decide.rows[$ci][$ri] names a subject out of range"
                if (r.signal != null && r.signal !in d.signals.indices) return "decide.rows[$ci][$ri] names a signal out of range"
                if ((r.signal != null) != (levels > 0)) return "decide.rows[$ci][$ri] has a signal exactly when its row is a band row"
            }
        }
        for (g in d.signals) if (g.event !in 0 until eventCount || g.band !in c.bands.indices) return "a decide signal is out of range"
        if (d.settings.size != c.settingEventNames.size) return "decide.settings is not one per setting event"
        for (x in d.settings) when (x.kind) {
            "parameter" -> if (x.parameter == null || x.parameter !in c.parameters.indices) return "a decide setting names a parameter out of range"
            else -> if (x.parameter != null || c.userLevels == null) return "a decide user-level setting does not fit"
        }
        if (d.screenRules.size != c.screens.size) return "decide.screenRules is not one per screen"
        d.speech?.let { sp ->
            if (sp.exempt.any { it !in 0 until eventCount } || sp.feedback.any { it !in f }) return "decide.speech names an event or feedback out of range"
        }
        for (p in d.payloads) if (p.event !in d.stateEvents until eventCount) return "decide.payloads names an event out of range"
        var rings = 0
        for (b in d.budgets) {
            if (b.screen != null && b.screen !in -1 until c.screens.size) return "a decide budget names a screen out of range"
            if (b.counted.any { it !in f } || b.excepted.any { it !in 0 until eventCount }) return "a decide budget names a feedback or event out of range"
            if (b.max < 1 || !(b.window > 0 && b.window.isFinite())) return "a decide budget has no usable max and window"
            if (b.firstRing != rings || b.rings != (if (b.perScreen) c.screens.size else 1)) return "the decide budgets' rings are not consecutive"
            rings += b.rings
        }
        if (d.bandLevels.size != c.bands.size || d.edges.size != c.bands.size) return "decide.bandLevels and decide.edges are not one per band"
        for ((b, band) in c.bands.withIndex()) {
            if (d.bandLevels[b].size != band.levels.size) return "decide.bandLevels[$b] is not one per level"
            for (l in d.bandLevels[b]) for (p in listOfNotNull(l.up.play, l.down.play)) if (p !in f) return "decide.bandLevels[$b] plays feedback $p, out of range"
            if (d.edges[b].isNotEmpty() && d.edges[b].size != band.levels.size - 1) return "decide.edges[$b] is not one per edge"
        }
        for ((ci, cell) in c.cells.withIndex()) for ((ri, r) in d.rows[ci].withIndex()) {
            val row = cell.rows[ri]
            val levels = (row.action as? RowAction.BandAction)?.let { c.bands[it.band].levels.size } ?: 0
            stepsProblem(r, row, levels, c.feedback.size)?.let { return "decide.rows of rule '${row.rule}' $it" }
        }
        if (d.bands.size != c.bands.size) return "decide.bands does not have one entry per band"
        for ((b, band) in c.bands.withIndex()) {
            val x = d.bands[b]
            if (x.edges.size != band.levels.size - 1 || x.inclusive.size != x.edges.size || x.approach !in -1..1 ||
                x.dwell < 0 || x.hysteresis < 0 || (x.plausibleMin ?: Double.NEGATIVE_INFINITY) > (x.plausibleMax ?: Double.POSITIVE_INFINITY))
                return "decide.bands of band '${band.name}' does not fit its levels"
        }
        d.priorities?.let { ps ->
            if (ps.size != c.feedback.size || ps.any { it.rank !in 0..3 || (it.length ?: 0.0) < 0 })
                return "decide.priorities is not one rank and length per feedback"
        }
        if (d.parameterBands.size != c.parameters.size || d.parameterBands.any { l -> l.any { it !in c.bands.indices || d.edges[it].isEmpty() } })
            return "decide.parameterBands is not a list of parametric bands per parameter"
        val levelCount = c.userLevels?.levels?.size ?: 0
        if (d.userLevels.size != levelCount) return "decide.userLevels is not one per user level"
        for (u in d.userLevels) if (u.feedback.any { it !in f } || u.ruleSlots.any { it !in d.ruleSlots.indices }) return "a decide user level names a feedback or rule slot out of range"
        if (d.startLevel !in 0 until maxOf(1, levelCount)) return "decide.startLevel is out of range"
        if (d.endsSubject.any { it !in d.stateEvents until eventCount }) return "decide.endsSubject names an event that is not in the catalogue"
        val kept = d.background
        if ((kept == null) != (c.background == null)) return "decide.background does not fit the policy's background"
        if (kept != null && (kept.feedback.any { it !in f } || kept.ruleSlots.any { it !in d.ruleSlots.indices })) return "decide.background names a feedback or rule slot out of range"
        return null
    }
}
