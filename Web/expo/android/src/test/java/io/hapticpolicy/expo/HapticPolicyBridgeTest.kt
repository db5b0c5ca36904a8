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
