// Stand-in for android.os.VibratorManager, for compiling Kotlin that calls it off Android.
// Only the declarations our code uses; bodies never run.
//
// Checked against aosp-mirror/platform_frameworks_base core/api/current.txt at commit
// 00049d6db7bf, section `package android.os`, class `VibratorManager` (right after
// `Vibrator`, characters ~2,243,000). API levels are not in current.txt; they come from the
// Android API reference (https://developer.android.com/reference/android/os/VibratorManager).
package android.os;

/** current.txt: {@code public abstract class VibratorManager {} (no public ctor listed; API level 31). */
public abstract class VibratorManager {
    /** current.txt lists no constructor. */
    VibratorManager() {}

    /** current.txt: {@code method @RequiresPermission(VIBRATE) public abstract void cancel();} (API level 31). */
    public abstract void cancel();

    /** current.txt: {@code method @NonNull public abstract android.os.Vibrator getDefaultVibrator();} (API level 31). */
    public abstract Vibrator getDefaultVibrator();
}
