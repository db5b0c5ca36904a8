// The HapticPolicy runtime as an Android library: src/main/kotlin is pure Kotlin (no
// android.* import), decided exactly as the Swift runtime decides (the conformance corpus,
// Conformance/README.md); src/test/kotlin holds its JVM unit tests (JUnit 4).
plugins {
    id("com.android.library")
    id("org.jetbrains.kotlin.android")
}

group = "io.hapticpolicy"

android {
    namespace = "io.hapticpolicy"
    compileSdk = 35

    defaultConfig {
        minSdk = 21
        consumerProguardFiles("consumer-rules.pro")
    }

    buildTypes {
        release {
            isMinifyEnabled = false
        }
    }

    // The player: src/player/kotlin is its plain-Kotlin mapping, src/android/kotlin the
    // VibratorPlayer over android.os; src/playerTest/kotlin tests the mapping on the JVM.
    sourceSets {
        getByName("main") {
            java.srcDirs("src/main/kotlin", "src/player/kotlin", "src/android/kotlin")
        }
        getByName("test") {
            java.srcDirs("src/test/kotlin", "src/playerTest/kotlin")
        }
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
    testImplementation("junit:junit:4.13.2")
}
