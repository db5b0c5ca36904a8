package io.hapticpolicy.expo

import io.hapticpolicy.Decision
import io.hapticpolicy.DeviceState
import io.hapticpolicy.IntegrationMistake
import io.hapticpolicy.Policy
import io.hapticpolicy.PolicyStore
import io.hapticpolicy.Scalar

/**
 * What the Expo module does, without Expo or Android: holds the app's [PolicyStore],
 * decides the event objects JavaScript sends, hands every decision to [play] (the
 * module's [io.hapticpolicy.android.VibratorPlayer]) and tells JavaScript through [emit]
 * (`onDecision`, `onIntegrationMistake`). The same objects as the iOS half and the
 * `haptic-policy` package's types (`Decided`, `Decision`, `IntegrationMistake`).
 */
class HapticPolicyBridge(
    private var device: DeviceState,
    private val play: (Decision) -> Unit,
    private val emit: (String, Map<String, Any?>) -> Unit
) {
    private val lock = Any()
    private var store: PolicyStore? = null

    /**
     * Loads a compiled bundle's text; a later load is a hot reload that keeps the policy in
     * use when the bundle is refused. Returns `{policy, hash}`; throws [IllegalArgumentException]
     * saying why a bundle does not load.
     */
    fun load(bundleText: String): Map<String, Any?> = synchronized(lock) {
        val bytes = bundleText.toByteArray(Charsets.UTF_8)
        val existing = store
        if (existing != null) {
            val result = existing.reload(bytes)
            require(result.applied) { "the bundle was refused (${result.error?.message}); the policy ${existing.current.hash} stays" }
            return mapOf("policy" to existing.current.name, "hash" to existing.current.hash)
        }
        val loaded = try {
            Policy.fromBundle(bytes)
        } catch (e: Exception) {
            throw IllegalArgumentException(
                "the bundle does not load (${e.message}); compile the policy with " +
                    "`haptic-policy compile policy.yaml -o policy.bundle.json` and pass that file's text"
            )
        }
        val created = PolicyStore(loaded, device)
        created.onIntegrationMistake = { emit("onIntegrationMistake", ExpoObjects.mistake(it)) }
        store = created
        mapOf("policy" to created.current.name, "hash" to created.current.hash)
    }

    /** Decides one event object, plays the decision and tells `onDecision`; returns the `Decided`. */
    fun decide(event: Map<String, Any?>): Map<String, Any?> = decide(ExpoEvent.of(event))

    /** Decides one event, plays the decision and tells `onDecision`. */
    fun decide(event: ExpoEvent): Map<String, Any?> {
        val decided = synchronized(lock) {
            val current = store ?: throw IllegalArgumentException("no policy is loaded; call load(bundleText) before deciding '${event.name}'")
            val d = current.decide(event.name, event.screen, event.subject, event.value, event.speaks, event.params, event.t, event.data)
            play(d.decision)
            d
        }
        val body = ExpoObjects.decided(decided)
        emit("onDecision", body + ("event" to event.name))
        return body
    }

    /** The activity went to background (`false`) or came back: decides `app.state`. */
    fun appState(foreground: Boolean) = stateEvent("app.state", Scalar.Text(if (foreground) "foreground" else "background"))

    /** Battery Saver turned on or off: the policy plays the fallbacks while it is on. */
    fun lowPower(on: Boolean) {
        synchronized(lock) { device = device.copy(lowPower = on) }
        stateEvent("device.lowPower", Scalar.Bool(on))
    }

    /** What the device allows, as the bridge last heard. */
    val deviceState: DeviceState get() = synchronized(lock) { device }

    private fun stateEvent(name: String, value: Scalar) {
        if (synchronized(lock) { store } == null) return
        decide(ExpoEvent(name, value = value))
    }
}

/**
 * One event as JavaScript sends it: `{event, screen?, subject?, value?, speaks?, params?, data?, t?}`.
 * [data] is read as the event logs' `data` is: a null, array or object field is kept without a
 * value (null here; the policy's declaration then calls it bad).
 */
