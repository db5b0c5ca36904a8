package io.hapticpolicy.player

import io.hapticpolicy.Action
import io.hapticpolicy.Decision
import io.hapticpolicy.Directive
import io.hapticpolicy.Expr
import io.hapticpolicy.Fallback
import io.hapticpolicy.FeedbackBody
import io.hapticpolicy.FeedbackPlan
import io.hapticpolicy.ParameterValue
import io.hapticpolicy.Pattern
import io.hapticpolicy.PatternEvent
import io.hapticpolicy.Position
import io.hapticpolicy.Preset
import io.hapticpolicy.Render
import io.hapticpolicy.Scalar
import io.hapticpolicy.TemplateParameter
import io.hapticpolicy.TimedPreset
import org.junit.Assert.assertEquals
import org.junit.Assert.assertTrue
import org.junit.Test

/** A device, recording every `areAllPrimitivesSupported` question the planner asks. */
private class FakeDevice(
    val sdkInt: Int = 33, val hasVibrator: Boolean = true, val amplitude: Boolean = true,
    val supported: Set<Int> = setOf(1, 2, 7, 8)
) {
    val asked = ArrayList<List<Int>>()
    val planner = VibrationPlanner(VibratorCapabilities(sdkInt, hasVibrator, amplitude) { ids ->
        asked.add(ids.toList())
        ids.all { it in supported }
    })
}

private fun n(x: Double) = Expr.Number(x)
private fun presetPlan(name: String, preset: Preset, intensity: Double? = null, platforms: Map<String, FeedbackPlan> = emptyMap()) =
    FeedbackPlan(name, "ui", FeedbackBody.PresetBody(preset, intensity), null, platforms)
private fun event(kind: String, t: Double, duration: Double? = null, intensity: Expr? = null) =
    PatternEvent(kind, n(t), duration?.let { n(it) }, intensity, null, emptyList(), null, null, null)
private fun patternPlan(
    name: String, events: List<PatternEvent>, loop: Double? = null, fallback: Fallback? = null,
    parameters: List<TemplateParameter> = emptyList()
) = FeedbackPlan(name, "ui", FeedbackBody.PatternBody(Pattern(parameters, events, loop?.let { n(it) })), fallback, emptyMap())
private fun play(plan: FeedbackPlan, fallback: Boolean = false, loopPeriod: Double? = null, parameters: List<ParameterValue>? = null,
                 directives: List<Directive> = emptyList()) =
    Decision(Action.PLAY, plan = plan, render = if (fallback) plan.fallbackRender else plan.render, fallback = fallback,
        directives = directives, loopPeriod = loopPeriod, parameters = parameters)

class VibrationPlannerTest {
    @Test fun presetPlaysItsPrimitivesWhenTheDeviceSupportsThem() {
        val device = FakeDevice()
        val calls = device.planner.plan(play(presetPlan("tap", Preset.NOTIFICATION_SUCCESS)))
        assertEquals(listOf(VibrationCall.Composition(listOf(PrimitiveCall(1, 0.6f, 0), PrimitiveCall(1, 1.0f, 80)))), calls)
        assertEquals(listOf(listOf(1)), device.asked) // distinct ids, asked once
    }

    @Test fun impactIntensityScalesThePrimitive() {
        val calls = FakeDevice().planner.plan(play(presetPlan("tap", Preset.IMPACT_MEDIUM, intensity = 0.5)))
        assertEquals(listOf(VibrationCall.Composition(listOf(PrimitiveCall(1, 0.35f, 0)))), calls)
    }

    @Test fun unsupportedPrimitivesFallToPredefinedEffects() {
        val device = FakeDevice(supported = setOf(1))
        assertEquals(listOf(VibrationCall.Predefined(2)), device.planner.plan(play(presetPlan("tick", Preset.SELECTION))))
        assertEquals(listOf(listOf(7)), device.asked)
    }

    @Test fun thudNeedsApi31AndIsNotAskedBelow() {
        val device = FakeDevice(sdkInt = 30)
        assertEquals(listOf(VibrationCall.Predefined(5)), device.planner.plan(play(presetPlan("thump", Preset.IMPACT_HEAVY))))
        assertTrue(device.asked.isEmpty())
    }

    @Test fun beforeApi29APresetIsAOneShot() {
        val device = FakeDevice(sdkInt = 28)
        assertEquals(listOf(VibrationCall.OneShot(18, 180)), device.planner.plan(play(presetPlan("tap", Preset.IMPACT_MEDIUM))))
        assertTrue(device.asked.isEmpty())
    }

    @Test fun beforeApi26NothingPlaysAndItIsReported() {
        val calls = FakeDevice(sdkInt = 25).planner.plan(play(presetPlan("tap", Preset.IMPACT_MEDIUM)))
        assertEquals(1, calls.size)
        assertTrue(calls[0] is VibrationCall.Incident && (calls[0] as VibrationCall.Incident).text.contains("API level 25"))
    }

