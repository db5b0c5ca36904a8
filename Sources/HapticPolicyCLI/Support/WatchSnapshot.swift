import HapticPolicy
import HapticPolicyReplay

/// What one good round of `watch` found: the findings of the policy and its test files,
/// the outcome of every test case, the decision of every line of the log, and the
/// policy's feedback fields. The next
/// round is compared with it (`WatchChanges`).
struct WatchSnapshot: Equatable {
    /// One lint finding.
    struct Finding: Equatable {
        /// The file it is in.
        var file: String
        /// `HP301`.
        var code: String
        /// `error`, `warning`.
        var severity: String
        /// The message.
        var message: String
        /// `file:line:column`, shown but not compared (an edit above moves it).
        var location: String

        /// What makes two findings the same one across rounds: a finding that only moved
        /// (lines inserted above it) is not reported as removed and added.
        var identity: String { "\(file)\u{1F}\(code)\u{1F}\(message)" }

        /// `file:3:5: warning[HP301]: message`, as `lint` prints it.
        var text: String { "\(location): \(severity)[\(code)]: \(message)" }
    }

    /// One test case's outcome.
    struct TestOutcome: Equatable {
        /// The test file.
        var file: String
        /// The case's name.
        var name: String
        /// Where the case is written.
        var location: String
        /// Nil when it passed; else its first failure (`step 2 at 1 s: expected …, actual …`).
        var failure: String?

        /// Whether it passed.
        var passed: Bool { failure == nil }
    }

    /// One decision of the log.
    struct LoggedOutcome: Equatable {
        /// The log line (1-based): the event's index.
        var line: Int
        /// The event's time, when it could be read.
        var t: Double?
        /// The event's name, when it could be read.
        var event: String?
        /// `play pulse (pattern:pulse)`, `silent same-band`: `PolicyTestRunner.outcomeText`.
        var outcome: String
    }

    /// Findings of the policy and the test files (a good round has no errors, so these
    /// are warnings), sorted by location.
    var findings: [Finding] = []
    /// Every case of every test file, in file order.
    var tests: [TestOutcome] = []
    /// One per log line; nil when no log is watched.
    var decisions: [LoggedOutcome]?
    /// The policy's feedback, field by field (patterns, presets, fallbacks): what
    /// `PolicyDiff` compares too; nil in a snapshot made without a policy (tests).
    var feedback: FeedbackFields?
    /// The policy's band sets and budgets, field by field (edges, hysteresis, a budget's
    /// max and window): what `PolicyDiff` compares too; nil as `feedback`.
    var declarations: DeclarationFields?

    /// `2 warnings; 12 passed, 1 failed; 120 decisions`.
    var summary: String {
        let warnings = findings.count
        let failed = tests.count { !$0.passed }
        var parts = [
            "\(warnings) \(warnings == 1 ? "finding" : "findings")",
            "\(tests.count - failed) passed, \(failed) failed",
        ]
        if let decisions { parts.append("\(decisions.count) \(decisions.count == 1 ? "decision" : "decisions")") }
        return parts.joined(separator: "; ")
    }
}
