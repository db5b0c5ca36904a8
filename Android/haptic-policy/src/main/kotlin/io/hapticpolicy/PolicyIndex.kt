package io.hapticpolicy

// Every piece of indexing the runtime does over a bundle's content lives in this file, so
// that a bundle carrying precomputed tables replaces this file alone.

/** A row ready to decide with. */
internal class IndexedRow(
    val row: Row,
    val rule: String,
    val levelRules: List<String>,
    /** The row's rule slot; a band row's levels take the next slots. */
    val keepSlot: Int,
    /** The (event, band) signal slot of a band row; -1 otherwise. */
    val bandSlot: Int,
    /** The other actions (stops, then the loop) when the row does several things or has `with:`. */
    val several: Several?,
    val directives: Int
) {
    class Several(val also: List<RowAction>, val arguments: List<Argument>, val argumentsOnLoop: Boolean)
}

/** An enforced budget, resolved to indices. */
internal class EnforcedBudget(
    val budget: Budget,
    /** Counted screen of a `screen:` budget (-1: undeclared); null otherwise. */
    val screen: Int?,
    val perScreen: Boolean,
    /** By feedback index: whether a ring of it counts. */
    val counts: BooleanArray,
    /** By event id: whether the budget excepts the event. */
    val excepted: BooleanArray,
    val firstRing: Int
) {
    fun scope(screenName: String): String {
        val s = budget.scope
        return if (s is BudgetScope.OnLayer) "layer ${s.layer}" else "screen $screenName"
    }
}

/** A band with its edges, levels' entries and parametric edge code. */
internal class IndexedBand(val band: Band, val edgeBase: Int) {
    val name = band.name
    val edges: DoubleArray = DoubleArray(band.levels.size - 1) { band.levels[it].below ?: Double.POSITIVE_INFINITY }
    val hysteresis = band.hysteresis
    val dwell = band.dwell ?: 0.0
    val plausibleMin = band.plausibleMin ?: Double.NEGATIVE_INFINITY
    val plausibleMax = band.plausibleMax ?: Double.POSITIVE_INFINITY
    val isParametric = band.levels.any { it.edge != null }
    /** Each edge as an expression over parameter names (parametric bands only). */
    val edgeCode: List<Expr> = if (isParametric) band.levels.dropLast(1).map { it.edge ?: Expr.Number(it.below ?: Double.POSITIVE_INFINITY) } else emptyList()
    val upPlay: Array<Int?> = Array(band.levels.size) { (band.levels[it].fromBelow ?: LevelEntry(band.levels[it].play, band.levels[it].silent)).play }
    val upSilent: Array<String?> = Array(band.levels.size) { (band.levels[it].fromBelow ?: LevelEntry(band.levels[it].play, band.levels[it].silent)).silent }
    val downPlay: Array<Int?> = Array(band.levels.size) { (band.levels[it].fromAbove ?: LevelEntry(band.levels[it].play, band.levels[it].silent)).play }
    val downSilent: Array<String?> = Array(band.levels.size) { (band.levels[it].fromAbove ?: LevelEntry(band.levels[it].play, band.levels[it].silent)).silent }

    val plausibleText: String
        get() = when {
            plausibleMin.isFinite() && plausibleMax.isFinite() -> "${NumberText.of(plausibleMin)} to ${NumberText.of(plausibleMax)}"
            plausibleMin.isFinite() -> "at least ${NumberText.of(plausibleMin)}"
            else -> "at most ${NumberText.of(plausibleMax)}"
        }

    fun rawLevel(value: Double, current: DoubleArray, base: Int): Int {
        var level = 0
        while (level < edges.size && value >= current[base + level]) level++
        return level
    }

    fun nextLevel(from: Int, value: Double, current: DoubleArray, base: Int): Int {
        var level = from
        while (level < edges.size && value >= current[base + level] + hysteresis) level++
        if (level != from) return level
        while (level > 0 && value < current[base + level - 1] - hysteresis) level--
        return level
    }
}

