package io.hapticpolicy

/**
 * The checks a play goes through, in this order ([values]): the first that refuses decides
 * the play silent with its reason (or, for [DEVICE_FALLBACK], makes it a fallback). This
 * order is the semantics (PlayGate.swift's `allCases`): Docs/decision-order.md lists it
 * and a test (PlayGateOrderTest) checks the two agree; [Session.play] runs [ORDER].
 */
internal enum class PlayGate(
    /** The gate's id in Docs/decision-order.md's "Play gates". */
    val id: String,
    /** The reasons this gate gives, the first one for a silent decision. */
    val reasons: List<Reason>
) {
    /** The app is in background and `background:` does not keep the play: `background`. */
    BACKGROUND("background", listOf(Reason.BACKGROUND)),
    /** The user turned haptics off (`device.hapticsEnabled`): `haptics-disabled`. */
    HAPTICS_SETTING("haptics-setting", listOf(Reason.HAPTICS_DISABLED)),
    /** The current user level does not keep the play: `user-level`, citing the level. */
    USER_LEVEL("user-level", listOf(Reason.USER_LEVEL)),
    /** Speech feedback for an event that does not speak: `no-speech`, citing the invariant. */
    SPEECH("speech", listOf(Reason.NO_SPEECH)),
    /** The event's `params` do not fit the template, or the loop period is not usable: `bad-params`. */
    TEMPLATE_PARAMETERS("template-parameters", listOf(Reason.BAD_PARAMS)),
    /** Something still playing has a higher priority (`priority:`): `outranked`, naming both. */
    OUTRANKED("outranked", listOf(Reason.OUTRANKED)),
    /**
     * A pattern the device or engine cannot play now plays its fallback, with reason
     * `background`, `no-core-haptics`, `low-power` or `engine-cold` (in that order);
     * without a fallback it is silent: `no-fallback`.
     */
    DEVICE_FALLBACK("device-fallback", listOf(Reason.NO_FALLBACK, Reason.BACKGROUND, Reason.NO_CORE_HAPTICS, Reason.LOW_POWER, Reason.ENGINE_COLD)),
    /** An enforced budget already holds `max` rings in its window: `over-budget`, citing it. */
    ENFORCED_BUDGETS("enforced-budgets", listOf(Reason.OVER_BUDGET));

    companion object {
        /** The gates in the order a play runs them: [values], made once. */
        val ORDER: List<PlayGate> = values().toList()
    }
}

/**
 * What the gates found out about a play on the way: the bound parameters and loop period
 * ([PlayGate.TEMPLATE_PARAMETERS]) and the fallback's reason ([PlayGate.DEVICE_FALLBACK]).
 */
internal class PlayContext {
    var parameters: List<ParameterValue> = emptyList()
    var period: Double? = null
    var fallback: Reason? = null
    var fallbackRender: Render? = null
}

/**
 * Plays feedback `f` for a row; `rule` is its rule slot (which user levels and
 * `background:` may keep it by). Runs [PlayGate.ORDER] in order; a gate that refuses has
 * written its reason into `d`.
 */
internal fun Session.play(f: Int, event: Event, e: Int, s: Int, rule: Int, d: Draft) {
    val feedback = policy.content.feedback[f]
    d.plan = feedback
    val context = PlayContext()
    for (gate in PlayGate.ORDER) if (!pass(gate, f, feedback, event, e, s, rule, context, d)) return
    val fallback = context.fallback
    interrupt(f, event.t, fallback == null, context.parameters, d)
    d.action = Action.PLAY
    if (fallback != null) {
        d.render = context.fallbackRender
        d.fallback = true
        d.reason = fallback
        if (feedback.parameters.isNotEmpty()) d.parameters = context.parameters
        return
    }
    d.render = feedback.render
    if (feedback.parameters.isNotEmpty()) d.parameters = context.parameters
    val period = context.period
    d.loopPeriod = period
    if (period != null) loops.start(RunningLoop(feedback.name, context.parameters, period, event.t, f, rule))
}

/** Whether the play of `feedback` passes `gate`; when not, the gate's reason (and rule and note) is in `d`. */
private fun Session.pass(
    gate: PlayGate, f: Int, feedback: FeedbackPlan, event: Event, e: Int, s: Int, rule: Int, context: PlayContext, d: Draft
): Boolean {
    when (gate) {
        PlayGate.BACKGROUND ->
            // `background:` keeps some plays; a kept pattern meets the stopped engine at DEVICE_FALLBACK and plays its fallback.
            if (!isForeground && ix.backgroundKeeps?.keeps(f, rule) != true) { d.reason = Reason.BACKGROUND; return false }
        PlayGate.HAPTICS_SETTING -> if (!device.hapticsEnabled) { d.reason = Reason.HAPTICS_DISABLED; return false }
        PlayGate.USER_LEVEL -> if (!userLevels.keeps(f, rule)) { userLevels.refuse(feedback, d); return false }
        PlayGate.SPEECH -> {
            val speech = ix.speechRule
            if (ix.needsSpeech[f] && speech != null && !ix.speechExempt[e] && !event.speaks) {
                d.reason = Reason.NO_SPEECH
                d.rule = speech
                return false
            }
        }
        PlayGate.TEMPLATE_PARAMETERS -> if (event.params.isNotEmpty() || feedback.loop != null || feedback.parameters.isNotEmpty()) {
            when (val bound = Templates.bind(event.params, feedback)) {
                is Templates.Bound.Problem -> { d.reason = Reason.BAD_PARAMS; d.note = bound.message; return false }
                is Templates.Bound.Ok -> { context.parameters = bound.parameters; context.period = bound.period }
            }
        }
        PlayGate.OUTRANKED -> {
            val note = outranking(f, event.t)
            if (note != null) { d.reason = Reason.OUTRANKED; d.note = note; return false }
        }
        PlayGate.DEVICE_FALLBACK -> if (feedback.isPattern) {
            // In background (a play `background:` keeps) the engine is stopped.
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
                    return false
                }
                context.fallback = problem
                context.fallbackRender = fallback
            }
        }
        PlayGate.ENFORCED_BUDGETS -> if (ix.enforcedBudgets.isNotEmpty() && !budgets.admit(f, e, s, event.t, d)) return false
    }
    return true
}
