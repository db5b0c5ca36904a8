// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "PlavoHaptics",
    platforms: [.iOS(.v13)],
    dependencies: [
        .package(url: "https://github.com/example/HapticPolicy.git", from: "0.1.0"),
    ],
    targets: [
        .target(
            name: "PlavoHaptics",
            dependencies: [
                .product(name: "HapticPolicy", package: "HapticPolicy"),
                .product(name: "HapticPolicyPlayer", package: "HapticPolicy"),
            ],
            resources: [.copy("plavo.bundle.json")]
        ),
    ]
)
