import HapticPolicy
import HapticPolicyCompiler
import HapticPolicyFrontEnd
import HapticPolicyReplay
import HapticPolicyYAML

/// `haptic-policy diff`: replays logs through two policies and lists what changed.
enum DiffCommand {
    /// The form of the report on stdout.
    enum Format: String, CaseIterable, Sendable {
        /// Lines for people.
        case text
        /// One object with keys in a fixed order, for tools.
        case json
    }

    /// The options `diff` declares.
    struct Options: CommandOptions {
        let format = Choice("format", valueName: "format", default: Format.text, help: "Output format (default text).")
        let chatterWindow = Value(
            "chatter-window", valueName: "seconds", default: 5.0,
            help: "Band changes closer than this are chatter (default 5).", parse: DiffCommand.parseWindow)
        let jobs = Value(
            "jobs", short: "j", valueName: "n", default: EvalCommand.defaultJobs,
            help: "Logs replayed at once (default: the number of cores).", parse: EvalCommand.parseJobs)
        let color = Choice<ColorMode>.color
    }

    static let subcommand = Subcommand(
        name: "diff",
        abstract: "Replay event logs through two policies and list the decisions that changed.",
        discussion: """
            Replays each JSONL log through the old and the new policy, each in its own stateful \
            session, and lists every event decided differently (what plays, what renders, why it is \
            silent, or the directives): time, screen, event, before → after and the rule on each \
            side. Before them, every feedback field that differs between the two policies \
            (a pattern event's intensity, a preset, a fallback: feedback, field, old -> new), \
            whether or not the logs play it, and every band set and budget field (an edge, a \
            hysteresis, a budget's max: band or budget, field, old -> new), whether or not the \
            logs cross it. Then per screen: rings per minute and band chatter (band-change rings closer than \
            --chatter-window seconds for one subject) before and after, and budget breaches. \
            Over several logs (directories of *.jsonl and *.jsonl.gz, quoted globs) it says \
            how many sessions changed and lists the ones with the most changes first; each log \
            is streamed and dropped before the next (--jobs logs at a time, folded in input order, \
            so the report is the same for any --jobs), and past 1,000 \
            changes are counted, not listed, so memory stays bounded. \
            Exit 0 when nothing changed, 1 when a decision, a feedback field or a band or \
            budget field did (or a log line cannot be read).
            """,
        options: Options.self,
        positionals: [
            .init("old", help: "The policy as it is (YAML or a compiled bundle)."),
            .init("new", help: "The changed policy (YAML or a compiled bundle)."),
            .init(
                "log", .oneOrMore,
                help: "JSONL event logs (.jsonl or .jsonl.gz), directories of them or quoted globs, or - for stdin."),
        ],
        examples: [
            "haptic-policy diff Policies/plavo.yaml plavo-next.yaml session.jsonl",
            "haptic-policy diff plavo.bundle.json plavo-next.bundle.json sessions/",
            "haptic-policy simulate Policies/plavo.yaml -s flaky-sensor | haptic-policy diff Policies/plavo.yaml plavo-next.yaml -",
        ]
    ) { arguments, context throws(UsageError) in
        let window = try arguments[\.chatterWindow]
        let logPaths = try EventLogFiles.expand(Array(arguments.positionals.dropFirst(2))) {
            context.stderr.line("warning: " + terminalText($0))
        }
        guard let old = PolicyFrontEnd.load(arguments.positionals[0], context: context),
            let new = PolicyFrontEnd.load(arguments.positionals[1], context: context)
        else { return .failure }
        // --jobs logs at a time: each is read, replayed through both policies and dropped
        // as soon as its diff is folded in (in input order, through a bounded reorder
        // buffer), so memory is that of the longest few logs, not of all of them.
        let (oldPolicy, newPolicy) = (old.policy, new.policy)
        var accumulator = PolicyDiff.Accumulator(old: oldPolicy, new: newPolicy, chatterWindow: window)
        var unreadable = 0
        var replayed = 0
        let jobs = try arguments[\.jobs]
        let (oldCopies, newCopies) = (PolicyCopies(oldPolicy, count: jobs), PolicyCopies(newPolicy, count: jobs))
        OrderedWork.run(
            count: logPaths.count, jobs: jobs,
            prepare: { index -> (name: String, input: Result<ChunkedInput, InputError>) in
                do throws(InputError) {
                    return (
                        FrontEndFiles.displayName(logPaths[index]), .success(try context.files.open(logPaths[index]))
                    )
                } catch {
                    return (FrontEndFiles.displayName(logPaths[index]), .failure(error))
                }
            },
            work: { opened -> Result<(problems: [Diagnostic], diff: PolicyDiff), InputError> in
                var reader = TimedEventLog.Reader(file: opened.name)
                do throws(InputError) {
                    try opened.input.get().forEachLogChunk { chunk in
                        reader.consume(chunk)
                        return true
                    }
                } catch {
                    return .failure(error)
                }
                let log = reader.finish()
                let diff = oldCopies.with { old in
                    newCopies.with { new in
                        PolicyDiff.Accumulator.replay(
                            log: opened.name, events: log.events, old: old, new: new, chatterWindow: window)
                    }
                }
                return .success((log.problems, diff))
            },
            emit: { _, outcome in
                switch outcome {
                case .failure(let error):
                    context.stderr.line("error: " + terminalText(error.message))
                    unreadable += 1
                case .success(let log):
                    DiagnosticPrinter.print(log.problems, sources: [:], context: context)
                    unreadable += log.problems.count
                    accumulator.add(log.diff)
                    replayed += 1
                }
            })
        guard replayed > 0 else { return .failure }
        let diff = accumulator.result
        switch arguments[\.format] {
        case .json:
            context.stdout.line(DiffReport.json(diff, old: old.name, new: new.name))
        case .text:
            DiffReport.text(diff, old: old.name, new: new.name, logCount: replayed, context: context)
        }
        return diff.changedCount == 0 && diff.feedbackChanges.isEmpty && diff.declarationChanges.isEmpty
            && unreadable == 0 ? .success : .failure
    }

    /// Parses `--chatter-window S`: seconds above 0.
    static func parseWindow(_ text: String) throws(UsageError) -> Double {
        guard let value = Double(text), value.isFinite, value > 0 else {
            throw UsageError("--chatter-window must be a number of seconds above 0, got '\(text)'")
        }
        return value
    }
}
