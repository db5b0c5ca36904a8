package io.hapticpolicy

/**
 * The state of one running app under a policy, and the [decide] call it makes for every
 * event. Deterministic and total: every event gets a decision. Not thread-safe: use one
 * per thread, or [PolicyStore], which serialises.
 *
 * Order of checks for a row that plays: band → background → haptics setting → user level →
 * speech invariant → template parameters → priority → device and engine fallbacks → enforced budgets.
 */
class Session @JvmOverloads constructor(
    /** The compiled policy. */
    val policy: Policy,
    device: DeviceState = DeviceState(),
    /** The most subjects held; past it the least recently seen is forgotten. */
    subjectLimit: Int = DEFAULT_SUBJECT_LIMIT
) {
    private val ix = policy.index
    private val eventCount = ix.eventNames.size
    private val slotCount = ix.bandSlotCount

    /** What the device allows now. */
    var device: DeviceState = device
        private set
    /** The current screen's name (declared or not), or null before any `screen.enter`. */
    var screenName: String? = null
        private set
    private var screen: Int = NO_SCREEN
    /** Whether the app is in foreground. */
    var isForeground = true
        private set
    private var engine = Engine.COLD
    private var warmUntil = 0.0
    private var engineEverStarted = false
    /** Whether a ticker gesture is open. */
    var tickerOpen = false
        private set
    private val loops = ArrayList<RunningLoop>()
    /** The one-shot patterns still playing; null when every feedback is `normal`. */
    private val priority = PriorityTracker.of(policy.content.feedback, ix.priorities)
    /** The loops playing now. */
    val runningLoops: List<RunningLoop> get() = ArrayList(loops)
    private val parameterValues = DoubleArray(policy.content.parameters.size) { policy.content.parameters[it].defaultValue }
    private val bandEdges = DoubleArray(ix.parametricEdgeCount)
    private var userLevel = ix.startLevel
    private val budgetTimes = Array(ix.budgetRingCount) { DoubleArray(0) }
    private val budgetCounts = IntArray(ix.budgetRingCount)
    private val budgetNext = IntArray(ix.budgetRingCount)

    private class BandRow(slots: Int) {
        val level = IntArray(slots) { -1 }
        val pending = IntArray(slots) { -1 }
        val since = DoubleArray(slots)
    }

    private val pinned: Map<String, BandRow>
    private val noSubject = BandRow(slotCount)
    private val subjects = LinkedHashMap<String, BandRow>(16, 0.75f, true)
    private val limit: Int
    private var nameBytes = 0L
    /** Subjects forgotten so far to stay within the limit. */
    var forgottenSubjectCount = 0
        private set

    private enum class Engine { COLD, WARMING, READY, STOPPED }

    companion object {
        /** The most subjects a session holds unless told otherwise. */
        const val DEFAULT_SUBJECT_LIMIT = 1 shl 16
        /** The most bytes of subject names held. */
        const val SUBJECT_NAME_BYTE_LIMIT = 16L shl 20
        /** The shortest loop period a play starts. */
        const val MINIMUM_LOOP_PERIOD = 0.001
        private const val DWELL_TOLERANCE = 1e-6
        private const val NO_SCREEN = -2
        private const val UNKNOWN_SCREEN = -1
    }

    init {
        val names = LinkedHashMap<String, BandRow>()
        for (subject in ix.subjects) if (subject !in names) names[subject] = BandRow(slotCount)
        pinned = names
        limit = maxOf(subjectLimit, names.size + 1)
        nameBytes = names.keys.fold(0L) { acc, k -> acc + k.toByteArray(Charsets.UTF_8).size }
        if (ix.parametricEdgeCount > 0) {
            for (b in ix.parametricBands) {
                val band = ix.bands[b]
                for (i in band.edgeCode.indices) bandEdges[band.edgeBase + i] = band.edges[i]
            }
            updateBandEdges()
        }
    }

    /**
     * A session for `policy` that continues `previous` (made with another policy): what
     * [PolicyStore.reload] uses so an edited policy takes over mid-run. Carried over: device,
     * foreground, engine, subjects, parameters still in range, the user level by name, the
     * screen (unknown when it is gone) and its open ticker gesture, loops whose feedback still
     * loops, band levels of signals that still exist by level name, and the rings of enforced
     * budgets with the same id, scope, max and window.
     */
    constructor(policy: Policy, continuing: Session) : this(policy, continuing.device, continuing.limit) {
        val previous = continuing
        isForeground = previous.isForeground
        policy.content.parameters.forEachIndexed { p, parameter ->
            val old = previous.policy.parameterNames.indexOf(parameter.name)
            if (old >= 0) {
                val v = previous.parameterValues[old]
                if (v >= parameter.min && v <= parameter.max) parameterValues[p] = v
            }
        }
        if (ix.parametricEdgeCount > 0) updateBandEdges()
        previous.userLevelName?.let { name -> policy.userLevelNames.indexOf(name).takeIf { it >= 0 }?.let { userLevel = it } }
        engine = previous.engine
        warmUntil = previous.warmUntil
        engineEverStarted = previous.engineEverStarted
        val oldIx = previous.ix
        previous.screenName?.let { name ->
            val id = ix.screenIndex[name]
            screenName = name
            if (id != null) {
                screen = id
                tickerOpen = previous.tickerOpen
            } else screen = UNKNOWN_SCREEN
        }
        for (loop in previous.loops) {
            val f = policy.content.feedback.indexOfFirst { it.name == loop.feedback }
            if (f < 0 || policy.content.feedback[f].loop == null) continue
            val slot = if (loop.ruleSlot >= 0 && loop.ruleSlot < oldIx.ruleSlotIDs.size) ix.ruleSlotIDs.indexOf(oldIx.ruleSlotIDs[loop.ruleSlot]) else -1
            if (policy.content.userLevels != null && !ix.keeps(userLevel, f, slot)) continue
            loops.add(loop.copy(feedbackIndex = f, ruleSlot = slot))
        }
        for (budget in ix.enforcedBudgets) {
            val old = oldIx.enforcedBudgets.firstOrNull {
                it.budget.id == budget.budget.id && it.budget.scope == budget.budget.scope && it.budget.max == budget.budget.max &&
                    it.budget.window == budget.budget.window
            } ?: continue
            fun copyRing(to: Int, from: Int) {
                budgetTimes[to] = previous.budgetTimes[from].copyOf()
                budgetCounts[to] = previous.budgetCounts[from]
                budgetNext[to] = previous.budgetNext[from]
            }
            if (budget.perScreen) {
                ix.screenNames.forEachIndexed { s, name -> oldIx.screenIndex[name]?.let { copyRing(budget.firstRing + s, old.firstRing + it) } }
            } else copyRing(budget.firstRing, old.firstRing)
        }
        // Subjects in order of recency, so the same ones are the next to be forgotten.
        val rows = ArrayList<Pair<BandRow, BandRow>>()
        rows.add(Pair(previous.noSubject, noSubject))
        for ((name, row) in previous.pinned) rows.add(Pair(row, subjectRow(name)))
        for ((name, row) in previous.subjects.entries.toList()) rows.add(Pair(row, subjectRow(name)))
        for (oldSlot in 0 until oldIx.bandSlotCount) {
            val (oldEvent, oldBand) = oldIx.bandSlots[oldSlot]
            val band = oldIx.bands[oldBand]
            val newEvent = ix.eventIndex[oldIx.eventNames[oldEvent]] ?: continue
            val newBand = ix.bands.indexOfFirst { it.name == band.name }.takeIf { it >= 0 } ?: continue
            val newSlot = ix.bandSlots.indexOf(Pair(newEvent, newBand)).takeIf { it >= 0 } ?: continue
            for ((from, to) in rows) {
                val level = from.level[oldSlot]
                if (level < 0) continue
                val name = band.band.levels[level].name
                val newLevel = ix.bands[newBand].band.levels.indexOfFirst { it.name == name }.takeIf { it >= 0 } ?: continue
                to.level[newSlot] = newLevel
                to.pending[newSlot] = -1
            }
        }
    }

    /** The current value of a run-time parameter, or null when none has that name. */
    fun parameter(name: String): Double? = policy.parameterNames.indexOf(name).takeIf { it >= 0 }?.let { parameterValues[it] }

    /** The current user level's name, or null when the policy has none. */
    val userLevelName: String? get() = policy.content.userLevels?.levels?.get(userLevel)?.name

    /** The current edges of band set `band`, or null when there is none of that name. */
    fun bandEdges(band: String): List<Double>? {
        val b = ix.bands.indexOfFirst { it.name == band }.takeIf { it >= 0 } ?: return null
        val indexed = ix.bands[b]
        if (!indexed.isParametric) return indexed.edges.toList()
        return (0 until indexed.edgeCode.size).map { bandEdges[indexed.edgeBase + it] }
    }

    /** Subjects held now, the policy's own included. */
    val subjectCount: Int get() = pinned.size + subjects.size

    private fun updateBandEdges() {
        val bindings = HashMap<String, Double>()
        policy.content.parameters.forEachIndexed { i, p -> bindings[p.name] = parameterValues[i] }
        for (b in ix.parametricBands) {
            val band = ix.bands[b]
            band.edgeCode.forEachIndexed { i, code ->
                val v = evaluateEdge(code, bindings)
                if (v.isFinite()) bandEdges[band.edgeBase + i] = v
            }
        }
    }

    private fun evaluateEdge(e: Expr, b: Map<String, Double>): Double = when (e) {
        is Expr.Number -> e.value
        is Expr.Param -> b[e.name] ?: Double.NaN
        is Expr.Neg -> -evaluateEdge(e.operand, b)
        is Expr.Binary -> {
            val l = evaluateEdge(e.lhs, b)
            val r = evaluateEdge(e.rhs, b)
            when (e.op) { '+' -> l + r; '-' -> l - r; '*' -> l * r; else -> l / r }
        }
    }

    /** Marks a subject seen, interning it (and forgetting the least recently seen past the limit). */
    private fun subjectRow(name: String): BandRow {
        pinned[name]?.let { return it }
        subjects[name]?.let { return it }
        val bytes = name.toByteArray(Charsets.UTF_8).size
        while (subjects.isNotEmpty() && (pinned.size + subjects.size >= limit || nameBytes + bytes > SUBJECT_NAME_BYTE_LIMIT)) {
            val oldest = subjects.entries.iterator()
            val gone = oldest.next()
            nameBytes -= gone.key.toByteArray(Charsets.UTF_8).size
            oldest.remove()
            forgottenSubjectCount++
        }
        val row = BandRow(slotCount)
        subjects[name] = row
        nameBytes += bytes
        return row
    }

    /** A decision being built. */
    private class Draft(var screen: String?, var rule: String? = null, var note: String? = null) {
        var action = Action.SILENT
        var plan: FeedbackPlan? = null
        var render: Render? = null
        var fallback = false
        var reason: Reason? = null
        var directives = 0
        var band: BandTransition? = null
        var parameters: List<ParameterValue>? = null
        var loopPeriod: Double? = null
        var also: List<Decision> = emptyList()

        fun done() = Decision(action, screen, plan, render, fallback, reason, note, rule, Directive.list(directives), band,
            parameters, loopPeriod, also)
    }

    private fun currentScreenName(event: Event): String? = event.screen ?: screenName

    /**
     * Decides one event and updates the session. Never throws. An event that ends its
     * subject (`ends-subject: true`) forgets it once decided, whatever the decision.
     */
    fun decide(event: Event): Decision {
        if (!ix.endsSubjects) return decideEvent(event)
        val decision = decideEvent(event)
        endSubject(event)
        return decision
    }

    /** Subjects ended so far by events that end their subject. */
    var endedSubjectCount = 0
        private set

    /**
     * Forgets the subject of an event that ends its subject: its band levels and dwell
     * clocks, and its place among the subjects held (a subject the policy names keeps its
     * place and loses its band state only). Its next event is a new subject.
     */
    private fun endSubject(event: Event) {
        val name = event.subject ?: return
        val e = ix.eventIndex[event.name] ?: return
        if (!ix.endsSubject[e]) return
        val kept = pinned[name]
        if (kept != null) {
            kept.level.fill(-1)
            kept.pending.fill(-1)
            kept.since.fill(0.0)
            return
        }
        if (subjects.remove(name) != null) {
            nameBytes -= name.toByteArray(Charsets.UTF_8).size
            endedSubjectCount++
        }
    }

    private fun decideEvent(event: Event): Decision {
        val subject = event.subject?.let { subjectRow(it) }
        if (engine == Engine.WARMING && event.t >= warmUntil) engine = Engine.READY
        val e = ix.eventIndex[event.name] ?: return Decision(Action.SILENT, currentScreenName(event), reason = Reason.UNKNOWN_EVENT)
        if (e < ix.stateEventCount) {
            if (e < PolicyIndex.STATE_EVENTS.size) return decideState(e, event)
            return decideSetting(e - PolicyIndex.STATE_EVENTS.size, event)
        }
        val s: Int
        val name: String
        if (event.screen != null) {
            s = ix.screenIndex[event.screen] ?: UNKNOWN_SCREEN
            name = event.screen
        } else {
            s = screen
            name = screenName ?: return Decision(Action.SILENT, reason = Reason.NO_SCREEN)
        }
        if (s < 0) return Decision(Action.SILENT, name, reason = Reason.UNKNOWN_SCREEN)
        val entry = ix.table[s * eventCount + e]
        if (entry < 0) {
            val note = if (entry == PolicyIndex.OFF_SCREEN) "'${ix.eventNames[e]}' is not declared to occur on '$name'"
            else "no cell decides '${ix.eventNames[e]}' on '$name'"
            return Decision(Action.SILENT, name, reason = Reason.UNDECLARED, note = note)
        }
        ix.payloadEvents[e]?.let { decl ->
            Payloads.problem(decl, event)?.let { return Decision(Action.SILENT, name, reason = Reason.BAD_VALUE, note = it, rule = ix.payloadRules[e]) }
        }
        val rows = ix.cells[entry]
        for (row in rows) {
            if (matches(row.row.condition, event)) {
                val d = Draft(name, row.rule, row.row.note)
                apply(row, event, e, s, subject, d)
                if (priority != null && priority.cuts.isNotEmpty()) d.also = priority.withCuts(d.also)
                return d.done()
            }
        }
        return Decision(Action.SILENT, name, reason = Reason.UNDECLARED, note = "no row of the cell matches this event", rule = rows.firstOrNull()?.rule)
    }

    private fun matches(c: Condition?, event: Event): Boolean {
        if (c == null) return true
        if (c.speaks != null && c.speaks != event.speaks) return false
        if (c.inGesture != null && c.inGesture != tickerOpen) return false
        if (c.subject != null && c.subject != event.subject) return false
        if (c.value != null && event.value != c.value) return false
        if (c.range != null || c.oneOf != null) {
            val v = event.value ?: return false
            if (c.range != null && !(v is Scalar.Num && c.range.contains(v.value))) return false
            if (c.oneOf != null && v !in c.oneOf) return false
        }
        c.parameters?.let { tests -> for (t in tests) if (!t.range.contains(parameterValues[t.parameter])) return false }
        c.data?.let { tests ->
            for (t in tests) if (!t.matches(event.data.firstOrNull { it.name == t.field }?.value)) return false
        }
        return true
    }

    private fun apply(row: IndexedRow, event: Event, e: Int, s: Int, subject: BandRow?, d: Draft) {
        var tickOutside = false
        when (row.row.ticker) {
            "begin" -> { tickerOpen = true; d.directives = d.directives or Directive.PREPARE_TICKER.bit }
            "tick" -> if (tickerOpen) d.directives = d.directives or Directive.PREPARE_TICKER.bit else tickOutside = true
            "end" -> if (tickerOpen) {
                tickerOpen = false
                d.directives = d.directives or Directive.RELEASE_TICKER.bit
            } else d.note = "no ticker gesture was open"
        }
        if (row.directives and Directive.PREPARE_ENGINE.bit != 0 && startEngine(event.t)) d.directives = d.directives or Directive.PREPARE_ENGINE.bit
        val several = row.several
        if (several != null) {
            applySeveral(row, several, event, e, s, tickOutside, d)
            return
        }
        when (val action = row.row.action) {
            is RowAction.Nothing -> d.reason = Reason.DIRECTIVE_ONLY
            is RowAction.Silent -> { d.reason = Reason.DESIGNER; d.note = action.reason }
            is RowAction.Stop -> stop(action.feedback, d)
            is RowAction.Play, is RowAction.Loop -> {
                val f = if (action is RowAction.Play) action.feedback else (action as RowAction.Loop).feedback
                play(f, event, e, s, row.keepSlot, d)
                if (tickOutside && d.action == Action.PLAY && d.reason == null) {
                    d.reason = Reason.TICK_OUTSIDE_GESTURE
                    d.note = "a tick outside a selector gesture: no generator was prepared"
                }
            }
            is RowAction.BandAction -> band(row, action.band, event, e, s, subject ?: noSubject, d)
        }
    }

    private fun band(row: IndexedRow, b: Int, event: Event, e: Int, s: Int, states: BandRow, d: Draft) {
        val band = ix.bands[b]
        val v = event.value
        if (v !is Scalar.Num) {
            d.reason = Reason.BAD_VALUE
            d.note = "band '${band.name}' needs a number in 'value'"
            return
        }
        val value = v.value
        val slot = row.bandSlot
        val previous = states.level[slot]
        if (!(value >= band.plausibleMin && value <= band.plausibleMax)) {
            if (previous >= 0) {
                val level = band.band.levels[previous].name
                d.band = BandTransition(band.name, level, level)
            }
            d.reason = Reason.IMPLAUSIBLE
            d.note = "${NumberText.of(value)} is outside the plausible range of band '${band.name}' (${band.plausibleText}); the level stays"
            return
        }
        val edges = if (band.isParametric) bandEdges else band.edges
        val base = if (band.isParametric) band.edgeBase else 0
        if (previous < 0) {
            val level = if (band.usesApproachStep) band.exactRawLevel(value, edges, base) else band.rawLevel(value, edges, base)
            states.level[slot] = level
            states.pending[slot] = -1
            states.since[slot] = 0.0
            d.band = BandTransition(band.name, null, band.band.levels[level].name)
            d.reason = Reason.BASELINE
            return
        }
        val level =
            if (band.usesApproachStep) band.exactNextLevel(previous, value, edges, base) else band.nextLevel(previous, value, edges, base)
        val from = band.band.levels[previous].name
        if (band.approach != 0 && (level - previous) * band.approach < 0) {
            // Behind the level on an approach band: nothing changes, a pending dwell is kept.
            d.band = BandTransition(band.name, from, from)
            d.reason = Reason.RECEDING
            d.note = band.recedingNote(previous, level)
            return
        }
        if (level == previous) {
            states.pending[slot] = -1
            d.band = BandTransition(band.name, from, from)
            d.reason = Reason.SAME_BAND
            return
        }
        if (band.dwell > 0) {
            if (states.pending[slot] != level) {
                states.pending[slot] = level
                states.since[slot] = event.t
            }
            val held = event.t - states.since[slot]
            if (!(held + DWELL_TOLERANCE >= band.dwell)) {
                d.band = BandTransition(band.name, from, from)
                d.reason = Reason.DWELLING
                d.note = "'${band.band.levels[level].name}' has held ${NumberText.of(Math.rint(maxOf(0.0, held) * 1000) / 1000)} s " +
                    "of the ${NumberText.of(band.dwell)} s dwell"
                return
            }
        }
        states.level[slot] = level
        states.pending[slot] = -1
        states.since[slot] = 0.0
        d.band = BandTransition(band.name, from, band.band.levels[level].name)
        val up = level > previous
        val f = if (up) band.upPlay[level] else band.downPlay[level]
        if (f != null) {
            d.rule = row.levelRules[level]
            val arguments = row.bandArguments?.get(level)
            if (arguments != null && arguments.isNotEmpty()) playArguments(f, arguments, event, e, s, row.keepSlot + 1 + level, d)
            else play(f, event, e, s, row.keepSlot + 1 + level, d)
        } else {
            d.reason = Reason.DESIGNER
            d.note = if (up) band.upSilent[level] else band.downSilent[level]
        }
    }

    private fun applySeveral(row: IndexedRow, several: IndexedRow.Several, event: Event, e: Int, s: Int, tickOutside: Boolean, d: Draft) {
        val also = ArrayList<Decision>()
        for (a in several.also) if (a is RowAction.Stop) {
            val step = Draft(d.screen, row.rule)
            stop(a.feedback, step)
            // `stop: all` beside a play or a loop that stopped nothing is left out (Docs/decision-order.md).
            if (a.feedback == null && step.reason == Reason.NOT_RUNNING) continue
            also.add(step.done())
        }
        when (val action = row.row.action) {
            is RowAction.Play -> {
                playWith(action.feedback, false, several, event, e, s, row.keepSlot, d)
                if (tickOutside && d.action == Action.PLAY && d.reason == null) {
                    d.reason = Reason.TICK_OUTSIDE_GESTURE
                    d.note = "a tick outside a selector gesture: no generator was prepared"
                }
            }
            is RowAction.Loop -> playWith(action.feedback, true, several, event, e, s, row.keepSlot, d)
            is RowAction.Stop -> stop(action.feedback, d)
            else -> {}
        }
        for (a in several.also) {
            if (a is RowAction.Play || a is RowAction.Loop) {
                val step = Draft(d.screen, row.rule)
                val f = if (a is RowAction.Play) a.feedback else (a as RowAction.Loop).feedback
                playWith(f, a is RowAction.Loop, several, event, e, s, row.keepSlot, step)
                also.add(step.done())
            }
        }
        d.also = also
    }

    private fun playWith(f: Int, onLoop: Boolean, several: IndexedRow.Several, event: Event, e: Int, s: Int, rule: Int, d: Draft) {
        if (onLoop != several.argumentsOnLoop || several.arguments.isEmpty()) {
            play(f, event, e, s, rule, d)
            return
        }
        playArguments(f, several.arguments, event, e, s, rule, d)
    }

    /** Plays `f` with `with:` arguments (a row's, or a band level's and its row's) over the event's params. */
    private fun playArguments(f: Int, arguments: List<Argument>, event: Event, e: Int, s: Int, rule: Int, d: Draft) {
        val params = ArrayList(event.params)
        var missing: String? = null
        for (argument in arguments) {
            val value: Scalar? = when {
                argument.number != null -> Scalar.Num(argument.number)
                event.value is Scalar.Num -> event.value
                else -> { if (missing == null) missing = argument.name; null }
            }
            params.removeAll { it.name == argument.name }
            params.add(ParameterValue(argument.name, value))
        }
        play(f, event.copy(params = params), e, s, rule, d)
        val m = missing
        if (m != null && d.reason == Reason.BAD_PARAMS && d.note?.startsWith("parameter '$m' must be a number") == true) {
            val found = event.value?.let { "it is ${it.text}" } ?: "it has none"
            d.note = "'with: {$m: value}' gives '$m' the event's value, which must be a number ($found); send the number in 'value'"
        }
    }

    private fun stop(target: Int?, d: Draft) {
        val before = loops.size
        if (target != null) {
            d.plan = policy.content.feedback[target]
            loops.removeAll { it.feedbackIndex == target }
        } else {
            loops.clear()
        }
        if (loops.size < before) {
            d.action = Action.STOP
            d.directives = d.directives or Directive.STOP_LOOP.bit
        } else {
            d.reason = Reason.NOT_RUNNING
        }
    }

    private fun play(f: Int, event: Event, e: Int, s: Int, rule: Int, d: Draft) {
        val feedback = policy.content.feedback[f]
        d.plan = feedback
        // `background:` keeps some plays; a kept pattern meets the stopped engine below and plays its fallback.
        if (!isForeground && ix.backgroundKeeps?.keeps(f, rule) != true) { d.reason = Reason.BACKGROUND; return }
        if (!device.hapticsEnabled) { d.reason = Reason.HAPTICS_DISABLED; return }
        val levels = policy.content.userLevels
        if (levels != null && !ix.keeps(userLevel, f, rule)) {
            d.reason = Reason.USER_LEVEL
            d.rule = ix.userLevelRules[userLevel]
            d.note = "the haptics level '${levels.levels[userLevel].name}' does not keep '${feedback.name}'"
            return
        }
        val speech = ix.speechRule
        if (ix.needsSpeech[f] && speech != null && !ix.speechExempt[e] && !event.speaks) {
            d.reason = Reason.NO_SPEECH
            d.rule = speech
            return
        }
        var parameters: List<ParameterValue> = emptyList()
        var period: Double? = null
        if (event.params.isNotEmpty() || feedback.loop != null || feedback.parameters.isNotEmpty()) {
            when (val bound = Templates.bind(event.params, feedback)) {
                is Templates.Bound.Problem -> { d.reason = Reason.BAD_PARAMS; d.note = bound.message; return }
                is Templates.Bound.Ok -> { parameters = bound.parameters; period = bound.period }
            }
        }
        if (priority != null) {
            val note = priority.outranking(f, event.t, loops)
            if (note != null) { d.reason = Reason.OUTRANKED; d.note = note; return }
        }
        if (feedback.isPattern) {
            val problem = when {
                !isForeground -> Reason.BACKGROUND
                !device.supportsHaptics -> Reason.NO_CORE_HAPTICS
                device.lowPower -> Reason.LOW_POWER
                engine != Engine.READY -> Reason.ENGINE_COLD
                else -> null
            }
            if (problem != null) {
                val fallback = feedback.fallbackRender
                if (fallback == null) {
                    d.reason = Reason.NO_FALLBACK
                    d.note = "'${feedback.name}' cannot play (${problem.id}) and has no fallback"
                    return
                }
                if (ix.enforcedBudgets.isNotEmpty() && !admit(f, e, s, event.t, d)) return
                priority?.interrupt(f, event.t, false, parameters, loops, d.screen, d.rule)
                d.action = Action.PLAY
                d.render = fallback
                d.fallback = true
                d.reason = problem
                if (feedback.parameters.isNotEmpty()) d.parameters = parameters
                return
            }
        }
        if (ix.enforcedBudgets.isNotEmpty() && !admit(f, e, s, event.t, d)) return
        priority?.interrupt(f, event.t, true, parameters, loops, d.screen, d.rule)
        d.action = Action.PLAY
        d.render = feedback.render
        if (feedback.parameters.isNotEmpty()) d.parameters = parameters
        d.loopPeriod = period
        if (period != null) {
            loops.removeAll { it.feedbackIndex == f }
            loops.add(RunningLoop(feedback.name, parameters, period, event.t, f, rule))
        }
    }

    private fun ringIndex(b: EnforcedBudget, f: Int, e: Int, s: Int): Int {
        if (!b.counts[f] || b.excepted[e]) return -1
        if (b.perScreen) return b.firstRing + s
        if (b.screen != null && b.screen != s) return -1
        return b.firstRing
    }

    private fun admit(f: Int, e: Int, s: Int, t: Double, d: Draft): Boolean {
        for (b in ix.enforcedBudgets) {
            val ring = ringIndex(b, f, e, s)
            if (ring < 0) continue
            val max = b.budget.max
            if (budgetCounts[ring] < max) continue
            if (!(budgetTimes[ring][budgetNext[ring]] > t - b.budget.window)) continue
            d.reason = Reason.OVER_BUDGET
            d.rule = b.rule
            d.note = "${b.budget.id} already counts $max ${if (max == 1) "ring" else "rings"} on ${b.scope(ix.screenNames[s])} within ${NumberText.of(b.budget.window)} s (max $max)"
            return false
        }
        for (b in ix.enforcedBudgets) {
            val ring = ringIndex(b, f, e, s)
            if (ring < 0) continue
            val max = b.budget.max
            if (budgetTimes[ring].isEmpty()) budgetTimes[ring] = DoubleArray(max)
            if (budgetCounts[ring] < max) {
                budgetTimes[ring][budgetCounts[ring]++] = t
            } else {
                budgetTimes[ring][budgetNext[ring]] = t
                budgetNext[ring] = (budgetNext[ring] + 1) % max
            }
        }
        return true
    }

    private fun startEngine(t: Double): Boolean {
        engineEverStarted = true
        if (!isForeground) return false
        if (engine == Engine.COLD || engine == Engine.STOPPED) warm(t)
        return true
    }

    private fun warm(t: Double) {
        if (policy.warmup > 0) { engine = Engine.WARMING; warmUntil = t + policy.warmup } else engine = Engine.READY
    }

    private fun decideState(e: Int, event: Event): Decision {
        val state = PolicyIndex.STATE_EVENTS[e]
        val d = Draft(null, "builtin:$state")
        d.reason = Reason.STATE
        when (state) {
            "screen.enter" -> {
                var target = event.screen
                if (target == null) (event.value as? Scalar.Text)?.let { target = it.value }
                val name = target
                if (name == null) {
                    d.reason = Reason.BAD_STATE
                    d.note = "screen.enter needs the screen in 'screen' or 'value'"
                    d.screen = screenName
                    return d.done()
                }
                if (tickerOpen) {
                    tickerOpen = false
                    d.directives = d.directives or Directive.RELEASE_TICKER.bit
                }
                val s = ix.screenIndex[name] ?: UNKNOWN_SCREEN
                screen = s
                screenName = name
                d.screen = name
                if (s >= 0) {
                    d.rule = ix.screenRules[s]
                    if (ix.screenEnter[s] and Directive.PREPARE_ENGINE.bit != 0 && startEngine(event.t)) d.directives = d.directives or Directive.PREPARE_ENGINE.bit
                    if (ix.screenEnter[s] and Directive.STOP_LOOP.bit != 0 && loops.isNotEmpty()) {
                        loops.clear()
                        d.directives = d.directives or Directive.STOP_LOOP.bit
                    }
                } else {
                    d.reason = Reason.UNKNOWN_SCREEN
                }
            }
            "app.state" -> {
                d.screen = currentScreenName(event)
                val value = (event.value as? Scalar.Text)?.value
                if (value != "foreground" && value != "background") {
                    d.reason = Reason.BAD_STATE
                    d.note = "app.state needs \"foreground\" or \"background\" in 'value'"
                    return d.done()
                }
                if (value == "background" && isForeground) {
                    isForeground = false
                    if (engine != Engine.COLD) engine = Engine.STOPPED
                    if (loops.isNotEmpty()) { loops.clear(); d.directives = d.directives or Directive.STOP_LOOP.bit }
                    priority?.clear()
                    if (tickerOpen) { tickerOpen = false; d.directives = d.directives or Directive.RELEASE_TICKER.bit }
                } else if (value == "foreground" && !isForeground) {
                    isForeground = true
                    if (engineEverStarted) {
                        warm(event.t)
                        d.directives = d.directives or Directive.RESTART_ENGINE.bit
                    }
                }
            }
            else -> {
                d.screen = currentScreenName(event)
                val on = (event.value as? Scalar.Bool)?.value
                if (on == null) {
                    d.reason = Reason.BAD_STATE
                    d.note = "$state needs true or false in 'value'"
                    return d.done()
                }
                device = when (state) {
                    "device.lowPower" -> device.copy(lowPower = on)
                    "device.supportsHaptics" -> device.copy(supportsHaptics = on)
                    else -> device.copy(hapticsEnabled = on)
                }
            }
        }
        return d.done()
    }

    private fun decideSetting(index: Int, event: Event): Decision {
        val d = Draft(currentScreenName(event), ix.settingRules[index])
        d.reason = Reason.STATE
        val p = ix.settingEvents[index]
        if (p >= 0) {
            val parameter = policy.content.parameters[p]
            val v = event.value
            if (v !is Scalar.Num || !v.value.isFinite() || v.value < parameter.min || v.value > parameter.max) {
                val got = v?.let { "got ${it.text}" } ?: "it has no value"
                d.reason = Reason.BAD_STATE
                d.note = "${parameter.setBy} needs a number from ${NumberText.of(parameter.min)} to ${NumberText.of(parameter.max)} " +
                    "in 'value' (parameters.${parameter.name}); $got, so ${parameter.name} stays ${NumberText.of(parameterValues[p])}"
                return d.done()
            }
            parameterValues[p] = v.value
            var note = "${parameter.name} is now ${NumberText.of(v.value)}"
            if (ix.parametricBands.isNotEmpty()) {
                updateBandEdges()
                note += edgesNote(parameter.name)
            }
            d.note = note
        } else {
            val levels = policy.content.userLevels?.levels ?: return d.done()
            val name = (event.value as? Scalar.Text)?.value
            val level = if (name == null) -1 else levels.indexOfFirst { it.name == name }
            if (level < 0) {
                val got = event.value?.let { "got ${it.text}" } ?: "it has no value"
                val names = levels.joinToString(", ") { "'${it.name}'" }
                d.reason = Reason.BAD_STATE
                d.note = "${ix.eventNames[PolicyIndex.STATE_EVENTS.size + index]} needs one of $names in 'value' " +
                    "(user-levels); $got, so the haptics level stays '${levels[userLevel].name}'"
                return d.done()
            }
            userLevel = level
            d.note = "the haptics level is now $name"
            val before = loops.size
            loops.removeAll { !ix.keeps(level, it.feedbackIndex, it.ruleSlot) }
            if (loops.size < before) d.directives = d.directives or Directive.STOP_LOOP.bit
        }
        return d.done()
    }

    private fun edgesNote(name: String): String {
        val out = StringBuilder()
        for (b in ix.parametricBands) {
            val band = ix.bands[b]
            if (b !in ix.parameterBands[policy.parameterNames.indexOf(name)]) continue
            val texts = (0 until band.edgeCode.size).map { NumberText.of(Math.rint(bandEdges[band.edgeBase + it] * 1e6) / 1e6) }
            out.append("; band '${band.name}' edges now ").append(texts.joinToString(", "))
        }
        return out.toString()
    }
}

