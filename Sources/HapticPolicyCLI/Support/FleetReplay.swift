import Foundation
import HapticPolicy
import HapticPolicyCompiler
import HapticPolicyFrontEnd
import HapticPolicyReplay

/// `eval` over many logs: each log its own session, replayed on `--jobs` threads, its
/// decisions written in input order (with a `log` field, or a `== log ==` line before a
/// table), then one `FleetSummary` of all of them (text on stderr or JSON on stdout).
/// A log that cannot be read to its end (missing, unreadable, a corrupt or truncated
/// `.gz`) is reported by name, counted, and left out of the counts; the run goes on.
enum FleetReplay {
    /// How one log came out.
    struct Outcome: Sendable {
        /// Decision bytes (already tagged with the log), when not streamed.
        var bytes: [UInt8] = []
        /// The log's summary (a bad log's only names it).
        var summary: FleetSummary
        /// Why the log could not be read to its end.
        var error: String?
    }

    /// What a worker needs, all `Sendable`.
    struct Settings: Sendable {
        var policy: Policy
        var device: DeviceState
        var format: EvalCommand.Format
        var explain: Bool
        var failFast: Bool
        /// Whether each decision names its log (more than one log, or a directory or glob).
        var tagged: Bool
    }

    /// Replays the logs at `paths`; returns whether all of them were read and valid.
    static func run(
        paths: [String], settings: Settings, jobs: Int, summaryForm: EvalCommand.SummaryForm, quiet: Bool,
        strict: Bool, context: CommandContext
    ) -> ExitCode {
        var total = FleetSummary()
        let showsProgress = context.drawsProgress && paths.count > 1
        var progressShown = false
        func open(_ index: Int) -> Result<ChunkedInput, InputError> {
            do throws(InputError) {
                return .success(try context.files.open(paths[index]))
            } catch {
                return .failure(error)
            }
        }
        func emit(_ index: Int, _ outcome: Outcome) {
            if progressShown {
                context.stderr.write("\r\u{1B}[K")
                progressShown = false
            }
            context.stdout.write(bytes: outcome.bytes)
            let name = FrontEndFiles.displayName(paths[index])
            if let error = outcome.error {
                context.stderr.line(
                    "error: \(terminalText("\(error)")) (log \(index + 1) of \(paths.count), left out of the counts)")
            } else if outcome.summary.invalidLines > 0 {
                let count = outcome.summary.invalidLines
                context.stderr.line(
                    "warning: \(terminalText(name)): \(count) invalid \(count == 1 ? "line" : "lines"); "
                        + "see its 'invalid' decisions for line, column and message")
            }
            do throws(FleetSummary.Overflow) {
                try total.merge(outcome.summary)
            } catch {
                context.stderr.line("error: \(terminalText(name)): \(error.message) (left out of the counts)")
            }
            if showsProgress {
                context.stderr.write(
                    "[\(index + 1)/\(paths.count) logs] \(total.lines) lines, \(total.badLogs.count) bad")
                context.stderr.flush()
                progressShown = true
            }
        }
        if jobs <= 1 || paths.count == 1 {
            // One after another on this thread, each log's decisions streamed as they come:
            // one log (`--summary json` on a single file or `-`) has no other to wait for,
            // so its decisions never pile up in memory whatever `--jobs` says.
            for index in paths.indices {
                let outcome = replay(open(index), settings: settings) { bytes in
                    context.stdout.write(bytes: bytes)
                    bytes.removeAll(keepingCapacity: true)
                }
                emit(index, outcome)
            }
        } else {
            let copies = PolicyCopies(settings.policy, count: jobs)
            OrderedWork.run(
                count: paths.count, jobs: jobs, prepare: open,
                work: { opened in
                    copies.with { policy in
                        var own = settings
                        own.policy = policy
                        return replay(opened, settings: own, stream: nil)
                    }
                }, emit: emit)
        }
        if progressShown { context.stderr.write("\r\u{1B}[K") }
        context.stdout.flush()
        if context.stdout.hasFailed { return .failure }
        switch summaryForm {
        case .json:
            context.stdout.line(total.json)
            context.stdout.flush()
        case .text:
            if !quiet { context.stderr.line(total.text) }
        }
        var failed = false
        if !total.badLogs.isEmpty {
            context.stderr.line(
                "error: \(total.badLogs.count) of \(paths.count) logs could not be read to their end; see their names above"
            )
            failed = true
        }
        if total.invalidLines > 0 {
            context.stderr.line(
                "error: \(total.invalidLines) invalid \(total.invalidLines == 1 ? "line" : "lines") in "
                    + "\(total.sessionsWithInvalidLines) \(total.sessionsWithInvalidLines == 1 ? "log" : "logs"); "
                    + "see the 'invalid' decisions for line, column and message")
            failed = true
        }
        let mistakes = total.integration.values.reduce(0, +)
        if strict, mistakes > 0 {
            context.stderr.line(
                "error: \(mistakes) \(mistakes == 1 ? "event" : "events") the policy cannot use (--strict)")
            failed = true
        }
        return failed ? .failure : .success
    }

