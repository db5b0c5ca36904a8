// The worked example of Docs/app-tests.md, as an app's unit tests hold it: the block
// between the markers below is the doc's Kotlin sample, word for word (HapticFlowTest).
// sample begins
package io.hapticpolicy.testing

import io.hapticpolicy.Reason
import io.hapticpolicy.Scalar
import org.junit.Test

class PlavoFlowTest {
    private fun bundle(): ByteArray = javaClass.getResource("/plavo.bundle.json")!!.readBytes()

    @Test fun thePlantsPulseNeedsItsSpeechBubble() {
        val flow = HapticFlow(bundle())
        flow.enter("camera")
        flow.wait(1.0) // the engine is warm
        flow.expect("plant.found", Expected.play("pulse", render = "pattern:pulse", rule = "camera/plant.found"), speaks = true)
        flow.expect("plant.found", Expected.silent(Reason.NO_SPEECH, rule = "H-4"))
        flow.enter("settings")
        flow.expect("data.reset", Expected.silent(Reason.DESIGNER), value = Scalar.Text("cancelled"))
    }
}
// sample ends
