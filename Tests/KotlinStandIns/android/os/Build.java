// Stand-in for android.os.Build, for compiling Kotlin that calls it off Android. Only the
// declarations our code uses; bodies never run.
//
// Checked against aosp-mirror/platform_frameworks_base core/api/current.txt at commit
// 00049d6db7bf, section `package android.os`, classes `Build` and `Build.VERSION`
// (characters ~2,149,000-2,151,500). API levels are not in current.txt; they come from the
// Android API reference (https://developer.android.com/reference/android/os/Build.VERSION).
package android.os;

/** current.txt: {@code public class Build {} with {@code ctor public Build();} (API level 1). */
public class Build {
    /** current.txt: {@code public static class Build.VERSION {} with {@code ctor public Build.VERSION();} (API level 1). */
    public static class VERSION {
        /**
         * current.txt: {@code field public static final int SDK_INT;} (no constant value listed,
         * so not a compile-time constant here either; API level 4).
         */
        public static final int SDK_INT = Integer.parseInt("0");
    }
}
