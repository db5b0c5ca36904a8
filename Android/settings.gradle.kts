// The Android build of the HapticPolicy Kotlin runtime: one library module, `:haptic-policy`.
// Gradle cannot run on the machine this repository is developed on (no Android Gradle
// plugin, no network): there the same sources compile with kotlinc and their tests run on
// the JVM (scripts/kotlin-test); .github/workflows/android.yml runs this build on a real
// runner. See Docs/android.md.
pluginManagement {
    repositories {
        google()
        mavenCentral()
        gradlePluginPortal()
    }
}

dependencyResolutionManagement {
    repositoriesMode.set(RepositoriesMode.FAIL_ON_PROJECT_REPOS)
    repositories {
        google()
        mavenCentral()
    }
}

rootProject.name = "haptic-policy-android"
include(":haptic-policy", ":haptic-policy-testing")
