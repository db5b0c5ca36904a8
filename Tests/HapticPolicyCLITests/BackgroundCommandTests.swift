import Foundation
import HapticPolicyCompiler
import HapticPolicyYAML
import Testing

@testable import HapticPolicyCLI
@testable import HapticPolicyLanguageServer

/// `background:` through the tool: the table (Markdown and JSON), the report, `diff`
/// and the editor's hover and completion, on the conformance corpus's background policy.
@Suite struct BackgroundCommandTests {
    static let policy = "Conformance/background/policy.yaml"
    static let plain = "Conformance/background/no-background.yaml"
    static let log = "Conformance/background/kept-preset-plays/events.jsonl"

    @Test func lintIsCleanButForTheKeptPatternWithoutFallback() {
        let result = runInProcess(["lint", Self.policy])
        #expect(result.exitCode == 0, "\(result.stdout)\(result.stderr)")
        let output = result.stdout + result.stderr
        #expect(output.contains("HP183"), "\(output)")
        #expect(output.contains("background keeps 'hazard', a pattern without a fallback"), "\(output)")
    }

    @Test func theTableEndsWithWhatRingsInBackground() throws {
        let markdown = runInProcess(["table", Self.policy])
        #expect(markdown.exitCode == 0, "\(markdown.stderr)")
        #expect(markdown.stdout.contains("## Background"), "\(markdown.stdout)")
        #expect(markdown.stdout.contains("with the phone locked only what the rider must act on plays"))
        #expect(!runInProcess(["table", Self.plain]).stdout.contains("## Background"))
        let json = runInProcess(["table", Self.policy, "--format", "json"])
        let object = try #require(JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let background = try #require(object["background"] as? [String: Any])
        #expect(
            background["keeps"] as? String
                == "feedback turn.now, off.route, pulse, drone; rows ride/hazard.closure, ride/hazard.ahead, ride/turn.distance@close"
        )
        let rings = try #require(background["rings"] as? [String])
        #expect(rings.contains("ride/turn.distance@now") && rings.contains("ride/hazard.closure"))
        #expect(!rings.contains("ride/turn.distance@near"))
        #expect((background["silences"] as? [String])?.contains("everywhere/button.tap") == true)
        let plain = runInProcess(["table", Self.plain, "--format", "json"])
        #expect(!plain.stdout.contains("\"background\" : {"), "\(plain.stdout)")
    }

    @Test func theReportHasABackgroundSection() throws {
        let folder = try temporaryFolder("background-report")
        let output = folder.appendingPathComponent("report.html")
        let result = runInProcess(["report", Self.policy, "-o", output.path])
        #expect(result.exitCode == 0, "\(result.stderr)")
        let html = try String(contentsOf: output, encoding: .utf8)
        #expect(html.contains("<section id=\"background\">"))
        #expect(html.contains("ride/hazard.closure"))
    }

    @Test func diffShowsWhatBackgroundNowKeeps() {
        let result = runInProcess(["diff", Self.plain, Self.policy, Self.log])
        #expect(result.exitCode == 1, "\(result.stderr)")
        #expect(result.stdout.contains("2 decisions changed"), "\(result.stdout)")
    }

    @Test func hoverSaysWhatBackgroundDoesWithAFeedback() throws {
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: Self.policy)))
        let document = try #require(PolicyLoader.parse(bytes, file: Self.policy).document)
        func hover(_ name: String) -> String {
            PolicyHover.text(.feedback, name, document: document, policy: nil) ?? ""
        }
        #expect(hover("turn.now").contains("in background: kept; plays its fallback (the engine is stopped)"))
        #expect(hover("off.route").contains("in background: kept; plays as in foreground"))
        #expect(hover("tap").contains("in background: silent (`background`) unless a kept row plays it"))
    }

    @Test func completionOffersFeedbackInKeeps() {
        func kind(_ line: String, above: [String] = []) -> PolicySymbolKind? {
            PolicyCompletion.site(
                line: Array(line.unicodeScalars), above: above.map { Array($0.unicodeScalars) }, isTestFile: false)?
                .kind
        }
        #expect(kind("  keeps: {feedback: [turn.now, tu") == .feedback)
        #expect(kind("    feedback: [tu", above: ["background:", "  keeps:"]) == .feedback)
        #expect(kind("feedback: ") == nil)
    }
}
