// Stand-in for android.content.Context, for compiling Kotlin that calls it off Android. Only
// the declarations our code uses; bodies never run.
//
// Checked against aosp-mirror/platform_frameworks_base core/api/current.txt at commit
// 00049d6db7bf, section `package android.content`, class `Context` (methods around
// character 724,000, fields up to 738,800). API levels are not in current.txt; they come
// from the Android API reference (https://developer.android.com/reference/android/content/Context).
package android.content;

/** current.txt: {@code public abstract class Context {} (API level 1). */
public abstract class Context {
    /** current.txt: {@code method public abstract Object getSystemService(@NonNull String);} (API level 1). */
    public abstract Object getSystemService(String name);

    /** current.txt: {@code method public final <T> T getSystemService(@NonNull Class<T>);} (API level 23). */
    public final <T> T getSystemService(Class<T> serviceClass) { throw new UnsupportedOperationException(); }

    /** current.txt: {@code field public static final String VIBRATOR_MANAGER_SERVICE = "vibrator_manager";} (API level 31). */
    public static final String VIBRATOR_MANAGER_SERVICE = "vibrator_manager";

    /** current.txt: {@code field @Deprecated public static final String VIBRATOR_SERVICE = "vibrator";} (API level 1; deprecated in 31). */
    @Deprecated
    public static final String VIBRATOR_SERVICE = "vibrator";
}
