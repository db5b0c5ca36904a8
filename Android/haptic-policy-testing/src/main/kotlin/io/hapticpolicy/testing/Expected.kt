package io.hapticpolicy.testing

import io.hapticpolicy.Action
import io.hapticpolicy.Decision
import io.hapticpolicy.Directive
import io.hapticpolicy.Reason

/**
 * What an event should decide, in the words of a `haptic-policy test` file (`play:`,
 * `silent:`, `stop:`, `render:`, `rule:`, `band:`, `note:`, `directives:`). Every field
 * given must hold; a field left null is not checked. The same as the Swift kit's
 * `Expected` and the TypeScript kit's.
 */
data class Expected(
    /** The action, if checked. */
    val outcome: Outcome? = null,
    /** What the device renders: `impact.light`, `pattern:pulse`, `sequence:breath`. */
    val render: String? = null,
    /** The reason a play still plays with (a fallback taken, a tick outside its gesture). */
    val playReason: Reason? = null,
    /** `true`: the play has no such reason (it plays as written). */
    val noPlayReason: Boolean = false,
    /** The rule that decided: `camera/plant.found`, `settings/data.reset#2`, `H-4`. */
    val rule: String? = null,
    /** The band level the event went to. */
    val band: String? = null,
    /** The designer's note or the message, exactly. */
    val note: String? = null,
    /** The lifecycle directives, in the policy's canonical order. */
    val directives: List<Directive>? = null
) {
    /** What the event should do. */
    sealed class Outcome {
        /** Play this feedback (the policy's name, before any fallback). */
        data class Play(val feedback: String) : Outcome()
        /** Stay silent, for this reason, or for any reason when null. */
        data class Silent(val reason: Reason?) : Outcome()
        /** Stop this loop, or whichever loop it stops when null. */
        data class Stop(val feedback: String?) : Outcome()
    }

    companion object {
        /** It plays [feedback]. */
        @JvmStatic @JvmOverloads
        fun play(
            feedback: String, render: String? = null, playReason: Reason? = null, noPlayReason: Boolean = false,
            rule: String? = null, band: String? = null, note: String? = null, directives: List<Directive>? = null
        ): Expected = Expected(Outcome.Play(feedback), render, playReason, noPlayReason, rule, band, note, directives)

        /** It stays silent, for [reason] (any reason when null). */
        @JvmStatic @JvmOverloads
        fun silent(
            reason: Reason? = null, rule: String? = null, band: String? = null, note: String? = null,
            directives: List<Directive>? = null
        ): Expected = Expected(Outcome.Silent(reason), rule = rule, band = band, note = note, directives = directives)

        /** It stops [feedback] (whichever loop when null). */
        @JvmStatic @JvmOverloads
        fun stop(feedback: String? = null, rule: String? = null, directives: List<Directive>? = null): Expected =
            Expected(Outcome.Stop(feedback), rule = rule, directives = directives)
    }

    /** The names of the fields [decision] does not match, in a fixed order. */
    internal fun mismatches(decision: Decision): List<String> {
        val wrong = mutableListOf<String>()
        when (val o = outcome) {
            is Outcome.Play -> if (decision.action != Action.PLAY || decision.feedback != o.feedback) wrong += "play"
            is Outcome.Silent ->
                if (decision.action != Action.SILENT || (o.reason != null && decision.reason != o.reason)) wrong += "silent"
            is Outcome.Stop ->
                if (decision.action != Action.STOP || (o.feedback != null && decision.feedback != o.feedback)) wrong += "stop"
            null -> {}
        }
        if (render != null && decision.render?.text != render) wrong += "render"
        if ((playReason != null || noPlayReason) && (decision.action != Action.PLAY || decision.reason != playReason)) wrong += "reason"
        if (rule != null && decision.rule != rule) wrong += "rule"
        if (band != null && decision.band?.to != band) wrong += "band"
        if (note != null && decision.note != note) wrong += "note"
        if (directives != null && decision.directives != directives) wrong += "directives"
        return wrong
    }

    /** `to play pulse, render pattern:pulse`: the expectation in words. */
    internal val text: String
        get() {
            val parts = mutableListOf<String>()
            when (val o = outcome) {
                is Outcome.Play -> parts += "to play ${o.feedback}"
                is Outcome.Silent -> parts += if (o.reason == null) "to stay silent" else "to stay silent (${o.reason.id})"
                is Outcome.Stop -> parts += if (o.feedback == null) "to stop a loop" else "to stop ${o.feedback}"
                null -> {}
            }
            if (render != null) parts += "render $render"
            if (playReason != null || noPlayReason) parts += "reason ${playReason?.id ?: "none"}"
            if (rule != null) parts += "rule $rule"
            if (band != null) parts += "band $band"
            if (note != null) parts += "note \"$note\""
            if (directives != null) parts += "directives [${directives.joinToString(", ") { it.id }}]"
            return if (parts.isEmpty()) "anything" else parts.joinToString(", ")
        }
}
