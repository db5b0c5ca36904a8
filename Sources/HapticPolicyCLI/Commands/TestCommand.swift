import Foundation
import HapticPolicy
import HapticPolicyCompiler
import HapticPolicyDocument
import HapticPolicyFrontEnd
import HapticPolicyReplay
import HapticPolicyYAML

/// `haptic-policy test`: runs policy test files and reports failures and coverage.
enum TestCommand {
    /// What `test` prints on stdout.
    enum Format: String, CaseIterable, Sendable {
        /// The report for people: failures, coverage and 'N passed, N failed'.
        case text
        /// JUnit XML, for CI systems that show test results (the summary line goes to stderr).
        case junit
        /// One JSON object with a format version (`Docs/schemas/test.schema.json`).
        case json
    }

    /// The options `test` declares.
    struct Options: CommandOptions {
        let format = Choice(
            "format", valueName: "format", default: Format.text,
            help: "Output format (default text); junit and json go to stdout, the summary line to stderr.")
        let coverage = Flag("coverage", help: "Print what the cases exercised and what they missed.")
        let minCoverage = Value(
            "min-coverage", valueName: "percent", help: "Fail when table-cell coverage is below this (0-100).",
            parse: TestCommand.parsePercent)
        let verbose = Flag("verbose", short: "v", help: "List passing cases too.")
        let color = Choice<ColorMode>.color
    }

