// Stand-in, checked against expo/expo packages/expo-modules-core/android/src/main/java/
// expo/modules/kotlin/modules/Module.kt, ModuleDefinitionBuilder.kt and ModuleDefinitionData.kt.
package expo.modules.kotlin.modules

import expo.modules.kotlin.AppContext
import expo.modules.kotlin.objects.ObjectDefinitionBuilder
import expo.modules.kotlin.providers.AppContextProvider

/** Module.kt: `abstract class Module : AppContextProvider`. */
@Suppress("UNUSED_PARAMETER")
abstract class Module : AppContextProvider {
    /** Module.kt: `override val appContext: AppContext`. */
    override val appContext: AppContext get() = throw UnsupportedOperationException("a stand-in never runs")

    /** Module.kt: `fun sendEvent(name: String, body: Map<String, Any?>?)`. */
    fun sendEvent(name: String, body: Map<String, Any?>?) {}

    /** Module.kt: `abstract fun definition(): ModuleDefinitionData`. */
    abstract fun definition(): ModuleDefinitionData
}

/** Module.kt: `inline fun Module.ModuleDefinition(block: ModuleDefinitionBuilder.() -> Unit): ModuleDefinitionData`. */
@Suppress("FunctionName")
inline fun Module.ModuleDefinition(block: ModuleDefinitionBuilder.() -> Unit): ModuleDefinitionData =
    ModuleDefinitionBuilder(this).also(block).buildModule()

/** ModuleDefinitionData.kt: `class ModuleDefinitionData` (what a definition builds). */
class ModuleDefinitionData

/** ModuleDefinitionBuilder.kt: `class ModuleDefinitionBuilder(@PublishedApi internal val module: Module? = null) : ObjectDefinitionBuilder()`. */
@Suppress("FunctionName", "UNUSED_PARAMETER")
class ModuleDefinitionBuilder(val module: Module? = null) : ObjectDefinitionBuilder() {
    /** ModuleDefinitionBuilder.kt: `fun buildModule(): ModuleDefinitionData`. */
    fun buildModule(): ModuleDefinitionData = ModuleDefinitionData()

    /** ModuleDefinitionBuilder.kt: `fun Name(name: String)`. */
    fun Name(name: String) {}

    /** ModuleDefinitionBuilder.kt: `inline fun OnCreate(crossinline body: () -> Unit)`. */
    inline fun OnCreate(crossinline body: () -> Unit) {}

    /** ModuleDefinitionBuilder.kt: `inline fun OnActivityEntersForeground(crossinline body: () -> Unit)`. */
    inline fun OnActivityEntersForeground(crossinline body: () -> Unit) {}

    /** ModuleDefinitionBuilder.kt: `inline fun OnActivityEntersBackground(crossinline body: () -> Unit)`. */
    inline fun OnActivityEntersBackground(crossinline body: () -> Unit) {}
}
