package io.hapticpolicy.expo

import expo.modules.kotlin.modules.Module
import expo.modules.kotlin.modules.ModuleDefinition
import io.hapticpolicy.DeviceState
import io.hapticpolicy.android.VibratorPlayer

/**
 * The Expo module's Android half: the Expo Modules API over [HapticPolicyBridge], playing
 * through the Android player ([VibratorPlayer]: waveforms with amplitudes for the breath's
 * curves, compositions, presets). Thin on purpose; the bridge is tested on the JVM.
 */
class HapticPolicyModule : Module() {
    private var bridge: HapticPolicyBridge? = null

    override fun definition() = ModuleDefinition {
        Name("HapticPolicy")

        Events("onDecision", "onIntegrationMistake", "onIncident")

        OnCreate {
            val context = appContext.reactContext
            val player = context?.let { VibratorPlayer.of(it) { text -> sendEvent("onIncident", mapOf("message" to text)) } }
            // A device without a vibrator with amplitude control cannot play the curves: the
            // policy decides the feedback's fallback, as on an iPhone without Core Haptics.
            val device = DeviceState(supportsHaptics = player?.capabilities?.hasAmplitudeControl ?: false)
            bridge = HapticPolicyBridge(device, { decision -> player?.handle(decision) }, { name, body -> sendEvent(name, body) })
        }

        OnActivityEntersForeground {
            bridge?.appState(true)
        }

        OnActivityEntersBackground {
            bridge?.appState(false)
        }

        Function("isSupported") {
            bridge?.deviceState?.supportsHaptics ?: false
        }

        AsyncFunction("load") { bundleText: String ->
            requireNotNull(bridge) { "the module was not created by Expo" }.load(bundleText)
        }

        Function("decide") { event: Map<String, Any?> ->
            requireNotNull(bridge) { "the module was not created by Expo" }.decide(event)
        }
    }
}
