// Stand-in for android.os.Vibrator, for compiling Kotlin that calls it off Android. Only the
// declarations our code uses; bodies never run.
//
// Every declaration is checked against Android's public API signature file,
// aosp-mirror/platform_frameworks_base core/api/current.txt at commit 00049d6db7bf
// ("current.txt" below), section `package android.os`, class `Vibrator` (characters
// 2,240,000-2,243,000 of the file). current.txt holds no API levels: the levels cited come
// from the Android API reference ("Added in API level N",
// https://developer.android.com/reference/android/os/Vibrator), not from current.txt.
package android.os;

/** current.txt: {@code public abstract class Vibrator {} (no public ctor listed; API level 1). */
public abstract class Vibrator {
    /** current.txt lists no constructor: package-private here so apps cannot subclass it either. */
    Vibrator() {}

    /** current.txt: {@code method public final boolean areAllPrimitivesSupported(@NonNull int...);} (API level 30). */
    public final boolean areAllPrimitivesSupported(int... primitiveIds) { throw new UnsupportedOperationException(); }

    /** current.txt: {@code method @RequiresPermission(VIBRATE) public abstract void cancel();} (API level 1). */
    public abstract void cancel();

    /** current.txt: {@code method public abstract boolean hasAmplitudeControl();} (API level 26). */
    public abstract boolean hasAmplitudeControl();

    /** current.txt: {@code method public abstract boolean hasVibrator();} (API level 11). */
    public abstract boolean hasVibrator();

    /** current.txt: {@code method @RequiresPermission(VIBRATE) public void vibrate(android.os.VibrationEffect);} (API level 26). */
    public void vibrate(VibrationEffect vibe) { throw new UnsupportedOperationException(); }
}
