// swift-tools-version:6.0
import PackageDescription

// Layer cake. What an app links: HapticPolicy (the runtime: load a bundle, decide, the
// store) and HapticPolicyPlayer (decisions to Core Haptics / UIKit); its tests link
// HapticPolicyTesting (the test kit, on the runtime alone); a game engine links
// HapticPolicyC (the runtime behind a C interface). The tooling sits on top:
// HapticPolicyDocument (the files the tools read and write: the policy document model,
// a compiled bundle whole, both lines written and read back, the JSON layer, paths) <-
// HapticPolicyCompiler (the validator, the lowering to the runtime's tables, the
// diagnostics and their registry), and above it, side by side, HapticPolicyReplay (log
// replay, tests, simulation, diff, table, budgets) and HapticPolicyYAML (the libyaml
// front end: policies only, above the compiler only) <- HapticPolicyFrontEnd (a policy
// and its includes read and checked; test files and scenarios read into the replay's
// models; a test file against its policy: what `lint` and the editor share) <-
// HapticPolicyExport <- HapticPolicyLanguageServer (`haptic-policy lsp`) <-
// HapticPolicyCLI <- haptic-policy (thin executable). Each layer sees only those below it
// (LayeringTests checks this graph), and no target holds more than 8,000 lines of Swift
// (LayeringTests counts them): one that grows past it is split along a seam.
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
        .library(name: "HapticPolicyPlayer", targets: ["HapticPolicyPlayer"]),
        // What an app's tests link: a flow of events, expectations in a test file's words.
        .library(name: "HapticPolicyTesting", targets: ["HapticPolicyTesting"]),
        // The runtime behind a C interface (haptic_policy.h), for game engines: Docs/game-engines.md.
        .library(name: "HapticPolicyC", type: .dynamic, targets: ["HapticPolicyC"]),
        .library(name: "HapticPolicyDocument", targets: ["HapticPolicyDocument"]),
        .library(name: "HapticPolicyCompiler", targets: ["HapticPolicyCompiler"]),
        .library(name: "HapticPolicyReplay", targets: ["HapticPolicyReplay"]),
        .library(name: "HapticPolicyYAML", targets: ["HapticPolicyYAML"]),
        .executable(name: "haptic-policy", targets: ["haptic-policy"]),
    ],
    targets: [
        .systemLibrary(
            name: "CYAML",
            pkgConfig: "yaml-0.1",
            providers: [.apt(["libyaml-dev"]), .brew(["libyaml"])]
        ),
        // zlib reads `.jsonl.gz` event logs (tooling only; the runtime does not link it).
        .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"]), .brew(["zlib"])]),
        .target(name: "HapticPolicy"),
        .target(name: "HapticPolicyPlayer", dependencies: ["HapticPolicy"] + appleSDKStandIns),
        .target(name: "HapticPolicyTesting", dependencies: ["HapticPolicy"]),
        .target(name: "HapticPolicyC", dependencies: ["HapticPolicy"], exclude: ["haptic_policy.h"]),
        .target(name: "HapticPolicyDocument", dependencies: ["HapticPolicy"]),
        .target(name: "HapticPolicyCompiler", dependencies: ["HapticPolicy", "HapticPolicyDocument"]),
        .target(
            name: "HapticPolicyReplay",
            dependencies: ["HapticPolicy", "HapticPolicyDocument", "HapticPolicyCompiler", "CZlib"]),
        // The YAML front end reads policies into the compiler's document; the replay's
        // models (test files, scenarios) are read above it, in HapticPolicyFrontEnd.
        .target(
            name: "HapticPolicyYAML",
            dependencies: ["HapticPolicy", "HapticPolicyDocument", "HapticPolicyCompiler", "CYAML"]),
        .target(
            name: "HapticPolicyExport",
            dependencies: ["HapticPolicy", "HapticPolicyDocument", "HapticPolicyCompiler", "HapticPolicyReplay"]),
        // What the command line and the language server both read policies with: the
        // front end (read, parse, validate, compile; test files and scenarios; a test file
        // against its policy).
        .target(
            name: "HapticPolicyFrontEnd",
            dependencies: [
                "HapticPolicy", "HapticPolicyDocument", "HapticPolicyCompiler", "HapticPolicyReplay",
                "HapticPolicyYAML",
            ]),
        // The language server: the protocol, and what a policy open in an editor means. The
        // policy schema its hover and completion read is Docs/policy.schema.json itself (the
        // target's policy.schema.json is a link to it), built into the code as bytes
        // (`PackageResources.policy_schema_json`): no resource bundle to ship next to the
        // binary, so the static `haptic-policy` (scripts/build-static) still stands alone.
        .target(
            name: "HapticPolicyLanguageServer",
            dependencies: [
                "HapticPolicy", "HapticPolicyDocument", "HapticPolicyCompiler", "HapticPolicyReplay",
                "HapticPolicyYAML", "HapticPolicyFrontEnd",
            ],
            resources: [.embedInCode("policy.schema.json")]),
        .target(
            name: "HapticPolicyCLI",
            dependencies: [
                "HapticPolicy", "HapticPolicyDocument", "HapticPolicyCompiler", "HapticPolicyReplay",
                "HapticPolicyYAML", "HapticPolicyExport", "HapticPolicyFrontEnd", "HapticPolicyLanguageServer",
            ]),
        .executableTarget(name: "haptic-policy", dependencies: ["HapticPolicyCLI"]),
        .executableTarget(
            name: "haptic-policy-bench",
            dependencies: [
                "HapticPolicy", "HapticPolicyDocument", "HapticPolicyCompiler", "HapticPolicyReplay",
                "HapticPolicyYAML", "CAllocationCounter",
            ]),
        // Counts heap allocations for the bench's allocations-per-decision figure; only the
        // bench links it (it defines malloc and its siblings).
        .target(name: "CAllocationCounter"),
        // What tests and fuzz targets share that no product ships: the oracle of emitted
        // output (lexer models of the languages the tools write; scripts/fuzz compiles that
        // file into each fuzz binary) and the evaluation fixture policy.
        .target(
            name: "HapticPolicyTestSupport",
            dependencies: ["HapticPolicy", "HapticPolicyDocument", "HapticPolicyCompiler", "HapticPolicyExport"],
            path: "Tests/Support"),
        // The test targets mirror the modules: the runtime's (which builds its policies with
        // the compiler), the document's, the compiler's, the replay's, the language server's.
        .testTarget(
            name: "HapticPolicyTests",
            dependencies: ["HapticPolicy", "HapticPolicyDocument", "HapticPolicyCompiler", "HapticPolicyTestSupport"]),
        .testTarget(
            name: "HapticPolicyTestingTests",
            dependencies: ["HapticPolicyTesting", "HapticPolicy"],
            // The plavo bundle, a resource as an app's test target holds its bundle; the
            // TypeScript and Kotlin tests read it through links (Web/test/fixtures).
            resources: [.copy("plavo.bundle.json")]),
        .testTarget(name: "HapticPolicyDocumentTests", dependencies: ["HapticPolicyDocument", "HapticPolicy"]),
        .testTarget(
            name: "HapticPolicyCompilerTests",
            dependencies: ["HapticPolicyDocument", "HapticPolicyCompiler", "HapticPolicy", "HapticPolicyTestSupport"]),
        .testTarget(
            name: "HapticPolicyReplayTests",
            dependencies: [
                "HapticPolicyReplay", "HapticPolicyDocument", "HapticPolicyCompiler", "HapticPolicy",
                "HapticPolicyTestSupport",
            ]),
        .testTarget(
            name: "HapticPolicyExportTests",
            dependencies: [
                "HapticPolicyExport", "HapticPolicy", "HapticPolicyDocument", "HapticPolicyCompiler",
                "HapticPolicyReplay", "HapticPolicyYAML", "HapticPolicyTestSupport",
            ],
            exclude: ["Golden"]
        ),
        .testTarget(
            name: "HapticPolicyCLITests",
            // The end-to-end tests run the built haptic-policy: it is built as the tool of
            // HapticPolicyPlugin, which HapticPolicyPlayerTests applies (naming the
            // executable here as well links its main twice into the test bundle).
            dependencies: [
                "HapticPolicyCLI", "HapticPolicyExport", "HapticPolicyDocument", "HapticPolicyCompiler",
                "HapticPolicyReplay", "HapticPolicyYAML", "HapticPolicyFrontEnd", "HapticPolicyLanguageServer",
                "HapticPolicyTestSupport",
            ],
            exclude: ["Golden", "Fixtures"]
        ),
        .testTarget(
            name: "HapticPolicyLanguageServerTests",
            dependencies: [
                "HapticPolicyLanguageServer", "HapticPolicyFrontEnd", "HapticPolicyYAML", "HapticPolicyDocument",
                "HapticPolicyCompiler", "HapticPolicy",
            ]),
        .testTarget(
            name: "HapticPolicyFrontEndTests",
            dependencies: [
                "HapticPolicyFrontEnd", "HapticPolicyYAML", "HapticPolicyReplay", "HapticPolicyDocument",
                "HapticPolicyCompiler", "HapticPolicy",
            ]),
        .testTarget(
            name: "HapticPolicyYAMLTests",
            dependencies: [
                "HapticPolicyYAML", "HapticPolicy", "HapticPolicyDocument", "HapticPolicyCompiler",
                "HapticPolicyReplay",
            ],
            resources: [.copy("Fixtures")]
        ),
    ],
    swiftLanguageModes: [.v6]
)

