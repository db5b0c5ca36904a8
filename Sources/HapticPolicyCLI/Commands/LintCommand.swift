import Foundation
import HapticPolicy
import HapticPolicyYAML

/// `haptic-policy lint`: every problem in every policy, located, with its fix.
enum LintCommand {
    static let subcommand = Subcommand(
        spec: CommandSpec(
            name: "lint",
            abstract: "Check policies for errors: syntax, ranges, references, table gaps, invariants.",
            discussion: """
                Test files (*.tests.yaml) are checked as test files: their syntax, and the \
                events, screens and feedback they name against their policy. \
                Reports every problem at its file:line:column with a stable code (HPnnn) and \
                the fix. Text goes to stderr; --format json or sarif goes to stdout for tools \
                (SARIF 2.1.0 shows findings inline in CI). Exit 0 when clean, 1 with errors \
                (or with warnings under --strict), 64 on usage errors.
                """,
            options: [
                .value("format", valueName: "format", choices: ["text", "json", "sarif"], help: "Output format (default text)."),
                .flag("strict", help: "Treat warnings as failures."),
            ],
            positionals: [.init("policy", .oneOrMore, help: "Policy files (YAML), or - for stdin.")],
            examples: [
                "haptic-policy lint Policies/plavo.yaml",
                "haptic-policy lint --strict Policies/*.yaml",
                "haptic-policy lint --format sarif Policies/*.yaml > lint.sarif",
            ]
        )
    ) { arguments, context throws(UsageError) in
        var diagnostics: [Diagnostic] = []
        var sources: [String: String] = [:]
        let files = arguments.positionals.map { $0 == "-" ? "<stdin>" : $0 }
        for (path, file) in zip(arguments.positionals, files) {
            let result = path.hasSuffix(".tests.yaml") ? checkTestFile(path) : PolicyChecker.check(path: path)
            diagnostics += result.diagnostics
            if let source = result.source { sources[file] = source }
        }
        let errors = diagnostics.count { $0.severity == .error }
        let warnings = diagnostics.count { $0.severity == .warning }
        switch arguments.value("format") ?? "text" {
        case "json":
            context.stdout.line(DiagnosticJSONReporter.render(diagnostics, files: files))
        case "sarif":
            context.stdout.line(SARIFReporter.render(diagnostics, files: files, toolVersion: HapticPolicyTool.version))
        default:
            if !diagnostics.isEmpty {
                context.stderr.write(renderText(diagnostics, sources: sources, color: context.stderrStyle.enabled))
            }
            let verdict = errors == 0 && (warnings == 0 || !arguments.flag("strict")) ? "ok" : "failed"
            context.stderr.line(
                "\(files.count) \(files.count == 1 ? "policy" : "policies") checked: "
                    + "\(errors) \(errors == 1 ? "error" : "errors"), \(warnings) \(warnings == 1 ? "warning" : "warnings") (\(verdict))")
        }
        if errors > 0 || (arguments.flag("strict") && warnings > 0) { return .failure }
        return .success
    }

    /// A `*.tests.yaml` file: its own format, then its names against its policy.
    static func checkTestFile(_ path: String) -> PolicyChecker.Result {
        let bytes: [UInt8]
        do {
            bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        } catch {
            return PolicyChecker.Result(
                document: nil,
                diagnostics: [DiagnosticCode.unreadableFile(
                    "cannot read '\(path)'; check the path and its permissions",
                    at: SourceLocation(file: path, line: 1, column: 1))],
                source: nil)
        }
        let loaded = PolicyTestLoader.parse(bytes, file: path)
        var diagnostics = loaded.diagnostics
        if let suite = loaded.suite, !diagnostics.contains(where: { $0.severity == .error }) {
            let policy = PolicyChecker.check(path: TestCommand.policyPath(for: suite, file: path))
            if let document = policy.document, !policy.hasErrors {
                diagnostics += suite.unknownReferences(in: document)
            } else {
                diagnostics.append(DiagnosticCode.testPolicyNotFound(
                    "the policy of this test file cannot be loaded; run 'haptic-policy lint \(TestCommand.policyPath(for: suite, file: path))'",
                    at: suite.policy?.location ?? SourceLocation(file: path, line: 1, column: 1)))
            }
        }
        return PolicyChecker.Result(document: nil, diagnostics: diagnostics, source: loaded.source)
    }
}
