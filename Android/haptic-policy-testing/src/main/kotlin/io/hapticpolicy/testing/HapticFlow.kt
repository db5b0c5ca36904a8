package io.hapticpolicy.testing

import io.hapticpolicy.Action
import io.hapticpolicy.Decision
import io.hapticpolicy.DeviceState
import io.hapticpolicy.PolicyContent
import io.hapticpolicy.PolicyStore
import io.hapticpolicy.Position
import io.hapticpolicy.RowAction
import io.hapticpolicy.Scalar

/**
 * The test kit for app teams: drive a store with an app flow's events and assert what
 * plays, what stays silent and why (Docs/app-tests.md). A failed expectation throws
 * [HapticExpectationError], an `AssertionError`, which JUnit 4 and 5 report as the test's
 * failure with its message: the event, what was expected, what the policy decided, the
 * rule that decided with where it is written, and the flow so far. The same kit exists for
 * Swift (`HapticPolicyTesting`) and TypeScript (`haptic-policy/testing`).
 *
 * A flow keeps its own clock, starting at 0 s: events are decided at its time, and only
 * [wait] moves it, so budgets, dwells and the engine's warm-up are tested exactly.
 */
class HapticFlow(
    /** The store every event goes through. */
    val store: PolicyStore
) {
    /** A flow over a compiled bundle's bytes, on [device] (a capable phone, haptics on, by default). */
    @JvmOverloads
    constructor(bundle: ByteArray, device: DeviceState = DeviceState()) : this(PolicyStore.fromBundle(bundle, device))

    /** One decided event of a flow. */
    data class Step(val t: Double, val event: String, val screen: String?, val decision: Decision)

    /** Seconds since the flow began. */
    var time: Double = 0.0
        private set

    private val steps = mutableListOf<Step>()
    private var locations: Map<String, String>? = null

    /** Every event decided so far, oldest first. */
    val history: List<Step> get() = steps.toList()

    /** Moves the clock on by [seconds] (finite, 0 or more). */
    fun wait(seconds: Double): HapticFlow {
        require(seconds.isFinite() && seconds >= 0) { "wait($seconds): give a finite number of seconds, 0 or more" }
        time += seconds
        return this
    }

    /** Enters [screen] (`screen.enter`), as the app does when it shows it. */
    fun enter(screen: String): Decision = send("screen.enter", screen = screen)

    /** Sends one event at the flow's time and returns what the policy decided, asserting nothing. */
    @JvmOverloads
    fun send(
        event: String, screen: String? = null, subject: String? = null, value: Scalar? = null, speaks: Boolean = false,
        params: Map<String, Double> = emptyMap(), data: Map<String, Scalar?> = emptyMap()
    ): Decision {
        val decision = store.decide(event, screen, subject, value, speaks, params, time, data).decision
        steps += Step(time, event, screen, decision)
        return decision
    }

    /** Sends one event and checks its decision against [expected]; throws [HapticExpectationError] when it differs. */
    @JvmOverloads
    fun expect(
        event: String, expected: Expected, screen: String? = null, subject: String? = null, value: Scalar? = null,
        speaks: Boolean = false, params: Map<String, Double> = emptyMap(), data: Map<String, Scalar?> = emptyMap()
    ): Decision {
        val decision = send(event, screen, subject, value, speaks, params, data)
        val wrong = expected.mismatches(decision)
        if (wrong.isNotEmpty()) throw HapticExpectationError(explain(decision, expected, wrong), decision)
        return decision
    }

    private fun explain(decision: Decision, expected: Expected, wrong: List<String>): String {
        val last = steps.last()
        val lines = mutableListOf(
            "${last.event} on ${decision.screen ?: "no screen"} at ${seconds(last.t)}: expected ${expected.text}, " +
                "but it ${describe(decision)}",
            "  differs in: ${wrong.joinToString(", ")}"
        )
        decision.rule?.let { rule ->
            val written = whereWritten(rule)?.let { " ($it)" } ?: ""
            lines += "  decided by: $rule$written"
        }
        decision.note?.let { lines += "  note: $it" }
        lines += "  the flow so far:"
        for (step in steps.takeLast(8)) {
            val on = if (step.event == "screen.enter") " ${step.screen ?: ""}" else ""
            val rule = step.decision.rule?.let { " ($it)" } ?: ""
            lines += "    ${seconds(step.t)}  ${step.event}$on → ${short(step.decision)}$rule"
        }
        return lines.joinToString("\n")
    }

    /** Where the rule is written, `plavo.yaml:88:7`, from the bundle's rows and rule references. */
    private fun whereWritten(rule: String): String? {
        val found = locations ?: ruleLocations(store.current.content).also { locations = it }
        return found[rule]
    }

    private companion object {
        fun describe(decision: Decision): String {
            val band = decision.band?.let { ", band ${it.to}" } ?: ""
            val directives =
                if (decision.directives.isEmpty()) "" else ", directives [${decision.directives.joinToString(", ") { it.id }}]"
            return when (decision.action) {
                Action.PLAY -> {
                    val why = decision.reason?.let { ", reason ${it.id}" } ?: ""
                    "played ${decision.feedback} (render ${decision.render?.text}$why$band$directives)"
                }
                Action.SILENT -> "stayed silent (${decision.reason?.id}$band$directives)"
                Action.STOP -> "stopped ${decision.feedback ?: "every loop"}$directives"
            }
        }

        fun short(decision: Decision): String = when (decision.action) {
            Action.PLAY -> "play ${decision.feedback} (${decision.render?.text})"
            Action.SILENT -> "silent ${decision.reason?.id}"
            Action.STOP -> "stop ${decision.feedback ?: "all"}"
        }

        /** `1 s`, `0.35 s`: a time as the other kits print it. */
        fun seconds(t: Double): String {
            val rounded = Math.round(t * 1e6) / 1e6
            return (if (rounded == Math.rint(rounded) && Math.abs(rounded) < 1e15) rounded.toLong().toString() else rounded.toString()) + " s"
        }

        /** Every rule id of the content with where it is written: rows, band levels, and the decide tables' rule references. */
        fun ruleLocations(content: PolicyContent): Map<String, String> {
            val files = listOf(content.source) + content.files
            val found = LinkedHashMap<String, String>()
            // `[0, 0]` is "not written in a file" (a built-in rule): it has no place to show.
            fun note(rule: String, at: Position?) {
                if (at != null && at.line > 0 && rule !in found) {
                    found[rule] = "${files.getOrElse(at.file) { content.source }}:${at.line}:${at.column}"
                }
            }
            for (cell in content.cells) for (row in cell.rows) {
                note(row.rule, row.location)
                val action = row.action
                if (action is RowAction.BandAction) {
                    val levels = content.bands.getOrNull(action.band)?.levels ?: emptyList()
                    row.levelRules?.forEachIndexed { level, rule -> note(rule, levels.getOrNull(level)?.location) }
                }
            }
            val decide = content.decide
            decide.screenRules.forEach { note(it.id, it.at) }
            decide.speech?.let { note(it.rule.id, it.rule.at) }
            decide.payloads.forEach { note(it.rule.id, it.rule.at) }
            decide.budgets.forEach { note(it.rule.id, it.rule.at) }
            decide.settings.forEach { note(it.rule.id, it.rule.at) }
            decide.userLevels.forEach { note(it.rule.id, it.rule.at) }
            decide.background?.let { note(it.rule.id, it.rule.at) }
            return found
        }
    }
}

/** A failed expectation of a [HapticFlow]: the message says everything a reader needs. */
class HapticExpectationError(
    message: String,
    /** The decision the policy made. */
    val decision: Decision
) : AssertionError(message)
