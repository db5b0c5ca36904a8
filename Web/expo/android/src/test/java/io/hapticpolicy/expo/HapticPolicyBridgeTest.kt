package io.hapticpolicy.expo

import io.hapticpolicy.Decision
import io.hapticpolicy.DeviceState
import org.junit.Assert.assertEquals
import org.junit.Assert.assertTrue
import org.junit.Assert.fail
import org.junit.Test
import java.io.File

/** The Android half's bridge: event objects in, decision objects out, every decision played. */
class HapticPolicyBridgeTest {
    private val bundle = File(System.getProperty("hapticpolicy.fixtures"), "breathing.bundle.json").readText()
    private val played = mutableListOf<Decision>()
    private val emitted = mutableListOf<Pair<String, Map<String, Any?>>>()

    private fun bridge(device: DeviceState = DeviceState()) =
        HapticPolicyBridge(device, { played.add(it) }, { name, body -> emitted.add(name to body) }).also { it.load(bundle) }

    @Suppress("UNCHECKED_CAST")
    private fun decision(decided: Map<String, Any?>) = decided["decision"] as Map<String, Any?>

    @Test
    fun theBreathPlaysItsPatternWithItsParametersAndIsTold() {
        val b = bridge()
        b.decide(mapOf("event" to "screen.enter", "value" to "guide", "t" to 0.0))
        val d = decision(b.decide(mapOf("event" to "breath.start", "params" to mapOf("inhale" to 4, "hold" to 7, "exhale" to 8), "t" to 1.0)))
        assertEquals("pattern:breath", d["render"])
        assertEquals(19.0, d["loop"])
        assertEquals(listOf("screen.enter", "breath.start"), emitted.filter { it.first == "onDecision" }.map { it.second["event"] })
        assertEquals(2, played.size)
        assertEquals("breath", played.last().feedback)
    }

    @Test
    fun withoutAmplitudeControlOrInBatterySaverTheBreathFallsBack() {
        val b = bridge(DeviceState(supportsHaptics = false))
        b.decide(mapOf("event" to "screen.enter", "value" to "guide", "t" to 0.0))
        assertEquals("no-core-haptics", decision(b.decide(mapOf("event" to "breath.start", "t" to 1.0)))["reason"])
        val saver = bridge()
        saver.decide(mapOf("event" to "screen.enter", "value" to "guide", "t" to 0.0))
        saver.lowPower(true)
        assertTrue(saver.deviceState.lowPower)
        assertEquals("low-power", decision(saver.decide(mapOf("event" to "breath.start", "t" to 1.0)))["reason"])
    }

    @Test
    fun badEventObjectsSayWhatIsWrong() {
        val b = bridge()
        for ((event, message) in listOf(
            mapOf("screen" to "guide") to "'event' is missing",
            mapOf("event" to "e", "t" to "now") to "'t' must be a finite number",
            mapOf("event" to "e", "params" to mapOf("inhale" to "4")) to "'params.inhale' must be a finite number",
            mapOf("event" to "e", "Screen" to "x") to "unknown key 'Screen'"
        )) {
            try {
                b.decide(event)
                fail("$event was decided")
            } catch (e: IllegalArgumentException) {
                assertTrue("${e.message}", e.message!!.contains(message))
            }
        }
    }

    /** Web/test/fixtures/eventdata: `turn.distance` picks its row by `data: {direction: left|right}`. */
    private fun rideBridge() =
        HapticPolicyBridge(DeviceState(), { played.add(it) }, { name, body -> emitted.add(name to body) }).also {
            it.load(File(System.getProperty("hapticpolicy.fixtures"), "eventdata.bundle.json").readText())
            it.decide(mapOf("event" to "screen.enter", "screen" to "ride", "t" to 0.0))
        }

    @Test
    fun dataPicksTheRowInEitherForm() {
        for (data in listOf(mapOf("direction" to "right"), listOf(mapOf("name" to "direction", "value" to "right")))) {
            val b = rideBridge()
            assertEquals("baseline", decision(b.decide(mapOf("event" to "turn.distance", "value" to 400, "data" to data, "t" to 1.0)))["reason"])
            val now = decision(b.decide(mapOf("event" to "turn.distance", "value" to 20, "data" to data, "t" to 2.0)))
            assertEquals("play", now["action"])
            assertEquals("ride/turn.distance#2@now", now["rule"])
            assertEquals(listOf(mapOf("name" to "side", "value" to 1.0), mapOf("name" to "urgency", "value" to 3.0)), now["params"])
        }
    }

    /** As `eval` reads `data` (Conformance's log readers): a null, list or map field is there without a value. */
    @Test
    fun aDataFieldThatIsNotAScalarIsThereWithoutAValue() {
        val b = rideBridge()
        val direction = "'turn.distance' needs data 'direction' to be one of left, right, straight, u-turn " +
            "(events.turn.distance.data.direction); got no value"
        for ((data, note) in listOf(
            mapOf("direction" to null) to direction,
            mapOf("direction" to listOf("left")) to direction,
            mapOf("direction" to "left", "lane" to null) to
                "'turn.distance' has no data field 'lane' (events.turn.distance.data declares direction); remove it"
        )) {
            val d = decision(b.decide(mapOf("event" to "turn.distance", "value" to 90, "data" to data)))
            assertEquals("bad-value", d["reason"])
            assertEquals(note, d["note"])
        }
        val lanes = decision(b.decide(mapOf("event" to "lane.change", "data" to mapOf("lanes" to mapOf("x" to 1)))))
        assertEquals("'lane.change' needs data 'lanes' to be a number from 1 to 8 (events.lane.change.data.lanes); got no value", lanes["note"])
        assertEquals("lane.many", decision(b.decide(mapOf("event" to "lane.change", "data" to mapOf("lanes" to 3))))["feedback"])
    }

    @Test
    fun badDataSaysWhatIsWrong() {
        val b = rideBridge()
        for ((data, message) in listOf(
            "left" to "'data' must be an object such as {direction: \"left\"}",
            listOf(4) to "'data[0]' must be {name: string, value: number, boolean or string}",
            listOf(mapOf("name" to "lanes", "value" to 2), mapOf("name" to "lanes", "value" to 3)) to
                "data field 'lanes' is written twice in 'data'; keep one",
            mapOf("lanes" to Double.POSITIVE_INFINITY) to "'data.lanes' must be a finite number"
        )) {
            try {
                b.decide(mapOf("event" to "lane.change", "data" to data))
                fail("$data was decided")
            } catch (e: IllegalArgumentException) {
                assertTrue("${e.message}", e.message!!.contains(message))
            }
        }
    }

    @Test
    fun aRefusedReloadKeepsThePolicyAndAMisspeltEventIsToldOnce() {
        val b = bridge()
        val hash = b.load(bundle)["hash"] as String
        try {
            b.load("{}")
            fail("a damaged bundle was applied")
        } catch (e: IllegalArgumentException) {
            assertTrue(e.message!!.contains(hash))
        }
        b.decide(mapOf("event" to "breath.strat"))
        b.decide(mapOf("event" to "breath.strat"))
        val mistakes = emitted.filter { it.first == "onIntegrationMistake" }
        assertEquals(1, mistakes.size)
        assertEquals("breath.start", mistakes[0].second["suggestion"])
    }

    @Test
    fun theForegroundIsDecidedAsAppState() {
        val b = bridge()
        b.appState(true)
        assertEquals("builtin:app.state", played.last().rule)
    }
}