    static let subcommand = Subcommand(
        name: "test",
        abstract: "Run policy test files (*.tests.yaml) and report coverage.",
        discussion: """
            Runs every case of each test file against its policy (the file's 'policy:' key, or \
            the same name without '.tests'), each case in a fresh session. A failure shows the \
            case, the event, expected versus actual and the rule that decided. Budget breaches \
            are reported with their window. --coverage lists the table cells, feedback, band \
            levels and invariants the cases exercised; --min-coverage fails when cell coverage \
            is below P %. The last line is 'N passed, N failed'. --format junit writes JUnit \
            XML for CI (a testsuite per file, a failure per failing case whose message starts \
            with file:line:column); --format json one object with a format version \
            (Docs/schemas/test.schema.json). Exit 1 on any failure.
            """,
        options: Options.self,
        positionals: [.init("path", .zeroOrMore, help: "Test files or directories to search (default: Policies).")],
        examples: [
            "haptic-policy test",
            "haptic-policy test Policies/plavo.tests.yaml --coverage --min-coverage 100",
            "haptic-policy test --format junit > test-results.xml",
        ]
    ) { arguments, context throws(UsageError) in
        let minimum = try arguments[\.minCoverage]
        let roots = arguments.positionals.isEmpty ? ["Policies"] : arguments.positionals
        var files: [String] = []
        for root in roots {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: root, isDirectory: &isDirectory) else {
                throw UsageError("\(root): no such file or directory; give a test file or a folder of them")
            }
            files += isDirectory.boolValue ? testFiles(under: root, context: context) : [root]
        }
        guard !files.isEmpty else {
            throw UsageError(
                "no *.tests.yaml files under \(roots.joined(separator: ", ")); write one next to its policy")
        }
        var passed = 0
        var failed = 0
        var unusable = 0
        var coverageShort = false
        var outcomes: [TestFileOutcome] = []
        let format = arguments[\.format]
        // Only text prints as it goes; junit and json are one document at the end.
        let prints = format == .text
        let style = context.stdoutStyle
        for file in files {
            // A file's errors go to stderr and the report to stdout, each buffered: write
            // out the report so far before reading the file and its errors right after,
            // so where both streams show on one screen (a terminal, `2>&1`) the errors come
            // in order, before the summary that points back at them.
            context.stdout.flush()
            let loaded = loadSuite(file, context: context)
            context.stderr.flush()
            guard let (suite, input) = loaded else {
                unusable += 1
                outcomes.append(TestFileOutcome(file: file, report: nil, belowMinimum: false))
                continue
            }
            let report = PolicyTestRunner(policy: input.policy).run(suite)
            let belowMinimum = minimum.map { report.coverage.cells.percent < $0 } ?? false
            outcomes.append(TestFileOutcome(file: file, policy: input.name, report: report, belowMinimum: belowMinimum))
            passed += report.passed
            failed += report.failed
            if belowMinimum { coverageShort = true }
            guard prints else { continue }
            context.stdout.line(
                style.bold(terminalText(file)) + " (policy \(terminalText(input.name))): \(report.results.count) cases")
            for result in report.results {
                if result.passed {
                    if arguments[\.verbose] {
                        context.stdout.line("  " + style.green("PASS") + " \(terminalText(result.name))")
                    }
                } else {
                    printFailure(result, context: context, style: style)
                }
                for breach in result.breaches {
                    context.stdout.line(terminalText("  budget breach in '\(result.name)': \(breach)"))
                }
            }
            if arguments[\.coverage] || minimum != nil {
                printCoverage(report.coverage, policy: terminalText(input.name), context: context)
            }
            if let minimum, belowMinimum {
                context.stdout.line(
                    "cell coverage \(percentText(report.coverage.cells.percent)) of \(terminalText(input.name)) is below --min-coverage \(numberText(minimum))%"
                )
            }
        }
        switch format {
        case .text:
            if unusable > 0 {
                context.stdout.line(
                    "\(unusable) test \(unusable == 1 ? "file" : "files") could not be run; see the errors above")
            }
            context.stdout.line("\(passed) passed, \(failed) failed")
        case .junit, .json:
            context.stdout.write(
                format == .junit
                    ? TestResultJUnitReporter.render(outcomes) : TestResultJSONReporter.render(outcomes) + "\n")
            if unusable > 0 {
                context.stderr.line(
                    "\(unusable) test \(unusable == 1 ? "file" : "files") could not be run; see the errors above")
            }
            context.stderr.line("\(passed) passed, \(failed) failed")
        }
        return failed > 0 || unusable > 0 || coverageShort ? .failure : .success
    }

    /// Parses `--min-coverage P`: a percentage from 0 to 100.
    static func parsePercent(_ text: String) throws(UsageError) -> Double {
        guard let value = Double(text), value >= 0, value <= 100 else {
            throw UsageError("--min-coverage must be a percentage from 0 to 100, got '\(text)'")
        }
        return value
    }

    /// The test files under a folder, by the one directory walk (`InputFiles.walk`).
    static func testFiles(under directory: String, context: CommandContext) -> [String] {
        let base = directory.count > 1 && directory.hasSuffix("/") ? String(directory.dropLast()) : directory
        return InputFiles.walk(base, matching: { $0.hasSuffix(".tests.yaml") }) {
            context.stderr.line("warning: " + terminalText($0))
        }.map { PathText.joined(base, $0) }
    }

    static func loadSuite(_ file: String, context: CommandContext) -> (PolicyTestSuite, PolicyFrontEnd.Usable)? {
        guard let bytes = context.files.readReportingErrors(file, limit: FrontEndFiles.wholeFileLimit) else {
            return nil
        }
        let loaded = PolicyTestLoader.parse(bytes, file: file)
        guard let suite = loaded.draft else {
            DiagnosticPrinter.print(loaded.diagnostics, file: file, source: loaded.source, context: context)
            return nil
        }
        let path: String
        switch PolicyFrontEnd.policyPath(for: suite, file: file) {
        case .found(let value):
            path = value
        case .refused(let refusal):
            let diagnostics = (loaded.diagnostics + [refusal]).sorted { $0.location < $1.location }
            DiagnosticPrinter.print(diagnostics, file: file, source: loaded.source, context: context)
            return nil
        }
        guard let input = PolicyFrontEnd.load(path, context: context) else {
            DiagnosticPrinter.print(loaded.diagnostics, file: file, source: loaded.source, context: context)
            return nil
        }
        // The file's syntax and its names in one pass: every error shows at once.
        let problems = suite.unknownReferences(in: input.policy)
        let diagnostics = (loaded.diagnostics + problems).sorted { $0.location < $1.location }
        DiagnosticPrinter.print(diagnostics, file: file, source: loaded.source, context: context)
        guard let usable = loaded.suite, problems.isEmpty else { return nil }
        return (usable, input)
    }

    static func printFailure(_ result: PolicyTestResult, context: CommandContext, style: Style) {
        context.stdout.line("  " + style.red("FAIL") + terminalText(" \(result.name) (\(result.location))"))
        for failure in result.failures {
            context.stdout.line(
                terminalText(
                    "    step \(failure.step) at \(numberText(failure.event.t)) s: \(eventText(failure.event)) (\(failure.location))"
                ))
            context.stdout.line(terminalText("      expected: \(failure.expected)"))
            context.stdout.line(terminalText("      actual:   \(failure.actual)"))
            context.stdout.line(terminalText("      decision: \(PolicyTestRunner.outcomeText(failure.decision))"))
            if let rule = failure.decision.rule {
                let place = rule.location == .unknown ? "built in" : rule.location.description
                context.stdout.line(terminalText("      decided by: \(rule.id) (\(place))"))
            } else {
                context.stdout.line("      decided by: no rule")
            }
        }
        if let problem = result.budgetProblem { context.stdout.line(terminalText("    \(problem)")) }
    }

    /// `moisture.sample subject plant-1 value 39.5`.
    static func eventText(_ event: TimedEvent) -> String {
        var parts = [event.name]
        if let screen = event.screen { parts.append("screen \(screen)") }
        if let subject = event.subject { parts.append("subject \(subject)") }
        if let value = event.value { parts.append("value \(value)") }
        if event.speaks == true { parts.append("speaks") }
        for parameter in event.params {
            parts.append("\(parameter.name)=\(parameter.value.map(\.description) ?? "null")")
        }
        for field in event.data { parts.append("data.\(field.name)=\(field.value.map(\.description) ?? "null")") }
        return parts.joined(separator: " ")
    }

    static func printCoverage(_ coverage: PolicyCoverage, policy: String, context: CommandContext) {
        context.stdout.line("coverage of \(policy):")
        let width = coverage.tallies.map(\.kind.count).max() ?? 0
        let counts = coverage.tallies.map { "\($0.hitCount)/\($0.all.count)" }
        let countWidth = counts.map(\.count).max() ?? 0
        for (tally, count) in zip(coverage.tallies, counts) {
            var line = "  " + tally.kind + String(repeating: " ", count: width - tally.kind.count)
            line += "  " + String(repeating: " ", count: countWidth - count.count) + count
            line += "  " + percentText(tally.percent)
            let missed = tally.missed
            if !missed.isEmpty { line += "  missed: " + missed.joined(separator: ", ") }
            context.stdout.line(terminalText(line))
        }
        if !coverage.staticInvariants.isEmpty {
            context.stdout.line(
                "  (not counted: \(terminalText(coverage.staticInvariants.joined(separator: ", "))), cited by no row; lint checks them)"
            )
        }
    }

    /// `100%`, `97.5%`: already rounded down by `PolicyCoverage`.
    static func percentText(_ percent: Double) -> String {
        numberText(percent) + "%"
    }
}
