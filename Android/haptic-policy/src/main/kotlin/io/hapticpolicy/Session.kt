package io.hapticpolicy

/**
 * The state of one running app under a policy, and the [decide] call it makes for every
 * event. Deterministic and total: every event gets a decision. Not thread-safe: use one
 * per thread, or [PolicyStore], which serialises.
 *
 * Like the Swift runtime (Sources/HapticPolicy/Evaluation/Session/Session.swift), `decide`
 * is wiring over one part per concern, each in the file of the Swift part's name
 * (Conformance/README.md maps them): [BandTracker] (band levels, dwell), [EnforcedBudgets]
 * (BudgetWindow.kt), [LoopSet], [TickerGesture], [UserLevelGate], [ParameterState],
 * [SubjectTable], the rows (SessionRows.kt), the state and setting events
 * (StateEvents.kt, SettingEvents.kt), the subject's end (SubjectEnd.kt) and hot reload
 * (SessionMigration.kt). A play runs the gates of [PlayGate] in their order (PlayGate.kt,
 * Docs/decision-order.md): background → haptics setting → user level → speech invariant →
 * template parameters → priority → device and engine fallbacks → enforced budgets.
 *
 * Names (events, screens, subjects) are looked up once, at the edge (`decideEvent`); the
 * parts decide by ids.
 */
class Session @JvmOverloads constructor(
    /** The compiled policy. */
    val policy: Policy,
    device: DeviceState = DeviceState(),
    /** The most subjects held; past it the least recently seen is forgotten. */
    subjectLimit: Int = DEFAULT_SUBJECT_LIMIT
) {
    internal val ix = policy.index
    private val eventCount = ix.eventNames.size

    /** What the device allows now. */
    var device: DeviceState = device
        internal set
    /** The current screen's name (declared or not), or null before any `screen.enter`. */
    var screenName: String? = null
        internal set
    internal var screen: Int = NO_SCREEN
    /** Whether the app is in foreground. */
    var isForeground = true
        internal set
    internal var engine = Engine.COLD
    internal var warmUntil = 0.0
    internal var engineEverStarted = false
    /** The ticker gesture. */
    internal val ticker = TickerGesture()
    /** Whether a ticker gesture is open. */
    val tickerOpen: Boolean get() = ticker.isOpen
    /** The loops playing now (the set). */
    internal val loops = LoopSet()
    /** The one-shot patterns still playing; null when every feedback is `normal`. */
    internal val priority = PriorityTracker.of(policy.content.feedback, ix.priorities)
    /** The loops playing now. */
    val runningLoops: List<RunningLoop> get() = ArrayList(loops.list)
    /** The run-time parameters and the band edges they move. */
    internal val parameters = ParameterState(policy)
    /** The current user level. */
    internal val userLevels = UserLevelGate(policy)
    /** The enforced budgets' windows. */
    internal val budgets = EnforcedBudgets(ix)
    /** The subjects seen and their band states. */
    internal val subjects = SubjectTable(ix, subjectLimit)
    /** Subjects forgotten so far to stay within the limit. */
    val forgottenSubjectCount: Int get() = subjects.forgotten
    /** Subjects ended so far by events that end their subject. */
    val endedSubjectCount: Int get() = subjects.ended

    companion object {
        /** The most subjects a session holds unless told otherwise. */
        const val DEFAULT_SUBJECT_LIMIT = 1 shl 16
        /** The most bytes of subject names held. */
        const val SUBJECT_NAME_BYTE_LIMIT = 16L shl 20
        /** The shortest loop period a play starts. */
        const val MINIMUM_LOOP_PERIOD = 0.001
        internal const val NO_SCREEN = -2
        internal const val UNKNOWN_SCREEN = -1
    }

    /**
     * A session for `policy` that continues `previous` (made with another policy): what
     * [PolicyStore.reload] uses so an edited policy takes over mid-run. Carried over: device,
     * foreground, engine, subjects, parameters still in range, the user level by name, the
     * screen (unknown when it is gone) and its open ticker gesture, loops whose feedback still
     * loops, band levels of signals that still exist by level name, and the rings of enforced
     * budgets with the same id, scope, max and window (SessionMigration.kt).
     */
    constructor(policy: Policy, continuing: Session) : this(policy, continuing.device, continuing.subjects.limit) {
        carryOver(continuing)
    }

    /** The current value of a run-time parameter, or null when none has that name. */
    fun parameter(name: String): Double? = policy.parameterNames.indexOf(name).takeIf { it >= 0 }?.let { parameters.values[it] }

    /** The current user level's name, or null when the policy has none. */
    val userLevelName: String? get() = userLevels.name

    /** The current edges of band set `band`, or null when there is none of that name. */
    fun bandEdges(band: String): List<Double>? {
        val b = ix.bands.indexOfFirst { it.name == band }.takeIf { it >= 0 } ?: return null
        return parameters.edges(ix.bands[b])
    }

    /** Subjects held now, the policy's own included. */
    val subjectCount: Int get() = subjects.count

    internal fun currentScreenName(event: Event): String? = event.screen ?: screenName

    /**
     * Decides one event and updates the session. Never throws. An event that ends its
     * subject (`ends-subject: true`) forgets it once decided, whatever the decision.
     */
    fun decide(event: Event): Decision {
        val e = ix.eventIndex[event.name] ?: -1
        if (!ix.endsSubjects) return decideEvent(e, event)
        val decision = decideEvent(e, event)
        if (e >= 0) endSubject(e, event)
        return decision
    }

    /** Decides event `e` (its name's id, -1 when the policy has no such event). */
    private fun decideEvent(e: Int, event: Event): Decision {
        val subject = event.subject?.let { subjects.row(it) }
        if (engine == Engine.WARMING && SessionClock.reached(event.t, warmUntil)) engine = Engine.READY
        if (e < 0) return Decision(Action.SILENT, currentScreenName(event), reason = Reason.UNKNOWN_EVENT)
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
                apply(row, event, e, s, subject ?: subjects.noSubject, d)
                addCuts(d)
                return d.done()
            }
        }
        return Decision(Action.SILENT, name, reason = Reason.UNDECLARED, note = "no row of the cell matches this event", rule = rows.firstOrNull()?.rule)
    }

    private fun matches(c: Condition?, event: Event): Boolean {
        if (c == null) return true
        if (c.speaks != null && c.speaks != event.speaks) return false
        if (c.inGesture != null && c.inGesture != ticker.isOpen) return false
        if (c.subject != null && c.subject != event.subject) return false
        if (c.value != null && event.value != c.value) return false
        if (c.range != null || c.oneOf != null) {
            val v = event.value ?: return false
            if (c.range != null && !(v is Scalar.Num && c.range.contains(v.value))) return false
            if (c.oneOf != null && v !in c.oneOf) return false
        }
        c.parameters?.let { tests -> for (t in tests) if (!t.range.contains(parameters.values[t.parameter])) return false }
        c.data?.let { tests ->
            for (t in tests) if (!t.matches(event.data.firstOrNull { it.name == t.field }?.value)) return false
        }
        return true
    }
}

/** A decision being built. */
internal class Draft(var screen: String?, var rule: String? = null, var note: String? = null) {
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
