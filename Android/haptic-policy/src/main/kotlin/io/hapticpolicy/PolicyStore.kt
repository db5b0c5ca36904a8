package io.hapticpolicy

import java.util.concurrent.locks.ReentrantLock
import kotlin.concurrent.withLock

/** Something the app sends that the policy cannot use: reported once per kind and name. */
data class IntegrationMistake(
    val kind: Kind, val name: String, val suggestion: String? = null, val detail: String? = null
) {
    /** The kinds of mistake. */
    enum class Kind(val id: String) {
        UNKNOWN_EVENT("unknown-event"), UNKNOWN_SCREEN("unknown-screen"), BAD_VALUE("bad-value"),
        BAD_PARAMETERS("bad-params")
    }

    /** One line for a log: `event 'lap.complete' is not in the catalogue; did you mean 'lap.completed'?`. */
    override fun toString(): String {
        val hint = suggestion?.let { "; did you mean '$it'?" } ?: ""
        return when (kind) {
            Kind.UNKNOWN_EVENT -> "event '$name' is not in the catalogue$hint"
            Kind.UNKNOWN_SCREEN -> "screen '$name' is not declared$hint"
            Kind.BAD_VALUE -> "event '$name' was sent a value it cannot use" + (detail?.let { ": $it" } ?: "")
            Kind.BAD_PARAMETERS -> "event '$name' was sent bad parameters" + (detail?.let { ": $it" } ?: "")
        }
    }

    internal val key: String get() = kind.id + " " + name

    internal companion object {
        fun of(d: Decision, event: String, screen: String?): IntegrationMistake? = when (d.reason) {
            Reason.UNKNOWN_EVENT -> IntegrationMistake(Kind.UNKNOWN_EVENT, event)
            Reason.UNKNOWN_SCREEN -> IntegrationMistake(Kind.UNKNOWN_SCREEN, screen ?: d.screen ?: "?")
            Reason.BAD_VALUE, Reason.BAD_STATE -> IntegrationMistake(Kind.BAD_VALUE, event, detail = d.note)
            Reason.BAD_PARAMS -> IntegrationMistake(Kind.BAD_PARAMETERS, event, detail = d.note)
            else -> null
        }

        /** The nearest candidate within a third of the name's length (1 to 3 edits), as Swift's `suggestion`. */
        fun suggestion(name: String, candidates: List<String>): String? {
            val lowered = lower(name)
            val length = lowered.codePointCount(0, lowered.length)
            val allowed = minOf(3, maxOf(1, length / 3))
            var best: String? = null
            var bestDistance = Int.MAX_VALUE
            for (c in candidates) {
                if (c == name) continue
                val count = c.codePointCount(0, c.length)
                if (count > 200 || length > 200 || Math.abs(count - length) > allowed) continue
                val distance = editDistance(lowered, lower(c))
                if (best != null && bestDistance <= distance) continue
                best = c
                bestDistance = distance
            }
            return if (best != null && bestDistance <= allowed) best else null
        }

        /** Lowercased scalar by scalar (`toLowerCase()` is gone from Kotlin 2, `lowercase()` is not in 1.3). */
        private fun lower(s: String): String {
            val out = StringBuilder(s.length)
            for (c in codePoints(s)) out.appendCodePoint(Character.toLowerCase(c))
            return out.toString()
        }

        /** Unicode scalars, without `String.codePoints()` (Android API 24). */
        private fun codePoints(s: String): IntArray {
            val out = IntArray(s.codePointCount(0, s.length))
            var i = 0
            var k = 0
            while (i < s.length) {
                val c = s.codePointAt(i)
                out[k++] = c
                i += Character.charCount(c)
            }
            return out
        }

        private fun editDistance(a: String, b: String): Int {
            val x = codePoints(a)
            val y = codePoints(b)
            if (x.isEmpty()) return y.size
            if (y.isEmpty()) return x.size
            var before = IntArray(y.size + 1)
            var previous = IntArray(y.size + 1) { it }
            var current = IntArray(y.size + 1)
            for (i in 1..x.size) {
                current[0] = i
                for (j in 1..y.size) {
                    current[j] = minOf(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + if (x[i - 1] == y[j - 1]) 0 else 1)
                    if (i > 1 && j > 1 && x[i - 1] == y[j - 2] && x[i - 2] == y[j - 1]) current[j] = minOf(current[j], before[j - 2] + 1)
                }
                val t = before; before = previous; previous = current; current = t
            }
            return previous[y.size]
        }
    }
}