/** Template parameter binding and loop periods. */
internal object Templates {
    sealed class Bound {
        class Ok(val parameters: List<ParameterValue>, val period: Double?) : Bound()
        class Problem(val message: String) : Bound()
    }

    private fun range(spec: TemplateParameter): String = when {
        spec.minimum != null && spec.maximum != null -> "; use ${NumberText.of(spec.minimum)} to ${NumberText.of(spec.maximum)}"
        spec.minimum != null -> "; use at least ${NumberText.of(spec.minimum)}"
        spec.maximum != null -> "; use at most ${NumberText.of(spec.maximum)}"
        else -> ""
    }

    fun bind(given: List<ParameterValue>, feedback: FeedbackPlan): Bound {
        val values = HashMap<String, Double>()
        for (p in feedback.parameters) values[p.name] = p.defaultValue
        for (p in given) {
            val spec = feedback.parameters.firstOrNull { it.name == p.name }
            if (spec == null) {
                val known = feedback.parameters.joinToString(", ") { it.name }
                return Bound.Problem(
                    if (feedback.parameters.isEmpty()) "'${feedback.name}' takes no parameters; remove '${p.name}'"
                    else "'${feedback.name}' has no parameter '${p.name}'; use $known")
            }
            val v = p.value
            if (v !is Scalar.Num || !v.value.isFinite()) return Bound.Problem("parameter '${p.name}' must be a number" + range(spec))
            val number = v.value
            if (spec.minimum != null && number < spec.minimum)
                return Bound.Problem("${p.name} ${NumberText.of(number)} is below the minimum ${NumberText.of(spec.minimum)}" + range(spec))
            if (spec.maximum != null && number > spec.maximum)
                return Bound.Problem("${p.name} ${NumberText.of(number)} is above the maximum ${NumberText.of(spec.maximum)}" + range(spec))
            values[p.name] = number
        }
        var period: Double? = null
        val loop = feedback.loop
        if (loop != null) {
            val seconds = loop.evaluate(values)
            if (seconds == null || !(seconds > 0))
                return Bound.Problem("the loop period of '${feedback.name}' is not a positive number with these parameters")
            if (seconds < Session.MINIMUM_LOOP_PERIOD)
                return Bound.Problem("the loop period of '${feedback.name}' is ${NumberText.of(seconds)} s with these parameters, " +
                    "under the ${NumberText.of(Session.MINIMUM_LOOP_PERIOD)} s a player can loop at; change the parameters")
            period = seconds
        }
        return Bound.Ok(feedback.parameters.map { ParameterValue(it.name, values[it.name]?.let { v -> Scalar.Num(v) }) }, period)
    }
}

