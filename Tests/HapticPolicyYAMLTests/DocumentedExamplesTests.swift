import HapticPolicy
import HapticPolicyCompiler
import HapticPolicyYAML
import Testing

/// Every ```` ```yaml policy ```` block in `Docs/` is a complete policy that loads and
/// passes every check (warnings included), so the language reference cannot show something
/// that does not work.
@Suite struct DocumentedExamplesTests {
    static let examples = RepositoryFiles.documentedPolicies()

    @Test func theReferenceHasExamples() {
        let inReference = Self.examples.filter { $0.file == "Docs/policy-language.md" }
        #expect(inReference.count >= 4, "Docs/policy-language.md should show at least 4 complete policies")
    }

    @Test(arguments: examples)
    func exampleLoadsAndLintsCleanUnderStrict(_ example: RepositoryFiles.PolicySource) {
        let (document, findings) = RepositoryFiles.lint(example)
        #expect(document != nil, "the example does not load:\n\(RepositoryFiles.render(findings))")
        let serious = findings.filter { $0.severity >= .warning }
        #expect(serious.isEmpty, "\(RepositoryFiles.render(serious))")
    }

    @Test func blocksAreFoundWithTheirLines() {
        let markdown = "# t\n\n```yaml policy\npolicy: a\nversion: 1\n```\n\n```yaml\nnot: extracted\n```\n"
        let blocks = RepositoryFiles.policyBlocks(in: markdown)
        #expect(blocks.map(\.line) == [4])
        #expect(blocks.map(\.text) == ["policy: a\nversion: 1\n"])
    }

    @Test func aBrokenExampleIsReportedAtItsLineInTheMarkdownFile() {
        let source = RepositoryFiles.PolicySource(
            file: "Docs/x.md", firstLine: 40,
            text: "policy: a\nversion: 1\nfeedback:\n  tap: {layer: ui, preset: impact.lite}\n")
        let (_, findings) = RepositoryFiles.lint(source)
        #expect(findings.contains { $0.severity == .error && $0.location.line == 43 })
    }
}
