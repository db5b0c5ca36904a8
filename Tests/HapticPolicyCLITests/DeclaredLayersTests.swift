import Foundation
import HapticPolicy
import HapticPolicyCompiler
import Testing

/// A policy that declares its own layers (`ui` and `coach`, no `creature`) through every
/// command: lint, eval, table, compile (bundle format 3) and the speech rule on `coach`.
@Suite struct DeclaredLayersTests {
    static let policy = packageRoot.appendingPathComponent("Tests/HapticPolicyCLITests/Fixtures/layers/coach.yaml").path
    static let log = packageRoot.appendingPathComponent("Tests/HapticPolicyCLITests/Fixtures/layers/coach.jsonl").path

    static func decisions(_ stdout: String) throws -> [[String: Any]] {
        try stdout.split(separator: "\n").map {
            try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
    }

    @Test func lintsCleanUnderStrict() {
        let result = runInProcess(["lint", "--strict", Self.policy])
        #expect(result.exitCode == 0, "\(result.stdout)\(result.stderr)")
    }

    @Test func evalNamesTheDeclaredLayerAndAppliesTheSpeechRuleToIt() throws {
        let result = runInProcess(["eval", Self.policy, Self.log, "--format", "jsonl"])
        #expect(result.exitCode == 0, "\(result.stderr)")
        let lines = try Self.decisions(result.stdout)
        #expect(lines.count == 4)
        #expect(lines.map { $0["layer"] as? String } == [nil, "ui", "coach", "coach"])
        #expect(lines.map { $0["action"] as? String } == ["silent", "play", "play", "silent"])
        #expect(lines[3]["reason"] as? String == "no-speech")
        #expect(lines[3]["rule"] as? String == "H-2")
    }

    @Test func tableShowsTheDeclaredLayer() throws {
        let result = runInProcess(["table", Self.policy, "--format", "json"])
        #expect(result.exitCode == 0, "\(result.stderr)")
        #expect(
            result.stdout.contains("\"eventLayer\" : \"coach\"") || result.stdout.contains("\"eventLayer\":\"coach\""))
    }

    @Test func aPolicyWithLayersCompilesAndLoadsWithItsHash() throws {
        let result = runInProcess(["compile", Self.policy, "-o", "-"])
        #expect(result.exitCode == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("{\"format\":\"haptic-policy-bundle\",\"formatVersion\":7,"))
        let loaded = try Policy(bundle: Array(result.stdout.utf8))
        #expect(loaded.content.layers?.map(\.name) == [Layer("ui"), Layer("coach")])
        #expect(loaded.content.layers?.map(\.plays) == [.presets, .patterns])
        #expect(result.stderr.contains(loaded.hash))
    }

    @Test func aPolicyWithoutLayersStoresNoLayers() {
        let plavo = packageRoot.appendingPathComponent("Policies/plavo.yaml").path
        let result = runInProcess(["compile", plavo, "-o", "-"])
        #expect(result.stdout.hasPrefix("{\"format\":\"haptic-policy-bundle\",\"formatVersion\":7,"))
        #expect(!result.stdout.contains("\"layers\""))
    }

    /// Declared layers cannot hide in an older bundle: a version 2 header is refused by name.
    @Test func aVersion2HeaderOnContentWithLayersIsRefused() throws {
        let bundle = runInProcess(["compile", Self.policy, "-o", "-"]).stdout
        let relabelled = bundle.replacingOccurrences(of: "\"formatVersion\":7", with: "\"formatVersion\":2")
        #expect(throws: PolicyBundle.LoadError.unsupportedVersion(found: 2, supported: 7)) {
            try Policy(bundle: Array(relabelled.utf8))
        }
    }

    @Test func anUndeclaredLayerIsReportedWhereItIsWritten() throws {
        let yaml = try String(contentsOfFile: Self.policy, encoding: .utf8)
            .replacingOccurrences(of: "lap.done: {layer: coach,", with: "lap.done: {layer: creature,")
            .replacingOccurrences(of: "button.tap: {layer: ui,", with: "button.tap: {layer: uii,")
        let result = runInProcess(["lint", "-"], stdin: yaml)
        #expect(result.exitCode == 1)
        let output = result.stdout + result.stderr
        #expect(output.contains("<stdin>:20:23: error[HP014]: unknown layer 'uii'; did you mean 'ui'?"), "\(output)")
        #expect(
            output.contains(
                "<stdin>:21:21: error[HP014]: unknown layer 'creature': use 'ui', 'coach' or declare it under `layers:`"
            ),
            "\(output)")
    }

    @Test func reportAndCodegenNameTheDeclaredLayers() throws {
        let page = try temporaryFolder("layers-report").appendingPathComponent("coach.html")
        let report = runInProcess(["report", Self.policy, "-o", page.path])
        #expect(report.exitCode == 0, "\(report.stderr)")
        let html = try String(contentsOf: page, encoding: .utf8)
        #expect(
            html.contains("<span class=\"layer layer-coach\">coach</span> plays patterns, the coach&#39;s own voice"))
        let code = runInProcess(["codegen", Self.policy, "-o", "-"])
        #expect(code.exitCode == 0, "\(code.stderr)")
        #expect(
            code.stdout.contains(
                "        case ui = \"ui\"\n        /// `coach`.\n        case coach = \"coach\"\n    }"))
    }

    /// `no-layer-mixing` is generic over the declared layers.
    @Test func aCoachEventPlayingUIFeedbackBreaksNoLayerMixing() throws {
        let yaml = try String(contentsOfFile: Self.policy, encoding: .utf8)
            .replacingOccurrences(of: "lap.done: {play: cheer, cite: H-2}", with: "lap.done: {play: tap, cite: H-2}")
        let result = runInProcess(["lint", "-"], stdin: yaml)
        #expect(result.exitCode == 1)
        #expect(
            (result.stdout + result.stderr).contains(
                "<stdin>:27:24: error[HP402]: coach event 'lap.done' plays ui feedback 'tap', and H-1 never mixes layers"
            ))
    }
}
