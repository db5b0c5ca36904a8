import Foundation
import HapticPolicyYAML
import Testing

@testable import HapticPolicy
@testable import HapticPolicyCompiler
@testable import HapticPolicyExport

/// `platforms:` on a feedback: what Android or the web plays instead (a fallback, an
/// intensity, a whole pattern), checked like the feedback's own and used by their exports;
/// the feedback itself stays what Core Haptics and the player play.
@Suite struct PlatformOverrideTests {
    static func text(_ feedback: String) -> String {
        """
        policy: ports
        version: 1
        feedback:
        \(feedback)
          tap: {layer: ui, preset: impact.light}
        events:
          button.tap: {layer: ui, screens: [home]}
          plant.found: {layer: creature, screens: [home]}
        screens:
          home:
            enter: [prepare-engine]
            table:
              button.tap: {play: tap}
              plant.found: {play: bloom}
        budgets:
          - {id: B-1, each: screen, max: 6, per: 10}

        """
    }

    static let bloom = """
          bloom:
            layer: creature
            pattern:
              events:
                - {type: continuous, time: 0, duration: 0.3, intensity: 0.6}
            fallback: impact.soft
            platforms:
              android: {fallback: impact.heavy}
              web:
                pattern:
                  events:
                    - {type: transient, time: 0}
                    - {type: transient, time: 0.1}
        """

    static func lint(_ text: String) -> [Diagnostic] {
        let loaded = PolicyLoader.parse(Array(text.utf8), file: "ports.yaml")
        guard let document = loaded.document else { return loaded.diagnostics }
        return loaded.diagnostics + PolicyValidator.check(document).diagnostics
    }

    static func compiled(_ text: String) throws -> Policy {
        let loaded = PolicyLoader.parse(Array(text.utf8), file: "ports.yaml")
        let document = try #require(loaded.document, "\(loaded.diagnostics.map(\.message))")
        let outcome = PolicyValidator.check(document)
        let validated = try #require(outcome.validated, "\(outcome.diagnostics.map(\.message))")
        return PolicyCompiler.compile(validated)
    }