data class ExpoEvent(
    val name: String, val screen: String? = null, val subject: String? = null, val value: Scalar? = null,
    val speaks: Boolean = false, val params: Map<String, Double> = emptyMap(), val t: Double? = null,
    val data: Map<String, Scalar?> = emptyMap()
) {
    companion object {
        private val keys = setOf("event", "screen", "subject", "value", "speaks", "params", "data", "t")

        /** Decodes a JavaScript object; throws [IllegalArgumentException] saying what is wrong and what to send. */
        fun of(map: Map<String, Any?>): ExpoEvent {
            map.keys.sorted().firstOrNull { it !in keys }?.let {
                throw IllegalArgumentException("unknown key '$it'; an event has ${keys.sorted().joinToString(", ")}")
            }
            val name = string(map["event"], "event")
                ?: throw IllegalArgumentException("'event' is missing; give the event's name: {event: \"breath.start\"}")
            return ExpoEvent(
                name, string(map["screen"], "screen"), string(map["subject"], "subject"), scalar(map["value"]),
                (map["speaks"] ?: false) as? Boolean ?: throw IllegalArgumentException("'speaks' must be true or false"),
                parameters(map["params"]), number(map["t"], "t"), fields(map["data"])
            )
        }

        private fun string(any: Any?, key: String): String? =
            if (any == null) null else any as? String ?: throw IllegalArgumentException("'$key' must be a string")

        private fun number(any: Any?, key: String): Double? {
            if (any == null) return null
            if (any is Boolean || any !is Number) throw IllegalArgumentException("'$key' must be a finite number")
            val value = any.toDouble()
            if (value.isNaN() || value.isInfinite()) throw IllegalArgumentException("'$key' must be a finite number")
            return value
        }

        private fun scalar(any: Any?): Scalar? = when (any) {
            null -> null
            is Boolean -> Scalar.Bool(any)
            is String -> Scalar.Text(any)
            is Number -> Scalar.Num(number(any, "value")!!)
            else -> throw IllegalArgumentException("'value' must be a number, a boolean or a string")
        }

        /** One data field's value as the event logs' `data` reading takes it; null for null, a list or a map. */
        private fun field(any: Any?, key: String): Scalar? = when (any) {
            null, is List<*>, is Map<*, *> -> null
            is Boolean -> Scalar.Bool(any)
            is String -> Scalar.Text(any)
            else -> Scalar.Num(number(any, key)!!)
        }

        /** `{direction: "left"}` or `[{name: "direction", value: "left"}]`, as the package takes them. */
        private fun fields(any: Any?): Map<String, Scalar?> = when (any) {
            null -> emptyMap()
            is Map<*, *> -> any.entries.associate { (k, v) -> k.toString() to field(v, "data.$k") }
            is List<*> -> {
                val result = LinkedHashMap<String, Scalar?>()
                any.forEachIndexed { i, e ->
                    val entry = e as? Map<*, *>
                    val name = entry?.get("name") as? String
                        ?: throw IllegalArgumentException("'data[$i]' must be {name: string, value: number, boolean or string}")
                    require(name !in result) { "data field '$name' is written twice in 'data'; keep one" }
                    result[name] = field(entry["value"], "data[$i].value")
                }
                result
            }
            else -> throw IllegalArgumentException("'data' must be an object such as {direction: \"left\"}")
        }

        private fun parameters(any: Any?): Map<String, Double> = when (any) {
            null -> emptyMap()
            is Map<*, *> -> any.entries.mapNotNull { (k, v) -> number(v, "params.$k")?.let { k.toString() to it } }.toMap()
            is List<*> -> any.mapIndexedNotNull { i, e ->
                val entry = e as? Map<*, *> ?: throw IllegalArgumentException("'params[$i]' must be {name: string, value: number}")
                val name = entry["name"] as? String ?: throw IllegalArgumentException("'params[$i]' must be {name: string, value: number}")
                number(entry["value"], "params[$i].value")?.let { name to it }
            }.toMap()
            else -> throw IllegalArgumentException("'params' must be an object of numbers ({inhale: 4})")
        }
    }
}

/** Decisions and mistakes as the JavaScript objects of the `haptic-policy` package's types. */
object ExpoObjects {
    /** `{decision, policyHash}`. */
    fun decided(decided: PolicyStore.Decided): Map<String, Any?> =
        mapOf("decision" to decision(decided.decision), "policyHash" to decided.policyHash)

    /** The keys and values of the JSONL decision contract (Docs/event-log.md). */
    fun decision(d: Decision): Map<String, Any?> = mapOf(
        "action" to d.action.id, "screen" to d.screen, "feedback" to d.feedback, "layer" to d.layer,
        "render" to d.render?.text, "fallback" to d.fallback, "reason" to d.reason?.id, "note" to d.note,
        "rule" to d.rule, "directives" to d.directives.map { it.id },
        "band" to d.band?.let { mapOf("name" to it.band, "from" to it.from, "to" to it.to) },
        "params" to d.parameters?.map { mapOf("name" to it.name, "value" to it.value?.let(::scalar)) },
        "loop" to d.loopPeriod, "also" to d.also.map(::decision)
    )

    /** `{kind, name, suggestion, detail, message}`. */
    fun mistake(m: IntegrationMistake): Map<String, Any?> =
        mapOf("kind" to m.kind.id, "name" to m.name, "suggestion" to m.suggestion, "detail" to m.detail, "message" to m.toString())

    private fun scalar(s: Scalar): Any = when (s) {
        is Scalar.Num -> s.value
        is Scalar.Bool -> s.value
        is Scalar.Text -> s.value
    }
}
