import Foundation
import Testing

import HapticPolicy
import HapticPolicyCompiler
@testable import HapticPolicyLanguageServer

/// The policy logic of the language server on the reference policy: the findings `lint`
/// gives, the names and where they are written, hover texts, completion sites.
@Suite struct PolicyWorkspaceTests {
    static let plavoPath = packageRoot.appendingPathComponent("Policies/plavo.yaml").path
    static let plavoText = (try? String(contentsOfFile: plavoPath, encoding: .utf8)) ?? ""
    static let plavoURI = URL(fileURLWithPath: plavoPath).absoluteString

    /// The 1-based point of the `occurrence`th `needle` on the first line containing `line`.
    static func point(of needle: String, onLineWith line: String, in text: String = plavoText) -> SourcePoint {
        let lines = text.components(separatedBy: "\n")
        guard let index = lines.firstIndex(where: { $0.contains(line) }),
            let range = lines[index].range(of: needle)
        else { return SourcePoint(line: 0, column: 0) }
        return SourcePoint(line: index + 1, column: lines[index][..<range.lowerBound].unicodeScalars.count + 1)
    }

    func analysis(_ text: String = plavoText, uri: String = plavoURI) -> PolicyWorkspace.Analysis? {
        let workspace = PolicyWorkspace(environment: [:])
        workspace.open(uri: uri, text: text, version: 1)
        return workspace.analysis(uri)
    }

