import Foundation
import HapticPolicy
import HapticPolicyCompiler
import HapticPolicyPlayer
import Testing

/// Docs/embedding.md shows exactly the samples compiled in EmbeddingGuideSamples.swift.
@Suite struct EmbeddingGuideTests {
    static let testsDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    static let guide = policiesDirectory.deletingLastPathComponent().appendingPathComponent("Docs/embedding.md")
    static let manifestSample = testsDirectory.appendingPathComponent("Samples/AppPackage/Package.swift")
    static let sampleAppManifest = policiesDirectory.deletingLastPathComponent()
        .appendingPathComponent("Examples/SampleApp/Package.swift")
    /// The Ride sample (typed event data): compiled with the generated `RidePolicy`, run
    /// and checked against `eval` by `CodegenEventDataTests` (this target's plugin makes
    /// only `PlavoPolicy`).
    static let rideSample = policiesDirectory.deletingLastPathComponent()
        .appendingPathComponent("Tests/HapticPolicyCLITests/Fixtures/codegen/RideTurnCues.swift")

    /// The ```swift blocks of the guide, in order.
    static func guideBlocks() throws -> [String] {
        let text = try String(contentsOf: guide, encoding: .utf8)
        var blocks: [String] = []
        var current: [Substring]?
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if current == nil, line == "```swift" {
                current = []
            } else if current != nil, line == "```" {
                blocks.append(current!.joined(separator: "\n"))
                current = nil
            } else {
                current?.append(line)
            }
        }
        return blocks
    }

    /// The `// sample:` regions of the samples file, in order.
    static func sampleRegions() throws -> [(name: String, text: String)] {
        let text = try String(
            contentsOf: testsDirectory.appendingPathComponent("EmbeddingGuideSamples.swift"), encoding: .utf8)
        var regions: [(String, String)] = []
        var current: (name: String, lines: [Substring])?
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("// sample: ") {
                current = (String(line.dropFirst("// sample: ".count)), [])
            } else if line == "// end sample", let region = current {
                regions.append((region.name, region.lines.joined(separator: "\n")))
                current = nil
            } else {
                current?.lines.append(line)
            }
        }
        return regions
    }

    @Test func everySwiftBlockIsACompiledSample() throws {
        var blocks = try Self.guideBlocks()
        let regions = try Self.sampleRegions()
        let manifest = try String(contentsOf: Self.manifestSample, encoding: .utf8)
        // The plugin's manifest is Examples/SampleApp's, which SampleAppTests builds.
        let sampleApp = try String(contentsOf: Self.sampleAppManifest, encoding: .utf8)
        let pluginBlock = try #require(
            blocks.firstIndex { $0 + "\n" == sampleApp }, "the guide does not show Examples/SampleApp/Package.swift")
        blocks.remove(at: pluginBlock)
        let ride = try String(contentsOf: Self.rideSample, encoding: .utf8)
        let rideBlock = try #require(
            blocks.firstIndex { $0 + "\n" == ride },
            "the guide does not show Tests/HapticPolicyCLITests/Fixtures/codegen/RideTurnCues.swift")
        blocks.remove(at: rideBlock)
        #expect(regions.map(\.name) == ["load-bundle", "app-haptics", "typed-api", "uikit", "swiftui", "hot-reload"])
        #expect(blocks.count == regions.count + 1, "one block per sample plus the manifest")
        #expect(
            blocks.first.map { $0 + "\n" } == manifest,
            "the manifest block differs from Samples/AppPackage/Package.swift")
        for (block, region) in zip(blocks.dropFirst(), regions) {
            #expect(block == region.text, "the guide's '\(region.name)' block differs from EmbeddingGuideSamples.swift")
        }
    }

    @Test func theManifestSampleIsAValidPackageManifest() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "embedding-manifest-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: directory.appendingPathComponent("Sources/PlavoHaptics"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.copyItem(at: Self.manifestSample, to: directory.appendingPathComponent("Package.swift"))
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["swift", "package", "--package-path", directory.path, "dump-package"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(String(decoding: data, as: UTF8.self))")
        #expect(String(decoding: data, as: UTF8.self).contains("\"HapticPolicyPlayer\""))
    }

    #if os(Linux)
    /// The Apple-only samples and output really compiled here, against the stand-ins.
    @Test func appleOnlyCodeIsTypeCheckedOnLinux() {
        let types: [Any.Type] = [CoreHapticsOutput.self, CameraViewController.self, NamingScreen.self]
        #expect(types.count == 3)
    }
    #endif

    @MainActor
    @Test func theAppHapticsSampleDrivesThePlayer() throws {
        let output = RecordingOutput()
        let haptics = AppHaptics(store: PolicyStore(try loadPolicy("plavo")), output: output)
        haptics.send("screen.enter", value: .string("camera"))
        haptics.send("selector.begin")
        haptics.send("selector.end")
        #expect(output.calls == ["prepareEngine", "startEngine", "makeTicker", "prepareTicker", "releaseTicker"])
    }

    @MainActor
    @Test func theTypedAPISampleDrivesThePlayerWithTheGeneratedAPI() throws {
        let output = RecordingOutput()
        let haptics = AppHaptics(store: PolicyStore(try loadPolicy("plavo")), output: output)
        cameraSession(haptics)
        // The plant's pulse, or its fallback while the engine is still warming (the
        // store's clock is the real one); the first moisture sample only sets the baseline.
        #expect(output.calls.prefix(2) == ["prepareEngine", "startEngine"], "\(output.calls)")
        #expect(
            ["pattern pulse", "preset impact.rigid 0.7"].contains(output.calls.dropFirst(2).first), "\(output.calls)")
        #expect(output.calls.count == 3, "\(output.calls)")
        #expect(haptics.store.snapshot.screen.flatMap(haptics.store.current.screenName) == "camera")
    }

    @Test func thePluginBundleIsTheCompiledPolicy() throws {
        let url = try #require(Bundle.module.url(forResource: "plavo.bundle", withExtension: "json"))
        let policy = try Policy(bundle: [UInt8](Data(contentsOf: url)))
        #expect(policy.hash == (try loadPolicy("plavo")).hash)
        #expect(PlavoPolicy.matches(policy))
    }

    @Test func theHotReloadSampleSwapsAnEditedBundleAndKeepsTheLastGoodOne() async throws {
        let plavo = try loadPolicy("plavo")
        let edited = try Policy(compiling: StorePolicies.heavyShutter())
        let store = PolicyStore(plavo)
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("hot-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: file) }
        try Data(PolicyBundle.encode(plavo)).write(to: file)
        let watcher = watchPolicy(at: file, store: store, every: 0.02)
        defer { watcher.cancel() }

        try await Task.sleep(nanoseconds: 100_000_000)
        var editedBytes = PolicyBundle.encode(edited)
        try Data(editedBytes).write(to: file)
        try FileManager.default.setAttributes(
            [.modificationDate: Date().addingTimeInterval(5)], ofItemAtPath: file.path)
        #expect(await Self.waitFor { store.current.hash == edited.hash }, "the edited bundle was swapped in")

        editedBytes.removeLast(50)
        try Data(editedBytes).write(to: file)
        try FileManager.default.setAttributes(
            [.modificationDate: Date().addingTimeInterval(10)], ofItemAtPath: file.path)
        try await Task.sleep(nanoseconds: 300_000_000)
        #expect(store.current.hash == edited.hash, "a damaged bundle keeps the running policy")
    }

    private static func waitFor(_ condition: () -> Bool) async -> Bool {
        for _ in 0..<250 {
            if condition() { return true }
            try? await Task.sleep(nanoseconds: 20_000_000)
        }
        return condition()
    }
}
