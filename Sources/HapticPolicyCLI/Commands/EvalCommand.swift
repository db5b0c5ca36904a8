import Foundation
import HapticPolicy
import HapticPolicyCompiler
import HapticPolicyFrontEnd
import HapticPolicyReplay
import HapticPolicyYAML

/// `haptic-policy eval`: replays a JSONL event log through a policy and prints one
/// decision per input line (what rang, what stayed silent, and why).
enum EvalCommand {
    /// The form of the decisions on stdout.
    enum Format: String, CaseIterable, Sendable {
        /// One JSON object per line (the stable contract, Docs/event-log.md).
        case jsonl
        /// An aligned table for people.
        case table
        /// No decisions: only the summary (many logs, `--summary json`).
        case none
    }

    /// The form of the summary.
    enum SummaryForm: String, CaseIterable, Sendable {
        /// Lines for people, on stderr.
        case text
        /// One line of mergeable JSON (`FleetSummary`, Docs/fleet.md), last on stdout.
        case json
    }

    /// The options `eval` declares.
    struct Options: CommandOptions {
        let format = Choice(
            "format", valueName: "format", default: Format.jsonl, help: "Output format (default jsonl).")
        let explain = Flag("explain", help: "Add the rule's source location and the cited invariants' text.")
        let device = Value(
            "device", valueName: "settings", default: DeviceState(),
            help: "Initial device state: supports-haptics=BOOL,low-power=BOOL,haptics-enabled=BOOL.",
            parse: EvalCommand.parseDevice)
        let failFast = Flag("fail-fast", help: "Stop at the first invalid line.")
        let quiet = Flag("quiet", short: "q", help: "No summary on stderr.")
        let strict = Flag(
            "strict",
            help:
                "Fail (exit 1) on any integration mistake: an event or screen the policy does not declare, a value or parameters it cannot use."
        )
        let summary = Choice(
            "summary", valueName: "form", default: SummaryForm.text,
            help: "Summary form: text on stderr, or json (mergeable counts, Docs/fleet.md) last on stdout.")
        let jobs = Value(
            "jobs", short: "j", valueName: "n", default: EvalCommand.defaultJobs,
            help: "Logs replayed at once (default: the number of cores).", parse: EvalCommand.parseJobs)
        let reload = Value(
            repeating: "reload", valueName: "line=policy",
            help:
                "Before the event on log line LINE, continue under POLICY as PolicyStore.reload does (repeatable, lines ascending; one log only).",
            parse: EvalCommand.parseReloads)
        let color = Choice<ColorMode>.color
    }

