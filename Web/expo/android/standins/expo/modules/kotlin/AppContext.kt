// Stand-in for expo-modules-core's Kotlin API, for compiling the Expo module's Android half
// off Android (scripts/expo-android-test). Only the declarations the module uses; bodies
// never run. Checked against expo/expo
// packages/expo-modules-core/android/src/main/java/expo/modules/kotlin/AppContext.kt.
package expo.modules.kotlin

import android.content.Context

/** AppContext.kt: `class AppContext` (the module's host). */
class AppContext {
    /** AppContext.kt: `val reactContext: Context?` (the react application context). */
    val reactContext: Context? get() = null
}
