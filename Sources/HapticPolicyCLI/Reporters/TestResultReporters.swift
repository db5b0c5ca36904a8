import HapticPolicy
import HapticPolicyCompiler
import HapticPolicyDocument
import HapticPolicyReplay

/// What `test` found in one test file: its report, or that it could not be run.
struct TestFileOutcome {
    /// The test file as given.
    var file: String
    /// The policy's name, when the file could be run.
    var policy: String?
    /// The cases' results and coverage; nil when the file could not be run (its errors
    /// went to stderr).
    var report: PolicyTestReport?
    /// Whether cell coverage is below `--min-coverage`.
    var belowMinimum: Bool
}

/// `test --format json`: one object with a format version (`Docs/schemas/test.schema.json`).
enum TestResultJSONReporter {
    /// The version of the shape; raised when a field changes meaning or goes away.
    static let formatVersion = 1

    struct Document: Encodable {
        var format = TestResultJSONReporter.formatVersion
        var passed: Int
        var failed: Int
        var unusable: Int
        var files: [File]
    }

    struct File: Encodable {
        var file: String
        var policy: String?
        var usable: Bool
        var passed: Int
        var failed: Int
        var belowMinCoverage: Bool
        var cases: [Case]
        var coverage: [String: Tally]?
    }

    struct Case: Encodable {
        var name: String
        var file: String
        var line: Int
        var column: Int
        var passed: Bool
        var failures: [Failure]
        var budgetBreaches: [String]
        var budgetProblem: String?
    }

    struct Failure: Encodable {
        var step: Int
        var time: Double
        var event: String
        var file: String
        var line: Int
        var column: Int
        var message: String
        var expected: String
        var actual: String
        var decision: String
        var rule: String?
        var ruleLocation: String?
    }

    struct Tally: Encodable {
        var hit: Int
        var all: Int
        var percent: Double
        var missed: [String]
    }

    static func render(_ outcomes: [TestFileOutcome]) -> String {
        let files = outcomes.map { outcome in
            let report = outcome.report
            return File(
                file: outcome.file, policy: outcome.policy, usable: report != nil, passed: report?.passed ?? 0,
                failed: report?.failed ?? 0, belowMinCoverage: outcome.belowMinimum,
                cases: (report?.results ?? []).map { result in
                    Case(
                        name: result.name, file: result.location.file, line: result.location.line,
                        column: result.location.column, passed: result.passed,
                        failures: result.failures.map { failure in
                            Failure(
                                step: failure.step, time: failure.event.t,
                                event: TestCommand.eventText(failure.event), file: failure.location.file,
                                line: failure.location.line, column: failure.location.column,
                                message: TestResultJUnitReporter.message(failure, case: result.name),
                                expected: failure.expected, actual: failure.actual,
                                decision: PolicyTestRunner.outcomeText(failure.decision),
                                rule: failure.decision.rule?.id,
                                ruleLocation: failure.decision.rule.flatMap {
                                    $0.location == .unknown ? nil : $0.location.description
                                })
                        },
                        budgetBreaches: result.breaches.map(\.description), budgetProblem: result.budgetProblem)
                },
                coverage: report.map { report in
                    Dictionary(
                        uniqueKeysWithValues: report.coverage.tallies.map {
                            (
                                $0.kind,
                                Tally(hit: $0.hitCount, all: $0.all.count, percent: $0.percent, missed: $0.missed)
                            )
                        })
                })
        }
        return JSONWriter.report(
            Document(
                passed: files.reduce(0) { $0 + $1.passed }, failed: files.reduce(0) { $0 + $1.failed },
                unusable: files.count { !$0.usable }, files: files))
    }
}

/// `test --format junit`: JUnit XML as CI systems read it (Jenkins, GitLab, GitHub
/// actions that publish test reports): `testsuites`, a `testsuite` per test file, a
/// `testcase` per case, a `failure` whose message starts with the failing step's
/// `file:line:column`. A test file that could not be run is a suite with one `error`.
enum TestResultJUnitReporter {
    /// `Policies/plavo.tests.yaml:14:9: step 2 (lap.completed at 1.5 s): expected ring lap, got silent`.
    static func message(_ failure: PolicyTestFailure, case name: String) -> String {
        "\(failure.location): '\(name)' step \(failure.step) (\(TestCommand.eventText(failure.event)) at "
            + "\(numberText(failure.event.t)) s): expected \(failure.expected), actual \(failure.actual)"
    }