    static let subcommand = Subcommand(
        name: "eval",
        abstract: "Replay a JSONL event log through a policy: one decision per line, with the reason and the rule.",
        discussion: """
            Reads one JSON event per line (t, event, screen, subject, value, speaks, params) and \
            writes exactly one decision per input line, in order, to stdout: JSONL (a stable \
            contract, see Docs/event-log.md) or an aligned table. A malformed line becomes an \
            'invalid' decision naming its line and column and the run goes on; exit 1 at the \
            end if any line was invalid (--fail-fast stops at the first). A summary (counts by \
            action, reason and screen, rings per minute) goes to stderr, with a progress bar \
            when stderr is a terminal that stdout does not write to. The log is streamed, from a \
            file or from stdin: memory does \
            not grow with its length, and when stdin is a pipe each chunk's decisions are flushed \
            as it arrives (a live session shows its decisions as they happen). The summary ends \
            with one line per integration mistake (an event or screen the policy does not \
            declare, with the nearest declared name; a value or parameters it cannot use); \
            --strict makes any of them fail the run.

            Several logs, directories (every *.jsonl and *.jsonl.gz under them) and quoted \
            globs are replayed each in its own session, --jobs at a time; decisions come out \
            in input order, each with a 'log' field, then one summary of all of them: the \
            distribution of rings per minute per screen and the worst sessions (text), or \
            counts that 'haptic-policy merge' adds up (--summary json, Docs/fleet.md). A log \
            that cannot be read to its end (missing, a corrupt or truncated .gz) is named, \
            counted and left out; the run goes on and exits 1.

            --reload LINE=POLICY (one log only) swaps in another policy before the event on \
            log line LINE is decided, as PolicyStore.reload does in an app: the session goes on \
            under it (device, foreground, engine, subjects, the screen, the ticker gesture, \
            loops, band levels by name, parameters still in range, the user level by name, \
            unchanged enforced budgets) and the decisions from that line on cite its rules. \
            A policy that fails to load is refused with its diagnostics on stderr and the last \
            good policy goes on deciding, as the store does; that alone does not fail the run.
            """,
        options: Options.self,
        positionals: [
            .init("policy", help: "A policy file (YAML) or its compiled bundle, or - for stdin."),
            .init(
                "events", .oneOrMore,
                help: "JSONL event logs (.jsonl or .jsonl.gz), directories of them or quoted globs, or - for stdin."),
        ],
        examples: [
            "haptic-policy eval Policies/plavo.yaml Policies/logs/demo.jsonl --format table",
            "haptic-policy eval Policies/plavo.yaml - --explain < session.jsonl",
            "haptic-policy eval Policies/plavo.yaml demo.jsonl --device low-power=true,supports-haptics=false",
            "haptic-policy eval plavo.bundle.json sessions/ --format none --summary json --jobs 2 > summary.json",
            "haptic-policy eval Policies/plavo.yaml Policies/logs/demo.jsonl --reload 40=plavo-edited.yaml",
        ]
    ) { arguments, context throws(UsageError) in
        let policyPath = arguments.positionals[0]
        let eventArguments = Array(arguments.positionals.dropFirst())
        if policyPath == "-", eventArguments.contains("-") {
            throw UsageError("the policy and the events cannot both come from stdin; give one of them as a file")
        }
        let device = try arguments[\.device]
        let jobs = try arguments[\.jobs]
        let paths = try EventLogFiles.expand(eventArguments) { context.stderr.line("warning: " + terminalText($0)) }
        // One log named as a file and a text summary: the single-session run below (with
        // `--format none` too, which leaves out its decisions). Anything else is a run over
        // many sessions.
        let single = paths == eventArguments && paths.count == 1
        let reloads = try arguments[\.reload]
        if !reloads.isEmpty {
            guard single else {
                throw UsageError(
                    "--reload replays one log, got \(paths.count) \(paths.count == 1 ? "log" : "logs") from \(eventArguments.joined(separator: " ")); give one log file or -"
                )
            }
            guard arguments[\.summary] == .text, arguments[\.format] != .none else {
                throw UsageError("--reload writes decisions: use it with --format jsonl or table and the text summary")
            }
            if policyPath == "-" || eventArguments == ["-"], reloads.contains(where: { $0.path == "-" }) {
                throw UsageError("a --reload policy cannot come from stdin as well; give it as a file")
            }
        }
        if !single || arguments[\.summary] == .json {
            guard let input = PolicyFrontEnd.load(policyPath, context: context) else { return .failure }
            let settings = FleetReplay.Settings(
                policy: input.policy, device: device, format: arguments[\.format], explain: arguments[\.explain],
                failFast: arguments[\.failFast], tagged: !single)
            return FleetReplay.run(
                paths: paths, settings: settings, jobs: jobs, summaryForm: arguments[\.summary],
                quiet: arguments[\.quiet], strict: arguments[\.strict], context: context)
        }
        let eventsPath = paths[0]
        guard let input = PolicyFrontEnd.load(policyPath, context: context) else { return .failure }
        let policy = input.policy
        let budgets = input.policy.content.budgets
        let events: ChunkedInput
        do throws(InputError) {
            events = try context.files.open(eventsPath)
        } catch {
            context.stderr.line("error: " + terminalText(error.message))
            return .failure
        }

        let explain = arguments[\.explain]
        let formatKind = arguments[\.format]
        func format(for policy: Policy) -> any DecisionFormat {
            switch formatKind {
            case .table: DecisionTableWriter(policy: policy, explain: explain)
            case .jsonl: DecisionJSONWriter(policy: policy, explain: explain)
            case .none: NoDecisions()
            }
        }
        var evaluator = EventLogEvaluator(
            policy: policy, device: device, format: format(for: policy), failFast: arguments[\.failFast])
        // Every reload policy is loaded before the replay; one that fails to load is
        // refused (its diagnostics above), and the policy before it goes on deciding.
        for reload in reloads {
            guard let next = PolicyFrontEnd.load(reload.path, context: context) else {
                context.stderr.line(
                    "warning: --reload \(reload.line)=\(terminalText(reload.path)) refused: it failed to load (above); the previous policy goes on deciding from line \(reload.line)"
                )
                continue
            }
            evaluator.scheduledReloads.append(
                .init(line: reload.line, policy: next.policy, format: format(for: next.policy)))
        }
        evaluator.budgetMeter = BudgetMeter(policy: input.policy)
        evaluator.integrationMistakes = IntegrationMistakeTally()
        var out: [UInt8] = []
        out.reserveCapacity(1 << 17)
        evaluator.header(into: &out)

        // Streamed chunk by chunk. From a pipe or a terminal on stdin (a live `simulate` or
        // device log) each chunk's decisions are flushed at once, so they appear as the
        // lines arrive; files and `< file` keep the buffered writes. A large file on a
        // terminal gets a progress bar, unless stdout writes to that terminal too.
        let total = events.size ?? 0
        var progress = ProgressBar(total: total, enabled: context.drawsProgress && total > 8 << 20)
        var read = 0
        do throws(InputError) {
            try events.forEachLogChunk { chunk in
                read += chunk.count
                evaluator.consume(chunk, into: &out)
                context.stdout.write(bytes: out)
                out.removeAll(keepingCapacity: true)
                if events.isLive { context.stdout.flush() }
                progress.update(done: read, lines: evaluator.lineCount, to: context.stderr)
                // Output that cannot be written (a full disk, a closed pipe) ends the run.
                return !evaluator.stopped && !context.stdout.hasFailed
            }
        } catch {
            progress.clear(context.stderr)
            context.stdout.flush()
            context.stderr.line("error: " + terminalText(error.message))
            return .failure
        }
        progress.clear(context.stderr)
        evaluator.finish(into: &out)
        context.stdout.write(bytes: out)
        context.stdout.flush()
        // Cut short: no summary of a partial run; `HapticPolicyTool.finish` says why.
        if context.stdout.hasFailed { return .failure }
        if !evaluator.scheduledReloads.isEmpty {
            let lines = evaluator.scheduledReloads.map { String($0.line) }.joined(separator: ", ")
            context.stderr.line(
                "warning: --reload at line \(lines) not applied: the log has \(evaluator.lineCount) \(evaluator.lineCount == 1 ? "line" : "lines")"
            )
        }

        let mistakes = evaluator.integrationMistakes ?? IntegrationMistakeTally()
        if !arguments[\.quiet] {
            context.stderr.line(evaluator.summary.text)
            context.stderr.line(budgetSection(evaluator.budgetMeter, declared: budgets.count))
            if !mistakes.lines.isEmpty {
                context.stderr.line(
                    ([
                        "integration: \(mistakes.total) \(mistakes.total == 1 ? "event" : "events") the policy cannot use"
                    ]
                        + mistakes.lines.map { "  " + terminalText($0) }).joined(separator: "\n"))
            }
        }
        if arguments[\.strict], mistakes.total > 0 {
            context.stderr.line(
                "error: \(mistakes.total) \(mistakes.total == 1 ? "event" : "events") the policy cannot use (--strict): "
                    + terminalText(mistakes.lines.first ?? "")
                    + (mistakes.lines.count > 1 ? " (and \(mistakes.lines.count - 1) more, above)" : ""))
            return .failure
        }
        if evaluator.invalidCount > 0 {
            let stop = evaluator.stopped ? " (stopped at the first: --fail-fast)" : ""
            context.stderr.line(
                "error: \(evaluator.invalidCount) invalid \(evaluator.invalidCount == 1 ? "line" : "lines")\(stop); see the 'invalid' decisions for line, column and message"
            )
            return .failure
        }
        return .success
    }

