import Foundation
import HapticPolicy
import HapticPolicyCompiler
import HapticPolicyDocument
import HapticPolicyExport
import HapticPolicyYAML
import Testing

/// The shipped policies, loaded with the YAML front end.
enum Shipped {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    static func policy(_ name: String) throws -> PolicyDocument {
        let result = PolicyLoader.load(path: root.appendingPathComponent("Policies/\(name).yaml").path)
        #expect(!result.hasErrors, "\(result.diagnostics.map { "\($0.location): \($0.message)" })")
        return try #require(result.document)
    }
}

@Suite struct ReportTests {
    /// The page reduced to what a designer relies on: section ids, one entry per screen
    /// table with its row count, each band set's levels and thumbnails, each session
    /// chart's rings (feedback at time), silences, edges and hysteresis zones, the folded
    /// runs' summaries, the waveform count and the buttons' arrays.
    static func structure(_ html: String) -> JSONNode {
        func all(_ pattern: String, in text: String? = nil) -> [[String]] {
            let text = text ?? html
            guard let regex = try? NSRegularExpression(pattern: pattern, options: [.dotMatchesLineSeparators]) else {
                return []
            }
            return regex.matches(in: text, range: NSRange(text.startIndex..., in: text)).map { match in
                (1..<match.numberOfRanges).map { Range(match.range(at: $0), in: text).map { String(text[$0]) } ?? "" }
            }
        }
        func count(_ needle: String, in text: String) -> JSONNode {
            .number(Double(text.components(separatedBy: needle).count - 1))
        }
        let sections = all(#"<(?:section|header) id="([^"]+)""#).map { JSONNode.string($0[0]) }
        let screens = all(#"<table class="decisions" data-screen="([^"]*)">(.*?)</table>"#).map { groups in
            JSONNode.object([
                ("screen", .string(groups[0])),
                ("rows", .number(Double(groups[1].components(separatedBy: "<tr class=\"layer-").count - 1))),
                ("silent", .number(Double(groups[1].components(separatedBy: "class=\"decision-silent\"").count - 1))),
            ])
        }
        let patterns = all(#"<article class="pattern[^"]*" id="([^"]+)""#).map { JSONNode.string($0[0]) }
        let buttons = all(#"data-vibrate="(\[[0-9,]*\])""#).map { JSONNode.string($0[0]) }
        let timeline = ReportTimelineEntry.Kind.allCases.map { kind in
            (
                kind.rawValue,
                JSONNode.number(
                    Double(html.components(separatedBy: "<tr class=\"timeline-\(kind.rawValue)\"").count - 1))
            )
        }
        let bands = all(#"<table class="levels" data-band="([^"]*)">(.*?)</table>"#).map { groups in
            JSONNode.object([
                ("band", .string(groups[0])),
                ("levels", count("<tr class=\"level\">", in: groups[1])),
                ("thumbnails", count("<svg class=\"waveform thumbnail\"", in: groups[1])),
            ])
        }
        let signals = all(#"<svg class="signal"[^>]* data-event="([^"]*)" data-subject="([^"]*)"[^>]*>(.*?)</svg>"#).map
        {
            groups in
            JSONNode.object([
                ("event", .string(groups[0])),
                ("subject", .string(groups[1])),
                (
                    "rings",
                    .array(
                        all(#"<g class="ring" data-t="([^"]*)" data-feedback="([^"]*)""#, in: groups[2]).map {
                            .string($0[1] + " at " + $0[0])
                        })
                ),
                ("silences", count("<circle class=\"silence", in: groups[2])),
                ("edges", count("<line class=\"edge\"", in: groups[2])),
                ("hysteresisZones", count("<rect class=\"hysteresis\"", in: groups[2])),
            ])
        }
        let folded = all(#"<tr class="timeline-run" data-count="([0-9]+)"><td colspan="6"><details><summary>([^<]*)"#)
            .map {
                JSONNode.string($0[1].trimmingCharacters(in: .whitespaces))
            }
        return .object([
            ("sections", .array(sections)),
            ("bands", .array(bands)),
            ("signals", .array(signals)),
            ("foldedRuns", .array(folded)),
            ("screens", .array(screens)),
            ("svgs", .number(Double(html.components(separatedBy: "<svg class=\"waveform\"").count - 1))),
            ("patterns", .array(patterns)),
            ("feelButtons", .array(buttons)),
            ("timeline", .object(timeline)),
        ])
    }

    @Test(arguments: ["plavo", "breathing", "metronome", "ride"])
    func reportStructureIsGolden(name: String) throws {
        let html = ReportRenderer.render(try Shipped.policy(name))
        Golden.check(JSONWriter.write(Self.structure(html)), "report/\(name).structure.json", asJSON: true)
    }

    @Test func sessionReportStructureIsGolden() throws {
        let document = try Shipped.policy("plavo")
        let log = try #require(
            FileManager.default.contents(atPath: Shipped.root.appendingPathComponent("Policies/logs/demo.jsonl").path))
        let timeline = ReportTimelineEntry.session(policy: try Policy(compiling: document), log: Array(log))
        let html = ReportRenderer.render(document, timeline: timeline)
        Golden.check(JSONWriter.write(Self.structure(html)), "report/plavo-session.structure.json", asJSON: true)
    }

    /// The document with every name `old` (declaration and references) renamed `new`.
    static func renaming(_ old: String, to new: String, in document: PolicyDocument) throws -> PolicyDocument {
        func quoted(_ text: String) throws -> String {
            String(decoding: try JSONEncoder().encode([text]), as: UTF8.self).dropFirst().dropLast().description
        }
        let json = String(decoding: try JSONEncoder().encode(document), as: UTF8.self)
        let renamed = json.replacingOccurrences(
            of: "\"value\":" + (try quoted(old)), with: "\"value\":" + (try quoted(new)))
        return try JSONDecoder().decode(PolicyDocument.self, from: Data(renamed.utf8))
    }

    @Test func designerTextIsEscapedEverywhere() throws {
        let evil = "</script><img src=x onerror=alert(1)>"
        var policy = try Shipped.policy("plavo")
        policy.name.value = evil
        policy.description = evil
        policy = try Self.renaming(policy.feedback[5].name.value, to: evil, in: policy)
        policy.feedback[5].note = evil
        policy = try Self.renaming(policy.screens[0].name.value, to: evil, in: policy)
        policy.screens[0].cells[1].rows[0].silent?.value = evil
        policy.invariants[0].text = evil
        let html = ReportRenderer.render(policy)
        #expect(!html.contains("<img"), "no element can be injected; the text stays text")
        #expect(html.components(separatedBy: "</script>").count == 2, "only the page's own script closes")
        #expect(html.contains("&lt;/script&gt;&lt;img src=x onerror=alert(1)&gt;"))
    }

    @Test func pageIsSelfContained() throws {
        let html = ReportRenderer.render(try Shipped.policy("plavo"))
        for external in ["http://", "https://", "src=\"", "<link", "@import", "url(http"] {
            let hits = html.components(separatedBy: external).count - 1
            // The SVG namespace is an identifier, not a fetch.
            let allowed =
                external == "http://"
                ? html.components(separatedBy: "xmlns=\"http://www.w3.org/2000/svg\"").count - 1 : 0
            #expect(hits == allowed, "\(external)")
        }
        #expect(html.contains("Content-Security-Policy"))
        #expect(html.contains(ReportRenderer.scriptHash))
    }

    @Test func breathingWaveformShowsTheHoldAsASilence() throws {
        let html = ReportRenderer.render(try Shipped.policy("breathing"))
        #expect(html.components(separatedBy: "<g class=\"silence\">").count - 1 == 1)
        #expect(html.components(separatedBy: "class=\"intensity continuous\"").count - 1 == 2)
        #expect(html.contains("fallback: sequence tap at 0, tap at inhale, tap at inhale + hold"))
    }

    @Test func feelItButtonsUseTheWebExportGuardedByFeatureDetection() throws {
        let policy = try Shipped.policy("plavo")
        let html = ReportRenderer.render(policy)
        let pulse = try #require(ExportablePattern.all(in: policy).patterns.first { $0.name == "pulse" })
        let array = WebExporter.vibration(pulse.pattern).pattern.map(String.init).joined(separator: ",")
        #expect(html.contains("data-vibrate=\"[\(array)]\""))
        #expect(ReportRenderer.script.contains("if ('vibrate' in navigator)"))
    }

    @Test func timelineRendersEveryEntryWithItsKind() throws {
        let entries = [
            ReportTimelineEntry(
                time: 0, event: "plant.found", screen: "camera", kind: .play, detail: "pulse", cites: ["H-4"]),
            ReportTimelineEntry(
                time: 1.5, event: "plant.notFound", screen: "camera", kind: .silent, detail: "<not a failure>"),
            ReportTimelineEntry(time: 2, event: "app.state", kind: .background, detail: "background"),
        ]
        let html = ReportRenderer.render(try Shipped.policy("plavo"), timeline: entries)
        #expect(html.contains("<section id=\"timeline\">"))
        for kind in ["play", "silent", "background"] { #expect(html.contains("class=\"timeline-\(kind)\"")) }
        #expect(html.contains("&lt;not a failure&gt;"))
    }
}

@Suite struct ShippedPolicyExportTests {
    @Test func breathingYAMLExportsTwoContinuousEventsUnderIntensityCurvesWithTheHoldSilent() throws {
        let (files, diagnostics) = PolicyExporter.export(try Shipped.policy("breathing"), to: [.ahap])
        #expect(diagnostics.isEmpty)
        let file = try #require(files.first { $0.name == "breath.ahap" })
        let document = try JSONParser.parse(file.contents, file: file.name)
        let entries = document["Pattern"]?.items ?? []
        let events = entries.compactMap { $0["Event"] }
        #expect(events.map { $0["EventType"]?.stringValue } == ["HapticContinuous", "HapticContinuous"])
        #expect(events.map { $0["Time"]?.numberValue } == [0, 11])
        #expect(events.map { $0["EventDuration"]?.numberValue } == [4, 8])
        let curves = entries.compactMap { $0["ParameterCurve"] }
        #expect(curves.map { $0["ParameterID"]?.stringValue } == ["HapticIntensityControl", "HapticIntensityControl"])
        #expect(curves.map { $0["Time"]?.numberValue } == [0, 11])
        let hold = try #require(document["Metadata"]?["HapticPolicySilences"]?.items?.first)
        #expect(hold["Time"]?.numberValue == 4)
        #expect(hold["Duration"]?.numberValue == 7)
        #expect(document["Metadata"]?["HapticPolicyLoop"]?.numberValue == 19)
        #expect(AHAPKeyValidator.violations(document).isEmpty)
    }

    @Test(arguments: ["plavo", "breathing", "metronome"])
    func everyShippedPatternExportsWithinEveryPlatformsLimits(name: String) throws {
        let policy = try Shipped.policy(name)
        let (files, diagnostics) = PolicyExporter.export(policy, to: ExportTarget.allCases)
        #expect(diagnostics.filter { $0.severity == .error }.isEmpty, "\(diagnostics.map(\.message))")
        for file in files where file.name.hasSuffix(".ahap") {
            let document = try JSONParser.parse(file.contents, file: file.name)
            #expect(AHAPKeyValidator.violations(document).isEmpty, "\(file.name)")
            for curve in (document["Pattern"]?.items ?? []).compactMap({ $0["ParameterCurve"] }) {
                #expect((curve["ParameterCurveControlPoints"]?.items?.count ?? 0) <= 16)
            }
        }
        for file in files where file.name.hasSuffix(".web.json") && file.name != "presets.web.json" {
            let array = (try JSONParser.parse(file.contents, file: file.name))["pattern"]?.items ?? []
            #expect(
                array.count <= 99
                    && array.allSatisfy { ($0.numberValue ?? -1) >= 0 && ($0.numberValue ?? 1e9) <= 10_000 },
                "\(file.name)")
        }
    }

    /// The importer's YAML is the policy language: pasted into a policy, the YAML loader
    /// reads back the same pattern.
    @Test(arguments: ["pulse", "farewell", "soil.moist"])
    func importedYAMLLoadsBackAsTheSamePattern(name: String) throws {
        let policy = try Shipped.policy("plavo")
        let (files, _) = PolicyExporter.export(policy, to: [.ahap])
        let file = try #require(files.first { $0.name == "\(name).ahap" })
        let imported = try #require(AHAPImporter.importPattern(file.contents, file: file.name).pattern)
        let yaml = """
            policy: roundtrip
            version: 1
            feedback:
              \(name):
                layer: creature

            """ + PatternYAMLWriter.write(imported, indent: 4)
        let loaded = PolicyLoader.parse(Array(yaml.utf8), file: "roundtrip.yaml")
        #expect(!loaded.hasErrors, "\(loaded.diagnostics.map { "\($0.location): \($0.message)" })\n\(yaml)")
        let feedback = try #require(loaded.document?.feedback.first)
        guard case .pattern(let reloaded) = feedback.body,
            case .pattern(let original)? = policy.feedback.first(where: { $0.name.value == name })?.body
        else {
            Issue.record("not a pattern")
            return
        }
        #expect(AHAPImporterTests.same(try original.resolve(), try reloaded.resolve()))
    }
}
