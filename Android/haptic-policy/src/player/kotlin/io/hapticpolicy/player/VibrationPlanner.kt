package io.hapticpolicy.player

import io.hapticpolicy.Action
import io.hapticpolicy.Decision
import io.hapticpolicy.Directive
import io.hapticpolicy.Expr
import io.hapticpolicy.Fallback
import io.hapticpolicy.FeedbackBody
import io.hapticpolicy.FeedbackPlan
import io.hapticpolicy.Pattern
import io.hapticpolicy.PolicyStore
import io.hapticpolicy.Preset
import io.hapticpolicy.Render
import io.hapticpolicy.TimedPreset

/**
 * What the device's vibrator can do, read once by the Android player
 * (`Build.VERSION.SDK_INT`, `hasVibrator()`, `hasAmplitudeControl()`,
 * `areAllPrimitivesSupported`) and given to [VibrationPlanner]: plain values, so the
 * mapping runs (and is tested) on the JVM.
 */
data class VibratorCapabilities(
    /** `Build.VERSION.SDK_INT`. */
    val sdkInt: Int,
    /** `Vibrator.hasVibrator()`. */
    val hasVibrator: Boolean,
    /** `Vibrator.hasAmplitudeControl()`. */
    val hasAmplitudeControl: Boolean,
    /** `Vibrator.areAllPrimitivesSupported(ids)`; only asked on API 30 and later. */
    val primitivesSupported: (IntArray) -> Boolean
)

/** One `VibrationEffect.Composition.addPrimitive(id, scale, delay)`. */
data class PrimitiveCall(
    /** The `PRIMITIVE_*` constant's value. */
    val id: Int,
    /** 0-1. */
    val scale: Float,
    /** Milliseconds after the previous primitive ends. */
    val delayMs: Int
)

/** A platform-neutral call on Android's vibrator: what [VibrationPlanner] decides to do. */
sealed class VibrationCall {
    /** `vibrate(startComposition().addPrimitive(...)...compose())` (API 30+). */
    data class Composition(val primitives: List<PrimitiveCall>) : VibrationCall()
    /** `vibrate(createPredefined(effectId))` (API 29+). */
    data class Predefined(val effectId: Int) : VibrationCall()
    /** `vibrate(createOneShot(ms, amplitude))` (API 26+). */
    data class OneShot(val ms: Long, val amplitude: Int) : VibrationCall()
    /**
     * `vibrate(createWaveform(timings, amplitudes, repeat))` (API 26+); repeat 0 loops
     * until `cancel()`, -1 plays once. Without amplitude control the amplitudes are 0 or 255.
     */
    data class Waveform(val timings: List<Long>, val amplitudes: List<Int>, val repeat: Int) : VibrationCall()
    /** `cancel()`: a loop stops. */
    object Cancel : VibrationCall() {
        override fun toString(): String = "Cancel"
    }
    /** Nothing can be played; the player reports [text] and carries on. */
    data class Incident(val text: String) : VibrationCall()
}

/**
 * Maps a decision to the vibrator calls that carry it out, as the Swift `HapticPlayer` does
 * for Core Haptics: the android plan of the feedback (its per-platform override), its
 * fallback where the policy chose one or the motor cannot play the waveform, loops at the
 * decision's `loopPeriod` (the iOS player's period), `cancel()` on `stop-loop`. Pure Kotlin.
 *
 * It remembers the loop it started (Android plays one effect at a time: any later vibrate
 * replaces it), so a row's stop of another loop does not cancel the one playing, as the
 * Swift player stops only a running loop. One planner per player, used from one thread.
 */
class VibrationPlanner(private val capabilities: VibratorCapabilities) {
    /** The feedback of the loop playing now, if any. */
    var runningLoop: String? = null
        private set

    /** Notes that the app cancelled the vibrator itself (`VibratorPlayer.stop()`). */
    fun stopped() {
        runningLoop = null
    }