    /// The default of `--jobs`: the cores this process may use.
    static let defaultJobs = ProcessInfo.processInfo.activeProcessorCount

    /// Parses `--jobs N`: a whole number from 1 to 256.
    static func parseJobs(_ text: String) throws(UsageError) -> Int {
        guard let value = Int(text), (1...256).contains(value) else {
            throw UsageError("--jobs must be a whole number from 1 to 256, got '\(text)'")
        }
        return value
    }

    /// One `--reload LINE=POLICY`.
    struct Reload: Sendable, Equatable {
        /// The log line (from 1) whose event is the first decided under `path`.
        var line: Int
        /// The policy (YAML or bundle).
        var path: String
    }

    /// Parses every `--reload LINE=POLICY`: a line from 1, lines strictly ascending.
    static func parseReloads(_ given: [String]) throws(UsageError) -> [Reload] {
        var reloads: [Reload] = []
        for text in given {
            let parts = text.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard parts.count == 2, let line = Int(parts[0]), line >= 1, !parts[1].isEmpty else {
                throw UsageError("--reload needs LINE=POLICY with a line from 1, got '\(text)'")
            }
            if let last = reloads.last, line <= last.line {
                throw UsageError(
                    "--reload lines must ascend: '\(text)' comes after --reload \(last.line)=\(last.path); give them in log order, one per line"
                )
            }
            reloads.append(Reload(line: line, path: String(parts[1])))
        }
        return reloads
    }

