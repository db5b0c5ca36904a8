package io.hapticpolicy

import org.junit.Assert.assertEquals
import org.junit.Assert.assertNull
import org.junit.Test

/** The tiny policy of Docs/bundle-format.md; expectations from `haptic-policy eval` of the Swift runtime. */
class SessionTest {
    private val policy = Policy.fromBundle(TestBundles.tiny)

    @Test
    fun bandBaselineThenChangeRings() {
        val s = Session(policy)
        val enter = s.decide(Event(0.0, "screen.enter", value = Scalar.Text("run")))
        assertEquals(Reason.STATE, enter.reason)
        assertEquals("screens/run", enter.rule)
        assertEquals(listOf(Directive.PREPARE_ENGINE), enter.directives)
        val baseline = s.decide(Event(0.5, "heart.rate", value = Scalar.Num(120.0)))
        assertEquals(Reason.BASELINE, baseline.reason)
        assertEquals(BandTransition("effort", null, "easy"), baseline.band)
        val hard = s.decide(Event(1.0, "heart.rate", value = Scalar.Num(140.0)))
        assertEquals(Action.PLAY, hard.action)
        assertEquals("pulse", hard.feedback)
        assertEquals(Render.OfPattern("pulse"), hard.render)
        assertEquals("run/heart.rate@hard", hard.rule)
        val same = s.decide(Event(1.5, "heart.rate", value = Scalar.Num(132.0)))
        assertEquals("hysteresis 2 keeps 132 in hard", Reason.SAME_BAND, same.reason)
    }

    @Test
    fun coldEngineFallsBack() {
        val s = Session(policy)
        s.decide(Event(0.0, "screen.enter", value = Scalar.Text("run")))
        s.decide(Event(0.01, "heart.rate", value = Scalar.Num(100.0)))
        val cold = s.decide(Event(0.05, "heart.rate", value = Scalar.Num(150.0)))
        assertEquals(Action.PLAY, cold.action)
        assertEquals(Render.OfPreset(Preset.IMPACT_LIGHT), cold.render)
        assertEquals(true, cold.fallback)
        assertEquals(Reason.ENGINE_COLD, cold.reason)
    }

    @Test
    fun parametersMoveEdges() {
        val s = Session(policy)
        val set = s.decide(Event(2.0, "profile.set", value = Scalar.Num(170.0)))
        assertEquals("max_hr is now 170; band 'effort' edges now 119", set.note)
        assertEquals(listOf(119.0), s.bandEdges("effort")!!.map { Math.rint(it * 1e6) / 1e6 })
        val bad = s.decide(Event(3.0, "profile.set", value = Scalar.Num(300.0)))
        assertEquals(Reason.BAD_STATE, bad.reason)
        assertEquals(
            "profile.set needs a number from 120 to 220 in 'value' (parameters.max_hr); got 300, so max_hr stays 170", bad.note)
        assertEquals(170.0, s.parameter("max_hr")!!, 0.0)
    }

    @Test
    fun rowsAndBudget() {
        val s = Session(policy)
        s.decide(Event(0.0, "screen.enter", value = Scalar.Text("run")))
        val talking = s.decide(Event(3.1, "button.tap", speaks = true))
        assertEquals(Reason.DESIGNER, talking.reason)
        assertEquals("the coach is talking", talking.note)
        assertEquals("run/button.tap#1", talking.rule)
        for (k in 0 until 4) assertEquals(Action.PLAY, s.decide(Event(3.2 + k * 0.1, "button.tap")).action)
        val over = s.decide(Event(3.7, "button.tap"))
        assertEquals(Reason.OVER_BUDGET, over.reason)
        assertEquals("B-1", over.rule)
        assertEquals("B-1 already counts 4 rings on screen run within 10 s (max 4)", over.note)
        assertEquals("tap", over.feedback)
        assertEquals("the window is (t - 10, t]", Action.PLAY, s.decide(Event(13.21, "button.tap")).action)
    }

    @Test
    fun unknownsAndBackground() {
        val s = Session(policy)
        assertEquals(Reason.NO_SCREEN, s.decide(Event(0.0, "button.tap")).reason)
        assertEquals(Reason.UNKNOWN_EVENT, s.decide(Event(0.0, "button.tapp")).reason)
        assertEquals(Reason.UNKNOWN_SCREEN, s.decide(Event(0.0, "button.tap", screen = "home")).reason)
        s.decide(Event(0.0, "screen.enter", value = Scalar.Text("run")))
        val bg = s.decide(Event(1.0, "app.state", value = Scalar.Text("background")))
        assertEquals(Reason.STATE, bg.reason)
        val silent = s.decide(Event(1.5, "button.tap"))
        assertEquals(Reason.BACKGROUND, silent.reason)
        assertNull(silent.render)
        val fg = s.decide(Event(2.0, "app.state", value = Scalar.Text("foreground")))
        assertEquals(listOf(Directive.RESTART_ENGINE), fg.directives)
    }
}