    /**
     * The calls for `decision` and the other actions of its row, in the order the Swift
     * `HapticPlayer` carries them out ([Decision.steps]): the stops first (the row's own and
     * what a higher priority cut), then the decision, then its other plays. A stop carried
     * out after the play would cancel a loop the row has just started.
     */
    fun plan(decision: Decision): List<VibrationCall> = decision.steps.flatMap { step(it) }

    /** The calls for a store's decision. */
    fun plan(decided: PolicyStore.Decided): List<VibrationCall> = plan(decided.decision)

    private fun step(d: Decision): List<VibrationCall> {
        val calls = ArrayList<VibrationCall>()
        if (Directive.STOP_LOOP in d.directives && capabilities.hasVibrator) {
            // A row's stop names its loop; any other stop-loop (app.state, a screen) stops all.
            val target = if (d.action == Action.STOP) d.feedback else null
            if (runningLoop != null && (target == null || target == runningLoop)) {
                calls.add(VibrationCall.Cancel)
                runningLoop = null
            }
        }
        // `interrupt` (a play of a higher priority cut a one-shot still playing) needs no call:
        // the play that cut it comes next, and its vibrate replaces the one effect Android plays.
        if (d.action != Action.PLAY) return calls
        val before = calls.size
        val out = play(d, calls)
        if (out.drop(before).any { it !is VibrationCall.Incident && it !is VibrationCall.Cancel }) {
            val last = out.last()
            runningLoop = if (last is VibrationCall.Waveform && last.repeat == 0) d.feedback else null
        }
        return out
    }

    private fun play(d: Decision, calls: ArrayList<VibrationCall>): List<VibrationCall> {
        val render = d.render ?: return calls
        if (!capabilities.hasVibrator) {
            calls.add(VibrationCall.Incident("no vibrator: '${d.feedback ?: render.text}' not played"))
            return calls
        }
        if (capabilities.sdkInt < MIN_SDK) {
            calls.add(VibrationCall.Incident("API level ${capabilities.sdkInt} has no VibrationEffect (needs $MIN_SDK): '${d.feedback ?: render.text}' not played"))
            return calls
        }
        val plan = d.plan
        if (plan == null) {
            if (render is Render.OfPreset) calls.add(preset(render.preset, null))
            else calls.add(VibrationCall.Incident("a decision to play ${render.text} carries no feedback plan; stayed silent"))
            return calls
        }
        val android = plan.on(PLATFORM)
        val fallback = d.fallback
        val body = android.body
        when {
            !fallback && body is FeedbackBody.PresetBody -> calls.add(preset(body.preset, body.intensity))
            !fallback && body is FeedbackBody.PatternBody -> {
                val bindings = bindings(android, d)
                val wave = PatternWaveform.of(body.pattern, bindings, d.loopPeriod)
                if (wave == null) {
                    calls.add(VibrationCall.Incident("pattern '${android.name}' could not be evaluated with ${bindings}; stayed silent"))
                } else if (wave.amplitudes.none { it > 0 }) {
                    // createWaveform refuses an effect that never vibrates (sounds only, or silences).
                    calls.add(VibrationCall.Incident("pattern '${android.name}' has nothing to vibrate on Android; stayed silent"))
                } else if (capabilities.hasAmplitudeControl || wave.repeat == 0 || android.fallback == null) {
                    // Loops keep their period on any motor (on/off), so the fallback is for one-shots.
                    calls.add(if (capabilities.hasAmplitudeControl) wave else wave.onOff())
                } else {
                    calls.addAll(fallbackCalls(android, bindings))
                }
            }
            else -> {
                val calledFor = fallbackCalls(android, bindings(android, d))
                if (calledFor.isEmpty() && render is Render.OfPreset) calls.add(preset(render.preset, null)) else calls.addAll(calledFor)
            }
        }
        return calls
    }

    private fun bindings(plan: FeedbackPlan, d: Decision): Map<String, Double> {
        val out = LinkedHashMap<String, Double>()
        for (p in plan.parameters) out[p.name] = p.defaultValue
        for (p in d.parameters ?: emptyList()) {
            val v = p.value
            if (v is io.hapticpolicy.Scalar.Num) out[p.name] = v.value
        }
        return out
    }