    /// Replays one opened log into its decisions and summary.
    static func replay(
        _ opened: Result<ChunkedInput, InputError>, settings: Settings, stream: ((inout [UInt8]) -> Void)?
    ) -> Outcome {
        let input: ChunkedInput
        switch opened {
        case .success(let file): input = file
        case .failure(let error):
            return Outcome(
                summary: FleetSummary(badLog: FrontEndFiles.displayName(error.path), message: reason(error)),
                error: error.message)
        }
        let name = FrontEndFiles.displayName(input.path)
        let format: any DecisionFormat =
            switch settings.format {
            case .jsonl: DecisionJSONWriter(policy: settings.policy, explain: settings.explain)
            case .table: DecisionTableWriter(policy: settings.policy, explain: settings.explain)
            case .none: NoDecisions()
            }
        var evaluator = EventLogEvaluator(
            policy: settings.policy, device: settings.device, format: format, failFast: settings.failFast)
        evaluator.budgetMeter = BudgetMeter(policy: settings.policy)
        evaluator.integrationMistakes = IntegrationMistakeTally()
        evaluator.fleet = FleetTally()
        let tag = settings.tagged ? LogTag(name: name, format: settings.format) : nil
        var bytes: [UInt8] = []
        var out: [UInt8] = []
        if let tag { tag.begin(into: &bytes) }
        evaluator.header(into: &out)
        func flush() {
            if let tag { tag.append(out, into: &bytes) } else { bytes.append(contentsOf: out) }
            out.removeAll(keepingCapacity: true)
            if let stream { stream(&bytes) }
        }
        do throws(InputError) {
            try input.forEachLogChunk { chunk in
                evaluator.consume(chunk, into: &out)
                flush()
                return !evaluator.stopped
            }
        } catch {
            flush()
            return Outcome(
                bytes: bytes, summary: FleetSummary(badLog: name, message: reason(error)), error: error.message)
        }
        evaluator.finish(into: &out)
        flush()
        let summary = FleetSummary(
            log: name, summary: evaluator.summary, tally: evaluator.fleet ?? FleetTally(),
            budget: evaluator.budgetMeter, mistakes: evaluator.integrationMistakes)
        return Outcome(bytes: bytes, summary: summary)
    }
}

/// The error's message without the file name it starts with (the summary names the log).
private func reason(_ error: InputError) -> String {
    let prefix = FrontEndFiles.displayName(error.path) + ": "
    return error.message.hasPrefix(prefix) ? String(error.message.dropFirst(prefix.count)) : error.message
}

/// `--format none`: no decisions, only the summary.
struct NoDecisions: DecisionFormat {
    func header(into out: inout [UInt8]) {}
    func write(_ entry: LoggedDecision, into out: inout [UInt8]) {}
}

/// Marks each decision with its log: a `"log"` field first in every JSONL line, or a
/// `== log ==` line before a table.
struct LogTag {
    let format: EvalCommand.Format
    private let field: [UInt8]
    private let heading: [UInt8]

    init(name: String, format: EvalCommand.Format) {
        self.format = format
        field = Array(("{\"log\":" + JSONString.quoted(name) + ",").utf8)
        heading = Array("== \(terminalText(name)) ==\n".utf8)
    }

    func begin(into bytes: inout [UInt8]) {
        if format == .table { bytes += heading }
    }

    /// Appends decision lines, each JSONL object opened with the log field.
    func append(_ lines: [UInt8], into bytes: inout [UInt8]) {
        guard format == .jsonl else {
            bytes += lines
            return
        }
        var start = 0
        while start < lines.count {
            let end = lines[start...].firstIndex(of: 0x0A).map { $0 + 1 } ?? lines.count
            if lines[start] == UInt8(ascii: "{") {
                bytes += field
                bytes += lines[(start + 1)..<end]
            } else {
                bytes += lines[start..<end]
            }
            start = end
        }
    }
}

/// One copy of the compiled policy per worker, each its own object graph (rebuilt from the
/// policy's content as a bundle stores it), lent to one replay at a time. Workers sharing
/// one `Policy` retain and release the same objects on every decision, and those atomic
/// counts bouncing between cores cost more than the second core gives.
final class PolicyCopies: @unchecked Sendable {
    // Guarded by `lock`.
    private let lock = NSLock()
    private var free: [Policy]
    private let original: Policy

    init(_ policy: Policy, count: Int) {
        original = policy
        free = (0..<count).map { _ in
            guard let (content, hash) = try? PolicyBundle.decode(PolicyBundle.encode(policy)), hash == policy.hash
            else { return policy }
            return Policy(content: content, file: policy.file, hash: hash)
        }
    }

    /// Runs `body` with a copy no other worker holds meanwhile.
    func with<Result>(_ body: (Policy) -> Result) -> Result {
        lock.lock()
        let policy = free.popLast() ?? original
        lock.unlock()
        defer {
            lock.lock()
            free.append(policy)
            lock.unlock()
        }
        return body(policy)
    }
}