    /// The `platforms:` sample of Docs/policy-language.md is this suite's `bloom`, so the
    /// page shows what the tests check.
    @Test func theLanguageReferenceShowsThisFeedback() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let page = try String(
            contentsOf: root.appendingPathComponent("Docs/policy-language.md"), encoding: .utf8)
        let section = try #require(page.components(separatedBy: "### One feedback, three platforms").dropFirst().first)
        let block = try #require(section.components(separatedBy: "```yaml\n").dropFirst().first)
        let sample = try #require(block.components(separatedBy: "```").first)
        let strip = { (text: String) in
            text.split(separator: "\n").map { line in
                String(line.split(separator: "#", maxSplits: 1).first ?? "").trimmingCharacters(in: .whitespaces)
            }.filter { !$0.isEmpty }
        }
        #expect(strip(sample) == ["feedback:"] + strip(Self.bloom))
    }

    @Test func eachPlatformGetsItsOwnPlanAndTheFeedbackStaysAsWritten() throws {
        let policy = try Self.compiled(Self.text(Self.bloom))
        let bloom = try #require(policy.content.feedback.first { $0.name == "bloom" })
        #expect(
            bloom.fallback == .preset(.init(at: .number(0), name: "impact.soft", preset: .impactSoft, intensity: nil)))
        #expect(
            bloom.on(.android).fallback
                == .preset(.init(at: .number(0), name: "impact.heavy", preset: .impactHeavy, intensity: nil)))
        #expect(bloom.on(.android).pattern == bloom.pattern)
        #expect(bloom.on(.web).pattern?.events.count == 2)
        #expect(bloom.on(.web).fallback == bloom.fallback)
        let tap = try #require(policy.content.feedback.first { $0.name == "tap" })
        #expect(tap.on(.web) === tap)
    }

    @Test func overridesSurviveTheBundle() throws {
        let policy = try Self.compiled(Self.text(Self.bloom))
        let bytes = PolicyBundle.encode(policy)
        // A library reading only format 2 would play the feedback's own on every platform.
        #expect(
            String(decoding: bytes, as: UTF8.self).hasPrefix(#"{"format":"haptic-policy-bundle","formatVersion":7,"#))
        let reloaded = try PolicyBundle.decode(bytes)
        #expect(reloaded.content.feedback == policy.content.feedback)
        #expect(reloaded.hash == policy.hash)
    }

    @Test func theExportsUseTheirPlatformsPlan() throws {
        let policy = try Self.compiled(Self.text(Self.bloom))
        let (files, diagnostics) = PolicyExporter.export(policy, to: ExportTarget.allCases)
        #expect(diagnostics.filter { $0.severity == .error }.isEmpty, "\(diagnostics.map(\.message))")
        let android = try #require(files.first { $0.name == "bloom.android.json" }).contents
        #expect(android.contains("EFFECT_HEAVY_CLICK") || android.contains("impact.heavy"), "\(android)")
        #expect(!android.contains("impact.soft"), "\(android)")
        let web = try #require(files.first { $0.name == "bloom.web.json" }).contents
        #expect(web.contains(#""pattern": [20, 80, 20]"#), "\(web)")
        let ahap = try #require(files.first { $0.name == "bloom.ahap" }).contents
        #expect(ahap.contains("HapticContinuous") && !ahap.contains("HapticTransient"))
    }

    @Test func aPresetCanBecomeAPatternOnOnePlatformAndTakeAnotherIntensity() throws {
        let feedback = """
              chime:
                layer: creature
                preset: impact.medium
                intensity: 0.5
                platforms:
                  android: {intensity: 0.9}
                  web:
                    pattern:
                      events:
                        - {type: transient, time: 0}
            """
        let text = Self.text(feedback + "\n" + Self.bloom).replacingOccurrences(
            of: "plant.found: {play: bloom}", with: "plant.found: {play: bloom}\n      button.hold: {play: chime}"
        ).replacingOccurrences(
            of: "  plant.found: {layer: creature, screens: [home]}",
            with: "  plant.found: {layer: creature, screens: [home]}\n  button.hold: {layer: creature, screens: [home]}"
        )
        let policy = try Self.compiled(text)
        let (files, _) = PolicyExporter.export(policy, to: ExportTarget.allCases)
        #expect(files.contains { $0.name == "chime.web.json" })
        #expect(!files.contains { $0.name == "chime.ahap" })
        #expect(!files.contains { $0.name == "chime.android.json" })
        let presets = try #require(files.first { $0.name == "presets.android.json" }).contents
        // impact.medium scales its click by 0.7: 0.9 on Android, where iOS plays 0.5.
        #expect(presets.contains(#""scale": 0.63"#), "\(presets)")
    }

    @Test(arguments: [
        ("      ios: {fallback: impact.heavy}", "platform"),
        ("      android: {intensity: 0.5}", "intensity"),
        ("      android: {fallback: gaol}", "gaol"),
        ("      android: {fallback: bloom}", "bloom"),
        ("      web: {preset: impact.light, fallback: impact.soft}", "fallback"),
    ])
    func aBadOverrideIsALocatedError(line: String, mentions: String) {
        let feedback = """
              bloom:
                layer: creature
                pattern:
                  events:
                    - {type: transient, time: 0}
                fallback: impact.soft
                platforms:
            \(line)
            """
        let errors = Self.lint(Self.text(feedback)).filter { $0.severity == .error }
        #expect(!errors.isEmpty, "\(line)")
        #expect(errors.allSatisfy { $0.location.line == 11 }, "\(errors.map { "\($0.location) \($0.message)" })")
        #expect(errors.contains { $0.message.contains(mentions) }, "\(errors.map(\.message))")
    }

    @Test func aWebOnlyPatternIsCheckedLikeAnyPattern() {
        let feedback = """
              bloom:
                layer: creature
                pattern:
                  events:
                    - {type: transient, time: 0}
                fallback: impact.soft
                platforms:
                  web:
                    pattern:
                      events:
                        - {type: transient, time: 0, intensity: 2}
            """
        let errors = Self.lint(Self.text(feedback)).filter { $0.severity == .error }
        #expect(errors.map(\.code) == ["HP101"], "\(errors.map(\.message))")
        #expect(errors.first?.location.line == 14)
    }
}
