package io.hapticpolicy

/*
 * A decoded bundle content's consistency (PolicyContent+Consistency.swift), then its `decide`
 * tables against the rest of it (DecideChecks.kt).
 */

/** The consistency checks of `Docs/bundle-format.md` (What a reader must check, 4). */
internal object Consistency {
    private fun duplicate(names: List<String>, what: String): String? {
        val seen = HashSet<String>()
        for (n in names) if (!seen.add(n)) return "$what '$n' is declared twice"
        return null
    }

    fun problem(c: PolicyContent): String? {
        if (!(c.warmup.isFinite() && c.warmup >= 0)) return "the engine warm-up is not a finite number of seconds"
        val builtIn = listOf("screen.enter", "app.state", "device.lowPower", "device.supportsHaptics", "device.hapticsEnabled")
        duplicate(c.screens.map { it.name }, "screen")?.let { return it }
        duplicate(builtIn + c.settingEventNames + c.events.map { it.name }, "event")?.let { return it }
        duplicate(c.parameters.map { it.name }, "parameter")?.let { return it }
        duplicate(c.feedback.map { it.name }, "feedback")?.let { return it }
        duplicate(c.bands.map { it.name }, "band")?.let { return it }
        duplicate(c.files, "included file")?.let { return it }
        c.layers?.let { layers -> duplicate(layers.map { it.name }, "layer")?.let { return it } }
        val layers = c.layers?.map { it.name } ?: listOf("ui", "creature")
        for (p in c.parameters) {
            if (!(p.min.isFinite() && p.max.isFinite() && p.min < p.max && p.defaultValue >= p.min && p.defaultValue <= p.max))
                return "parameter '${p.name}' has no usable range and default"
        }
        for (f in c.feedback) {
            if (f.layer !in layers) return "feedback '${f.name}' is on undeclared layer '${f.layer}'"
            for ((_, plan) in f.platforms) if (plan.name != f.name || plan.layer != f.layer)
                return "a platform plan of '${f.name}' changes its name or layer"
            for ((_, plan) in f.platforms) if (plan.priority != f.priority) return "a platform plan of '${f.name}' changes its priority"
            // What Swift's FeedbackPlan.inconsistency refuses, for the plan and its platform plans.
            for (plan in listOf(f) + f.platforms.values) {
                val body = plan.body
                if (body is FeedbackBody.PresetBody && body.intensity != null && !(body.intensity >= 0.0 && body.intensity <= 1.0))
                    return "feedback '${plan.name}' has an intensity outside 0-1"
                if (body is FeedbackBody.PatternBody && body.pattern.events.isEmpty()) return "pattern '${plan.name}' has no events"
            }
        }
        for (e in c.events) {
            if (e.layer !in layers) return "event '${e.name}' is on undeclared layer '${e.layer}'"
            for (s in e.screens ?: emptyList()) if (s !in c.screens.indices) return "event '${e.name}' names screen $s, out of range"
        }
        val f = c.feedback.indices
        for (b in c.bands) {
            if (b.levels.size < 2) return "band '${b.name}' has fewer than two levels"
            approachProblem(b)?.let { return it }
            if (!(b.hysteresis >= 0 && b.hysteresis.isFinite())) return "band '${b.name}' has a bad hysteresis"
            if (b.dwell != null && !(b.dwell >= 0 && b.dwell.isFinite())) return "band '${b.name}' has a bad dwell"
            if (b.plausibleMin != null && b.plausibleMax != null && b.plausibleMin > b.plausibleMax) return "band '${b.name}' has a bad plausible range"
            duplicate(b.levels.map { it.name }, "level of band '${b.name}'")?.let { return it }
            var last = Double.NEGATIVE_INFINITY
            val defaults = c.parameters.associate { it.name to it.defaultValue }
            for ((i, level) in b.levels.withIndex()) {
                for (entry in listOfNotNull(level.play, level.fromBelow?.play, level.fromAbove?.play)) if (entry !in f)
                    return "band '${b.name}' plays feedback $entry, out of range"
                if (i == b.levels.size - 1) {
                    if (level.below != null) return "the last level of band '${b.name}' has an upper edge"
                    break
                }
                val below = level.below ?: return "level '${level.name}' of band '${b.name}' has no upper edge"
                if (!below.isFinite() || below <= last) return "the edges of band '${b.name}' are not finite and ascending"
                last = below
                level.edge?.let { edge ->
                    if (edge.parameters.any { it !in defaults }) return "an edge of band '${b.name}' reads an undeclared parameter"
                    if (edge.evaluate(defaults) != below) return "an edge of band '${b.name}' does not evaluate to its 'below' at the defaults"
                }
            }
        }
        val rules = HashSet<String>()
        val decided = HashSet<Pair<Int?, Int>>()
        val otherwiseRules = HashSet<String>()
        val everywhere = c.cells.filter { it.screen == null }.map { it.event }.toHashSet()
        fun actionProblem(a: RowAction): String? = when (a) {
            is RowAction.Play -> if (a.feedback in f) null else "a row plays feedback ${a.feedback}, out of range"
            is RowAction.Loop -> if (a.feedback in f) null else "a row loops feedback ${a.feedback}, out of range"
            is RowAction.Stop -> if (a.feedback == null || a.feedback in f) null else "a row stops feedback ${a.feedback}, out of range"
            is RowAction.BandAction -> if (a.band in c.bands.indices) null else "a row names band ${a.band}, out of range"
            else -> null
        }
        for (cell in c.cells) {
            if (cell.event !in c.events.indices) return "a cell names event ${cell.event}, out of range"
            if (cell.screen != null && cell.screen !in c.screens.indices) return "a cell names screen ${cell.screen}, out of range"
            if (!decided.add(Pair(cell.screen, cell.event))) return "event '${c.events[cell.event].name}' is decided twice on one screen"
            if (cell.otherwise) {
                // A screen's `otherwise:` cells all cite its one rule, `<screen>/otherwise`.
                val only = cell.rows.singleOrNull()
                if (cell.screen == null || only == null || only.action !is RowAction.Silent || only.condition != null ||
                    only.rule != c.screens[cell.screen].name + "/otherwise")
                    return "an otherwise cell is not one silent row of a screen citing '<screen>/otherwise'"
                // It decides only an event that can occur on its screen and that everywhere: leaves out.
                val event = c.events[cell.event]
                val screenName = c.screens[cell.screen].name
                if (event.screens != null && cell.screen !in event.screens)
                    return "the otherwise cell of screen '$screenName' decides '${event.name}', which cannot occur on it"
                if (cell.event in everywhere)
                    return "the otherwise cell of screen '$screenName' decides '${event.name}', which everywhere: decides"
                if (!otherwiseRules.add(only.rule)) rules.remove(only.rule)
            }
            for (row in cell.rows) {
                if (!rules.add(row.rule)) return "rule id '${row.rule}' is given twice"
                actionProblem(row.action)?.let { return it }
                for (a in row.also ?: emptyList()) {
                    actionProblem(a)?.let { return it }
                    if (a is RowAction.BandAction || a is RowAction.Silent || a is RowAction.Nothing ||
                        row.action is RowAction.BandAction || row.action is RowAction.Silent || row.action is RowAction.Nothing)
                        return "a row combines a band, a silence or nothing with other actions"
                }
                for (t in row.condition?.parameters ?: emptyList()) if (t.parameter !in c.parameters.indices)
                    return "a row tests parameter ${t.parameter}, out of range"
                val action = row.action
                if (action is RowAction.BandAction) {
                    val levelRules = row.levelRules
                    if (levelRules == null || levelRules.size != c.bands[action.band].levels.size)
                        return "row '${row.rule}' does not give one level rule per level of its band"
                    for (r in levelRules) if (!rules.add(r)) return "rule id '$r' is given twice"
                } else if (row.levelRules != null) {
                    return "row '${row.rule}' gives level rules but is no band row"
                }
            }
        }
        c.background?.let { bg ->
            val names = c.feedback.map { it.name }.toSet()
            bg.keeps.feedback.firstOrNull { it !in names }?.let { return "background keeps undeclared feedback '$it'" }
        }
        c.userLevels?.let { u ->
            if (u.levels.isEmpty()) return "user-levels declares no level"
            duplicate(u.levels.map { it.name }, "user level")?.let { return it }
            if (u.levels.none { it.name == u.start }) return "user-levels starts at undeclared level '${u.start}'"
            val names = c.feedback.map { it.name }.toSet()
            for (l in u.levels) for (k in l.keeps.feedback) if (k !in names) return "user level '${l.name}' keeps undeclared feedback '$k'"
        }
        return DecideChecks.decideProblem(c, builtIn)
    }
}
