package io.hapticpolicy

/** Why a decision came out the way it did: the stable ids of `Docs/event-log.md`. */
enum class Reason(val id: String) {
    DESIGNER("designer"), DIRECTIVE_ONLY("directive-only"), BASELINE("baseline"), SAME_BAND("same-band"),
    DWELLING("dwelling"), IMPLAUSIBLE("implausible"), BAD_VALUE("bad-value"), NO_SPEECH("no-speech"),
    BAD_PARAMS("bad-params"), BACKGROUND("background"), HAPTICS_DISABLED("haptics-disabled"),
    NO_FALLBACK("no-fallback"), UNKNOWN_EVENT("unknown-event"), UNDECLARED("undeclared"),
    UNKNOWN_SCREEN("unknown-screen"), NO_SCREEN("no-screen"), NOT_RUNNING("not-running"), STATE("state"),
    ENGINE_COLD("engine-cold"), NO_CORE_HAPTICS("no-core-haptics"), LOW_POWER("low-power"),
    TICK_OUTSIDE_GESTURE("tick-outside-gesture"), BAD_STATE("bad-state"), OVER_BUDGET("over-budget"),
    USER_LEVEL("user-level"), OUTRANKED("outranked"), RECEDING("receding");

    override fun toString(): String = id
}

/** What a decision does. */
enum class Action(val id: String) {
    /** Render `render`. */
    PLAY("play"),
    /** Nothing plays; `reason` says why. */
    SILENT("silent"),
    /** Stop a running loop (`stop-loop`). */
    STOP("stop");

    override fun toString(): String = id
}

/** A band change: the band set, the level left (null at a baseline) and the level the value is in. */
data class BandTransition(val band: String, val from: String?, val to: String)

/** A template parameter a play uses, or an event gives: a number, or null when not a number. */
data class ParameterValue(val name: String, val value: Scalar?)

/**
 * The outcome of one event: what to play (or why not), the rule that decided it, and the
 * directives for the player. A row that does several things has its other actions in [also].
 */
data class Decision(
    val action: Action,
    /** The screen the event was decided on. */
    val screen: String? = null,
    /** The feedback chosen (before fallbacks), or the loop stopped. */
    val plan: FeedbackPlan? = null,
    /** What to render after fallbacks; plays only. */
    val render: Render? = null,
    /** Whether [render] is the fallback. */
    val fallback: Boolean = false,
    val reason: Reason? = null,
    val note: String? = null,
    /** The rule id that decided. */
    val rule: String? = null,
    /** Lifecycle directives, in canonical order. */
    val directives: List<Directive> = emptyList(),
    val band: BandTransition? = null,
    /** The template parameters played with, declaration order, defaults filled in. */
    val parameters: List<ParameterValue>? = null,
    /** Seconds between repetitions of the loop this play starts. */
    val loopPeriod: Double? = null,
    val also: List<Decision> = emptyList()
) {
    /** The name of [plan]. */
    val feedback: String? get() = plan?.name
    /** The layer of [plan]. */
    val layer: String? get() = plan?.layer
    /** Whether this is a row's stop: a loop stopped, or none running. */
    val isStop: Boolean get() = action == Action.STOP || reason == Reason.NOT_RUNNING

    /**
     * This decision and [also] in the order a player carries them out (Swift's
     * `Decision.steps`, Docs/decision-order.md section 5): the stops (the row's own, then
     * the loops and patterns a higher priority cut), then this one without [also], then
     * the rest. Just this one for a row that does one thing.
     */
    val steps: List<Decision>
        get() = if (also.isEmpty()) listOf(this) else also.filter { it.isStop } + copy(also = emptyList()) + also.filter { !it.isStop }
}

/** What the device allows. */
data class DeviceState(val supportsHaptics: Boolean = true, val lowPower: Boolean = false, val hapticsEnabled: Boolean = true)

/** An app event, by names: what [Session.decide] takes. */
data class Event(
    /** Seconds since the session began; non-decreasing. */
    val t: Double,
    val name: String,
    /** The screen; null: the last `screen.enter`. */
    val screen: String? = null,
    val subject: String? = null,
    val value: Scalar? = null,
    val speaks: Boolean = false,
    val params: List<ParameterValue> = emptyList(),
    /** The event's data fields besides its value (`data: {"direction": "left"}`), in the order given. */
    val data: List<ParameterValue> = emptyList()
)

/** A loop the session believes is playing. */
data class RunningLoop(
    val feedback: String, val parameters: List<ParameterValue>, val period: Double, val start: Double,
    internal val feedbackIndex: Int, internal val ruleSlot: Int
)
