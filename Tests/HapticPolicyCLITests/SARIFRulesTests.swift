import Foundation
import HapticPolicy
import HapticPolicyCompiler
import Testing

@testable import HapticPolicyCLI

/// SARIF rules take their `name` (the slug) and `shortDescription` (the summary) from
/// `DiagnosticRegistry`, for the codes of every stage, not only the validator's.
@Suite struct SARIFRulesTests {
    static func rules(for codes: [String]) throws -> [[String: Any]] {
        let here = SourceLocation(file: "a.yaml", line: 1, column: 1)
        let diagnostics = codes.map { Diagnostic(code: $0, severity: .error, message: "m", at: here) }
        let text = SARIFReporter.render(diagnostics, files: ["a.yaml"], toolVersion: "0")
        let log = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let run = try #require((log["runs"] as? [[String: Any]])?.first)
        return try #require(
            ((run["tool"] as? [String: Any])?["driver"] as? [String: Any])?["rules"] as? [[String: Any]])
    }

    @Test func everyStageGetsItsRegistryDescription() throws {
        let codes = DiagnosticStage.allCases.compactMap { DiagnosticRegistry.codes(of: $0).first }
        #expect(codes.count == DiagnosticStage.allCases.count)
        let rules = try Self.rules(for: codes.map(\.code))
        #expect(rules.count == codes.count)
        for (rule, code) in zip(rules, codes) {
            #expect(rule["id"] as? String == code.code)
            #expect(rule["name"] as? String == code.slug, "\(code.code)")
            #expect((rule["shortDescription"] as? [String: Any])?["text"] as? String == code.summary, "\(code.code)")
        }
    }

    @Test func frontEndCodesAreDescribedNotJustNamed() throws {
        let rule = try #require(try Self.rules(for: ["HP012"]).first)
        #expect(rule["name"] as? String == "unknown-key")
        #expect((rule["shortDescription"] as? [String: Any])?["text"] as? String != "HP012")
    }

    /// A code outside the registry (the compiler's, until the compile-once change removes
    /// them) keeps the bare code as its description and gets no name.
    @Test func anUnregisteredCodeFallsBackToTheCode() throws {
        let rule = try #require(try Self.rules(for: ["HP901"]).first)
        #expect(rule["name"] == nil)
        #expect((rule["shortDescription"] as? [String: Any])?["text"] as? String == "HP901")
    }
}