    static func render(_ outcomes: [TestFileOutcome]) -> String {
        var suites: [String] = []
        var totals = (tests: 0, failures: 0, errors: 0)
        for outcome in outcomes {
            let suiteName = attribute(outcome.file)
            guard let report = outcome.report else {
                totals.tests += 1
                totals.errors += 1
                suites.append(
                    "  <testsuite name=\"\(suiteName)\" tests=\"1\" failures=\"0\" errors=\"1\" skipped=\"0\">\n"
                        + "    <testcase name=\"(load)\" classname=\"\(suiteName)\">\n"
                        + "      <error message=\"\(suiteName): the test file could not be run; see the errors on stderr\" type=\"unusable\"/>\n"
                        + "    </testcase>\n  </testsuite>")
                continue
            }
            let failures = report.failed + (outcome.belowMinimum ? 1 : 0)
            let tests = report.results.count + (outcome.belowMinimum ? 1 : 0)
            totals.tests += tests
            totals.failures += failures
            var lines = [
                "  <testsuite name=\"\(suiteName)\" tests=\"\(tests)\" failures=\"\(failures)\" errors=\"0\" skipped=\"0\">",
                "    <properties>",
                "      <property name=\"policy\" value=\"\(attribute(outcome.policy ?? ""))\"/>",
                "    </properties>",
            ]
            for result in report.results {
                let open = "    <testcase name=\"\(attribute(result.name))\" classname=\"\(suiteName)\""
                if result.passed {
                    lines.append(open + "/>")
                    continue
                }
                lines.append(open + ">")
                if let failure = result.failures.first {
                    let body = result.failures.map { failure in
                        var text = message(failure, case: result.name)
                        text += "\ndecision: \(PolicyTestRunner.outcomeText(failure.decision))"
                        if let rule = failure.decision.rule {
                            text += "; decided by \(rule.id)"
                            if rule.location != .unknown { text += " (\(rule.location))" }
                        }
                        return text
                    }.joined(separator: "\n")
                    lines.append(
                        "      <failure message=\"\(attribute(message(failure, case: result.name)))\" type=\"mismatch\">"
                            + text(body) + "</failure>")
                } else if let problem = result.budgetProblem {
                    let message = "\(result.location): '\(result.name)': \(problem)"
                    lines.append(
                        "      <failure message=\"\(attribute(message))\" type=\"budget\">\(text(message))</failure>")
                }
                lines.append("    </testcase>")
            }
            if outcome.belowMinimum {
                let percent = numberText(report.coverage.cells.percent)
                let message =
                    "\(outcome.file): cell coverage \(percent)% of \(outcome.policy ?? "") is below --min-coverage"
                lines.append("    <testcase name=\"(coverage)\" classname=\"\(suiteName)\">")
                lines.append("      <failure message=\"\(attribute(message))\" type=\"coverage\"/>")
                lines.append("    </testcase>")
            }
            lines.append("  </testsuite>")
            suites.append(lines.joined(separator: "\n"))
        }
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        out +=
            "<testsuites name=\"haptic-policy test\" tests=\"\(totals.tests)\" failures=\"\(totals.failures)\" errors=\"\(totals.errors)\">\n"
        for suite in suites { out += suite + "\n" }
        return out + "</testsuites>\n"
    }

    /// Text in an XML attribute: `&`, `<`, `>`, `"` and line breaks escaped, other
    /// control characters (not allowed in XML 1.0) as U+FFFD.
    static func attribute(_ value: String) -> String {
        escape(value, attribute: true)
    }

    /// Element text.
    static func text(_ value: String) -> String {
        escape(value, attribute: false)
    }

    private static func escape(_ value: String, attribute: Bool) -> String {
        var out = ""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"" where attribute: out += "&quot;"
            case "\n" where attribute: out += "&#10;"
            case "\t" where attribute: out += "&#9;"
            case "\n", "\t": out.unicodeScalars.append(scalar)
            case "\r": out += "&#13;"
            default:
                if scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF {
                    out += "\u{FFFD}"
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out
    }
}
