import HapticPolicy
import HapticPolicyCompiler
import HapticPolicyDocument
import Testing

@testable import HapticPolicyExport

/// HP707: lint checks a template at its defaults and range ends only, so a `--param` can
/// take an intensity or sharpness outside 0-1; the exports clamp it, and say so.
@Suite struct ValueClampedTests {
    /// `buzz(strength)`: one transient of intensity `strength` and sharpness `strength - 0.5`;
    /// `strength` has no range when `ranged` is false.
    static func policy(ranged: Bool = false) -> PolicyDocument {
        let strength = TemplateParameter(
            name: Located("strength"), defaultValue: Located(0.5), minimum: ranged ? Located(0) : nil,
            maximum: ranged ? Located(1) : nil)
        let buzz = PatternDecl(
            parameters: [strength],
            events: [
                PatternEventDecl(kind: Located(.transient), time: Fixtures.n(0)),
                PatternEventDecl(
                    kind: Located(.transient), time: Fixtures.n(0.25), intensity: Fixtures.e("strength"),
                    sharpness: Fixtures.e("strength - 0.5")),
            ])
        return Fixtures.policy([Fixtures.feedback("buzz", buzz)])
    }

    @Test func anIntensityAboveOneIsReportedWithItsValueCauseAndFix() throws {
        let (files, diagnostics) = PolicyExporter.export(Self.policy(), to: [.ahap], parameters: ["strength": 1.5])
        #expect(diagnostics.map(\.code) == ["HP707"])
        let warning = try #require(diagnostics.first)
        #expect(warning.severity == .warning)
        #expect(
            warning.message.hasPrefix(
                "pattern 'buzz': the event at 0.25 s has intensity 1.5 with strength = 1.5, outside 0-1"),
            "\(warning.message)")
        #expect(
            warning.message.contains("the export clamps it to 1, so pass values that keep it within 0-1"),
            "\(warning.message)")
        // The file is still written, with the clamped value the warning names.
        let ahap = try #require(files.first { $0.name == "buzz.ahap" }?.contents)
        let event = try JSONParser.parse(ahap, file: "buzz.ahap")["Pattern"]?.items?[1]["Event"]
        #expect(event?["Time"]?.numberValue == 0.25)
        #expect(event?["EventParameters"]?.items?[0]["ParameterValue"]?.numberValue == 1)
    }

    @Test func aNegativeValueIsReportedForEachParameterOutside() throws {
        let (_, diagnostics) = PolicyExporter.export(Self.policy(), to: [.android], parameters: ["strength": -0.25])
        let messages = diagnostics.map(\.message)
        #expect(diagnostics.map(\.code) == ["HP707", "HP707"], "\(messages)")
        #expect(
            messages[0].contains("has intensity -0.25 with strength = -0.25") && messages[0].contains("clamps it to 0"))
        #expect(messages[1].contains("has sharpness -0.75") && messages[1].contains("clamps it to 0"))
    }

    @Test func valuesInsideTheRangeAreSilent() {
        for strength in [0.5, 1, 0.75] {
            let (_, diagnostics) = PolicyExporter.export(
                Self.policy(), to: ExportTarget.allCases, parameters: ["strength": strength])
            #expect(diagnostics.isEmpty, "strength \(strength): \(diagnostics.map(\.message))")
        }
    }

    /// A ranged parameter is refused outside its range (HP701) before anything is clamped.
    @Test func aRangedParameterIsRefusedInstead() {
        let (_, diagnostics) = PolicyExporter.export(
            Self.policy(ranged: true), to: [.ahap], parameters: ["strength": 1.5])
        #expect(diagnostics.map(\.code) == ["HP701"])
    }

    @Test func theReportShowsItToo() {
        let (_, problems) = ExportablePattern.all(in: Self.policy(), parameters: ["strength": 1.2])
        #expect(problems.map(\.code) == ["HP707"])
        let html = ReportRenderer.render(Self.policy(), parameters: ["strength": 1.2])
        #expect(html.contains("HP707: pattern &#39;buzz&#39;: the event at 0.25 s has intensity 1.2"))
    }
}
