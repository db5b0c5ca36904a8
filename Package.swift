// swift-tools-version:6.0
import PackageDescription

// Layer cake: HapticPolicy (pure Swift core) <- HapticPolicyYAML (libyaml front end)
// <- HapticPolicyExport <- HapticPolicyCLI <- haptic-policy (thin executable).
#if os(Linux)
let appleSDKStandIns: [Target.Dependency] = ["CoreHaptics", "UIKit"]
let swiftUIStandIn: [Target.Dependency] = ["SwiftUI"]
#else
let appleSDKStandIns: [Target.Dependency] = []
let swiftUIStandIn: [Target.Dependency] = []
#endif

let package = Package(
    name: "HapticPolicy",
    platforms: [.macOS(.v13), .iOS(.v13)],
    products: [
        .library(name: "HapticPolicy", targets: ["HapticPolicy"]),
        .library(name: "HapticPolicyYAML", targets: ["HapticPolicyYAML"]),
        .library(name: "HapticPolicyExport", targets: ["HapticPolicyExport"]),
        .library(name: "HapticPolicyPlayer", targets: ["HapticPolicyPlayer"]),
        .executable(name: "haptic-policy", targets: ["haptic-policy"]),
    ],
    targets: [
        .systemLibrary(
            name: "CYAML",
            pkgConfig: "yaml-0.1",
            providers: [.apt(["libyaml-dev"]), .brew(["libyaml"])]
        ),
        .target(name: "HapticPolicy"),
        .target(name: "HapticPolicyYAML", dependencies: ["HapticPolicy", "CYAML"]),
        .target(name: "HapticPolicyPlayer", dependencies: ["HapticPolicy"] + appleSDKStandIns),
        .target(name: "HapticPolicyExport", dependencies: ["HapticPolicy"]),
        .target(name: "HapticPolicyCLI", dependencies: ["HapticPolicy", "HapticPolicyYAML", "HapticPolicyExport"]),
        .executableTarget(name: "haptic-policy", dependencies: ["HapticPolicyCLI"]),
        .executableTarget(name: "haptic-policy-bench", dependencies: ["HapticPolicy", "HapticPolicyYAML"]),
        .testTarget(name: "HapticPolicyTests", dependencies: ["HapticPolicy"]),
        .testTarget(
            name: "HapticPolicyExportTests",
            dependencies: ["HapticPolicyExport", "HapticPolicy", "HapticPolicyYAML"],
            exclude: ["Golden"]
        ),
        .testTarget(
            name: "HapticPolicyCLITests",
            dependencies: ["HapticPolicyCLI", "HapticPolicyYAML", "haptic-policy"],
            exclude: ["Golden", "Fixtures"]
        ),
        .testTarget(
            name: "HapticPolicyYAMLTests",
            dependencies: ["HapticPolicyYAML", "HapticPolicy"],
            resources: [.copy("Fixtures")]
        ),
    ],
    swiftLanguageModes: [.v6]
)

package.targets += [
    .testTarget(
        name: "HapticPolicyPlayerTests",
        dependencies: ["HapticPolicyPlayer", "HapticPolicy", "HapticPolicyYAML", "HapticPolicyExport"]
            + appleSDKStandIns + swiftUIStandIn,
        exclude: ["Samples"]
    ),
]

// Linux has no Apple SDK. So that CI type-checks the Core Haptics / UIKit output (and the
// Apple-only samples of Docs/embedding.md), Linux builds get stand-in modules named
// exactly `CoreHaptics`, `UIKit` and `SwiftUI` that declare the SDK signatures we call. Their bodies
// never run. On Apple platforms the real frameworks are imported instead.
#if os(Linux)
package.targets += [
    .target(name: "CoreHaptics", path: "Sources/AppleSDKStandIns/CoreHaptics"),
    .target(name: "UIKit", path: "Sources/AppleSDKStandIns/UIKit"),
    .target(name: "SwiftUI", path: "Sources/AppleSDKStandIns/SwiftUI"),
]
#endif