    @Test fun withoutAVibratorEveryPlayIsReportedAndNothingIsCalled() {
        val device = FakeDevice(hasVibrator = false)
        val calls = device.planner.plan(play(presetPlan("tap", Preset.IMPACT_MEDIUM), directives = listOf(Directive.STOP_LOOP)))
        assertEquals(listOf(VibrationCall.Incident("no vibrator: 'tap' not played")), calls)
        assertTrue(device.asked.isEmpty())
    }

    @Test fun theAndroidOverrideIsPlayed() {
        val plan = presetPlan("tap", Preset.IMPACT_LIGHT, platforms = mapOf("android" to presetPlan("tap", Preset.IMPACT_RIGID)))
        assertEquals(listOf(VibrationCall.Composition(listOf(PrimitiveCall(1, 1.0f, 0)))), FakeDevice().planner.plan(play(plan)))
    }

    @Test fun aPatternIsAWaveformWithAmplitudes() {
        val plan = patternPlan("knock", listOf(event("transient", 0.0), event("continuous", 0.1, 0.2, n(0.5))))
        assertEquals(listOf(VibrationCall.Waveform(listOf(20L, 80L, 200L), listOf(255, 0, 128), -1)), FakeDevice().planner.plan(play(plan)))
    }

    @Test fun patternParametersComeFromTheDecision() {
        val strength = TemplateParameter("strength", 1.0, 0.0, 1.0, null)
        val plan = patternPlan("buzz", listOf(event("continuous", 0.0, 0.05, Expr.Param("strength"))), parameters = listOf(strength))
        val played = FakeDevice().planner.plan(play(plan, parameters = listOf(ParameterValue("strength", Scalar.Num(0.2)))))
        assertEquals(listOf(VibrationCall.Waveform(listOf(50L), listOf(51), -1)), played)
        val defaults = FakeDevice().planner.plan(play(plan))
        assertEquals(listOf(VibrationCall.Waveform(listOf(50L), listOf(255), -1)), defaults)
    }

    @Test fun aLoopRepeatsAtTheDecisionsPeriodToTheMillisecond() {
        // 170 bpm: 352.9 ms, the period the iOS player loops at (Decision.loopPeriod).
        val period = 60.0 / 170
        val plan = patternPlan("metronome", listOf(event("transient", 0.0)), loop = 0.5)
        val calls = FakeDevice().planner.plan(play(plan, loopPeriod = period))
        val wave = calls.single() as VibrationCall.Waveform
        assertEquals(0, wave.repeat)
        assertEquals(listOf(20L, 333L), wave.timings)
        assertTrue(Math.abs(wave.timings.sum() - period * 1000) <= 1.0)
    }

    @Test fun withoutAmplitudeControlAOneShotPatternPlaysItsFallback() {
        val plan = patternPlan("knock", listOf(event("continuous", 0.0, 0.1, n(0.5))),
            fallback = Fallback.Single(TimedPreset(n(0.0), "soft", Preset.IMPACT_SOFT, null)))
        assertEquals(listOf(VibrationCall.Composition(listOf(PrimitiveCall(8, 0.8f, 0)))), FakeDevice(amplitude = false).planner.plan(play(plan)))
    }

    @Test fun withoutAmplitudeControlAndNoFallbackTheWaveformIsOnOff() {
        val plan = patternPlan("knock", listOf(event("continuous", 0.0, 0.1, n(0.5))))
        assertEquals(listOf(VibrationCall.Waveform(listOf(100L), listOf(255), -1)), FakeDevice(amplitude = false).planner.plan(play(plan)))
    }

    @Test fun aFallbackSequenceIsOneCompositionWithTheGaps() {
        val steps = listOf(TimedPreset(n(0.0), "a", Preset.IMPACT_LIGHT, null), TimedPreset(n(0.15), "b", Preset.IMPACT_MEDIUM, null))
        val plan = patternPlan("double", listOf(event("transient", 0.0)), fallback = Fallback.Sequence(steps))
        val calls = FakeDevice().planner.plan(play(plan, fallback = true))
        assertEquals(listOf(VibrationCall.Composition(listOf(PrimitiveCall(7, 0.7f, 0), PrimitiveCall(1, 0.7f, 150)))), calls)
    }

    @Test fun aFallbackSequenceWithoutPrimitivesIsTimedOneShots() {
        val steps = listOf(TimedPreset(n(0.0), "a", Preset.IMPACT_LIGHT, null), TimedPreset(n(0.05), "b", Preset.IMPACT_MEDIUM, null))
        val plan = patternPlan("double", listOf(event("transient", 0.0)), fallback = Fallback.Sequence(steps))
        val calls = FakeDevice(supported = emptySet()).planner.plan(play(plan, fallback = true))
        assertEquals(listOf(VibrationCall.Waveform(listOf(12L, 38L, 18L), listOf(120, 0, 180), -1)), calls)
    }

