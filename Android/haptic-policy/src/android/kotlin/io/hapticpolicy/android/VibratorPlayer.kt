package io.hapticpolicy.android

import android.content.Context
import android.os.Build
import android.os.VibrationEffect
import android.os.Vibrator
import android.os.VibratorManager
import io.hapticpolicy.Decision
import io.hapticpolicy.PolicyStore
import io.hapticpolicy.player.VibrationCall
import io.hapticpolicy.player.VibrationPlanner
import io.hapticpolicy.player.VibratorCapabilities

/**
 * Plays decisions on the device's vibrator, as the Swift `HapticPlayer` plays them with
 * Core Haptics. What to call is decided by [VibrationPlanner] (plain Kotlin, tested on the
 * JVM); this class only reads the vibrator's capabilities and makes the calls. Without a
 * vibrator (or without the `VIBRATE` permission) every play is reported to [onIncident]
 * and nothing crashes.
 */
class VibratorPlayer(
    private val vibrator: Vibrator?,
    private val onIncident: (String) -> Unit = {}
) {
    /** What the vibrator can do, read once. */
    val capabilities: VibratorCapabilities = capabilitiesOf(vibrator)
    private val planner = VibrationPlanner(capabilities)

    /** Carries out `decision` (and the other actions of its row). */
    @Synchronized
    fun handle(decision: Decision) {
        for (call in planner.plan(decision)) perform(call)
    }

    /** Carries out a store's decision. */
    fun handle(decided: PolicyStore.Decided) = handle(decided.decision)

    /** Stops whatever plays, loops included (`Vibrator.cancel()`). */
    @Synchronized
    fun stop() {
        planner.stopped()
        val v = vibrator ?: return
        if (capabilities.hasVibrator) guarded("cancel") { v.cancel() }
    }

    private fun perform(call: VibrationCall) {
        val v = vibrator
        if (call is VibrationCall.Incident || v == null) {
            onIncident((call as? VibrationCall.Incident)?.text ?: "no vibrator")
            return
        }
        // Each call behind the API level it needs, in the form Android Lint's NewApi check reads;
        // the planner chose the call for this level already, so the else branches do not run.
        val sdk = Build.VERSION.SDK_INT
        when (call) {
            is VibrationCall.Cancel -> guarded("cancel") { v.cancel() }
            is VibrationCall.Composition -> if (Build.VERSION.SDK_INT >= 30) guarded("composition") {
                var c = VibrationEffect.startComposition()
                for (p in call.primitives) c = if (p.delayMs > 0) c.addPrimitive(p.id, p.scale, p.delayMs) else c.addPrimitive(p.id, p.scale)
                v.vibrate(c.compose())
            } else onIncident("composition needs API level 30, the device has $sdk")
            is VibrationCall.Predefined -> if (Build.VERSION.SDK_INT >= 29) guarded("predefined effect") {
                v.vibrate(VibrationEffect.createPredefined(call.effectId))
            } else onIncident("predefined effects need API level 29, the device has $sdk")
            is VibrationCall.OneShot -> if (Build.VERSION.SDK_INT >= 26) guarded("one-shot") {
                v.vibrate(VibrationEffect.createOneShot(call.ms, call.amplitude))
            } else onIncident("VibrationEffect needs API level 26, the device has $sdk")
            is VibrationCall.Waveform -> if (Build.VERSION.SDK_INT >= 26) guarded("waveform") {
                v.vibrate(VibrationEffect.createWaveform(call.timings.toLongArray(), call.amplitudes.toIntArray(), call.repeat))
            } else onIncident("VibrationEffect needs API level 26, the device has $sdk")
            is VibrationCall.Incident -> onIncident(call.text)
        }
    }

    private inline fun guarded(what: String, body: () -> Unit) {
        try {
            body()
        } catch (e: SecurityException) {
            onIncident("$what not played: ${e.message ?: "the app lacks android.permission.VIBRATE"}")
        } catch (e: IllegalArgumentException) {
            onIncident("$what not played: ${e.message}")
        }
    }

    companion object {
        /**
         * The player of the device's default vibrator: `VibratorManager.getDefaultVibrator()`
         * on API 31 and later, `Context.VIBRATOR_SERVICE` before.
         */
        @JvmStatic
        @JvmOverloads
        fun of(context: Context, onIncident: (String) -> Unit = {}): VibratorPlayer {
            val vibrator: Vibrator? = if (Build.VERSION.SDK_INT >= 31) {
                context.getSystemService(VibratorManager::class.java)?.defaultVibrator
            } else {
                @Suppress("DEPRECATION")
                context.getSystemService(Context.VIBRATOR_SERVICE) as? Vibrator
            }
            return VibratorPlayer(vibrator, onIncident)
        }

        private fun capabilitiesOf(vibrator: Vibrator?): VibratorCapabilities {
            val sdk = Build.VERSION.SDK_INT
            val has = vibrator != null && vibrator.hasVibrator()
            return VibratorCapabilities(
                sdkInt = sdk,
                hasVibrator = has,
                hasAmplitudeControl = has && Build.VERSION.SDK_INT >= 26 && vibrator!!.hasAmplitudeControl(),
                primitivesSupported = { ids -> has && Build.VERSION.SDK_INT >= 30 && vibrator!!.areAllPrimitivesSupported(*ids) }
            )
        }
    }
}
