import Foundation
import HapticPolicy
import HapticPolicyCompiler
import HapticPolicyDocument
import HapticPolicyFrontEnd
import HapticPolicyYAML

/// `haptic-policy lint`: every problem in every policy, located, with its fix.
enum LintCommand {
    /// Where the findings go and in what form.
    enum Format: String, CaseIterable, Sendable {
        /// Compiler-style lines with the source line and a caret, on stderr.
        case text
        /// One JSON object, on stdout.
        case json
        /// SARIF 2.1.0, on stdout.
        case sarif
    }

    /// The options `lint` declares.
    struct Options: CommandOptions {
        let format = Choice("format", valueName: "format", default: Format.text, help: "Output format (default text).")
        let strict = Flag("strict", help: "Treat warnings as failures (not those the policy acknowledges).")
        let showAcknowledged = Flag(
            "show-acknowledged", help: "Also show the warnings the policy acknowledges, with their reasons.")
        let color = Choice<ColorMode>.color
    }

    static let subcommand = Subcommand(
        name: "lint",
        abstract: "Check policies for errors: syntax, ranges, references, table gaps, invariants.",
        discussion: """
            Test files (*.tests.yaml) are checked as test files: their syntax, and the \
            events, screens and feedback they name against their policy. Scenarios (YAML \
            files in a 'scenarios' folder) are checked as scenarios, their events and screens \
            against the policies next to that folder. \
            Reports every problem at its file:line:column with a stable code (HPnnn) and \
            the fix. Text goes to stderr; --format json or sarif goes to stdout for tools \
            (SARIF 2.1.0 shows findings inline in CI). A warning the policy acknowledges \
            (acknowledge: on the object it is in, with a reason) is counted apart, shown \
            only with --show-acknowledged, and written to SARIF as suppressed. Exit 0 when \
            clean, 1 with errors (or with warnings under --strict), 64 on usage errors.
            """,
        options: Options.self,
        positionals: [.init("policy", .oneOrMore, help: "Policy files (YAML), or - for stdin.")],
        examples: [
            "haptic-policy lint Policies/plavo.yaml",
            "haptic-policy lint --strict Policies/*.yaml",
            "haptic-policy lint --format sarif Policies/*.yaml > lint.sarif",
        ]
    ) { arguments, context throws(UsageError) in
        var diagnostics: [Diagnostic] = []
        var acknowledged: [Diagnostic] = []
        // The findings with the acknowledged warnings among them, input by input.
        var everything: [Diagnostic] = []
        var sources: [String: String] = [:]
        var included: [String] = []
        let files = arguments.positionals.map(FrontEndFiles.displayName)
        for path in arguments.positionals {
            if path.hasSuffix(".tests.yaml") {
                let (found, source) = PolicyFrontEnd.checkTestFile(path, files: context.frontEndFiles)
                diagnostics += found
                everything += found
                if let source { sources[path] = source }
            } else if PathText.isScenario(path) {
                let (found, source) = checkScenarioFile(path, context: context)
                diagnostics += found
                everything += found
                if let source { sources[path] = source }
            } else {
                let checked = PolicyFrontEnd.check(path, files: context.frontEndFiles)
                diagnostics += checked.diagnostics
                acknowledged += checked.acknowledged
                everything += PolicyFrontEnd.merged(checked.diagnostics, checked.acknowledged)
                sources.merge(checked.sources) { _, new in new }
                let read = checked.document?.included?.map(\.path) ?? []
                included += read.filter { !included.contains($0) && !files.contains($0) }
            }
        }
        let errors = diagnostics.count { $0.severity == .error }
        let warnings = diagnostics.count { $0.severity == .warning }
        let strict = arguments[\.strict]
        let shown = arguments[\.showAcknowledged] ? everything : diagnostics
        switch arguments[\.format] {
        case .json:
            context.stdout.line(
                DiagnosticJSONReporter.render(shown, files: files, acknowledged: acknowledged.count))
        case .sarif:
            // SARIF keeps every result; a suppressed one says so itself (`suppressions`).
            context.stdout.line(
                SARIFReporter.render(everything, files: files, toolVersion: HapticPolicyTool.version))
        case .text:
            DiagnosticPrinter.print(shown, sources: sources, context: context)
            let verdict = errors == 0 && (warnings == 0 || !strict) ? "ok" : "failed"
            let apart = acknowledged.isEmpty ? "" : ", \(acknowledged.count) acknowledged"
            context.stderr.line(
                "\(checkedText(arguments.positionals, included: included.count)) checked: "
                    + "\(errors) \(errors == 1 ? "error" : "errors"), \(warnings) \(warnings == 1 ? "warning" : "warnings")\(apart) (\(verdict))"
            )
        }
        if errors > 0 || (strict && warnings > 0) { return .failure }
        return .success
    }

    /// What was checked, by kind: `1 policy`, `1 test file`, `1 policy and 2 test files`,
    /// `2 policies, 1 test file and 3 scenarios`, `1 policy and 2 included files`.
    static func checkedText(_ paths: [String], included: Int = 0) -> String {
        let tests = paths.count { $0.hasSuffix(".tests.yaml") }
        let scenarios = paths.count { !$0.hasSuffix(".tests.yaml") && PathText.isScenario($0) }
        let policies = paths.count - tests - scenarios
        var parts: [String] = []
        if policies > 0 || tests + scenarios == 0 {
            parts.append("\(policies) \(policies == 1 ? "policy" : "policies")")
        }
        if tests > 0 { parts.append("\(tests) test \(tests == 1 ? "file" : "files")") }
        if scenarios > 0 { parts.append("\(scenarios) \(scenarios == 1 ? "scenario" : "scenarios")") }
        if included > 0 { parts.append("\(included) included \(included == 1 ? "file" : "files")") }
        guard let last = parts.popLast() else { return "" }
        return parts.isEmpty ? last : parts.joined(separator: ", ") + " and " + last
    }

    /// A scenario file: its own format and its event and screen names, in one pass,
    /// against the policies of the folder above `scenarios/` (a scenario is played with
    /// any of them, so a name none declares is a typo). Returns the findings and the text.
    static func checkScenarioFile(_ path: String, context: CommandContext) -> ([Diagnostic], String?) {
        let bytes: [UInt8]
        do throws(InputError) {
            bytes = try context.files.read(path, limit: FrontEndFiles.wholeFileLimit)
        } catch {
            return ([error.diagnostic], nil)
        }
        let loaded = ScenarioLoader.parse(bytes, file: path)
        var diagnostics = loaded.diagnostics
        let folder = PathText.policiesFolder(ofScenario: path)
        let files = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        let policies = files.filter { $0.hasSuffix(".yaml") && !$0.hasSuffix(".tests.yaml") }.sorted()
            .compactMap {
                PolicyFrontEnd.check(PathText.joined(folder, $0), files: context.frontEndFiles).policy
            }
        if !policies.isEmpty {
            var events: [String] = []
            var screens: [String] = []
            for policy in policies {
                events += policy.eventNames.filter { !events.contains($0) }
                screens += policy.screenNames.filter { !screens.contains($0) }
            }
            let names = policies.map { PathText.baseName($0.file) }
            let owner = names.count == 1 ? names[0] : "any of \(names.joined(separator: ", "))"
            diagnostics += SimulateCommand.unknownNames(loaded, events: events, screens: screens, of: owner)
        }
        diagnostics.sort { ($0.location, $0.code) < ($1.location, $1.code) }
        return (diagnostics, loaded.source)
    }
}
