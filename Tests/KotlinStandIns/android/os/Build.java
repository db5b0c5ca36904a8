// Stand-in for android.os.Build, for compiling the generated Kotlin off Android. Only the
// declarations the generated code uses, with the signatures of the Android SDK; bodies
// never run. https://developer.android.com/reference/android/os/Build
package android.os;

/** https://developer.android.com/reference/android/os/Build (API level 1). */
public class Build {
    /** https://developer.android.com/reference/android/os/Build.VERSION (API level 1). */
    public static class VERSION {
        /**
         * {@code public static final int SDK_INT} (API level 4):
         * https://developer.android.com/reference/android/os/Build.VERSION#SDK_INT
         */
        public static final int SDK_INT = 0;
    }
}
