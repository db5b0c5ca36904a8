import Foundation
import HapticPolicy
import HapticPolicyYAML

/// `haptic-policy eval`: replays a JSONL event log through a policy and prints one
/// decision per input line (what rang, what stayed silent, and why).
enum EvalCommand {
    static let subcommand = Subcommand(
        spec: CommandSpec(
            name: "eval",
            abstract: "Replay a JSONL event log through a policy: one decision per line, with the reason and the rule.",
            discussion: """
                Reads one JSON event per line (t, event, screen, subject, value, speaks, params) and \
                writes exactly one decision per input line, in order, to stdout: JSONL (a stable \
                contract, see Docs/event-log.md) or an aligned table. A malformed line becomes an \
                'invalid' decision naming its line and column and the run goes on; exit 1 at the \
                end if any line was invalid (--fail-fast stops at the first). A summary (counts by \
                action, reason and screen, rings per minute) goes to stderr, with a progress bar \
                when stderr is a terminal. The log is streamed, from a file or from stdin: memory does \
                not grow with its length, and when stdin is a pipe each chunk's decisions are flushed \
                as it arrives (a live session shows its decisions as they happen).
                """,
            options: [
                .value("format", valueName: "format", choices: ["jsonl", "table"], help: "Output format (default jsonl)."),
                .flag("explain", help: "Add the rule's source location and the cited invariants' text."),
                .value(
                    "device", valueName: "settings",
                    help: "Initial device state: supports-haptics=BOOL,low-power=BOOL,haptics-enabled=BOOL."),
                .flag("fail-fast", help: "Stop at the first invalid line."),
                .flag("quiet", short: "q", help: "No summary on stderr."),
            ],
            positionals: [
                .init("policy", help: "A policy file (YAML), or - for stdin."),
                .init("events", help: "A JSONL event log, or - for stdin."),
            ],
            examples: [
                "haptic-policy eval Policies/plavo.yaml Policies/logs/demo.jsonl --format table",
                "haptic-policy eval Policies/plavo.yaml - --explain < session.jsonl",
                "haptic-policy eval Policies/plavo.yaml demo.jsonl --device low-power=true,supports-haptics=false",
            ]
        )
    ) { arguments, context throws(UsageError) in
        let policyPath = arguments.positionals[0]
        let eventsPath = arguments.positionals[1]
        if policyPath == "-", eventsPath == "-" {
            throw UsageError("the policy and the events cannot both come from stdin; give one of them as a file")
        }
        let device = try parseDevice(arguments.value("device"))
        guard let policy = PolicyChecker.loadUsable(path: policyPath, context: context)?.policy else { return .failure }
        let budgets = policy.content.budgets

        let explain = arguments.flag("explain")
        let format: any DecisionFormat =
            arguments.value("format") == "table"
            ? DecisionTableWriter(policy: policy, explain: explain)
            : DecisionJSONWriter(policy: policy, explain: explain)
        var evaluator = EventLogEvaluator(
            policy: policy, device: device, format: format, failFast: arguments.flag("fail-fast"))
        evaluator.budgetMeter = BudgetMeter(policy: policy)
        var out: [UInt8] = []
        out.reserveCapacity(1 << 17)
        evaluator.header(into: &out)

        if eventsPath == "-" {
            // Streamed chunk by chunk, as `read(2)` returns them. From a pipe or a terminal
            // (a live `simulate` or device log) each chunk's decisions are flushed at once,
            // so they appear as the lines arrive; `< file` keeps the buffered writes.
            let live = context.standardInput.isLive
            context.standardInput.forEachChunk { chunk in
                evaluator.consume(chunk, into: &out)
                context.stdout.write(bytes: out)
                out.removeAll(keepingCapacity: true)
                if live { context.stdout.flush() }
                return !evaluator.stopped
            }
        } else {
            guard let handle = openEvents(eventsPath, context: context) else { return .failure }
            defer { try? handle.close() }
            let total = (try? FileManager.default.attributesOfItem(atPath: eventsPath)[.size] as? Int) ?? 0
            var progress = ProgressBar(total: total, enabled: context.stderr.isTerminal && total > 8 << 20)
            var read = 0
            while !evaluator.stopped {
                let data = handle.readData(ofLength: 1 << 20)
                if data.isEmpty { break }
                read += data.count
                data.withUnsafeBytes { raw in
                    evaluator.consume(raw.bindMemory(to: UInt8.self), into: &out)
                }
                context.stdout.write(bytes: out)
                out.removeAll(keepingCapacity: true)
                progress.update(done: read, lines: evaluator.lineCount, to: context.stderr)
            }
            progress.clear(context.stderr)
        }
        evaluator.finish(into: &out)
        context.stdout.write(bytes: out)
        context.stdout.flush()

        if !arguments.flag("quiet") {
            context.stderr.line(evaluator.summary.text)
            context.stderr.line(budgetSection(evaluator.budgetMeter, declared: budgets.count))
        }
        if evaluator.invalidCount > 0 {
            let stop = evaluator.stopped ? " (stopped at the first: --fail-fast)" : ""
            context.stderr.line(
                "error: \(evaluator.invalidCount) invalid \(evaluator.invalidCount == 1 ? "line" : "lines")\(stop); see the 'invalid' decisions for line, column and message")
            return .failure
        }
        return .success
    }

    /// Parses `--device supports-haptics=false,low-power=true,haptics-enabled=false`.
    static func parseDevice(_ text: String?) throws(UsageError) -> DeviceState {
        var device = DeviceState()
        guard let text, !text.isEmpty else { return device }
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
                throw UsageError("unknown device setting '\(parts[0])'; use supports-haptics, low-power or haptics-enabled")
            }
        }
        return device
    }

    /// The budget lines of the summary: every breach with its window, or that none broke.
    static func budgetSection(_ meter: BudgetMeter?, declared: Int) -> String {
        guard declared > 0, let meter else { return "budgets: none declared (lint warns HP501)" }
        let breaches = meter.breaches
        guard !breaches.isEmpty else { return "budgets: \(declared) checked, none broken" }
        return (["budgets: \(breaches.count) \(breaches.count == 1 ? "breach" : "breaches")"]
            + breaches.map { "  \($0)" }).joined(separator: "\n")
    }

    private static func openEvents(_ path: String, context: CommandContext) -> FileHandle? {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue,
              let handle = FileHandle(forReadingAtPath: path) else {
            context.stderr.line("error: \(path): cannot read the event log; check the path")
            return nil
        }
        return handle
    }
}

/// A one-line progress bar redrawn on stderr (only when stderr is a terminal).
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
        output.write("\r[" + String(repeating: "#", count: filled) + String(repeating: " ", count: 30 - filled) + "] \(percent)% \(lines) lines")
        output.flush()
    }

    func clear(_ output: Output) {
        guard enabled, lastPercent >= 0 else { return }
        output.write("\r" + String(repeating: " ", count: 60) + "\r")
        output.flush()
    }
}
