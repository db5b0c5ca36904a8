import Foundation
import HapticPolicy
import HapticPolicyCompiler
import HapticPolicyDocument
import HapticPolicyYAML
import Testing

/// Files of this repository that tests check: shipped policies and documented examples.
enum RepositoryFiles {
    /// The package root, found from this source file.
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// A policy to check, with where it came from.
    struct PolicySource: CustomTestStringConvertible, Sendable {
        /// Path relative to the package root.
        let file: String
        /// The 1-based line of the file where `text` starts (1 for a whole file).
        let firstLine: Int
        /// The policy text.
        let text: String

        var testDescription: String { firstLine == 1 ? file : "\(file):\(firstLine)" }
    }

    /// Every ```` ```yaml policy ```` block of the Markdown files under `Docs/`.
    static func documentedPolicies() -> [PolicySource] {
        markdownFiles().flatMap { file -> [PolicySource] in
            guard let text = try? String(contentsOf: root.appendingPathComponent(file), encoding: .utf8) else {
                return []
            }
            return policyBlocks(in: text).map { PolicySource(file: file, firstLine: $0.line, text: $0.text) }
        }
    }

    /// `Policies/*.yaml`, except test files and scenarios.
    static func shippedPolicies() -> [PolicySource] {
        let directory = root.appendingPathComponent("Policies")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { $0.hasSuffix(".yaml") && !$0.hasSuffix(".tests.yaml") && !$0.hasSuffix(".scenario.yaml") }
            .sorted()
            .compactMap { name in
                guard let text = try? String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)
                else { return nil }
                return PolicySource(file: "Policies/\(name)", firstLine: 1, text: text)
            }
    }

    /// The text of each fenced block opened by a line that is exactly ```` ```yaml policy ````,
    /// with the 1-based line of its first content line.
    static func policyBlocks(in markdown: String) -> [(line: Int, text: String)] {
        let lines = markdown.split(separator: "\n", omittingEmptySubsequences: false)
        var blocks: [(line: Int, text: String)] = []
        var index = 0
        while index < lines.count {
            if lines[index].trimmingCharacters(in: .whitespaces) == "```yaml policy" {
                let start = index + 1
                var end = start
                while end < lines.count, lines[end].trimmingCharacters(in: .whitespaces) != "```" { end += 1 }
                blocks.append((start + 1, lines[start..<end].joined(separator: "\n") + "\n"))
                index = end
            }
            index += 1
        }
        return blocks
    }

    /// Loader and validator findings for one source, located in the original file.
    static func lint(_ source: PolicySource) -> (document: PolicyDocument?, findings: [Diagnostic]) {
        let result = PolicyLoader.parse(Array(source.text.utf8), file: source.file)
        var findings = result.diagnostics
        if let document = result.document, !result.hasErrors { findings += PolicyValidator.validate(document) }
        let shifted = findings.map { finding -> Diagnostic in
            var moved = finding
            moved.location.line += source.firstLine - 1
            return moved
        }
        return (result.document, shifted)
    }

    /// `file:line:column: severity: message [code]`, one per line, for test failure messages.
    static func render(_ findings: [Diagnostic]) -> String {
        findings.map { "\($0.location): \($0.severity.rawValue): \($0.message) [\($0.code)]" }
            .joined(separator: "\n")
    }

    private static func markdownFiles() -> [String] {
        let names =
            (try? FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("Docs").path)) ?? []
        return names.filter { $0.hasSuffix(".md") }.sorted().map { "Docs/\($0)" }
    }
}