/** What a setting event sets: a parameter (its index) or, with -1, the user level. */
internal class PolicyIndex(val content: PolicyContent) {
    val stateEventCount: Int
    val eventNames: List<String>
    val eventIndex: Map<String, Int>
    val screenIndex: Map<String, Int>
    val screenNames: List<String> = content.screens.map { it.name }
    /** `screens × events`: a cell index, [UNDECLARED_HERE] or [OFF_SCREEN]. */
    val table: IntArray
    val cells: List<List<IndexedRow>>
    val bands: List<IndexedBand>
    val parametricBands: List<Int>
    val parametricEdgeCount: Int
    val bandSlotCount: Int
    /** The (event id, band) of each signal slot. */
    val bandSlots: List<Pair<Int, Int>>
    val screenEnter: IntArray
    val speechRule: String?
    val speechExempt: BooleanArray
    val needsSpeech: BooleanArray
    val enforcedBudgets: List<EnforcedBudget>
    val budgetRingCount: Int
    val ruleSlotIDs: List<String>
    val levelKeepsFeedback: BooleanArray
    val levelKeepsRule: BooleanArray
    val startLevel: Int
    /** Parameter index of each setting event, -1 for the user levels'. */
    val settingEvents: IntArray
    val settingRules: List<String>
    /** By event id: the event's declaration when it declares a payload. */
    val payloadEvents: Array<EventDecl?>

    companion object {
        const val UNDECLARED_HERE = -1
        const val OFF_SCREEN = -2
        val STATE_EVENTS = listOf("screen.enter", "app.state", "device.lowPower", "device.supportsHaptics", "device.hapticsEnabled")
    }

