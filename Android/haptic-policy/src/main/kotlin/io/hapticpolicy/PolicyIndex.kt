package io.hapticpolicy

// The session's view of a bundle's decision tables (`content.decide`, Docs/bundle-format.md):
// only name → id dictionaries, bitmaps from index lists and each row beside its slots. The
// compiler derives every rule id, slot, default and fill; nothing here derives one.

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
    val directives: Int,
    /** A band row with `with:` on it or its levels: by level, the arguments its play gets; null otherwise. */
    val bandArguments: List<List<Argument>>? = null
) {
    class Several(val also: List<RowAction>, val arguments: List<Argument>, val argumentsOnLoop: Boolean)
}

/** An enforced budget, resolved to indices (`decide.budgets`). */
internal class EnforcedBudget(
    /** The lowered budget: its rule (id), scope, max and window. */
    val budget: DecideTables.Budget,
    /** The rule a refusal cites. */
    val rule: String,
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
        return when (val s = budget.scope) {
            is BudgetScope.OnLayer -> "layer ${s.layer}"
            is BudgetScope.OnEvents -> s.text
            else -> "screen $screenName"
        }
    }
}

/**
 * A band with its lowered values (`decide.bands`: edges, hysteresis, dwell, plausible bounds,
 * inclusive flags, approach sign), levels' entries (`decide.bandLevels`) and parametric edge
 * code (`decide.edges`).
 */