    @Test fun stopLoopCancelsTheRunningLoopAndARowsActionsRunInOrder() {
        val loop = patternPlan("metronome", listOf(event("transient", 0.0)), loop = 0.5)
        val device = FakeDevice()
        device.planner.plan(play(loop))
        assertEquals("metronome", device.planner.runningLoop)
        val stop = Decision(Action.STOP, plan = loop, directives = listOf(Directive.STOP_LOOP))
        val tap = play(presetPlan("tap", Preset.IMPACT_MEDIUM))
        val row = stop.copy(also = listOf(tap))
        assertEquals(listOf(VibrationCall.Cancel, VibrationCall.Composition(listOf(PrimitiveCall(1, 0.7f, 0)))), device.planner.plan(row))
        assertEquals(null, device.planner.runningLoop)
    }

    @Test fun aRowsStopsComeBeforeItsLoopAsInTheSwiftPlayer() {
        // `{stop: beat, loop: beat}` restarts the loop: the decision is the loop, its `also`
        // the stop. The stop is carried out first (Decision.steps), so the new loop keeps playing.
        val beat = patternPlan("beat", listOf(event("transient", 0.0)), loop = 0.5)
        val device = FakeDevice()
        val first = device.planner.plan(play(beat, loopPeriod = 0.5))
        val stop = Decision(Action.STOP, plan = beat, directives = listOf(Directive.STOP_LOOP))
        val restart = play(beat, loopPeriod = 0.5).copy(also = listOf(stop))
        assertEquals(listOf(restart.also[0], restart.copy(also = emptyList())), restart.steps)
        assertEquals(listOf<VibrationCall>(VibrationCall.Cancel) + first, device.planner.plan(restart))
        assertEquals("beat", device.planner.runningLoop)
        // `{stop: all, loop: drone}` with the beat looping: the beat is cancelled, the drone loops on.
        val drone = patternPlan("drone", listOf(event("continuous", 0.0, 0.2)), loop = 1.0)
        val stopAll = Decision(Action.STOP, directives = listOf(Directive.STOP_LOOP))
        val calls = device.planner.plan(play(drone, loopPeriod = 1.0).copy(also = listOf(stopAll)))
        assertEquals(VibrationCall.Cancel, calls.first())
        assertTrue(calls.last() is VibrationCall.Waveform && (calls.last() as VibrationCall.Waveform).repeat == 0)
        assertEquals("drone", device.planner.runningLoop)
    }

    @Test fun aStopOfAnotherLoopLeavesThePlayingOneAlone() {
        val a = patternPlan("a", listOf(event("transient", 0.0)), loop = 0.5)
        val b = patternPlan("b", listOf(event("transient", 0.0)), loop = 0.4)
        val device = FakeDevice()
        device.planner.plan(play(a))
        device.planner.plan(play(b)) // replaces a: Android plays one effect at a time
        assertTrue(device.planner.plan(Decision(Action.STOP, plan = a, directives = listOf(Directive.STOP_LOOP))).isEmpty())
        assertEquals("b", device.planner.runningLoop)
        // A stop-loop that names no loop (app.state background) stops whatever loops.
        assertEquals(listOf(VibrationCall.Cancel), device.planner.plan(Decision(Action.SILENT, directives = listOf(Directive.STOP_LOOP))))
    }

    @Test fun aOneShotReplacesTheLoopSoNothingIsCancelledLater() {
        val loop = patternPlan("metronome", listOf(event("transient", 0.0)), loop = 0.5)
        val device = FakeDevice()
        device.planner.plan(play(loop))
        device.planner.plan(play(presetPlan("tap", Preset.IMPACT_MEDIUM)))
        assertEquals(null, device.planner.runningLoop)
        assertTrue(device.planner.plan(Decision(Action.STOP, plan = loop, directives = listOf(Directive.STOP_LOOP))).isEmpty())
    }

    @Test fun aPatternWithNothingToVibrateIsReportedNotPlayed() {
        val plan = patternPlan("chime", listOf(event("audio-custom", 0.0), event("silence", 0.0, 0.2)))
        assertEquals(listOf(VibrationCall.Incident("pattern 'chime' has nothing to vibrate on Android; stayed silent")),
            FakeDevice().planner.plan(play(plan)))
    }

        @Test fun silentDecisionsCallNothing() {
        val silent = Decision(Action.SILENT, plan = presetPlan("tap", Preset.IMPACT_MEDIUM), render = Render.OfPreset(Preset.IMPACT_MEDIUM))
        assertTrue(FakeDevice().planner.plan(silent).isEmpty())
    }

    @Test fun anInterruptEntryAddsNoCallAfterThePlayThatCutIt() {
        // A play of a higher priority cut a one-shot still vibrating: its own vibrate replaces it.
        val hazard = presetPlan("hazard", Preset.NOTIFICATION_ERROR)
        val chime = patternPlan("chime", listOf(event("continuous", 0.0, 1.0)))
        val cut = Decision(Action.STOP, plan = chime, note = "cut by 'hazard' (critical)", directives = listOf(Directive.INTERRUPT))
        val device = FakeDevice()
        val alone = device.planner.plan(play(hazard))
        val withCut = FakeDevice().planner.plan(play(hazard).copy(also = listOf(cut)))
        assertEquals(alone, withCut)
        assertTrue(withCut.none { it is VibrationCall.Cancel })
    }
}
