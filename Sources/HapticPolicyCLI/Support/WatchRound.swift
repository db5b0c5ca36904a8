import HapticPolicy
import HapticPolicyFrontEnd
import HapticPolicyReplay
import HapticPolicyYAML

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// One round of `watch`: lint the policy and its test files (`PolicyFrontEnd`,
/// `PolicyTestLoader`), run the tests (`PolicyTestRunner`) and replay the log
/// (`EventLogEvaluator`). Prints nothing: the command prints the outcome.
enum WatchRound {
    /// The files a round reads.
    struct Inputs {
        /// The policy.
        var policy: String
        /// Its test files.
        var tests: [String]
        /// An event log to replay, if any.
        var log: String?

        /// Every file watched, in the order the round reads them.
        var files: [String] { [policy] + tests + (log.map { [$0] } ?? []) }
    }

    /// Why a round could not be used: the errors of one file, with its text for the
    /// source lines.
    struct Broken {
        /// How the file is named (`<stdin>` never: `watch` reads files).
        var file: String
        /// Its errors.
        var errors: [Diagnostic]
        /// Each file's text, for `DiagnosticPrinter`.
        var sources: [String: String]
        /// An error that is not a located diagnostic (a log that cannot be read).
        var message: String?
    }

    /// What a round found: a snapshot, or the files that keep it from being one.
    enum Outcome {
        /// Every file loaded: the new state.
        case good(WatchSnapshot)
        /// A file has errors: the last good snapshot stays.
        case broken([Broken])
    }

    /// Runs one round over `inputs`.
    static func run(_ inputs: Inputs, context: CommandContext) -> Outcome {
        var included: [String] = []
        return run(inputs, context: context, included: &included)
    }

    /// Runs one round over `inputs`; `included` is set to the files the policy includes
    /// (`include:`, read or not), which the next rounds watch too.
    static func run(_ inputs: Inputs, context: CommandContext, included: inout [String]) -> Outcome {
        // A file briefly replaced by a FIFO (or a socket, a device) is not opened: opening
        // a FIFO waits for a writer, and the watch would stop reacting to saves and to the
        // end of its input. The round is broken; the next save makes it good again.
        let special = inputs.files.compactMap { file -> Broken? in
            var info = stat()
            guard stat(file, &info) == 0, info.st_mode & S_IFMT != S_IFREG, info.st_mode & S_IFMT != S_IFDIR else {
                return nil
            }
            return Broken(
                file: file, errors: [], sources: [:],
                message:
                    "\(file): is \(InputFiles.fileKind(info)), not a regular file, so it was not read; save it as a file"
            )
        }
        guard special.isEmpty else { return .broken(special) }
        let checked = PolicyFrontEnd.check(inputs.policy, files: context.frontEndFiles)
        included = checked.includedFiles
        guard let policy = checked.policy, !checked.hasErrors else {
            return .broken([Broken(file: checked.name, errors: checked.errors, sources: checked.sources)])
        }
        var snapshot = WatchSnapshot()
        snapshot.feedback = FeedbackFields(policy: policy)
        snapshot.declarations = DeclarationFields(policy: policy)
        snapshot.findings = checked.diagnostics.map(finding)
        var broken: [Broken] = []
        let runner = PolicyTestRunner(policy: policy)
        for file in inputs.tests {
            let bytes: [UInt8]
            do throws(InputError) {
                bytes = try context.files.read(file, limit: FrontEndFiles.wholeFileLimit)
            } catch {
                broken.append(Broken(file: file, errors: [error.diagnostic], sources: [:]))
                continue
            }
            let loaded = PolicyTestLoader.parse(bytes, file: file)
            // Syntax and names in one pass, as `lint` checks them.
            var diagnostics = loaded.diagnostics
            if let draft = loaded.draft { diagnostics += draft.unknownReferences(in: policy) }
            diagnostics.sort { $0.location < $1.location }
            let sources = loaded.source.map { [file: $0] } ?? [:]
            let errors = diagnostics.filter { $0.severity == .error }
            guard let suite = loaded.suite, errors.isEmpty else {
                broken.append(Broken(file: file, errors: errors, sources: sources))
                continue
            }
            snapshot.findings += diagnostics.map(finding)
            snapshot.tests += runner.run(suite).results.map { result in
                WatchSnapshot.TestOutcome(
                    file: file, name: result.name, location: result.location.description,
                    failure: result.passed ? nil : failureText(result))
            }
        }
        if let log = inputs.log {
            do throws(InputError) {
                snapshot.decisions = try replay(log, policy: policy, context: context)
            } catch {
                broken.append(Broken(file: log, errors: [], sources: [:], message: error.message))
            }
        }
        return broken.isEmpty ? .good(snapshot) : .broken(broken)
    }

    private static func finding(_ diagnostic: Diagnostic) -> WatchSnapshot.Finding {
        WatchSnapshot.Finding(
            file: diagnostic.location.file, code: diagnostic.code, severity: diagnostic.severity.rawValue,
            message: diagnostic.message, location: diagnostic.location.description)
    }

    /// `step 2 at 1 s: expected play pulse, actual silent cooldown`.
    private static func failureText(_ result: PolicyTestResult) -> String {
        if let failure = result.failures.first {
            return "step \(failure.step) at \(numberText(failure.event.t)) s: expected \(failure.expected), "
                + "actual \(failure.actual)"
        }
        return result.budgetProblem ?? "failed"
    }

    /// Every decision of the log, one per line.
    private static func replay(
        _ log: String, policy: Policy, context: CommandContext
    ) throws(InputError) -> [WatchSnapshot.LoggedOutcome] {
        let collector = DecisionCollector()
        var evaluator = EventLogEvaluator(policy: policy, format: collector)
        var out: [UInt8] = []
        // A `.jsonl.gz` log is read decompressed, as `eval` reads it.
        let events = try context.files.open(log)
        try events.forEachLogChunk { chunk in
            evaluator.consume(chunk, into: &out)
            return true
        }
        evaluator.finish(into: &out)
        return collector.decisions
    }
}

/// A decision format that keeps each decision as a `LoggedOutcome` instead of writing
/// bytes: the evaluator's one path from log lines to decisions, collected.
private final class DecisionCollector: DecisionFormat {
    var decisions: [WatchSnapshot.LoggedOutcome] = []

    func header(into out: inout [UInt8]) {}

    func write(_ entry: LoggedDecision, into out: inout [UInt8]) {
        decisions.append(
            WatchSnapshot.LoggedOutcome(
                line: entry.line, t: entry.t, event: entry.event,
                outcome: PolicyTestRunner.outcomeText(entry.outcome)))
    }
}
