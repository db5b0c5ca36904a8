import Foundation
import Testing

@testable import HapticPolicyCLI
@testable import HapticPolicyLanguageServer

/// `lint` on a policy that acknowledges a warning (`acknowledge:`, language v3): the
/// warning is counted apart and passes `--strict`, is shown with its reason only under
/// `--show-acknowledged`, is in JSON's summary and SARIF's `suppressions`, and is a hint
/// in the editor.
@Suite struct AcknowledgeCommandTests {
    static let policy = """
        policy: picker
        version: 1
        feedback:
          tick: {layer: ui, preset: selection}
          spare: {layer: ui, preset: impact.soft}
        events:
          picker.begin: {layer: ui, screens: [search]}
          picker.tick: {layer: ui, screens: [search]}
          picker.end: {layer: ui, screens: [search]}
        screens:
          search:
            table:
              picker.begin: {ticker: begin}
              picker.tick: {ticker: tick, play: tick}
              picker.end: {ticker: end}
        budgets:
          - id: B-2
            screen: search
            max: 30
            per: 1
            enforce: true
            acknowledge:
              HP507: the picker's ticks are the control; 30 a second is the fastest a finger spins

        """

    static func write(_ text: String) throws -> (folder: URL, path: String) {
        let folder = try temporaryFolder("acknowledge")
        let file = folder.appendingPathComponent("picker.yaml")
        try Data(text.utf8).write(to: file)
        return (folder, file.path)
    }

    @Test func strictPassesAnAcknowledgedWarningAndCountsItApart() throws {
        let clean = Self.policy.replacingOccurrences(of: "  spare: {layer: ui, preset: impact.soft}\n", with: "")
        let (folder, path) = try Self.write(clean)
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = runInProcess(["lint", "--strict", path])
        #expect(result.exitCode == 0, "\(result.stderr)")
        #expect(result.stderr == "1 policy checked: 0 errors, 0 warnings, 1 acknowledged (ok)\n")
        let shown = runInProcess(["lint", "--strict", "--show-acknowledged", path])
        #expect(shown.exitCode == 0)
        #expect(shown.stderr.contains(":20:14: warning[HP507]: enforced budget 'B-2'"), "\(shown.stderr)")
        #expect(
            shown.stderr.contains(
                ":22:7: note: acknowledged: the picker's ticks are the control; 30 a second is the fastest a finger spins"
            ), "\(shown.stderr)")
        // Without the acknowledgement the same policy fails --strict on HP507.
        let plain = clean.components(separatedBy: "    acknowledge:")[0]
        try Data(plain.utf8).write(to: URL(fileURLWithPath: path))
        let failing = runInProcess(["lint", "--strict", path])
        #expect(failing.exitCode == 1)
        #expect(failing.stderr.hasSuffix("1 policy checked: 0 errors, 1 warning (failed)\n"), "\(failing.stderr)")
    }

    @Test func anotherWarningStillFailsStrict() throws {
        let (folder, path) = try Self.write(Self.policy)
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = runInProcess(["lint", "--strict", path])
        #expect(result.exitCode == 1)
        #expect(result.stderr.contains("warning[HP211]"))
        #expect(!result.stderr.contains("HP507"))
        #expect(result.stderr.hasSuffix("1 policy checked: 0 errors, 1 warning, 1 acknowledged (failed)\n"))
    }

    @Test func jsonCountsThemAndListsThemOnlyWhenAsked() throws {
        let (folder, path) = try Self.write(Self.policy)
        defer { try? FileManager.default.removeItem(at: folder) }
        func report(_ extra: [String]) throws -> [String: Any] {
            let result = runInProcess(["lint", "--format", "json"] + extra + [path])
            return try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        }
        let hidden = try report([])
        let summary = try #require(hidden["summary"] as? [String: Any])
        #expect(summary["warnings"] as? Int == 1)
        #expect(summary["acknowledged"] as? Int == 1)
        #expect((hidden["diagnostics"] as? [[String: Any]])?.map { $0["code"] as? String } == ["HP211"])
        let shown = try report(["--show-acknowledged"])
        let entries = try #require(shown["diagnostics"] as? [[String: Any]])
        #expect(entries.map { $0["code"] as? String } == ["HP211", "HP507"])
        let reason = try #require(entries[1]["acknowledged"] as? [String: Any])
        #expect((reason["message"] as? String)?.hasPrefix("the picker's ticks") == true)
        #expect(reason["line"] as? Int == 23)
        #expect(entries[0]["acknowledged"] == nil)
        #expect((shown["summary"] as? [String: Any])?["warnings"] as? Int == 1)
    }

    @Test func jsonWithoutAcknowledgementsIsAsBefore() throws {
        let result = runInProcess(["lint", "--format", "json", "Policies/metronome.yaml"])
        #expect(!result.stdout.contains("acknowledged"))
    }

    @Test func sarifMarksThemSuppressedInSource() throws {
        let (folder, path) = try Self.write(Self.policy)
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = runInProcess(["lint", "--format", "sarif", path])
        let log = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let results = try #require((log["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]])
        #expect(results.map { $0["ruleId"] as? String } == ["HP211", "HP507"])
        #expect(results[0]["suppressions"] == nil)
        let suppression = try #require((results[1]["suppressions"] as? [[String: Any]])?.first)
        #expect(suppression["kind"] as? String == "inSource")
        #expect((suppression["justification"] as? String)?.hasPrefix("the picker's ticks") == true)
        let region =
            ((suppression["location"] as? [String: Any])?["physicalLocation"] as? [String: Any])?["region"]
            as? [String: Any]
        #expect(region?["startLine"] as? Int == 23)
    }

    @Test func theEditorCompletesAndExplainsCodes() {
        let above: [[Unicode.Scalar]] = ["budgets:", "  - id: B-2", "    acknowledge:"].map {
            Array($0.unicodeScalars)
        }
        let site = AcknowledgementHelp.site(line: Array("      HP5".unicodeScalars), above: above)
        #expect(site?.startColumn == 7)
        #expect(site?.prefix == "HP5")
        let flow = AcknowledgementHelp.site(line: Array("    acknowledge: {HP".unicodeScalars), above: [])
        #expect(flow?.startColumn == 19)
        #expect(AcknowledgementHelp.site(line: Array("    acknowledge: {HP507: why".unicodeScalars), above: []) == nil)
        #expect(
            AcknowledgementHelp.site(
                line: Array("      HP5".unicodeScalars), above: [Array("    except:".unicodeScalars)]) == nil)
        let items = AcknowledgementHelp.items(prefix: "HP5", reported: ["HP507"])
        #expect(items.map(\.label) == ["HP501", "HP507", "HP513", "HP514"])
        #expect(items.first { $0.label == "HP507" }?.sort == "0HP507")
        #expect(!AcknowledgementHelp.codes.contains { $0.code == "HP602" || $0.code == "HP502" })
        let text = AcknowledgementHelp.hover(
            "HP507", at: .init(file: "p.yaml", line: 3, column: 7), line: "      HP507: why", acknowledged: [])
        #expect(text?.contains("`enforced-budget-silences-ticks`") == true)
        #expect(text?.contains("acknowledges no warning here now") == true)
    }
}
