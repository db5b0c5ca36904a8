// Plugin versions for the whole build; the module applies them (haptic-policy/build.gradle.kts).
plugins {
    id("com.android.library") version "8.7.3" apply false
    id("org.jetbrains.kotlin.android") version "2.0.21" apply false
}
