// The test kit for app teams (Docs/app-tests.md): a flow of events through the runtime's
// store, expectations in a test file's words, failures as JUnit AssertionErrors. An app
// adds it to its unit tests only: testImplementation(project(":haptic-policy-testing")).
// src/main/kotlin is pure Kotlin; scripts/kotlin-test compiles and runs it with kotlinc here.
plugins {
    id("com.android.library")
    id("org.jetbrains.kotlin.android")
}

group = "io.hapticpolicy"

android {
    namespace = "io.hapticpolicy.testing"
    compileSdk = 35

    defaultConfig {
        minSdk = 21
    }

    sourceSets {
        getByName("main") { java.srcDirs("src/main/kotlin") }
        getByName("test") { java.srcDirs("src/test/kotlin") }
    }

    compileOptions {
        sourceCompatibility = JavaVersion.VERSION_17
        targetCompatibility = JavaVersion.VERSION_17
    }
}

kotlin {
    jvmToolchain(17)
}

dependencies {
    api(project(":haptic-policy"))
    testImplementation("junit:junit:4.13.2")
}
