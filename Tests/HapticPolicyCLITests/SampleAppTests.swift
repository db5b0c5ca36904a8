import Foundation
import Testing

/// `Examples/SampleApp` builds on this machine with `HapticPolicyPlugin` (the policy
/// compiled into a resource, the typed API generated and used), and a policy error fails
/// its build with the located diagnostic. Each build compiles this whole package again in
/// its own scratch path (about 40 s on two cores), so the suite runs only when
/// `HAPTIC_POLICY_SAMPLE_APP_TESTS=1` (`.ci/run` sets it).
@Suite(
    .serialized,
    .enabled(
        if: optedIn("HAPTIC_POLICY_SAMPLE_APP_TESTS"),
        "set HAPTIC_POLICY_SAMPLE_APP_TESTS=1 (.ci/run does) to build Examples/SampleApp with the plugin"),
    .timeLimit(.minutes(10))
)
struct SampleAppTests {
    static let sample = packageRoot.appendingPathComponent("Examples/SampleApp")

    @Test func theSampleBuildsWithThePluginAndSendsTypedEvents() throws {
        let scratch = packageRoot.appendingPathComponent(".build-sample-app")
        let build = try runExternal(
            "swift", ["build", "--package-path", Self.sample.path, "--scratch-path", scratch.path])
        #expect(build.status == 0, "\(build.output)")
        // Build commands, not prebuild commands: with nothing changed, nothing runs again.
        // (The tool is an input of the commands: on a fresh clone the second build may
        // relink it and run them once more, so the check is the build after that.)
        _ = try runExternal("swift", ["build", "--package-path", Self.sample.path, "--scratch-path", scratch.path])
        let again = try runExternal(
            "swift", ["build", "--package-path", Self.sample.path, "--scratch-path", scratch.path])
        #expect(again.status == 0, "\(again.output)")
        #expect(!again.output.contains("haptic policy laps.yaml"), "\(again.output)")
        let outputs = scratch.appendingPathComponent(
            "plugins/outputs/sampleapp/SampleApp/destination/HapticPolicyPlugin")
        let generated = try String(contentsOf: outputs.appendingPathComponent("laps.policy.swift"), encoding: .utf8)
        #expect(generated.contains("public enum LapsPolicy"))
        let run = try runExternal(scratch.appendingPathComponent("debug/SampleApp").path, [])
        #expect(run.status == 0, "\(run.output)")
        let lines = run.output.split(separator: "\n").map { $0.split(separator: " ").prefix(2).joined(separator: " ") }
        #expect(
            lines == [
                "screen.enter silent", "lap.completed play", "button.tap silent", "goal.result play",
                "goal.result silent",
            ], "\(run.output)")
    }

    @Test func aPolicyErrorFailsTheAppBuildWithItsLocation() throws {
        // A copy of the sample (depending on this package by absolute path) whose policy
        // plays a feedback it does not declare. Its own scratch path: SwiftPM reuses a
        // scratch path's build plan across root packages of the same name.
        let directory = try temporaryDirectory("sample-app-broken")
        defer { try? FileManager.default.removeItem(at: directory) }
        let copy = try Self.copyOfTheSample(in: directory)
        let policy = copy.appendingPathComponent("Sources/SampleApp/laps.yaml")
        let yaml = try String(contentsOf: policy, encoding: .utf8)
        try #require(yaml.contains("lap.completed: {play: lap}"))
        try yaml.replacingOccurrences(of: "lap.completed: {play: lap}", with: "lap.completed: {play: lapp}")
            .write(to: policy, atomically: true, encoding: .utf8)
        let line =
            try #require(
                yaml.split(separator: "\n", omittingEmptySubsequences: false).firstIndex {
                    $0.contains("lap.completed: {play: lap}")
                }) + 1
        let build = try runExternal(
            "swift",
            ["build", "--package-path", copy.path, "--scratch-path", directory.appendingPathComponent("scratch").path])
        #expect(build.status != 0)
        #expect(
            build.output.contains(
                "laps.yaml:\(line):29: error[HP201]: feedback 'lapp' is not declared; did you mean 'lap'?"),
            "\(build.output)")
    }

    @Test func editingAnIncludedFileRunsThePolicysCommandsAgain() throws {
        // A copy whose budgets are in an included file, parts/budgets.yaml.
        let directory = try temporaryDirectory("sample-app-include")
        defer { try? FileManager.default.removeItem(at: directory) }
        let copy = try Self.copyOfTheSample(in: directory)
        let policy = copy.appendingPathComponent("Sources/SampleApp/laps.yaml")
        let yaml = try String(contentsOf: policy, encoding: .utf8)
        let budgets = "budgets:\n  - {id: B-1, each: screen, max: 6, per: 10}\n"
        try #require(yaml.hasSuffix(budgets))
        try (yaml.dropLast(budgets.count) + "include:\n  - parts/budgets.yaml\n")
            .write(to: policy, atomically: true, encoding: .utf8)
        let part = copy.appendingPathComponent("Sources/SampleApp/parts/budgets.yaml")
        try FileManager.default.createDirectory(at: part.deletingLastPathComponent(), withIntermediateDirectories: true)
        try budgets.write(to: part, atomically: true, encoding: .utf8)
        let scratch = directory.appendingPathComponent("scratch")
        let arguments = ["build", "--package-path", copy.path, "--scratch-path", scratch.path]
        let first = try runExternal("swift", arguments)
        try #require(first.status == 0, "\(first.output)")
        _ = try runExternal("swift", arguments)  // the tool may relink once (see above)
        let bundle = scratch.appendingPathComponent(
            "plugins/outputs/sampleapp/SampleApp/destination/HapticPolicyPlugin/laps.bundle.json")
        #expect(try String(contentsOf: bundle, encoding: .utf8).contains("budgets.yaml"))
        let before = try Data(contentsOf: bundle)
        try budgets.replacingOccurrences(of: "max: 6", with: "max: 5").write(
            to: part, atomically: true, encoding: .utf8)
        let again = try runExternal("swift", arguments)
        #expect(again.status == 0, "\(again.output)")
        #expect(again.output.contains("Compiling haptic policy laps.yaml"), "\(again.output)")
        #expect(try Data(contentsOf: bundle) != before)
    }

    /// A copy of the sample in `directory`, depending on this package by absolute path.
    /// Each copy builds in its own scratch path: SwiftPM reuses a scratch path's build plan
    /// across root packages of the same name.
    static func copyOfTheSample(in directory: URL) throws -> URL {
        let copy = directory.appendingPathComponent("SampleApp")
        try FileManager.default.copyItem(at: sample, to: copy)
        try? FileManager.default.removeItem(at: copy.appendingPathComponent(".build"))
        let manifest = copy.appendingPathComponent("Package.swift")
        let text = try String(contentsOf: manifest, encoding: .utf8)
        try #require(text.contains(#"path: "../..""#))
        try text.replacingOccurrences(of: #"path: "../..""#, with: "path: \"\(packageRoot.path)\"")
            .write(to: manifest, atomically: true, encoding: .utf8)
        return copy
    }
}