    @Test func plavoIsCleanAndItsNamesAreIndexed() throws {
        let plavo = try #require(analysis())
        #expect(plavo.diagnostics.isEmpty)
        #expect(plavo.policy != nil)
        #expect(
            plavo.index.names(of: .screen) == [
                "camera", "naming", "album", "diary", "plant-settings", "settings", "sensor",
            ])
        #expect(plavo.index.names(of: .band) == ["moisture"])
        #expect(plavo.index.names(of: .invariant) == ["H-1", "H-2", "H-3", "H-4", "H-5", "U-1"])
        let caution = plavo.index.occurrences(of: .feedback, "caution")
        #expect(caution.count { $0.isDefinition } == 1)
        #expect(caution.count { !$0.isDefinition } == 3)
    }

    @Test func aNameAfterJapaneseTextIsFoundAtItsScalarColumn() throws {
        let plavo = try #require(analysis())
        let line = "plant.notFound:     {silent: 植物"
        let start = Self.point(of: "H-2", onLineWith: line)
        let occurrence = try #require(plavo.index.occurrence(at: start))
        #expect(occurrence.kind == .invariant && occurrence.name == "H-2" && !occurrence.isDefinition)
        #expect(occurrence.span.end == SourcePoint(line: start.line, column: start.column + 3))
        // The same place as the editor counts it: UTF-16 units equal scalars here (BMP).
        #expect(plavo.lines.point(plavo.lines.position(start)) == start)
    }

    @Test func findingsAreLintsOnTheEditorsText() throws {
        let text = Self.plavoText.replacingOccurrences(of: "{play: pulse, cite: H-4}", with: "{play: gaol, cite: H-4}")
        let typo = try #require(analysis(text))
        let codes = typo.diagnostics.map(\.code)
        #expect(codes.contains("HP201"))
        let expected = Self.point(of: "gaol", onLineWith: "{play: gaol", in: text)
        let found = try #require(typo.diagnostics.first { $0.code == "HP201" })
        #expect(SourcePoint(found.location) == expected)
        #expect(typo.index.scalarSpan(at: found.location)?.end.column == expected.column + 4)
        // That the same text through `lint` gives the same codes is checked where the
        // command line is (HapticPolicyCLITests, EditorFindingsTests).
    }

    @Test func aTestFileIsCheckedAgainstItsPolicysUnsavedText() throws {
        let workspace = PolicyWorkspace(environment: [:])
        let testsPath = packageRoot.appendingPathComponent("Policies/plavo.tests.yaml").path
        let testsURI = URL(fileURLWithPath: testsPath).absoluteString
        let tests = try String(contentsOfFile: testsPath, encoding: .utf8)
        workspace.open(uri: testsURI, text: tests, version: 1)
        #expect(workspace.analysis(testsURI)?.diagnostics.isEmpty == true)
        // Renaming `tap` in the open policy makes the test file's `play: tap` unknown.
        let renamed = Self.plavoText.replacingOccurrences(of: "  tap:     {layer: ui", with: "  tip:     {layer: ui")
            .replacingOccurrences(of: "{play: tap}", with: "{play: tip}")
        workspace.open(uri: Self.plavoURI, text: renamed, version: 1)
        let analysis = try #require(workspace.analysis(testsURI))
        #expect(analysis.diagnostics.map(\.code).contains("HP806"))
        #expect(analysis.policyFile?.index.names(of: .feedback).contains("tip") == true)
        let step = Self.point(of: "shutter", onLineWith: "{screen: camera, event: shutter, play: tap", in: tests)
        #expect(analysis.index.occurrence(at: step)?.kind == .event)
        #expect(workspace.testFiles(of: Self.plavoPath).map(\.uri) == [testsURI])
    }

    @Test func hoverTellsWhatEachKindOfNameIs() throws {
        let plavo = try #require(analysis())
        let document = try #require(plavo.document)
        func hover(_ kind: PolicySymbolKind, _ name: String) -> String {
            PolicyHover.text(kind, name, document: document, policy: plavo.policy) ?? ""
        }
        #expect(hover(.feedback, "meet").contains("custom pattern: 1 continuous, 0.35 s"))
        #expect(hover(.feedback, "meet").contains("fallback: `snap` → `impact.rigid 0.7`"))
        #expect(hover(.feedback, "farewell").contains("fallback: `impact.soft`"))
        #expect(hover(.feedback, "thud").contains("system preset `impact.heavy`"))
        #expect(hover(.band, "moisture").contains("`comfortable`: 40% to below 60%, plays `soil.comfortable`"))
        #expect(hover(.level, "dry").contains("of `moisture`"))
        #expect(hover(.invariant, "H-4").contains("except `moisture.sample`"))
        #expect(hover(.event, "button.tap").contains("occurs on: every screen"))
        #expect(hover(.screen, "settings").contains("decides 1 event: `data.reset`"))
        #expect(hover(.budget, "B-2").contains("at most 4 rings per 5 s of the creature layer"))
        #expect(PolicyHover.text(.feedback, "nothing", document: document, policy: nil) == nil)
    }

    /// An approach band's starting level needs neither `play:` nor `silent:`: the hover says
    /// it is never entered, in the decision table's words, not that it "decides nothing".
    @Test func hoverOnAnApproachBandsStartLevelSaysItIsNeverEntered() throws {
        let text = """
            policy: ride
            version: 1
            feedback:
              turn.now: {layer: ui, preset: impact.heavy}
            bands:
              turn.distance:
                unit: m
                approach: falling
                levels:
                  - {name: now, at-most: 30, play: turn.now}
                  - {name: far}
            events:
              turn.distance: {layer: ui, screens: [ride], value: number}
            screens:
              ride:
                table:
                  turn.distance: {band: turn.distance}
            budgets:
              - {id: B-1, each: screen, max: 6, per: 10}

            """
        let ride = try #require(analysis(text, uri: "untitled:ride"))
        #expect(ride.diagnostics.filter { $0.severity == .error }.isEmpty, "\(ride.diagnostics)")
        let document = try #require(ride.document)
        let hover = PolicyHover.text(.band, "turn.distance", document: document, policy: ride.policy) ?? ""
        #expect(hover.contains("`far`: over 30 m, " + BandApproach.falling.startLevelText), "\(hover)")
        #expect(!hover.contains("decides nothing"))
    }

    @Test func aFindingOnTheFirstLineStepsOverAByteOrderMark() throws {
        let marked = try #require(analysis("\u{FEFF}polcy: p\nversion: 1\n", uri: "untitled:marked"))
        let finding = try #require(marked.diagnostics.first { $0.location.line == 1 })
        #expect(finding.location.column == 1)
        #expect(marked.lines.position(SourcePoint(finding.location)) == LSPPosition(line: 0, character: 1))
    }

    @Test func aFindingAfterAYAMLOnlyLineBreakIsOnItsEditorLine() throws {
        let text = "policy: p\nversion: 1\ndescription: \"a\u{2028}b\"\nfoo: 1\n"
        let shifted = try #require(analysis(text, uri: "untitled:separator"))
        let finding = try #require(shifted.diagnostics.first { $0.message.contains("'foo'") })
        #expect(finding.location.line == 5)
        #expect(shifted.lines.position(SourcePoint(finding.location)) == LSPPosition(line: 3, character: 0))
    }

    @Test func malformedTextsStillGetAnAnalysis() {
        for text in ["policy: [", "\u{0}\u{1} junk", "", String(Self.plavoText.prefix(900)), "a:\n\tb: 1"] {
            let broken = analysis(text, uri: "untitled:Untitled-1")
            #expect(broken?.diagnostics.isEmpty == false, "\(text.prefix(20))")
        }
    }
}