/** Declared payload checks (`value: {type: ...}`, `params:`). */
internal object Payloads {
    private fun expectation(f: PayloadField): String = when (f.kind) {
        "bool" -> "true or false"
        "string" -> if (f.oneOf != null) "one of " + f.oneOf.joinToString(", ") else "text"
        else -> when {
            f.min != null && f.max != null -> "a number from ${NumberText.of(f.min)} to ${NumberText.of(f.max)}"
            f.min != null -> "a number of at least ${NumberText.of(f.min)}"
            f.max != null -> "a number of at most ${NumberText.of(f.max)}"
            else -> "a finite number"
        }
    }

    private fun accepts(f: PayloadField, v: Scalar): Boolean = when {
        f.kind == "bool" && v is Scalar.Bool -> true
        f.kind == "string" && v is Scalar.Text -> f.oneOf?.contains(v.value) ?: true
        f.kind == "number" && v is Scalar.Num ->
            v.value.isFinite() && !(f.min != null && v.value < f.min) && !(f.max != null && v.value > f.max)
        else -> false
    }

    private fun note(event: String, f: PayloadField, isValue: Boolean, got: String): String {
        val what = if (isValue) "'value'" else "param '${f.name}'"
        val place = if (isValue) "events.$event" else "events.$event.params.${f.name}"
        return "'$event' needs $what to be ${expectation(f)} ($place); got $got"
    }

