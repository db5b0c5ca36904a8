// swift-tools-version:6.0
import PackageDescription

// A sample app package that uses HapticPolicyPlugin: the policy in Sources/SampleApp
// (laps.yaml) becomes laps.bundle.json (a resource) and the typed API LapsPolicy at build
// time. `swift build` here needs libyaml on the build host (apt-get install libyaml-dev,
// brew install libyaml), since the plugin runs haptic-policy; the app itself links only
// the runtime library.
let package = Package(
    name: "SampleApp",
    platforms: [.macOS(.v13), .iOS(.v13)],
    dependencies: [
        .package(name: "HapticPolicy", path: "../..")
    ],
    targets: [
        .executableTarget(
            name: "SampleApp",
            dependencies: [.product(name: "HapticPolicy", package: "HapticPolicy")],
            // The policy's tests are for `haptic-policy test`, not the app's resources.
            exclude: ["laps.tests.yaml"],
            plugins: [.plugin(name: "HapticPolicyPlugin", package: "HapticPolicy")]
        )
    ],
    swiftLanguageModes: [.v6]
)
