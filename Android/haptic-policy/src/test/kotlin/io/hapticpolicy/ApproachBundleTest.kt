package io.hapticpolicy

import org.junit.Assert.assertEquals
import org.junit.Assert.assertTrue
import org.junit.Assert.fail
import org.junit.Test

/** The reader's side of approach bands and inclusive edges (language v3), which the corpus cannot reach. */
class ApproachBundleTest {
    private fun damaged(content: String): String {
        try {
            Policy.fromBundle(TestBundles.envelope(content))
        } catch (e: BundleError.Damaged) {
            return e.message!!
        }
        fail("the bundle was read")
        error("unreachable")
    }

    @Test
    fun readsApproachAndInclusiveEdges() {
        val content = TestBundles.tinyContent
            .replaceFirst("\"hysteresis\":2,", "\"approach\":\"rising\",\"hysteresis\":0,")
            .replace("\"below\":133,", "\"below\":133,\"inclusive\":true,")
            .replace("\"approach\":0,\"dwell\":0,\"edges\":[133],\"hysteresis\":2,\"inclusive\":[false]",
                "\"approach\":1,\"dwell\":0,\"edges\":[133],\"hysteresis\":0,\"inclusive\":[true]")
        val policy = Policy.fromBundle(TestBundles.envelope(content))
        val band = policy.content.bands[0]
        assertEquals("rising", band.approach)
        assertEquals(listOf(true, false), band.levels.map { it.inclusive })
        // The session's band comes from the lowered values (`decide.bands`): rising, so a fall recedes.
        val s = Session(policy)
        s.decide(Event(0.0, "screen.enter", value = Scalar.Text("run")))
        s.decide(Event(0.5, "heart.rate", value = Scalar.Num(140.0)))
        assertEquals(Reason.RECEDING, s.decide(Event(1.0, "heart.rate", value = Scalar.Num(100.0))).reason)
        val both = Session(Policy.fromBundle(TestBundles.envelope(content.replace("\"approach\":1,", "\"approach\":0,"))))
        both.decide(Event(0.0, "screen.enter", value = Scalar.Text("run")))
        both.decide(Event(0.5, "heart.rate", value = Scalar.Num(140.0)))
        assertEquals(Reason.DESIGNER, both.decide(Event(1.0, "heart.rate", value = Scalar.Num(100.0))).reason)
    }

    @Test
    fun refusesAnUnknownApproachNamingThePlace() {
        val content = TestBundles.tinyContent.replaceFirst("\"hysteresis\":2,", "\"approach\":\"sideways\",\"hysteresis\":0,")
        val message = damaged(content)
        assertTrue(message, message.contains("at content.bands[0].approach: unknown approach 'sideways' (known: falling, rising)"))
    }

    @Test
    fun refusesAnApproachBandWithAHysteresis() {
        val content = TestBundles.tinyContent.replaceFirst("\"hysteresis\":2,", "\"approach\":\"falling\",\"hysteresis\":2,")
        assertTrue(damaged(content).contains("approach band 'effort' has a hysteresis"))
    }

    @Test
    fun refusesAnInclusiveEdgeOnTheLastLevel() {
        val content = TestBundles.tinyContent.replace("\"name\":\"hard\",\"play\":1}", "\"inclusive\":true,\"name\":\"hard\",\"play\":1}")
        assertTrue(damaged(content).contains("the last level of band 'effort' has an inclusive edge"))
    }

    @Test
    fun refusesAnInclusiveFlagThatIsNotABoolean() {
        val content = TestBundles.tinyContent.replace("\"below\":133,", "\"below\":133,\"inclusive\":1,")
        assertTrue(damaged(content).contains("expected a boolean"))
    }
}
