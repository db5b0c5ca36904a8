// Stand-in, checked against expo/expo packages/expo-modules-core/android/src/main/java/
// expo/modules/kotlin/objects/ObjectDefinitionBuilder.kt (the functions the module calls;
// the real ones also register the components they return, left out here).
package expo.modules.kotlin.objects

/** ObjectDefinitionBuilder.kt: `open class ObjectDefinitionBuilder`. */
@Suppress("FunctionName", "UNUSED_PARAMETER")
open class ObjectDefinitionBuilder {
    /** ObjectDefinitionBuilder.kt: `fun Events(vararg events: String)`. */
    fun Events(vararg events: String) {}

    /** ObjectDefinitionBuilder.kt: `@JvmName("FunctionWithoutArgs") inline fun Function(name: String, crossinline body: () -> Any?): SyncFunctionComponent`. */
    @JvmName("FunctionWithoutArgs")
    inline fun Function(name: String, crossinline body: () -> Any?) {}

    /** ObjectDefinitionBuilder.kt: `inline fun <reified R> Function(name: String, crossinline body: () -> R): SyncFunctionComponent`. */
    inline fun <reified R> Function(name: String, crossinline body: () -> R) {}

    /** ObjectDefinitionBuilder.kt: `inline fun <reified R, reified P0> Function(name: String, crossinline body: (p0: P0) -> R): SyncFunctionComponent`. */
    inline fun <reified R, reified P0> Function(name: String, crossinline body: (p0: P0) -> R) {}

    /** ObjectDefinitionBuilder.kt: `inline fun <reified R, reified P0> AsyncFunction(name: String, crossinline body: (p0: P0) -> R): AsyncFunctionComponent`. */
    inline fun <reified R, reified P0> AsyncFunction(name: String, crossinline body: (p0: P0) -> R) {}
}
