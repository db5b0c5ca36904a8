package io.hapticpolicy

import org.junit.Assert.assertEquals
import org.junit.Assert.assertNotNull
import org.junit.Assert.assertNull
import org.junit.Assert.assertTrue
import org.junit.Assert.fail
import org.junit.Test

/** `background:` in a bundle (language v3): the reader's strictness, and the gate it opens. */
class BackgroundTest {
    /** The tiny bundle with `background: {keeps: {feedback: [pulse]}}` (feedback 1), in content and in decide. */
    private fun content(decide: Boolean = true, extra: String = ""): String {
        val background = "\"background\":{\"keeps\":{\"all\":false,\"feedback\":[\"pulse\"],\"layers\":[],\"rows\":[]}$extra},"
        var c = "{" + background + TestBundles.tinyContent.removePrefix("{")
        if (decide) {
            c = c.replace("\"userLevels\":[]}", "\"userLevels\":[],\"background\":{\"feedback\":[1],\"rule\":{\"at\":[44,1],\"id\":\"background\"},\"ruleSlots\":[]}}")
        }
        return c
    }

    private inline fun <reified T : BundleError> refused(bytes: ByteArray): T {
        try {
            Policy.fromBundle(bytes)
        } catch (e: BundleError) {
            if (e is T) return e
            fail("expected ${T::class.java.simpleName}, got ${e.javaClass.simpleName}: ${e.message}")
        }
        fail("the bundle was accepted")
        throw IllegalStateException()
    }

    @Test
    fun readsBackgroundAndItsResolvedKeeps() {
        val policy = Policy.fromBundle(TestBundles.envelope(content()))
        assertNotNull(policy.content.background)
        assertEquals(listOf("pulse"), policy.content.background!!.keeps.feedback)
        assertEquals(listOf(1), policy.content.decide.background!!.feedback)
        assertNull(Policy.fromBundle(TestBundles.tiny).content.background)
    }

    @Test
    fun refusesBackgroundWithoutItsTablesOrWithAnUnknownField() {
        val missing = refused<BundleError.Damaged>(TestBundles.envelope(content(decide = false)))
        assertTrue(missing.message, missing.message!!.contains("decide.background"))
        val extra = refused<BundleError.Damaged>(TestBundles.envelope(content(extra = ",\"colour\":1")))
        assertTrue(extra.message, extra.message!!.contains("unknown field 'colour'"))
        val undeclared = content().replace("\"feedback\":[\"pulse\"]", "\"feedback\":[\"nope\"]")
        assertTrue(refused<BundleError.Damaged>(TestBundles.envelope(undeclared)).message!!.contains("nope"))
    }

    @Test
    fun aKeptPatternPlaysItsFallbackInBackgroundAndTheRestIsSilent() {
        val s = Session(Policy.fromBundle(TestBundles.envelope(content())))
        s.decide(Event(0.0, "screen.enter", value = Scalar.Text("run")))
        s.decide(Event(0.5, "heart.rate", value = Scalar.Num(120.0)))
        s.decide(Event(1.0, "app.state", value = Scalar.Text("background")))
        val hard = s.decide(Event(2.0, "heart.rate", value = Scalar.Num(150.0)))
        assertEquals(Action.PLAY, hard.action)
        assertEquals(true, hard.fallback)
        assertEquals(Reason.BACKGROUND, hard.reason)
        assertEquals(Render.OfPreset(Preset.IMPACT_LIGHT), hard.render)
        val tap = s.decide(Event(3.0, "button.tap"))
        assertEquals(Reason.BACKGROUND, tap.reason)
    }
}
