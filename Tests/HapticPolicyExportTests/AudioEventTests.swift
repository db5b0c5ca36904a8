import HapticPolicyYAML
import Testing

@testable import HapticPolicy
@testable import HapticPolicyCompiler
@testable import HapticPolicyExport

/// Sounds with the haptic: `audio-custom` (a sound file of the app) and
/// `audio-continuous` (a tone), from YAML through the planner to every export.
@Suite struct AudioEventTests {
    static func policyText(engine: String = "engine: {haptics-only: false}\n", events: String) -> String {
        """
        policy: audible
        version: 1
        \(engine)feedback:
          beat:
            layer: creature
            pattern:
              params:
                bpm: {default: 120, min: 30, max: 240}
              events:
        \(events)
              loop: 60 / bpm
            fallback: none
        events:
          metronome.start: {layer: creature, screens: [home]}
        screens:
          home:
            enter: [prepare-engine]
            table:
              metronome.start: {play: beat}
        budgets:
          - {id: B-1, each: screen, max: 6, per: 10}

        """
    }

    static let clickAndTone = """
                - {type: transient, time: 0, intensity: 1, sharpness: 0.9}
                - {type: audio-custom, time: 0, sound: click.caf, volume: 0.8, pitch: 0.25}
                - {type: audio-continuous, time: 0.1, duration: 0.1, volume: 0.5}
        """

    static func lint(_ text: String) -> [Diagnostic] {
        let loaded = PolicyLoader.parse(Array(text.utf8), file: "audible.yaml")
        guard let document = loaded.document else { return loaded.diagnostics }
        return loaded.diagnostics + PolicyValidator.check(document).diagnostics
    }

