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
            .replace("\"hysteresis\":2,", "\"approach\":\"rising\",\"hysteresis\":0,")
            .replace("\"below\":133,", "\"below\":133,\"inclusive\":true,")
        val band = Policy.fromBundle(TestBundles.envelope(content)).content.bands[0]
        assertEquals("rising", band.approach)
        assertEquals(listOf(true, false), band.levels.map { it.inclusive })
    }

    @Test
    fun refusesAnUnknownApproachNamingThePlace() {
        val content = TestBundles.tinyContent.replace("\"hysteresis\":2,", "\"approach\":\"sideways\",\"hysteresis\":0,")
        val message = damaged(content)
        assertTrue(message, message.contains("at content.bands[0].approach: unknown approach 'sideways' (known: falling, rising)"))
    }

    @Test
    fun refusesAnApproachBandWithAHysteresis() {
        val content = TestBundles.tinyContent.replace("\"hysteresis\":2,", "\"approach\":\"falling\",\"hysteresis\":2,")
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