    private fun fallbackCalls(plan: FeedbackPlan, bindings: Map<String, Double>): List<VibrationCall> =
        when (val f = plan.fallback) {
            is Fallback.Single -> listOf(preset(f.step.preset, f.step.intensity))
            is Fallback.Sequence -> listOf(sequence(f.steps, bindings))
            else -> emptyList()
        }

    /** A preset: its primitives where the device supports them all, else predefined, else a one-shot. */
    fun preset(preset: Preset, intensity: Double?): VibrationCall {
        val m = PresetTable.of(preset, intensity)
        val ids = m.primitives.map { it.id }.distinct().toIntArray()
        return when {
            capabilities.sdkInt >= m.compositionApiLevel && capabilities.primitivesSupported(ids) ->
                VibrationCall.Composition(m.primitives.map { PrimitiveCall(it.id, it.scale, it.delayMs) })
            capabilities.sdkInt >= 29 -> VibrationCall.Predefined(m.predefined)
            else -> VibrationCall.OneShot(m.oneShotMs.toLong(), m.oneShotAmplitude)
        }
    }

    /**
     * A timed sequence: one composition when every primitive is supported (each step's
     * first primitive waits for the gap since the previous step), else a waveform of the
     * steps' one-shots at their times (as the Android export writes it).
     */
    private fun sequence(steps: List<TimedPreset>, bindings: Map<String, Double>): VibrationCall {
        val timed = steps.map { s -> Math.max(0L, Math.round((s.at.evaluate(bindings) ?: 0.0) * 1000)).toInt() to PresetTable.of(s.preset, s.intensity) }
        val ids = timed.flatMap { (_, m) -> m.primitives.map { it.id } }.distinct().toIntArray()
        val level = timed.map { it.second.compositionApiLevel }.max() ?: 30
        if (capabilities.sdkInt >= level && capabilities.primitivesSupported(ids)) {
            val prims = ArrayList<PrimitiveCall>()
            var previous = 0
            for ((at, m) in timed) {
                m.primitives.forEachIndexed { i, p -> prims.add(PrimitiveCall(p.id, p.scale, if (i == 0) Math.max(0, at - previous) else p.delayMs)) }
                previous = at
            }
            return VibrationCall.Composition(prims)
        }
        // FallbackSteps.swift's timedRuns: off until each step, its one-shot cut at the next step, equal runs merged.
        val timings = ArrayList<Long>()
        val amplitudes = ArrayList<Int>()
        fun add(amplitude: Int, ms: Int) {
            if (ms <= 0) return
            if (amplitudes.isNotEmpty() && amplitudes.last() == amplitude) timings[timings.size - 1] = timings.last() + ms
            else { timings.add(ms.toLong()); amplitudes.add(amplitude) }
        }
        var cursor = 0
        timed.forEachIndexed { i, (at, m) ->
            val next = if (i + 1 < timed.size) timed[i + 1].first else Int.MAX_VALUE
            if (at > cursor) { add(0, at - cursor); cursor = at }
            val length = Math.max(0, Math.min(m.oneShotMs, next - cursor))
            add(if (capabilities.hasAmplitudeControl) m.oneShotAmplitude else 255, length)
            cursor += length
        }
        return VibrationCall.Waveform(timings, amplitudes, -1)
    }

    companion object {
        /** The platform name of the policy's per-platform overrides. */
        const val PLATFORM = "android"
        /** `VibrationEffect` arrived in API 26; below it the player reports and stays silent. */
        const val MIN_SDK = 26
    }
}

private fun VibrationCall.Waveform.onOff(): VibrationCall.Waveform =
    copy(amplitudes = amplitudes.map { if (it > 0) 255 else 0 })