    static func compiled(_ text: String) throws -> Policy {
        let loaded = PolicyLoader.parse(Array(text.utf8), file: "audible.yaml")
        let document = try #require(loaded.document, "\(loaded.diagnostics.map(\.message))")
        let validated = try #require(
            PolicyValidator.check(document).validated, "\(PolicyValidator.check(document).diagnostics.map(\.message))")
        return PolicyCompiler.compile(validated)
    }

    static func beat(_ policy: Policy) throws -> ExportablePattern {
        let (patterns, diagnostics) = ExportablePattern.all(in: policy)
        #expect(diagnostics.isEmpty, "\(diagnostics.map(\.message))")
        return try #require(patterns.first)
    }

    @Test func soundsLintCleanWithAnEngineThatPlaysAudio() {
        let findings = Self.lint(Self.policyText(events: Self.clickAndTone))
        #expect(findings.isEmpty, "\(findings.map(\.message))")
    }

    @Test func aSoundInAHapticsOnlyEngineIsAnErrorAtTheEventType() throws {
        let findings = Self.lint(Self.policyText(engine: "", events: Self.clickAndTone))
        let errors = findings.filter { $0.code == DiagnosticCode.audioInHapticsOnlyEngine.code }
        #expect(errors.map(\.location.line) == [11, 12], "\(findings.map(\.message))")
        #expect(errors.first?.message.contains("engine: {haptics-only: false}") == true)
    }

    @Test(arguments: [
        ("        - {type: audio-custom, time: 0}", "sound"),
        ("        - {type: audio-continuous, time: 0}", "duration"),
        ("        - {type: transient, time: 0, volume: 0.5}", "volume"),
        ("        - {type: audio-custom, time: 0, sound: click.caf, intensity: 1}", "intensity"),
        ("        - {type: audio-continuous, time: 0, duration: 0.1, sound: click.caf}", "sound"),
    ])
    func misplacedAndMissingKeysAreLocatedErrors(event: String, key: String) {
        let findings = Self.lint(Self.policyText(events: event))
        let errors = findings.filter { $0.severity == .error }
        #expect(!errors.isEmpty, "\(event)")
        #expect(errors.allSatisfy { $0.location.line == 11 }, "\(errors.map { "\($0.location) \($0.message)" })")
        #expect(errors.contains { $0.message.contains(key) }, "\(errors.map(\.message))")
    }

    @Test func thePlanKeepsSoundsApartFromTheVibration() throws {
        let item = try Self.beat(try Self.compiled(Self.policyText(events: Self.clickAndTone)))
        let plan = item.plan
        #expect(plan.events.count == 3)
        let click = try #require(plan.events.first { $0.audio?.sound == "click.caf" })
        #expect(click.audio == ResolvedPattern.Audio(sound: "click.caf", volume: 0.8, pitch: 0.25))
        #expect(click.isTransient)
        let tone = try #require(plan.events.first { $0.audio != nil && $0.audio?.sound == nil })
        #expect(!tone.isTransient)
        #expect(tone.duration == 0.1)
        // The sounds do not vibrate: the intensity at the tone is the tap's fade, 0.
        #expect(item.pattern.intensity(at: 0.15) == 0)
        #expect(AndroidExporter.waveform(item.pattern).timings == [20, 480])
    }

    @Test func theAHAPExportWritesApplesAudioKeys() throws {
        let policy = try Self.compiled(Self.policyText(events: Self.clickAndTone))
        let (files, diagnostics) = PolicyExporter.export(policy, to: [.ahap])
        #expect(diagnostics.isEmpty, "\(diagnostics.map(\.message))")
        let ahap = try #require(files.first { $0.name == "beat.ahap" }).contents
        #expect(ahap.contains(#""EventType": "AudioCustom""#), "\(ahap)")
        #expect(ahap.contains(#""EventWaveformPath": "click.caf""#))
        #expect(ahap.contains(#""EventType": "AudioContinuous""#))
        #expect(ahap.contains(#""ParameterID": "AudioVolume""#))
        #expect(ahap.contains(#""ParameterID": "AudioPitch""#))
        // The importer reads it back as an AHAP file; it warns that it keeps only the haptics.
        let imported = AHAPImporter.importPattern(ahap, file: "beat.ahap")
        #expect(imported.diagnostics.allSatisfy { $0.severity != .error }, "\(imported.diagnostics.map(\.message))")
    }

    @Test func androidAndTheWebSayWhatTheyDrop() throws {
        let policy = try Self.compiled(Self.policyText(events: Self.clickAndTone))
        let (files, diagnostics) = PolicyExporter.export(policy, to: [.android, .web])
        let drops = diagnostics.filter { $0.code == DiagnosticCode.exportDropsSounds.code }
        #expect(drops.count == 2)
        #expect(drops.allSatisfy { $0.severity == .warning && $0.location.line == 5 })
        #expect(
            drops.first?.message
                == "pattern 'beat': the android export leaves out its 2 sounds (click.caf, a tone), because Android vibration has no audio; the JSON lists them under droppedSounds for the app to play"
        )
        for name in ["beat.android.json", "beat.web.json"] {
            let json = try #require(files.first { $0.name == name }).contents
            #expect(json.contains(#""droppedSounds""#), "\(name)")
            #expect(json.contains(#""sound": "click.caf""#), "\(name)")
        }
        let kotlin = try #require(files.first { $0.name == "BeatHaptic.kt" }).contents
        #expect(kotlin.contains("// Left out: 2 sounds (click.caf, a tone)"))
    }

    @Test func aPolicyWithoutSoundsExportsAsBefore() throws {
        let policy = try Self.compiled(
            Self.policyText(engine: "", events: "        - {type: transient, time: 0, intensity: 1, sharpness: 0.9}"))
        #expect(!policy.playsAudio)
        let (files, diagnostics) = PolicyExporter.export(policy, to: ExportTarget.allCases)
        #expect(diagnostics.isEmpty)
        #expect(files.allSatisfy { !$0.contents.contains("droppedSounds") && !$0.contents.contains("Audio") })
    }

    @Test func playsAudioFollowsTheEngineSetting() throws {
        #expect(try Self.compiled(Self.policyText(events: Self.clickAndTone)).playsAudio)
    }

    /// Sounds survive the bundle.
    @Test func soundsSurviveTheBundle() throws {
        let policy = try Self.compiled(Self.policyText(events: Self.clickAndTone))
        let bytes = PolicyBundle.encode(policy)
        #expect(
            String(decoding: bytes, as: UTF8.self).hasPrefix(#"{"format":"haptic-policy-bundle","formatVersion":7,"#))
        let reloaded = try PolicyBundle.decode(bytes)
        #expect(reloaded.content.feedback == policy.content.feedback)
    }
}
