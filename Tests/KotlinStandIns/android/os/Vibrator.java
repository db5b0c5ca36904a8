// Stand-in for android.os.Vibrator, for compiling the generated Kotlin off Android. Only
// the declarations the generated code uses, with the signatures of the Android SDK;
// bodies never run. https://developer.android.com/reference/android/os/Vibrator
package android.os;

/** {@code public abstract class Vibrator} (API level 1): https://developer.android.com/reference/android/os/Vibrator */
public abstract class Vibrator {
    /**
     * {@code public boolean areAllPrimitivesSupported(int... primitiveIds)} (API level 30):
     * https://developer.android.com/reference/android/os/Vibrator#areAllPrimitivesSupported(int[])
     */
    public boolean areAllPrimitivesSupported(int... primitiveIds) { throw new UnsupportedOperationException(); }

    /**
     * {@code public void vibrate(VibrationEffect vibe)} (API level 26):
     * https://developer.android.com/reference/android/os/Vibrator#vibrate(android.os.VibrationEffect)
     */
    public void vibrate(VibrationEffect vibe) { throw new UnsupportedOperationException(); }

    /**
     * {@code public abstract void cancel()} (API level 1):
     * https://developer.android.com/reference/android/os/Vibrator#cancel()
     */
    public abstract void cancel();
}
