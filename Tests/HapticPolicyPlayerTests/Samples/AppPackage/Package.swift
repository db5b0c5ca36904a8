// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "PlavoHaptics",
    platforms: [.iOS(.v13)],
    dependencies: [
        // A checkout of HapticPolicy next to this package; once your team hosts it, use
        // `.package(url: "<your remote>", from: "<version>")` instead.
        .package(path: "../HapticPolicy")
    ],
    targets: [
        .target(
            name: "PlavoHaptics",
            dependencies: [
                .product(name: "HapticPolicy", package: "HapticPolicy"),
                .product(name: "HapticPolicyPlayer", package: "HapticPolicy"),
            ],
            resources: [.copy("plavo.bundle.json")]
        )
    ]
)
