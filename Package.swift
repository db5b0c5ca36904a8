// swift-tools-version:6.0
import PackageDescription

// Layer cake: HapticPolicy (pure Swift core) <- HapticPolicyYAML (libyaml front end)
// <- HapticPolicyExport <- HapticPolicyCLI <- haptic-policy (thin executable).
let package = Package(
    name: "HapticPolicy",
    platforms: [.macOS(.v13), .iOS(.v13)],
    products: [
        .library(name: "HapticPolicy", targets: ["HapticPolicy"]),
        .library(name: "HapticPolicyYAML", targets: ["HapticPolicyYAML"]),
        .library(name: "HapticPolicyExport", targets: ["HapticPolicyExport"]),
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
