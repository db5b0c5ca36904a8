package io.hapticpolicy.testing

import io.hapticpolicy.Action
import io.hapticpolicy.DeviceState
import io.hapticpolicy.Directive
import io.hapticpolicy.PolicyStore
import io.hapticpolicy.Reason
import io.hapticpolicy.Scalar
import java.io.File
import org.junit.Assert.assertEquals
import org.junit.Assert.assertSame
import org.junit.Assert.assertTrue
import org.junit.Assert.fail
import org.junit.Test

/**
 * The kit's behaviour beyond the worked example: each field is checked on its own, a
 * failure says what was expected, what was decided, the rule and where it is written, and
 * the flow so far, in the same words as the Swift and TypeScript kits.
 */
class HapticFlowTest {
    private fun bundle(): ByteArray = javaClass.getResource("/plavo.bundle.json")!!.readBytes()

    private fun failure(block: () -> Unit): HapticExpectationError {
        try {
            block()
        } catch (error: HapticExpectationError) {
            return error
        }
        throw AssertionError("the expectation held")
    }

    @Test fun aFlowPassesWhenEveryExpectationHoldsAndKeepsItsHistory() {
        val flow = HapticFlow(bundle())
        assertEquals(Reason.STATE, flow.enter("camera").reason)
        flow.wait(1.0)
        val played = flow.expect(
            "plant.found", Expected.play("pulse", render = "pattern:pulse", noPlayReason = true, rule = "camera/plant.found"),
            speaks = true
        )
        assertEquals(Action.PLAY, played.action)
        flow.expect("moisture.sample", Expected.silent(Reason.BASELINE, band = "soaked"), subject = "p", value = Scalar.Num(85.0))
        flow.expect(
            "moisture.sample", Expected.play("soil.moist", rule = "camera/moisture.sample@moist", band = "moist"),
            subject = "p", value = Scalar.Num(78.0)
        )
        flow.expect("selector.begin", Expected.silent(Reason.DIRECTIVE_ONLY, directives = listOf(Directive.PREPARE_TICKER)))
        assertEquals(listOf(0.0, 1.0, 1.0, 1.0, 1.0), flow.history.map { it.t })
        assertEquals(1.0, flow.time, 0.0)
    }

    @Test fun aFailedExpectationNamesTheDecisionItsRuleAndWhereItIsWritten() {
        val flow = HapticFlow(bundle())
        flow.enter("camera")
        flow.wait(1.0)
        val error = failure { flow.expect("plant.found", Expected.play("pulse")) }
        assertTrue(error is AssertionError)
        assertEquals(Reason.NO_SPEECH, error.decision.reason)
        val lines = error.message!!.split("\n")
        assertEquals("plant.found on camera at 1 s: expected to play pulse, but it stayed silent (no-speech)", lines[0])
        assertEquals("  differs in: play", lines[1])
        assertEquals("  decided by: H-4 (plavo.yaml:26:5)", lines[2])
        assertEquals(
            listOf(
                "  the flow so far:",
                "    0 s  screen.enter camera → silent state (screens/camera)",
                "    1 s  plant.found → silent no-speech (H-4)"
            ),
            lines.takeLast(3)
        )
    }

    @Test fun eachFieldOfAnExpectationIsCheckedOnItsOwn() {
        val flow = HapticFlow(bundle())
        flow.enter("settings")
        flow.wait(1.0)
        val confirmed = Scalar.Text("confirmed")
        val cancelled = Scalar.Text("cancelled")
        val cases = listOf(
            Triple(confirmed, Expected.play("tap"), "play"),
            Triple(confirmed, Expected.play("thud", render = "impact.light"), "render"),
            Triple(confirmed, Expected(rule = "settings/data.reset#2"), "rule"),
            Triple(cancelled, Expected.silent(Reason.OVER_BUDGET), "silent"),
            Triple(cancelled, Expected(note = "something else"), "note"),
            Triple(cancelled, Expected.stop(), "stop"),
            Triple(confirmed, Expected(directives = listOf(Directive.PREPARE_ENGINE)), "directives"),
            Triple(confirmed, Expected(playReason = Reason.LOW_POWER), "reason"),
            Triple(confirmed, Expected(band = "moist"), "band")
        )
        for ((value, expected, field) in cases) {
            val error = failure { flow.expect("data.reset", expected, value = value) }
            assertTrue(field, error.message!!.contains("differs in: $field\n"))
        }
        flow.expect("data.reset", Expected.play("thud", render = "impact.heavy", rule = "settings/data.reset#1"), value = confirmed)
    }

    @Test fun aFlowDrivesTheAppsOwnStoreOnItsDevice() {
        val store = PolicyStore.fromBundle(bundle(), DeviceState(lowPower = true))
        val flow = HapticFlow(store)
        assertSame(store, flow.store)
        flow.enter("camera")
        flow.wait(1.0)
        flow.expect("plant.found", Expected.play("pulse", render = "impact.rigid", playReason = Reason.LOW_POWER), speaks = true)
        for (bad in listOf(-1.0, Double.NaN, Double.POSITIVE_INFINITY)) {
            var refused = false
            try {
                flow.wait(bad)
            } catch (expected: IllegalArgumentException) {
                refused = true
            }
            assertTrue("wait($bad) was taken", refused)
        }
    }

    /** A repository file, found from the working directory upward. */
    private fun repositoryFile(path: String): File {
        var dir: File? = File("").absoluteFile
        while (dir != null) {
            val file = File(dir, path)
            if (file.isFile) return file
            dir = dir.parentFile
        }
        throw AssertionError("$path not found above ${File("").absolutePath}")
    }

    @Test fun theDocsKotlinSampleIsThisModulesWorkedExample() {
        val doc = repositoryFile("Docs/app-tests.md").readText()
        val block = doc.substringAfter("```kotlin app-test\n", "").substringBefore("```")
        val source = repositoryFile("Android/haptic-policy-testing/src/test/kotlin/io/hapticpolicy/testing/PlavoFlowTest.kt")
            .readText()
        val sample = source.substringAfter("// sample begins\n").substringBefore("// sample ends")
        assertTrue("no ```kotlin app-test block in Docs/app-tests.md", block.isNotEmpty())
        assertEquals(sample, block)
    }
}