    fun problem(decl: EventDecl, given: Event): String? {
        val value = decl.payloadValue
        if (value != null) {
            val carried = given.value
            if (carried != null) {
                if (!accepts(value, carried)) return note(decl.name, value, true, carried.text)
            } else if (value.required) return note(decl.name, value, true, "no value")
        }
        val params = decl.payloadParams ?: return dataProblem(decl, given)
        for (p in given.params) {
            val field = params.firstOrNull { it.name == p.name }
                ?: return "'${decl.name}' has no param '${p.name}' (events.${decl.name} declares " +
                    (if (params.isEmpty()) "none" else params.joinToString(", ") { it.name }) + "); remove it"
            val carried = p.value ?: return note(decl.name, field, false, "no value")
            if (!accepts(field, carried)) return note(decl.name, field, false, carried.text)
        }
        for (field in params) if (field.required && given.params.none { it.name == field.name }) return note(decl.name, field, false, "no value")
        return dataProblem(decl, given)
    }

    private fun dataNote(event: String, f: PayloadField, got: String): String =
        "'$event' needs data '${f.name}' to be ${expectation(f)} (events.$event.data.${f.name}); got $got"

    /** The first problem of the event's data fields against `data:`, or null. */
    private fun dataProblem(decl: EventDecl, given: Event): String? {
        val declared = decl.payloadData ?: return null
        for (p in given.data) {
            val field = declared.firstOrNull { it.name == p.name }
                ?: return "'${decl.name}' has no data field '${p.name}' (events.${decl.name}.data declares " +
                    (if (declared.isEmpty()) "none" else declared.joinToString(", ") { it.name }) + "); remove it"
            val carried = p.value ?: return dataNote(decl.name, field, "no value")
            if (!accepts(field, carried)) return dataNote(decl.name, field, carried.text)
        }
        for (field in declared) if (field.required && given.data.none { it.name == field.name }) return dataNote(decl.name, field, "no value")
        return null
    }
}