internal class IndexedBand(
    val band: Band, val edgeBase: Int, levels: List<DecideTables.Level>, val edgeCode: List<Expr>, lowered: DecideTables.Band
) {
    val name = band.name
    val edges: DoubleArray = lowered.edges.toDoubleArray()
    val hysteresis = lowered.hysteresis
    val dwell = lowered.dwell
    val plausibleMin = lowered.plausibleMin ?: Double.NEGATIVE_INFINITY
    val plausibleMax = lowered.plausibleMax ?: Double.POSITIVE_INFINITY
    val isParametric = edgeCode.isNotEmpty()
    val upPlay: Array<Int?> = Array(levels.size) { levels[it].up.play }
    val upSilent: Array<String?> = Array(levels.size) { levels[it].up.silent }
    val downPlay: Array<Int?> = Array(levels.size) { levels[it].down.play }
    val downSilent: Array<String?> = Array(levels.size) { levels[it].down.silent }
    /** Per edge, whether it is inclusive (`at-most:`). */
    val inclusive: BooleanArray = lowered.inclusive.toBooleanArray()
    /** The sign of the one level change an approach band allows (-1 falling, 1 rising); 0: both ways. */
    val approach: Int = lowered.approach
    /** Whether a sample takes the approach step (Approach.kt): an inclusive edge or an approach. */
    val usesApproachStep: Boolean = approach != 0 || inclusive.any { it }

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

/** The decision tables of a policy (`content.decide`) as the session reads them: only indexes and bitmaps. */
internal class PolicyIndex(val content: PolicyContent) {
    private val d = content.decide
    val stateEventCount: Int = d.stateEvents
    val eventNames: List<String> = d.events
    val eventIndex: Map<String, Int> = HashMap<String, Int>().also { m -> eventNames.forEachIndexed { i, n -> m.putIfAbsent(n, i) } }
    val screenNames: List<String> = content.screens.map { it.name }
    val screenIndex: Map<String, Int> = HashMap<String, Int>().also { m -> screenNames.forEachIndexed { i, n -> m.putIfAbsent(n, i) } }
    /** `screens × events`: a cell index, [UNDECLARED_HERE] or [OFF_SCREEN]. */
    val table: IntArray = d.table.toIntArray()
    /** The subjects row conditions name: pinned, never forgotten. */
    val subjects: List<String> = d.subjects
    val ruleSlotIDs: List<String> = d.ruleSlots
    val cells: List<List<IndexedRow>>
    val bands: List<IndexedBand>
    val parametricBands: List<Int>
    val parametricEdgeCount: Int
    /** By run-time parameter: the bands whose edges read it (`decide.parameterBands`). */
    val parameterBands: List<List<Int>> = d.parameterBands
    /** By feedback: its priority rank and one-shot length (`decide.priorities`); null when every one is `normal`. */
    val priorities: List<DecideTables.FeedbackPriority>? = d.priorities
    val bandSlotCount: Int = d.signals.size
    /** The (event id, band) of each signal slot. */
    val bandSlots: List<Pair<Int, Int>> = d.signals.map { Pair(it.event, it.band) }
    val screenEnter: IntArray = IntArray(content.screens.size) { s -> content.screens[s].enter.fold(0) { acc, x -> acc or x.bit } }
    /** By screen: the rule its entry directives cite. */
    val screenRules: List<String> = d.screenRules.map { it.id }
    val speechRule: String? = d.speech?.rule?.id
    val speechExempt: BooleanArray = BooleanArray(eventNames.size).also { a -> d.speech?.exempt?.forEach { a[it] = true } }
    val needsSpeech: BooleanArray = BooleanArray(content.feedback.size).also { a -> d.speech?.feedback?.forEach { a[it] = true } }
    val enforcedBudgets: List<EnforcedBudget> = d.budgets.map { b ->
        EnforcedBudget(b, b.rule.id, b.screen, b.perScreen,
            BooleanArray(content.feedback.size).also { a -> b.counted.forEach { a[it] = true } },
            BooleanArray(eventNames.size).also { a -> b.excepted.forEach { a[it] = true } }, b.firstRing)
    }
    val budgetRingCount: Int = d.budgets.fold(0) { acc, b -> acc + b.rings }
    /** By event id: whether deciding the event ends its subject (`decide.endsSubject`). */
    val endsSubject: BooleanArray = BooleanArray(eventNames.size).also { a -> d.endsSubject.forEach { a[it] = true } }
    /** Whether some event ends its subject: the one test a decision makes. */
    val endsSubjects: Boolean = d.endsSubject.isNotEmpty()
    /** By user level: the rule its silences cite. */
    val userLevelRules: List<String> = d.userLevels.map { it.rule.id }
    val levelKeepsFeedback: BooleanArray
    val levelKeepsRule: BooleanArray
    val startLevel: Int = d.startLevel
    /** Parameter index of each setting event, -1 for the user levels'. */
    val settingEvents: IntArray = IntArray(d.settings.size) { d.settings[it].parameter ?: -1 }
    val settingRules: List<String> = d.settings.map { it.rule.id }
    /** By event id: the event's declaration when it declares a payload. */
    val payloadEvents: Array<EventDecl?> = arrayOfNulls(eventNames.size)
    /** By event id: the rule a refused payload cites. */
    val payloadRules: Array<String?> = arrayOfNulls(eventNames.size)

    companion object {
        const val UNDECLARED_HERE = -1
        const val OFF_SCREEN = -2
        val STATE_EVENTS = listOf("screen.enter", "app.state", "device.lowPower", "device.supportsHaptics", "device.hapticsEnabled")
    }

    init {
        for (p in d.payloads) {
            payloadEvents[p.event] = content.events[p.event - stateEventCount]
            payloadRules[p.event] = p.rule.id
        }
        var edgeCount = 0
        bands = content.bands.mapIndexed { b, band ->
            val indexed = IndexedBand(band, edgeCount, d.bandLevels[b], d.edges[b], d.bands[b])
            edgeCount += indexed.edgeCode.size
            indexed
        }
        parametricEdgeCount = edgeCount
        parametricBands = bands.indices.filter { bands[it].isParametric }
        cells = content.cells.mapIndexed { c, cell ->
            cell.rows.mapIndexed { r, row ->
                val slots = d.rows[c][r]
                val levelCount = (row.action as? RowAction.BandAction)?.let { content.bands[it.band].levels.size } ?: 0
                val steps = slots.steps?.map { step ->
                    when (step.action) {
                        "stop" -> RowAction.Stop(step.feedback)
                        "loop" -> RowAction.Loop(step.feedback ?: 0)
                        else -> RowAction.Play(step.feedback ?: 0)
                    }
                }
                val main = slots.main ?: 0
                val several = steps?.let {
                    IndexedRow.Several(it.filterIndexed { i, _ -> i != main }, if (slots.argumentsStep == null) emptyList() else row.arguments ?: emptyList(),
                        slots.argumentsStep?.let { a -> it[a] is RowAction.Loop } ?: false)
                }
                IndexedRow(if (steps == null) row else row.copy(action = steps[main]), ruleSlotIDs[slots.rule],
                    (1..levelCount).map { ruleSlotIDs[slots.rule + it] }, slots.rule,
                    slots.signal ?: -1, several, row.directives.fold(0) { acc, x -> acc or x.bit }, slots.levelArguments)
            }
        }
        val fCount = content.feedback.size
        val keepsFeedback = BooleanArray(d.userLevels.size * fCount)
        val keepsRule = BooleanArray(d.userLevels.size * ruleSlotIDs.size)
        d.userLevels.forEachIndexed { l, level ->
            for (f in level.feedback) keepsFeedback[l * fCount + f] = true
            for (slot in level.ruleSlots) keepsRule[l * ruleSlotIDs.size + slot] = true
        }
        levelKeepsFeedback = keepsFeedback
        levelKeepsRule = keepsRule
    }

    /** What `background:` keeps, or null when it keeps nothing. */
    internal val backgroundKeeps: BackgroundKeeps? = d.background?.let { BackgroundKeeps(it, content.feedback.size, ruleSlotIDs.size) }

    /** Whether user level `level` keeps a play of feedback `f` by the rule in `slot` (below 0: no rule). */
    fun keeps(level: Int, f: Int, slot: Int): Boolean {
        if (levelKeepsFeedback[level * content.feedback.size + f]) return true
        return slot >= 0 && levelKeepsRule[level * ruleSlotIDs.size + slot]
    }
}