/** Samples a pattern into `createWaveform` runs, as `AndroidExporter.waveform` does. */
internal object PatternWaveform {
    /** Milliseconds per sample. */
    const val STEP_MS = 10
    /** How long a transient lasts once sampled. */
    const val TRANSIENT_MS = 20
    private const val MAX_SECONDS = 600.0

    private class Ev(val haptic: Boolean, val transient: Boolean, val time: Double, val duration: Double, val intensity: Double, val curve: List<Pair<Double, Double>>?)

    /** The waveform of `pattern` with `bindings`; a loop covers one `loopPeriod` (else the pattern's own). */
    fun of(pattern: Pattern, bindings: Map<String, Double>, loopPeriod: Double?): VibrationCall.Waveform? {
        fun ev(e: Expr?, default: Double): Double? = if (e == null) default else e.evaluate(bindings)
        val events = ArrayList<Ev>()
        for (e in pattern.events) {
            val time = ev(e.time, 0.0) ?: return null
            val duration = ev(e.duration, 0.0) ?: return null
            val intensity = ev(e.intensity, 1.0) ?: return null
            val curve = e.curves.firstOrNull { it.parameter == "intensity" }?.points?.map { p ->
                Pair(p.time.evaluate(bindings) ?: return null, p.value.evaluate(bindings) ?: return null)
            }
            events.add(Ev(e.kind == "transient" || e.kind == "continuous", e.kind == "transient", time, duration, intensity, curve))
        }
        val sorted = events.withIndex().sortedWith(compareBy({ it.value.time }, { it.index })).map { it.value }
        val loop = if (pattern.loop != null) (loopPeriod ?: pattern.loop.evaluate(bindings) ?: return null) else null
        val lengthMs = if (loop != null) roundHalfUp(Math.min(Math.max(0.0, loop), MAX_SECONDS) * 1000) else {
            val end = sorted.filter { it.haptic }.map { if (it.transient) it.time + TRANSIENT_MS / 1000.0 else it.time + it.duration }.max() ?: 0.0
            roundHalfUp(Math.min(Math.max(0.0, end), MAX_SECONDS) * 1000)
        }
        val count = (lengthMs + STEP_MS - 1) / STEP_MS
        val timings = ArrayList<Long>()
        val amplitudes = ArrayList<Int>()
        for (k in 0 until count) {
            val t = (k * STEP_MS + STEP_MS / 2.0) / 1000
            val sample = intensityAt(sorted, t)
            val amplitude = if (sample <= 0) 0 else Math.max(1, Math.min(255, roundHalfUp(sample * 255)))
            if (amplitudes.isNotEmpty() && amplitudes.last() == amplitude) timings[timings.size - 1] = timings.last() + STEP_MS
            else { timings.add(STEP_MS.toLong()); amplitudes.add(amplitude) }
        }
        if (loop == null && amplitudes.isNotEmpty() && amplitudes.last() == 0) { timings.removeAt(timings.size - 1); amplitudes.removeAt(amplitudes.size - 1) }
        if (loop != null) {
            // One period to the millisecond (LoopPeriod.trim): the last run is cut short.
            var sum = 0L
            for (i in timings.indices) {
                if (sum + timings[i] >= lengthMs) {
                    timings[i] = lengthMs - sum
                    while (timings.size > i + 1) { timings.removeAt(timings.size - 1); amplitudes.removeAt(amplitudes.size - 1) }
                    if (timings[i] == 0L) { timings.removeAt(i); amplitudes.removeAt(i) }
                    break
                }
                sum += timings[i]
            }
        }
        return VibrationCall.Waveform(timings, amplitudes, if (loop == null) -1 else 0)
    }

    private fun roundHalfUp(x: Double): Int = Math.floor(x + 0.5).toInt()

    private fun intensityAt(events: List<Ev>, t: Double): Double {
        var strongest = 0.0
        for (e in events) {
            if (!e.haptic) continue
            val width = if (e.transient) TRANSIENT_MS / 1000.0 else e.duration
            if (t < e.time || t >= e.time + width) continue
            val factor = e.curve?.let { curveValue(it, t - e.time) } ?: 1.0
            strongest = Math.max(strongest, Math.min(1.0, Math.max(0.0, e.intensity * factor)))
        }
        return strongest
    }