    init {
        val settingNames = content.settingEventNames
        stateEventCount = STATE_EVENTS.size + settingNames.size
        eventNames = STATE_EVENTS + settingNames + content.events.map { it.name }
        eventIndex = HashMap<String, Int>().also { m -> eventNames.forEachIndexed { i, n -> m.putIfAbsent(n, i) } }
        screenIndex = HashMap<String, Int>().also { m -> screenNames.forEachIndexed { i, n -> m.putIfAbsent(n, i) } }
        settingEvents = IntArray(settingNames.size) { if (it < content.parameters.size) it else -1 }
        settingRules = content.parameters.map { "parameters/" + it.name } + listOfNotNull(content.userLevels?.let { "user-levels" })
        screenEnter = IntArray(content.screens.size) { s -> content.screens[s].enter.fold(0) { acc, d -> acc or d.bit } }

        var speech: String? = null
        val exempt = BooleanArray(eventNames.size)
        var speechLayer = "creature"
        for (inv in content.invariants) if (inv.kind == "creature-needs-speech") {
            speech = inv.id
            speechLayer = inv.layer ?: "creature"
            for (e in inv.exceptions) eventIndex[e]?.let { exempt[it] = true }
        }
        speechRule = speech
        speechExempt = exempt
        needsSpeech = BooleanArray(content.feedback.size) { content.feedback[it].layer == speechLayer }
        payloadEvents = arrayOfNulls(eventNames.size)
        content.events.forEachIndexed { i, e -> if (e.hasPayload) payloadEvents[stateEventCount + i] = e }

        val enforced = ArrayList<EnforcedBudget>()
        var rings = 0
        for (b in content.budgets) if (b.enforced) {
            var screen: Int? = null
            var perScreen = false
            var counts = BooleanArray(content.feedback.size) { true }
            when (val s = b.scope) {
                is BudgetScope.EachScreen -> perScreen = true
                is BudgetScope.OnScreen -> screen = screenIndex[s.screen] ?: -1
                is BudgetScope.OnLayer -> counts = BooleanArray(content.feedback.size) { content.feedback[it].layer == s.layer }
            }
            val excepted = BooleanArray(eventNames.size)
            for (name in b.exceptions) eventIndex[name]?.let { excepted[it] = true }
            enforced.add(EnforcedBudget(b, screen, perScreen, counts, excepted, rings))
            rings += if (perScreen) screenNames.size else 1
        }
        enforcedBudgets = enforced
        budgetRingCount = rings

        var edgeCount = 0
        bands = content.bands.map { b ->
            val band = IndexedBand(b, edgeCount)
            edgeCount += band.edgeCode.size
            band
        }
        parametricEdgeCount = edgeCount
        parametricBands = bands.indices.filter { bands[it].isParametric }

        val screenCount = screenNames.size
        val eventCount = eventNames.size
        val t = IntArray(screenCount * eventCount) { OFF_SCREEN }
        content.events.forEachIndexed { index, event ->
            val e = stateEventCount + index
            for (s in event.screens ?: (0 until screenCount).toList()) t[s * eventCount + e] = UNDECLARED_HERE
        }
        val slots = HashMap<Pair<Int, Int>, Int>()
        val slotList = ArrayList<Pair<Int, Int>>()
        val ruleSlots = ArrayList<String>()
        val slotsOfRule = HashMap<String, MutableList<Int>>()
        val everywhere = ArrayList<Pair<Int, Int>>()
        val compiled = ArrayList<List<IndexedRow>>()
        content.cells.forEachIndexed { index, cell ->
            val e = stateEventCount + cell.event
            val rows = cell.rows.map { row ->
                val keepSlot = ruleSlots.size
                ruleSlots.add(row.rule)
                slotsOfRule.getOrPut(row.rule) { ArrayList() }.add(keepSlot)
                var bandSlot = -1
                val action = row.action
                if (action is RowAction.BandAction) {
                    val key = Pair(e, action.band)
                    bandSlot = slots.getOrPut(key) { slotList.add(key); slotList.size - 1 }
                    for (id in row.levelRules ?: emptyList()) {
                        slotsOfRule.getOrPut(row.rule) { ArrayList() }.add(ruleSlots.size)
                        slotsOfRule.getOrPut(id) { ArrayList() }.add(ruleSlots.size)
                        ruleSlots.add(id)
                    }
                }
                val several = if (row.also != null || row.arguments != null) {
                    val steps = row.steps
                    IndexedRow.Several(
                        steps.filter { it != row.action && (it is RowAction.Stop || it is RowAction.Play || it is RowAction.Loop) },
                        row.arguments ?: emptyList(), steps.any { it is RowAction.Loop })
                } else null
                IndexedRow(row, row.rule, row.levelRules ?: emptyList(), keepSlot, bandSlot, several,
                    row.directives.fold(0) { acc, d -> acc or d.bit })
            }
            compiled.add(rows)
            if (cell.screen != null) t[cell.screen * eventCount + e] = index else everywhere.add(Pair(index, e))
        }
        for ((cell, e) in everywhere) for (s in 0 until screenCount) if (t[s * eventCount + e] == UNDECLARED_HERE) t[s * eventCount + e] = cell
        table = t
        cells = compiled
        bandSlotCount = slotList.size
        bandSlots = slotList
        ruleSlotIDs = ruleSlots

        val levels = content.userLevels?.levels ?: emptyList()
        startLevel = content.userLevels?.let { u -> levels.indexOfFirst { it.name == u.start }.takeIf { it >= 0 } } ?: 0
        val fCount = content.feedback.size
        val keepsFeedback = BooleanArray(levels.size * fCount)
        val keepsRule = BooleanArray(levels.size * ruleSlots.size)
        levels.forEachIndexed { l, level ->
            content.feedback.forEachIndexed { f, plan ->
                if (level.keeps.all || plan.name in level.keeps.feedback || plan.layer in level.keeps.layers) keepsFeedback[l * fCount + f] = true
            }
            for (id in level.keeps.rows) for (slot in slotsOfRule[id] ?: emptyList<Int>()) keepsRule[l * ruleSlots.size + slot] = true
        }
        levelKeepsFeedback = keepsFeedback
        levelKeepsRule = keepsRule
    }

    /** Whether user level `level` keeps a play of feedback `f` by the rule in `slot` (below 0: no rule). */
    fun keeps(level: Int, f: Int, slot: Int): Boolean {
        if (levelKeepsFeedback[level * content.feedback.size + f]) return true
        return slot >= 0 && levelKeepsRule[level * ruleSlotIDs.size + slot]
    }
}