/**
 * The app's entry point: one session behind a lock, hot reload that keeps the last good
 * policy, and integration mistakes reported once each. Safe to call from any thread.
 *
 * ```kotlin
 * val store = PolicyStore(Policy.fromBundle(assets.open("stride.bundle.json").readBytes()))
 * val decided = store.decide(event = "lap.completed", screen = "workout")
 * ```
 */
class PolicyStore @JvmOverloads constructor(policy: Policy, device: DeviceState = DeviceState()) {
    private val lock = ReentrantLock()
    private var loaded = policy
    private var session = Session(policy, device)
    private var lastTime = 0.0
    private val startNanos = System.nanoTime()
    private val reported = HashSet<String>()

    /** A decision and the policy that made it (whose [Policy.hash] it cites). */
    data class Decided(val decision: Decision, val policy: Policy) {
        /** The hash of the policy that decided. */
        val policyHash: String get() = policy.hash
    }

    /** What a reload did: applied or refused (with why), and the hash now deciding. */
    data class ReloadResult(val applied: Boolean, val error: BundleError?, val activeHash: String)

    /** Called (outside the lock) the first time each distinct mistake happens, at most [MAX_REPORTED_MISTAKES]. */
    @Volatile
    var onIntegrationMistake: ((IntegrationMistake) -> Unit)? = null

    companion object {
        /** The most distinct mistakes reported per loaded policy. */
        const val MAX_REPORTED_MISTAKES = 1000

        /** A store over a bundle's bytes; throws [BundleError]. */
        @JvmStatic
        fun fromBundle(bytes: ByteArray, device: DeviceState = DeviceState()): PolicyStore = PolicyStore(Policy.fromBundle(bytes), device)
    }

    /** The policy deciding now. */
    val current: Policy get() = lock.withLock { loaded }

    /** The device state the session holds now. */
    val device: DeviceState get() = lock.withLock { session.device }

    /**
     * Decides one event. `t` defaults to the seconds since the store was made; times never
     * go backwards (a smaller `t` is taken as the latest one). `params` are template parameters;
     * `data` the event's data fields (`data:` in the policy, `when: {data: ...}` in its rows); a
     * field mapped to null is given without a value, as an event log's null, array or object field is.
     */
    fun decide(
        event: String, screen: String? = null, subject: String? = null, value: Scalar? = null, speaks: Boolean = false,
        params: Map<String, Double> = emptyMap(), t: Double? = null, data: Map<String, Scalar?> = emptyMap()
    ): Decided {
        val now = t ?: (System.nanoTime() - startNanos) / 1e9
        val parameters = params.entries.sortedBy { it.key }.map { ParameterValue(it.key, Scalar.Num(it.value)) }
        val fields = data.entries.sortedBy { it.key }.map { ParameterValue(it.key, it.value) }
        var report: Pair<(IntegrationMistake) -> Unit, IntegrationMistake>? = null
        val decided = lock.withLock {
            lastTime = maxOf(lastTime, now)
            val decision = session.decide(Event(lastTime, event, screen, subject, value, speaks, parameters, fields))
            val handler = onIntegrationMistake
            if (handler != null && decision.reason != null) {
                val mistake = IntegrationMistake.of(decision, event, screen)
                if (mistake != null && reported.size < MAX_REPORTED_MISTAKES && reported.add(mistake.key)) {
                    val suggested = when (mistake.kind) {
                        IntegrationMistake.Kind.UNKNOWN_EVENT -> mistake.copy(suggestion = IntegrationMistake.suggestion(event, loaded.eventNames))
                        IntegrationMistake.Kind.UNKNOWN_SCREEN -> mistake.copy(suggestion = IntegrationMistake.suggestion(mistake.name, loaded.screenNames))
                        else -> mistake
                    }
                    report = Pair(handler, suggested)
                }
            }
            Decided(decision, loaded)
        }
        report?.let { (handler, mistake) -> handler(mistake) }
        return decided
    }

    /** Replaces the policy mid-run, carrying the session over; returns the new hash. */
    fun reload(policy: Policy): String = lock.withLock {
        session = Session(policy, session)
        loaded = policy
        reported.clear()
        policy.hash
    }

    /** Reloads from a bundle's bytes; a refused bundle keeps the last good policy deciding. */
    fun reload(bundle: ByteArray): ReloadResult = try {
        ReloadResult(true, null, reload(Policy.fromBundle(bundle)))
    } catch (e: BundleError) {
        ReloadResult(false, e, current.hash)
    }
}