    private fun curveValue(points: List<Pair<Double, Double>>, offset: Double): Double {
        if (points.isEmpty()) return 1.0
        if (offset <= points.first().first) return points.first().second
        if (offset >= points.last().first) return points.last().second
        for (i in 0 until points.size - 1) {
            val (at, av) = points[i]
            val (bt, bv) = points[i + 1]
            if (offset >= at && offset <= bt) {
                val span = bt - at
                return if (span > 0) av + (bv - av) * (offset - at) / span else bv
            }
        }
        return points.last().second
    }
}

/** How a preset renders on Android: `Sources/HapticPolicyExport/PresetMapping.swift`, the same table. */
internal object PresetTable {
    class Primitive(val id: Int, val scale: Float, val delayMs: Int, val apiLevel: Int)
    class Mapping(val primitives: List<Primitive>, val predefined: Int, val oneShotMs: Int, val oneShotAmplitude: Int) {
        val compositionApiLevel: Int get() = primitives.map { it.apiLevel }.max() ?: 30
    }

    // VibrationEffect.Composition.PRIMITIVE_* and VibrationEffect.EFFECT_* values (see the stand-ins).
    private const val CLICK = 1
    private const val THUD = 2
    private const val TICK = 7
    private const val LOW_TICK = 8
    private const val EFFECT_CLICK = 0
    private const val EFFECT_DOUBLE_CLICK = 1
    private const val EFFECT_TICK = 2
    private const val EFFECT_HEAVY_CLICK = 5

    private fun p(id: Int, scale: Double, delay: Int = 0) = Primitive(id, scale.toFloat(), delay, if (id == THUD || id == LOW_TICK) 31 else 30)

    fun of(preset: Preset, intensity: Double?): Mapping {
        val m = table(preset)
        if (intensity == null || !preset.id.startsWith("impact.")) return m
        val k = Math.min(1.0, Math.max(0.0, intensity))
        return Mapping(
            m.primitives.map { Primitive(it.id, (Math.floor(it.scale.toDouble() * k * 100 + 0.5) / 100).toFloat(), it.delayMs, it.apiLevel) },
            m.predefined, m.oneShotMs, Math.max(1, Math.floor(m.oneShotAmplitude * k + 0.5).toInt())
        )
    }

    private fun table(preset: Preset): Mapping = when (preset) {
        Preset.IMPACT_LIGHT -> Mapping(listOf(p(TICK, 0.7)), EFFECT_TICK, 12, 120)
        Preset.IMPACT_MEDIUM -> Mapping(listOf(p(CLICK, 0.7)), EFFECT_CLICK, 18, 180)
        Preset.IMPACT_HEAVY -> Mapping(listOf(p(THUD, 1.0)), EFFECT_HEAVY_CLICK, 30, 255)
        Preset.IMPACT_RIGID -> Mapping(listOf(p(CLICK, 1.0)), EFFECT_CLICK, 12, 255)
        Preset.IMPACT_SOFT -> Mapping(listOf(p(LOW_TICK, 0.8)), EFFECT_TICK, 25, 100)
        Preset.SELECTION -> Mapping(listOf(p(TICK, 0.4)), EFFECT_TICK, 8, 80)
        Preset.NOTIFICATION_SUCCESS -> Mapping(listOf(p(CLICK, 0.6), p(CLICK, 1.0, 80)), EFFECT_DOUBLE_CLICK, 40, 200)
        Preset.NOTIFICATION_WARNING -> Mapping(listOf(p(CLICK, 1.0), p(CLICK, 0.6, 100)), EFFECT_DOUBLE_CLICK, 50, 220)
        Preset.NOTIFICATION_ERROR -> Mapping(listOf(p(CLICK, 0.8), p(CLICK, 0.8, 60), p(THUD, 1.0, 60)), EFFECT_HEAVY_CLICK, 80, 255)
    }
}
