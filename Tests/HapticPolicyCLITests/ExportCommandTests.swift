import Foundation
import HapticPolicy
import HapticPolicyCompiler
import Testing

@Suite struct ExportCommandTests {
    static func temporaryFolder() -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("hp-export-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test func exportsEveryPlatformForTheBreathingPolicy() throws {
        let out = Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: out) }
        let result = try runBinary(["export", "Policies/breathing.yaml", "--to", "all", "--out", out.path])
        #expect(result.exitCode == 0, "\(result.stderr)")
        let written = result.stdout.split(separator: "\n").map { URL(fileURLWithPath: String($0)).lastPathComponent }
        #expect(
            written == [
                "breath.ahap", "breath.android.json", "BreathHaptic.kt", "presets.android.json", "BreathingPresets.kt",
                "breath.web.json", "presets.web.json",
            ])
        let ahap = try String(contentsOf: out.appendingPathComponent("breath.ahap"), encoding: .utf8)
        #expect(ahap.components(separatedBy: "\"HapticContinuous\"").count - 1 == 2)
        #expect(ahap.components(separatedBy: "\"HapticIntensityControl\"").count - 1 == 2)
    }

    /// `zone.up` and `zone_up` both make `ZoneUpHaptic.kt`: refused before any file is
    /// written, where one used to overwrite the other.
    @Test func feedbackWhoseFilesClashWriteNothing() throws {
        let out = Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: out) }
        let policy = out.appendingPathComponent("clash.yaml")
        // The registry's example of HP709: `zone.up` (line 4) and `zone_up` (line 9).
        guard case .export(let text, _, _) = DiagnosticCode.exportFileNameClash.example else {
            Issue.record("HP709's example is not an export")
            return
        }
        try text.write(to: policy, atomically: true, encoding: .utf8)
        let files = out.appendingPathComponent("files")
        let result = try runBinary(["export", policy.path, "--to", "all", "--out", files.path])
        #expect(result.exitCode == 1, "\(result.stderr)")
        #expect(
            result.stderr.contains(
                "clash.yaml:9:3: error[HP709]: feedback 'zone_up' and feedback 'zone.up' would both be written as 'ZoneUpHaptic.kt'"
            ), "\(result.stderr)")
        #expect(result.stdout.isEmpty)
        #expect((try? FileManager.default.contentsOfDirectory(atPath: files.path))?.isEmpty ?? true)
    }

    @Test func sameInputGivesTheSameBytes() throws {
        let a = Self.temporaryFolder()
        let b = Self.temporaryFolder()
        defer {
            try? FileManager.default.removeItem(at: a)
            try? FileManager.default.removeItem(at: b)
        }
        _ = try runBinary(["export", "Policies/plavo.yaml", "--out", a.path])
        _ = try runBinary(["export", "Policies/plavo.yaml", "--out", b.path])
        let names = try FileManager.default.contentsOfDirectory(atPath: a.path).sorted()
        #expect(names.count == 39)
        for name in names {
            #expect(
                FileManager.default.contents(atPath: a.appendingPathComponent(name).path)
                    == FileManager.default.contents(atPath: b.appendingPathComponent(name).path), "\(name)")
        }
    }

    @Test func paramOutOfRangeIsALocatedErrorNamingTheRange() throws {
        let out = Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: out) }
        let result = try runBinary([
            "export", "Policies/metronome.yaml", "--to", "ahap", "--out", out.path, "--param", "bpm=500",
        ])
        #expect(result.exitCode == 1)
        #expect(result.stderr.contains("Policies/metronome.yaml:"))
        #expect(
            result.stderr.contains(
                "error[HP701]: pattern 'click': parameter 'bpm' = 500 is out of range; use a value in 20...300"))
        #expect(result.stderr.contains("bpm: {default: 60"), "the caret line quotes the parameter's source line")
    }

    /// An error in any pattern (a value out of range) writes no file at all: the output
    /// folder keeps exactly what it held, and stderr says nothing was written.
    @Test func anErrorWritesNothing() throws {
        let out = Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: out) }
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        try Data("kept\n".utf8).write(to: out.appendingPathComponent("breath.ahap"))
        let result = try runBinary([
            "export", "Policies/breathing.yaml", "--out", out.path, "--param", "inhale=100",
        ])
        #expect(result.exitCode == 1)
        #expect(result.stdout.isEmpty, "\(result.stdout)")
        #expect(result.stderr.contains("error[HP701]: pattern 'breath': parameter 'inhale' = 100 is out of range"))
        #expect(
            result.stderr.hasSuffix("error: 1 error above; nothing was written to \(out.path)\n"), "\(result.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: out.path) == ["breath.ahap"])
        #expect(try String(contentsOf: out.appendingPathComponent("breath.ahap"), encoding: .utf8) == "kept\n")
    }

    /// A `--param` no template declares names the templates' parameters and the nearest
    /// one, located at that parameter in the policy, and writes nothing.
    @Test(arguments: [
        (
            "exhail",
            "Policies/breathing.yaml:42:9: error[HP708]: no pattern takes the parameter 'exhail' (--param exhail); templates are breath(inhale, hold, exhale); did you mean 'exhale'?"
        ),
        (
            "pace",
            "Policies/breathing.yaml:40:9: error[HP708]: no pattern takes the parameter 'pace' (--param pace); templates are breath(inhale, hold, exhale)"
        ),
    ])
    func unknownParamNamesTheTemplateParameters(name: String, header: String) throws {
        let out = Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: out) }
        let result = try runBinary(["export", "Policies/breathing.yaml", "--out", out.path, "--param", "\(name)=9"])
        #expect(result.exitCode == 1)
        #expect(result.stderr.hasPrefix(header + "\n"), "\(result.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: out.path).isEmpty)
    }

    @Test(arguments: [
        (["export", "Policies/plavo.yaml"], "missing --out"),
        (["export", "Policies/plavo.yaml", "--out", "x", "--to", "ios"], "'ios' is not a valid value for '--to'"),
        (["export", "Policies/plavo.yaml", "--out", "x", "--param", "bpm"], "needs the form name=value"),
    ])
    func usageErrorsExit64(arguments: [String], says: String) throws {
        let result = try runBinary(arguments)
        #expect(result.exitCode == 64)
        #expect(result.stderr.contains(says), "\(result.stderr)")
    }

    @Test func importAHAPPrintsAPatternAndLocatedWarnings() throws {
        let folder = Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("tap.ahap")
        try Data(
            """
            {"Version": 1, "Pattern": [
              {"Event": {"Time": 0.2, "EventType": "HapticTransient"}},
              {"Event": {"Time": 0.1, "EventType": "HapticTransient", "EventParameters": [{"ParameterID": "HapticIntensity", "ParameterValue": 2}]}}
            ]}
            """.utf8
        ).write(to: file)
        let result = try runBinary(["import-ahap", file.path, "--name", "double"])
        #expect(result.exitCode == 0)
        #expect(result.stdout.contains("double:\n  layer: creature\n  pattern:\n    events:\n"))
        #expect(result.stdout.contains("- {type: transient, time: 0.1, intensity: 1}"))
        #expect(result.stderr.contains("tap.ahap:3:22: warning[HP724]: this event at 0.1 s comes after one at 0.2 s"))
        #expect(result.stderr.contains("warning[HP725]: 'HapticIntensity' 2 is outside 0...1"))
    }

    @Test func importAHAPRefusesMisspelledKeys() throws {
        let result = try runBinary(
            ["import-ahap", "-"], stdin: #"{"Pattern": [{"Event": {"Time": 0, "Type": "HapticTransient"}}]}"#)
        #expect(result.exitCode == 1)
        #expect(result.stdout.isEmpty)
        #expect(
            result.stderr.contains(
                "<stdin>:1:36: error[HP722]: unknown key 'Type' in an event; did you mean 'EventType'?"))
    }

    /// A Meta Haptics Studio clip through the built binary: by its extension from a file,
    /// by its `signals` from stdin, under the layer --layer names; a clip Meta refuses is
    /// refused at its line and column.
    @Test func importReadsAMetaHapticsStudioClip() throws {
        let folder = Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let clip = """
            {"version": {"major": 1, "minor": 0, "patch": 0},
             "signals": {"continuous": {"envelopes": {"amplitude": [
               {"time": 0, "amplitude": 0.25},
               {"time": 0.5, "amplitude": 1, "emphasis": {"amplitude": 1, "frequency": 0.6}},
               {"time": 1, "amplitude": 0}
             ]}}}}
            """
        let file = folder.appendingPathComponent("rumble.haptic")
        try Data(clip.utf8).write(to: file)
        let result = try runBinary(["import", file.path, "--name", "rumble", "--layer", "game"])
        #expect(result.exitCode == 0, "\(result.stderr)")
        #expect(result.stderr.isEmpty)
        #expect(
            result.stdout.hasPrefix("# imported from rumble.haptic by haptic-policy import\nrumble:\n  layer: game\n"))
        #expect(result.stdout.contains("intensity: [[0, 0.5], [0.5, 0.8], [1, 0]]"), "\(result.stdout)")
        #expect(result.stdout.contains("- {type: transient, time: 0.5, intensity: 1, sharpness: 0.6}"))
        let piped = try runBinary(["import-ahap", "-"], stdin: clip)
        #expect(piped.exitCode == 0 && piped.stdout.contains("type: continuous"))
        let refused = try runBinary(
            ["import", "-"], stdin: clip.replacingOccurrences(of: #""amplitude": 0.25"#, with: #""amplitude": 1.5"#))
        #expect(refused.exitCode == 1 && refused.stdout.isEmpty)
        #expect(
            refused.stderr.contains("<stdin>:3:29: error[HP734]: amplitude 1.5 at 0 s is outside 0...1"),
            "\(refused.stderr)")
    }

    @Test func exportThenImportRoundTripsThroughTheBinary() throws {
        let out = Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: out) }
        _ = try runBinary(["export", "Policies/plavo.yaml", "--to", "ahap", "--out", out.path])
        let result = try runBinary(["import-ahap", out.appendingPathComponent("farewell.ahap").path])
        #expect(result.exitCode == 0)
        #expect(result.stderr.isEmpty)
        #expect(result.stdout.contains("intensity: [[0, 1], [0.3, 0.55], [0.9, 0]]"))
    }

    @Test func reportWithEventsWritesTheTimeline() throws {
        let out = Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: out) }
        let page = out.appendingPathComponent("session.html")
        let result = try runBinary([
            "report", "Policies/plavo.yaml", "--events", "Policies/logs/demo.jsonl", "--out", page.path,
        ])
        #expect(result.exitCode == 0, "\(result.stderr)")
        let html = try String(contentsOf: page, encoding: .utf8)
        #expect(html.contains("<section id=\"timeline\">"))
        let lines = try String(
            contentsOf: packageRoot.appendingPathComponent("Policies/logs/demo.jsonl"), encoding: .utf8
        )
        .split(separator: "\n").filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }.count
        let rows = html.components(separatedBy: "<tr class=\"timeline-").count - 1
        let budgetRows = html.components(separatedBy: "<tr class=\"timeline-budget\"").count - 1
        let foldRows = html.components(separatedBy: "<tr class=\"timeline-run\"").count - 1
        #expect(rows - budgetRows - foldRows == lines, "one timeline row per log line, plus budget breaches")
        #expect(html.contains("class=\"timeline-band\""))
        #expect(html.contains("class=\"timeline-background\""))
    }
}
