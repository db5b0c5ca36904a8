import HapticPolicy
import HapticPolicyCompiler
import HapticPolicyDocument
import HapticPolicyExport
import Testing

@Suite struct AHAPExporterTests {
    static func ahap(_ pattern: PatternDecl, params: [String: Double] = [:]) throws -> (JSONNode, [Diagnostic]) {
        let (document, diagnostics) = AHAPExporter.document(
            for: try pattern.resolve(params), name: "p", policy: "fixture")
        return (try #require(document), diagnostics)
    }

    static func entries(_ document: JSONNode, _ key: String) -> [JSONNode] {
        (document["Pattern"]?.items ?? []).compactMap { $0[key] }
    }

    @Test func breathingIsTwoContinuousEventsUnderIntensityCurvesWithTheHoldSilent() throws {
        let (document, diagnostics) = try Self.ahap(Fixtures.breath)
        #expect(diagnostics.isEmpty)
        let events = Self.entries(document, "Event")
        #expect(events.map { $0["EventType"]?.stringValue } == ["HapticContinuous", "HapticContinuous"])
        #expect(events.map { $0["Time"]?.numberValue } == [0, 11])
        #expect(events.map { $0["EventDuration"]?.numberValue } == [4, 8])
        // Nothing sounds during the hold (4 s to 11 s).
        #expect(
            !events.contains { event in
                let t = event["Time"]?.numberValue ?? 0
                return t > 4 && t < 11
            })
        let curves = Self.entries(document, "ParameterCurve")
        #expect(curves.map { $0["ParameterID"]?.stringValue } == ["HapticIntensityControl", "HapticIntensityControl"])
        #expect(curves.map { $0["Time"]?.numberValue } == [0, 11])
        let values = curves.map {
            ($0["ParameterCurveControlPoints"]?.items ?? []).map { $0["ParameterValue"]?.numberValue ?? -1 }
        }
        #expect(values == [[0.1, 1], [1, 0]])  // inhale rises, exhale falls
        let silences = document["Metadata"]?["HapticPolicySilences"]?.items ?? []
        #expect(silences.map { $0["Time"]?.numberValue } == [4])
        #expect(silences.map { $0["Duration"]?.numberValue } == [7])
    }

    @Test func aCurveOfTwentyPointsIsSplitIntoConsecutiveCurves() throws {
        let (document, _) = try Self.ahap(Fixtures.wave20)
        let curves = Self.entries(document, "ParameterCurve")
        let counts = curves.map { $0["ParameterCurveControlPoints"]?.items?.count ?? 0 }
        #expect(counts == [16, 5])
        #expect(counts.allSatisfy { $0 <= HapticLimits.maxControlPoints })
        // The second curve starts where the first one's last point is, with times relative to itself.
        let firstPoints = curves[0]["ParameterCurveControlPoints"]?.items ?? []
        let lastOfFirst = 0.5 + (firstPoints.last?["Time"]?.numberValue ?? -1)
        #expect(abs((curves[1]["Time"]?.numberValue ?? 0) - lastOfFirst) < 1e-9)
        #expect(curves[1]["ParameterCurveControlPoints"]?.items?.first?["Time"]?.numberValue == 0)
    }

    @Test func continuousEventsOverThirtySecondsAreRefused() throws {
        let long = PatternDecl(events: [
            PatternEventDecl(kind: Located(.continuous), time: Fixtures.n(0), duration: Fixtures.n(31))
        ])
        let (document, diagnostics) = AHAPExporter.document(for: try long.resolve(), name: "long", policy: "fixture")
        #expect(document == nil)
        #expect(diagnostics.map(\.code) == [DiagnosticCode.exportContinuousTooLong.code])
        #expect(diagnostics.first?.message.contains("at most 30 s") == true)
    }

    @Test func aCurveEndingAwayFromNeutralIsResetBeforeTheNextEvent() throws {
        let pattern = PatternDecl(events: [
            PatternEventDecl(
                kind: Located(.continuous), time: Fixtures.n(0), duration: Fixtures.n(1),
                curves: [Fixtures.curve(.intensity, [(Fixtures.n(0), Fixtures.n(1)), (Fixtures.n(1), Fixtures.n(0))])]),
            PatternEventDecl(kind: Located(.transient), time: Fixtures.n(1.5)),
        ])
        let (document, diagnostics) = try Self.ahap(pattern)
        #expect(diagnostics.isEmpty)
        let curves = Self.entries(document, "ParameterCurve")
        #expect(curves.count == 2)
        #expect(curves[1]["Time"]?.numberValue == 1)
        #expect(curves[1]["ParameterCurveControlPoints"]?.items?.first?["ParameterValue"]?.numberValue == 1)
    }

    @Test func aTransientUnderACurveIsWarnedAbout() throws {
        let pattern = PatternDecl(events: [
            PatternEventDecl(
                kind: Located(.continuous), time: Fixtures.n(0), duration: Fixtures.n(1),
                curves: [
                    Fixtures.curve(.intensity, [(Fixtures.n(0), Fixtures.n(0.2)), (Fixtures.n(1), Fixtures.n(1))])
                ]),
            PatternEventDecl(kind: Located(.transient), time: Fixtures.n(0.5)),
        ])
        let (_, diagnostics) = try Self.ahap(pattern)
        #expect(diagnostics.map(\.code) == [DiagnosticCode.exportCurveOverlapsEvent.code])
    }

    @Test func loopPeriodIsRecordedInMetadata() throws {
        let (document, _) = try Self.ahap(Fixtures.metronome, params: ["bpm": 120])
        #expect(document["Metadata"]?["HapticPolicyLoop"]?.numberValue == 0.5)
    }

    @Test(arguments: ["pulse", "meet", "farewell", "breath", "metronome"])
    func everyExportUsesOnlyDocumentedKeys(name: String) throws {
        let (files, _) = PolicyExporter.export(Fixtures.plavo, to: [.ahap])
        let file = try #require(files.first { $0.name == "\(name).ahap" })
        let document = try JSONParser.parse(file.contents, file: file.name)
        #expect(AHAPKeyValidator.violations(document).isEmpty, "\(AHAPKeyValidator.violations(document))")
    }

    @Test func theValidatorCatchesMisspelledKeys() throws {
        let bad = try JSONParser.parse(
            #"{"Version": 1, "Pattern": [{"Event": {"Time": 0, "Type": "HapticTransient", "Parameters": []}}]}"#,
            file: "bad.ahap")
        #expect(AHAPKeyValidator.violations(bad) == ["Pattern[0].Event.Type", "Pattern[0].Event.Parameters"])
    }

    @Test func exportIsByteStable() {
        let first = PolicyExporter.export(Fixtures.plavo, to: ExportTarget.allCases).files
        let second = PolicyExporter.export(Fixtures.plavo, to: ExportTarget.allCases).files
        #expect(first == second)
    }

    @Test(arguments: ["pulse", "meet", "farewell", "breath", "metronome"])
    func goldenAHAP(name: String) throws {
        let (files, _) = PolicyExporter.export(Fixtures.plavo, to: [.ahap])
        let file = try #require(files.first { $0.name == "\(name).ahap" })
        Golden.check(file.contents, "ahap/\(name).ahap", asJSON: true)
    }
}