package.targets += [
    .testTarget(
        name: "HapticPolicyPlayerTests",
        dependencies: [
            "HapticPolicyPlayer", "HapticPolicy", "HapticPolicyDocument", "HapticPolicyCompiler", "HapticPolicyReplay",
            "HapticPolicyYAML", "HapticPolicyExport",
        ]
            + appleSDKStandIns + swiftUIStandIn,
        exclude: ["Samples"],
        // Policy/plavo.yaml (a link to Policies/plavo.yaml) becomes PlavoPolicy, the typed
        // API the embedding guide's samples use, exactly as in an app.
        plugins: ["HapticPolicyPlugin"]
    )
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
    .target(name: "ExpoModulesCore", path: "Sources/AppleSDKStandIns/ExpoModulesCore"),
    // The Expo module's iOS half (Web/expo/ios): in an app CocoaPods builds it
    // (HapticPolicyExpo.podspec); here it is type-checked against the stand-ins.
    .target(
        name: "HapticPolicyExpo",
        dependencies: ["ExpoModulesCore", "HapticPolicy", "HapticPolicyPlayer", "HapticPolicyExpoBridge"]
            + appleSDKStandIns,
        path: "Web/expo/ios/Module"
    ),
]
#endif

// What the Expo module does without Expo (event objects in, decision objects out, the
// player on the main actor, the four production traps), tested on every platform.
package.targets += [
    .target(
        name: "HapticPolicyExpoBridge", dependencies: ["HapticPolicy", "HapticPolicyPlayer"],
        path: "Web/expo/ios/Bridge"),
    .testTarget(
        name: "HapticPolicyExpoTests",
        dependencies: ["HapticPolicyExpoBridge", "HapticPolicy", "HapticPolicyPlayer", "HapticPolicyReplay"]
    ),
]

// The build-tool plugin apps use: a target's policy files become the compiled bundle (a
// resource) and the generated Swift API, by running `haptic-policy` (Docs/embedding.md).
// It builds `haptic-policy` from source (which needs libyaml on the build host), unless a
// release sets `prebuiltHapticPolicy` to the zipped artifact bundle that
// scripts/build-artifactbundle makes and prints these lines for: the plugin then runs that
// binary (SwiftPM downloads it and checks the checksum), as SwiftGen's plugin does.
let prebuiltHapticPolicy: (url: String, checksum: String)? = nil
package.products += [.plugin(name: "HapticPolicyPlugin", targets: ["HapticPolicyPlugin"])]
if let prebuilt = prebuiltHapticPolicy {
    package.targets += [
        .binaryTarget(name: "HapticPolicyTool", url: prebuilt.url, checksum: prebuilt.checksum),
        .plugin(name: "HapticPolicyPlugin", capability: .buildTool(), dependencies: ["HapticPolicyTool"]),
    ]
} else {
    package.targets += [
        .plugin(name: "HapticPolicyPlugin", capability: .buildTool(), dependencies: ["haptic-policy"])
    ]
}
