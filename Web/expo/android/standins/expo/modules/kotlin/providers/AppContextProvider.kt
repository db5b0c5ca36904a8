// Stand-in, checked against expo/expo packages/expo-modules-core/android/src/main/java/
// expo/modules/kotlin/providers/AppContextProvider.kt.
package expo.modules.kotlin.providers

import expo.modules.kotlin.AppContext

/** AppContextProvider.kt: `interface AppContextProvider { val appContext: AppContext }`. */
interface AppContextProvider {
    val appContext: AppContext
}
