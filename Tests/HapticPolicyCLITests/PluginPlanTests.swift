import Foundation
import Testing

@testable import HapticPolicyYAML

/// The build commands of HapticPolicyPlugin, for its SwiftPM and its Xcode path alike:
/// both hand a target's files to `PolicyBuildPlan.steps(files:outputDirectory:tool:)`
/// (Plugins/HapticPolicyPlugin/PolicyBuildPlan.swift). A plugin cannot be imported by a
/// test, so the suite compiles that file, with Fixtures/plugin-plan/main.swift, with
/// `swiftc` (a few seconds) and runs it.
@Suite(.serialized, .timeLimit(.minutes(5)))
struct PluginPlanTests {
    /// One step as Fixtures/plugin-plan/main.swift prints it.
    struct Step: Decodable, Equatable {
        var displayName: String
        var executable: String
        var arguments: [String]
        var inputFiles: [String]
        var outputFiles: [String]
    }

    static let planner: Result<URL, any Error> = Result {
        let directory = try temporaryDirectory("plugin-plan")
        let executable = directory.appendingPathComponent("plan")
        let build = try runExternal(
            "swiftc",
            [
                "-module-name", "PluginPlan", "-swift-version", "6",
                packageRoot.appendingPathComponent("Plugins/HapticPolicyPlugin/PolicyBuildPlan.swift").path,
                packageRoot.appendingPathComponent("Tests/HapticPolicyCLITests/Fixtures/plugin-plan/main.swift").path,
                "-o", executable.path,
            ])
        guard build.status == 0 else { throw PlanError(message: "swiftc failed:\n\(build.output)") }
        return executable
    }

    struct PlanError: Error, CustomStringConvertible {
        var message: String
        var description: String { message }
    }

    func plan(_ files: [URL], output: String = "/out", tool: String = "/bin/haptic-policy") throws -> [Step] {
        let run = try runExternal(Self.planner.get().path, [output, tool] + files.map(\.path))
        try #require(run.status == 0, "\(run.output)")
        return try run.output.split(separator: "\n").map {
            try JSONDecoder().decode(Step.self, from: Data($0.utf8))
        }
    }

    @Test func everyFileThePolicysFolderHoldsIsAnInputOfBothCommands() throws {
        let folder = try temporaryDirectory("plugin-plan-folder")
        defer { try? FileManager.default.removeItem(at: folder) }
        let files: [(String, String)] = [
            ("app.yaml", "policy: app\ninclude:\n  - parts/levels.yaml\n"),
            ("parts/levels.yaml", "levels: {}\n"),
            ("parts/deep/more.yml", "more: {}\n"),
            ("app.tests.yaml", "tests: []\n"),
            ("other.yaml", "# another policy: never an included file (HP025)\npolicy: other\n"),
            ("notes.txt", "not yaml\n"),
            (".hidden/skip.yaml", "skip: {}\n"),
        ]
        for (path, text) in files {
            let url = folder.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
        // The target's files, in no particular order: app.yaml and other.yaml are policies.
        let steps = try plan(files.reversed().map { folder.appendingPathComponent($0.0) })
        let policy = "\(folder.path)/app.yaml"
        let inputs =
            [policy] + ["app.tests.yaml", "parts/deep/more.yml", "parts/levels.yaml"].map { "\(folder.path)/\($0)" }
        #expect(steps.count == 4)
        #expect(
            steps.prefix(2) == [
                Step(
                    displayName: "Compiling haptic policy app.yaml", executable: "/bin/haptic-policy",
                    arguments: ["compile", policy, "-o", "/out/app.bundle.json"], inputFiles: inputs,
                    outputFiles: ["/out/app.bundle.json"]),
                Step(
                    displayName: "Generating the Swift API of haptic policy app.yaml",
                    executable: "/bin/haptic-policy",
                    arguments: ["codegen", policy, "--lang", "swift", "-o", "/out/app.policy.swift"],
                    inputFiles: inputs, outputFiles: ["/out/app.policy.swift"]),
            ])
        #expect(steps.dropFirst(2).map(\.outputFiles) == [["/out/other.bundle.json"], ["/out/other.policy.swift"]])
        #expect(steps.dropFirst(2).allSatisfy { $0.inputFiles == ["\(folder.path)/other.yaml"] + inputs.dropFirst() })
    }

