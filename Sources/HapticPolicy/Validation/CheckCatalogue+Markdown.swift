import Foundation

extension CheckCatalogue {
    /// `Docs/checks.md`: every validator code with its severity, summary and examples.
    /// A test keeps the file in step with the catalogue.
    package static var markdown: String {
        var lines = [
            "# Static checks",
            "",
            "<!-- Generated from CheckCatalogue by `HAPTIC_RECORD=1 swift test --filter CheckCatalogueDocsTests`; do not edit. -->",
            "",
            "`haptic-policy lint` reports these after the file has been read (the `HP0xx` codes of the",
            "YAML front end: syntax, keys, types, limits). Codes are stable and never reused. Each",
            "code has a policy that triggers it and one that does not, with the expected line and",
            "column marked; one test runs them all.",
            "",
            "| Code | Severity | Name | Meaning | Examples |",
            "|---|---|---|---|---|",
        ]
        let fixtures = "../Tests/HapticPolicyYAMLTests/Fixtures/checks"
        for code in all {
            let stem = "\(fixtures)/\(code.code)-\(code.slug)"
            let summary = code.summary.replacingOccurrences(of: "|", with: "\\|")
            let examples =
                apiOnly.contains(code.code)
                ? "only from a document built in code (`ValidatedPolicyTests`)"
                : "[fails](\(stem).fail.yaml), [passes](\(stem).pass.yaml)"
            lines.append("| \(code.code) | \(code.severity.rawValue) | `\(code.slug)` | \(summary) | \(examples) |")
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
