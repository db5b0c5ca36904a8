import HapticPolicy
import HapticPolicyCompiler
import HapticPolicyDocument
import HapticPolicyExport
import Testing

@Suite struct AHAPImporterTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var ahap: String
        var code: String
        var severity: Severity
        /// 1-based line:column of the finding.
        var at: String
        var says: String
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(
            name: "Type for EventType",
            ahap: """
                {"Version": 1, "Pattern": [
                  {"Event": {"Time": 0, "Type": "HapticTransient"}}
                ]}
                """,
            code: DiagnosticCode.ahapUnknownKey.code, severity: .error, at: "2:25", says: "did you mean 'EventType'?"),
        Case(
            name: "Parameters for EventParameters",
            ahap: """
                {"Version": 1, "Pattern": [
                  {"Event": {"Time": 0, "EventType": "HapticTransient", "Parameters": []}}
                ]}
                """,
            code: DiagnosticCode.ahapUnknownKey.code, severity: .error, at: "2:57",
            says: "did you mean 'EventParameters'?"),
        Case(
            name: "ParameterCurves for ParameterCurve",
            ahap: """
                {"Version": 1, "Pattern": [
                  {"Event": {"Time": 0, "EventType": "HapticContinuous", "EventDuration": 1}},
                  {"ParameterCurves": {"ParameterID": "HapticIntensityControl", "Time": 0, "ParameterCurveControlPoints": []}}
                ]}
                """,
            code: DiagnosticCode.ahapUnknownKey.code, severity: .error, at: "3:4",
            says: "did you mean 'ParameterCurve'?"),
        Case(
            name: "missing Pattern",
            ahap: #"{"Version": 1, "Metadata": {}}"#,
            code: DiagnosticCode.ahapMissingPattern.code, severity: .error, at: "1:1", says: "missing 'Pattern'"),
        Case(
            name: "absolute control-point times",
            ahap: """
                {"Version": 1, "Pattern": [
                  {"Event": {"Time": 2, "EventType": "HapticContinuous", "EventDuration": 1}},
                  {"ParameterCurve": {"ParameterID": "HapticIntensityControl", "Time": 2,
                    "ParameterCurveControlPoints": [{"Time": 2, "ParameterValue": 0.2}, {"Time": 3, "ParameterValue": 1}]}}
                ]}
                """,
            code: DiagnosticCode.ahapAbsoluteCurveTimes.code, severity: .warning, at: "4:46", says: "look absolute"),
        Case(
            name: "events out of time order",
            ahap: """
                {"Version": 1, "Pattern": [
                  {"Event": {"Time": 1, "EventType": "HapticTransient"}},
                  {"Event": {"Time": 0.5, "EventType": "HapticTransient"}}
                ]}
                """,
            code: DiagnosticCode.ahapOutOfOrder.code, severity: .warning, at: "3:22",
            says: "keep the file in time order"),
        Case(
            name: "intensity out of range",
            ahap: """
                {"Version": 1, "Pattern": [
                  {"Event": {"Time": 0, "EventType": "HapticTransient",
                    "EventParameters": [{"ParameterID": "HapticIntensity", "ParameterValue": 1.4}]}}
                ]}
                """,
            code: DiagnosticCode.ahapOutOfRange.code, severity: .warning, at: "3:78", says: "clamps it to 1"),
        Case(
            name: "unknown event type",
            ahap: #"{"Pattern": [{"Event": {"Time": 0, "EventType": "HapticTransent"}}]}"#,
            code: DiagnosticCode.ahapUnsupportedEventType.code, severity: .error, at: "1:49",
            says: "did you mean 'HapticTransient'?"),
        Case(
            name: "invalid JSON",
            ahap: "{\"Pattern\": [\n  {\"Event\": {\"Time\": 0, 1}}\n]}",
            code: DiagnosticCode.ahapJSONSyntax.code, severity: .error, at: "2:25", says: "quote the key"),
        // What Core Haptics reads, the import reads too, with a warning that says so.
        Case(
            name: "a trailing comma, as in Apple's sample files",
            ahap: """
                {"Version": 1.0, "Pattern": [
                  {"Event": {"Time": 0, "EventType": "HapticTransient",},},
                ]}
                """,
            code: DiagnosticCode.ahapTrailingComma.code, severity: .warning, at: "2:55", says: "remove the comma"),
        Case(
            name: "a key like no AHAP key",
            ahap: """
                {"Version": 1.0, "Pattern": [
                  {"Event": {"Time": 0, "EventType": "HapticTransient", "Comment": "the tap"}}
                ]}
                """,
            code: DiagnosticCode.ahapUnknownKey.code, severity: .warning, at: "2:57",
            says: "ignored as Core Haptics ignores it"),
        Case(
            name: "no Version",
            ahap: #"{"Pattern": [{"Event": {"Time": 0, "EventType": "HapticTransient"}}]}"#,
            code: DiagnosticCode.ahapVersion.code, severity: .warning, at: "1:1", says: "add \"Version\": 1.0"),
        Case(
            name: "time as a string",
            ahap: #"{"Pattern": [{"Event": {"Time": "0", "EventType": "HapticTransient"}}]}"#,
            code: DiagnosticCode.ahapWrongType.code, severity: .error, at: "1:33", says: "remove the quotes"),
    ]

    @Test(arguments: cases)
    func findingIsLocatedAndActionable(_ c: Case) {
        let result = AHAPImporter.importPattern(c.ahap, file: "in.ahap")
        let match = result.diagnostics.first { $0.code == c.code }
        #expect(match != nil, "expected \(c.code), got \(result.diagnostics.map { "\($0.code) \($0.message)" })")
        guard let match else { return }
        #expect(match.severity == c.severity)
        #expect("\(match.location.line):\(match.location.column)" == c.at)
        #expect(match.location.file == "in.ahap")
        #expect(match.message.contains(c.says), "\(match.message)")
        #expect(
            match.message.first?.isLowercase == true || match.message.first == "'",
            "messages start lowercase or with a quoted key")
        if c.severity == .error { #expect(result.pattern == nil) } else { #expect(result.pattern != nil) }
    }

    /// Every trailing comma is located, and the file reads as it would without them.
    @Test func trailingCommasReadAsCoreHapticsReadsThem() {
        let commas = """
            {
              "Version": 1.0,
              "Pattern": [
                {"Event": {"Time": 0, "EventType": "HapticTransient",
                           "EventParameters": [{"ParameterID": "HapticIntensity", "ParameterValue": 0.5},],},},
                {"Event": {"Time": 0.1, "EventType": "HapticContinuous", "EventDuration": 0.2,},},
              ],
            }
            """
        let plain = commas.replacingOccurrences(of: ",]", with: "]").replacingOccurrences(of: ",}", with: "}")
            .replacingOccurrences(of: "},\n  ]", with: "}\n  ]").replacingOccurrences(of: "],\n}", with: "]\n}")
        let withCommas = AHAPImporter.importPattern(commas, file: "in.ahap")
        let without = AHAPImporter.importPattern(plain, file: "in.ahap")
        #expect(without.diagnostics.isEmpty, "\(without.diagnostics.map(\.message))")
        #expect(withCommas.pattern != nil && withCommas.pattern == without.pattern)
        #expect(
            withCommas.diagnostics.map { "\($0.code) \($0.location.line):\($0.location.column)" } == [
                "HP733 5:93", "HP733 5:95", "HP733 5:97", "HP733 6:82", "HP733 6:84", "HP733 6:86", "HP733 7:4",
            ])
        #expect(withCommas.diagnostics.allSatisfy { $0.severity == .warning })
    }

    /// A version 1 or 1.0 file is read without a word; one without `Version` is read as 1.0.
    @Test func versionOneAndNoVersionAreRead() {
        for version in ["1", "1.0"] {
            let text = #"{"Version": \#(version), "Pattern": [{"Event": {"Time": 0, "EventType": "HapticTransient"}}]}"#
            #expect(AHAPImporter.importPattern(text, file: "in.ahap").diagnostics.isEmpty, "\(version)")
        }
        let none = AHAPImporter.importPattern(
            #"{"Pattern": [{"Event": {"Time": 0, "EventType": "HapticTransient"}}]}"#, file: "in.ahap")
        #expect(none.pattern != nil)
        #expect(none.diagnostics.map(\.code) == [DiagnosticCode.ahapVersion.code])
    }

    @Test func aMisspelledKeyIsReportedOnceNotAlsoAsMissing() {
        let result = AHAPImporter.importPattern(
            #"{"Version": 1.0, "Pattern": [{"Event": {"Time": 0, "Type": "HapticTransient"}}]}"#, file: "in.ahap")
        #expect(result.diagnostics.map(\.code) == [DiagnosticCode.ahapUnknownKey.code])
    }

    /// A typo in a continuous event's key drops the event; its curve is not then also
    /// reported as stray (HP730): exactly the HP722, with its did-you-mean.
    @Test func aKeyTypoGivesNoFollowOnStrayCurve() {
        let ahap = """
            {"Version": 1, "Pattern": [
              {"Event": {"Time": 0, "EventType": "HapticContinuous", "EventDuraton": 1}},
              {"ParameterCurve": {"ParameterID": "HapticIntensityControl", "Time": 0,
                "ParameterCurveControlPoints": [{"Time": 0, "ParameterValue": 0.2}, {"Time": 0.5, "ParameterValue": 1}]}}
            ]}
            """
        let result = AHAPImporter.importPattern(ahap, file: "in.ahap")
        #expect(result.diagnostics.map(\.code) == [DiagnosticCode.ahapUnknownKey.code])
        #expect(result.diagnostics.first?.message.contains("did you mean 'EventDuration'?") == true)
        #expect(result.pattern == nil)
    }

    /// A curve after every event, with no event dropped, is still stray.
    @Test func aCurveOutsideEveryReadEventIsStillStray() {
        let ahap = """
            {"Version": 1, "Pattern": [
              {"Event": {"Time": 0, "EventType": "HapticContinuous", "EventDuration": 1}},
              {"Event": {"Time": 2, "EventType": "HapticContinuous", "EventDuraton": 1}},
              {"ParameterCurve": {"ParameterID": "HapticIntensityControl", "Time": 1.5,
                "ParameterCurveControlPoints": [{"Time": 0, "ParameterValue": 0.2}, {"Time": 0.2, "ParameterValue": 1}]}}
            ]}
            """
        let result = AHAPImporter.importPattern(ahap, file: "in.ahap")
        #expect(
            result.diagnostics.map(\.code) == [DiagnosticCode.ahapUnknownKey.code, DiagnosticCode.ahapStrayCurve.code])
    }

    @Test func absoluteTimesAreConvertedToRelative() throws {
        let result = AHAPImporter.importPattern(Self.cases[4].ahap, file: "in.ahap")
        let pattern = try #require(result.pattern).resolve()
        #expect(pattern.events[0].curves[0].points.map(\.time) == [0, 1])
    }

    static func same(_ a: ResolvedPattern, _ b: ResolvedPattern) -> Bool {
        func close(_ x: Double, _ y: Double) -> Bool { abs(x - y) < 1e-4 }
        guard a.events.count == b.events.count,
            a.loop.map({ l in b.loop.map { close(l, $0) } ?? false }) ?? (b.loop == nil)
        else {
            return false
        }
        return zip(a.events, b.events).allSatisfy { x, y in
            x.kind == y.kind && close(x.time, y.time) && close(x.duration, y.duration)
                && close(x.intensity, y.intensity)
                && close(x.sharpness, y.sharpness) && x.curves.count == y.curves.count
                && zip(x.curves, y.curves).allSatisfy { c, d in
                    c.parameter == d.parameter && c.points.count == d.points.count
                        && zip(c.points, d.points).allSatisfy { close($0.time, $1.time) && close($0.value, $1.value) }
                }
        }
    }

    @Test(arguments: ["pulse", "meet", "farewell", "breath", "metronome"])
    func exportThenImportGivesTheSamePattern(name: String) throws {
        let feedback = try #require(Fixtures.plavo.feedback.first { $0.name.value == name })
        guard case .pattern(let declaration) = feedback.body else { return }
        let original = try declaration.resolve()
        let (files, _) = PolicyExporter.export(Fixtures.plavo, to: [.ahap])
        let file = try #require(files.first { $0.name == "\(name).ahap" })
        let result = AHAPImporter.importPattern(file.contents, file: file.name)
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics.map(\.message))")
        let imported = try #require(result.pattern).resolve()
        #expect(Self.same(original, imported), "\(original) vs \(imported)")
    }

    @Test func exportThenImportJoinsSplitCurvesAndDropsResets() throws {
        let (document, _) = AHAPExporter.document(for: try Fixtures.wave20.resolve(), name: "w", policy: "p")
        let result = AHAPImporter.importPattern(JSONWriter.write(try #require(document)), file: "w.ahap")
        let imported = try #require(result.pattern).resolve()
        #expect(imported.events[0].curves[0].points.count == 20)
        #expect(Self.same(try Fixtures.wave20.resolve(), imported))
    }

    /// An AHAP as a composer writes it: a transient and a continuous event with a curve.
    static let composed = """
        {
          "Version": 1.0,
          "Metadata": {"Project": "Sparkle", "Created": "today", "Description": "a sparkle"},
          "Pattern": [
            {"Event": {"Time": 0.0, "EventType": "HapticTransient",
              "EventParameters": [{"ParameterID": "HapticIntensity", "ParameterValue": 0.8},
                                  {"ParameterID": "HapticSharpness", "ParameterValue": 0.4}]}},
            {"Event": {"Time": 0.1, "EventType": "HapticContinuous", "EventDuration": 0.6,
              "EventParameters": [{"ParameterID": "HapticIntensity", "ParameterValue": 0.5},
                                  {"ParameterID": "HapticSharpness", "ParameterValue": 0.2}]}},
            {"ParameterCurve": {"ParameterID": "HapticIntensityControl", "Time": 0.1,
              "ParameterCurveControlPoints": [{"Time": 0, "ParameterValue": 0.3},
                                              {"Time": 0.2, "ParameterValue": 1.0},
                                              {"Time": 0.6, "ParameterValue": 0.0}]}}
          ]
        }
        """

    @Test func importThenExportGivesAnEquivalentAHAP() throws {
        let result = AHAPImporter.importPattern(Self.composed, file: "sparkle.ahap")
        #expect(result.diagnostics.isEmpty)
        let pattern = try #require(result.pattern).resolve()
        let (document, _) = AHAPExporter.document(for: pattern, name: "sparkle", policy: "p")
        let exported = try #require(document)
        let original = try JSONParser.parse(Self.composed, file: "sparkle.ahap")
        #expect(exported["Pattern"]?.canonical == original["Pattern"]?.canonical)
        #expect(exported["Version"]?.canonical == original["Version"]?.canonical)
    }

    @Test func yamlOfTheImportedBreathIsGolden() throws {
        let (files, _) = PolicyExporter.export(Fixtures.plavo, to: [.ahap])
        let file = try #require(files.first { $0.name == "breath.ahap" })
        let pattern = try #require(AHAPImporter.importPattern(file.contents, file: "breath.ahap").pattern)
        let yaml = PatternYAMLWriter.write(pattern, comment: ["imported from breath.ahap"])
        Golden.check(yaml, "import/breath.yaml", asJSON: false)
    }

    /// Every single-character deletion and a few hundred random edits of a real AHAP
    /// file: each gives a pattern or a located diagnostic, never a crash or a hang.
    @Test func mutatedFilesAlwaysGiveAPatternOrADiagnostic() {
        let original = Array(Self.composed.unicodeScalars)
        var inputs: [String] = (0..<original.count).map { index in
            var copy = original
            copy.remove(at: index)
            return String(String.UnicodeScalarView(copy))
        }
        var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
        let alphabet = Array("{}[]:,\"0.-eE1 \\u".unicodeScalars)
        for _ in 0..<300 {
            var copy = original
            for _ in 0..<3 {
                seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                let position = Int(seed >> 33) % copy.count
                copy[position] = alphabet[Int(seed >> 20) % alphabet.count]
            }
            inputs.append(String(String.UnicodeScalarView(copy)))
        }
        for input in inputs {
            let result = AHAPImporter.importPattern(input, file: "m.ahap")
            #expect(result.pattern != nil || result.diagnostics.contains { $0.severity == .error })
            #expect(result.diagnostics.allSatisfy { $0.location.line >= 1 && $0.location.column >= 1 })
        }
    }

    @Test func hostileInputNeverCrashes() {
        let inputs = [
            "", "[", "{", "{\"Pattern\": 3}", String(repeating: "[", count: 10_000), "{\"Pattern\": [{\"Event\": []}]}",
            "{\"Pattern\": [{\"Event\": {\"Time\": -1, \"EventType\": \"HapticTransient\"}}]}", "\"\\u12\"", "1e999",
            "{\"Pattern\": [{\"ParameterCurve\": {\"ParameterID\": \"HapticIntensityControl\", \"ParameterCurveControlPoints\": [{}]}}]}",
        ]
        for input in inputs {
            let result = AHAPImporter.importPattern(input, file: "x.ahap")
            #expect(result.pattern == nil)
            #expect(!result.diagnostics.isEmpty, "\(input.prefix(40))")
        }
    }
}