    @Test func editingStridesWorkoutFileRunsItsCommandsAgain() throws {
        // Policies/stride.yaml includes stride/workout.yaml and its siblings: each is an input.
        let stride = packageRoot.appendingPathComponent("Policies/stride.yaml")
        let steps = try plan([stride, packageRoot.appendingPathComponent("Policies/stride.tests.yaml")])
        #expect(steps.count == 2)
        let folder = stride.deletingLastPathComponent().standardizedFileURL.path
        for step in steps {
            #expect(step.inputFiles.first == stride.path)
            for part in ["catalogue", "settings", "summary", "workout"] {
                #expect(step.inputFiles.contains("\(folder)/stride/\(part).yaml"), "\(step.inputFiles)")
            }
            // The main file once; the folder's other policies (plavo.yaml) never.
            #expect(step.inputFiles.filter { $0.hasSuffix("/stride.yaml") }.count == 1)
            #expect(!step.inputFiles.contains { $0.hasSuffix("/plavo.yaml") })
        }
    }

    /// Examples/XcodeApp/project.yml (XcodeGen) is the Xcode app the apple workflow builds
    /// with the plugin's Xcode conformance. Linux cannot run Xcode, so this checks what it
    /// can: the package and plugin it names are this package's, every source exists, and
    /// the files it puts in the app target give the plugin the laps policy's two commands.
    @Test func theXcodeAppProjectPutsThePolicyInItsTargetAndRunsThePlugin() throws {
        let folder = packageRoot.appendingPathComponent("Examples/XcodeApp")
        let spec = folder.appendingPathComponent("project.yml")
        let outcome = YAMLTreeBuilder.build(
            YAMLParser(bytes: Array(try Data(contentsOf: spec)), file: spec.path), file: spec.path,
            limits: .default)
        let root = try #require(outcome.root, "\(outcome.diagnostics)")
        func value(_ node: YAMLNode?, _ key: String) -> YAMLNode? {
            node?.pairs?.first { $0.key.scalarText == key }?.value
        }
        let package = try #require(value(value(root, "packages"), "HapticPolicy"))
        let packagePath = try #require(value(package, "path")?.scalarText)
        #expect(
            folder.appendingPathComponent(packagePath).appendingPathComponent("Package.swift").standardizedFileURL
                == packageRoot.appendingPathComponent("Package.swift").standardizedFileURL)
        let target = try #require(value(value(root, "targets"), "LapsApp"))
        let plugins = try #require(value(target, "buildToolPlugins")?.items)
        #expect(plugins.map { value($0, "plugin")?.scalarText } == ["HapticPolicyPlugin"])
        #expect(plugins.map { value($0, "package")?.scalarText } == ["HapticPolicy"])
        let manifest = try String(contentsOf: packageRoot.appendingPathComponent("Package.swift"), encoding: .utf8)
        #expect(manifest.contains(#"name: "HapticPolicyPlugin""#))
        // The target's files, as Xcode hands them to XcodeBuildToolPlugin (a folder's files).
        var files: [URL] = []
        for source in try #require(value(target, "sources")?.items) {
            let path = try #require(source.scalarText ?? value(source, "path")?.scalarText)
            let url = folder.appendingPathComponent(path).standardizedFileURL
            var isFolder: ObjCBool = false
            try #require(FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), "\(path)")
            files +=
                isFolder.boolValue
                ? try FileManager.default.contentsOfDirectory(at: url, includingPropertiesForKeys: nil) : [url]
        }
        #expect(files.contains { $0.lastPathComponent == "LapsApp.swift" })
        let steps = try plan(files)
        #expect(steps.map(\.outputFiles) == [["/out/laps.bundle.json"], ["/out/laps.policy.swift"]])
    }

    @Test func aFolderWithoutPoliciesGetsNoCommands() throws {
        let steps = try plan([packageRoot.appendingPathComponent("Policies/scenarios/session.yaml")])
        #expect(steps.isEmpty)
    }
}