    /// Parses `--device supports-haptics=false,low-power=true,haptics-enabled=false`.
    static func parseDevice(_ text: String) throws(UsageError) -> DeviceState {
        var device = DeviceState()
        guard !text.isEmpty else { return device }
        for item in text.split(separator: ",") {
            let parts = item.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            guard parts.count == 2, let value = ["true": true, "false": false][parts[1]] else {
                throw UsageError("'\(item)' in --device needs the form name=true or name=false")
            }
            switch parts[0] {
            case "supports-haptics": device.supportsHaptics = value
            case "low-power": device.lowPower = value
            case "haptics-enabled": device.hapticsEnabled = value
            default:
                throw UsageError(
                    "unknown device setting '\(parts[0])'; use supports-haptics, low-power or haptics-enabled")
            }
        }
        return device
    }

    /// The budget lines of the summary: every breach with its window, or that none broke.
    static func budgetSection(_ meter: BudgetMeter?, declared: Int) -> String {
        guard declared > 0, let meter else { return "budgets: none declared (lint warns HP501)" }
        let breaches = meter.breaches
        guard !breaches.isEmpty else { return "budgets: \(declared) checked, none broken" }
        let total = breaches.count + meter.breachesNotKept
        var lines =
            ["budgets: \(total) \(total == 1 ? "breach" : "breaches")"] + breaches.map { "  " + terminalText("\($0)") }
        if meter.breachesNotKept > 0 {
            lines.append(
                "  … and \(meter.breachesNotKept) more, not listed "
                    + "(the first \(BudgetMeter.breachLimit) to end are kept, and those still open)")
        }
        return lines.joined(separator: "\n")
    }
}

/// A one-line progress bar redrawn on stderr (only when `CommandContext.drawsProgress`:
/// stderr is a terminal that stdout does not write to).
struct ProgressBar {
    let total: Int
    let enabled: Bool
    private var lastPercent = -1

    init(total: Int, enabled: Bool) {
        self.total = total
        self.enabled = enabled
    }

    mutating func update(done: Int, lines: Int, to output: Output) {
        guard enabled, total > 0 else { return }
        let percent = min(100, done * 100 / total)
        guard percent != lastPercent else { return }
        lastPercent = percent
        let filled = percent * 30 / 100
        output.write(
            "\r[" + String(repeating: "#", count: filled) + String(repeating: " ", count: 30 - filled)
                + "] \(percent)% \(lines) lines")
        output.flush()
    }

    func clear(_ output: Output) {
        guard enabled, lastPercent >= 0 else { return }
        output.write("\r" + String(repeating: " ", count: 60) + "\r")
        output.flush()
    }
}
