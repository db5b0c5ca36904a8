import HapticPolicy
import HapticPolicyCompiler
import HapticPolicyFrontEnd

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The `haptic-policy` command line: dispatches to one subcommand per file in `Commands/`.
public enum HapticPolicyTool {
    /// The tool's version, printed by `--version`.
    public static let version = "0.1.0"

    /// Every subcommand, in help order.
    package static let subcommands: [Subcommand] = [
        LintCommand.subcommand,
        TableCommand.subcommand,
        EvalCommand.subcommand,
        TestCommand.subcommand,
        WatchCommand.subcommand,
        SimulateCommand.subcommand,
        DiffCommand.subcommand,
        MergeCommand.subcommand,
        ExportCommand.subcommand,
        ImportCommand.subcommand,
        ImportCommand.ahapAlias,
        ReportCommand.subcommand,
        CompileCommand.subcommand,
        CodegenCommand.subcommand,
        LSPCommand.subcommand,
        CompletionCommand.subcommand,
        ManCommand.subcommand,
    ]

    /// Runs the tool with the process's streams; returns the exit code.
    public static func main(_ arguments: [String]) -> Int32 {
        let context = CommandContext.process()
        return finish(run(arguments, context: context), context: context).rawValue
    }

    /// Flushes both streams and turns a failed write into the exit code, for every
    /// command alike. When standard output could not be written, `error: cannot write
    /// stdout: <the system's reason>; <what to do>` goes to stderr and the exit code is 1;
    /// a closed pipe (`EPIPE`, when SIGPIPE is ignored: the reader such as `head` has all
    /// it wanted) ends quietly with 1. A failed write to stderr cannot be reported
    /// anywhere; the exit code 1 says it. Standard output going to a file the command
    /// read (`>> p.yaml`, `>> included.yaml`) is never written (`Output.inputs`): that is
    /// refused by name, whether or not there was output, with exit code 64. A command's
    /// own failure code (1, 64) is kept.
    package static func finish(_ code: ExitCode, context: CommandContext) -> ExitCode {
        context.stdout.flush()
        if let failure = context.stdout.failure, failure.code != EPIPE {
            context.stderr.line("error: \(writeFailureMessage(context.stdout.name, failure))")
        }
        let overwritten = context.stdout.overwrittenInput ?? context.stdout.inputWrittenOnto()
        if let input = overwritten {
            context.stderr.line(
                "error: "
                    + terminalText(
                        "standard output goes to \(FrontEndFiles.displayName(input)), an input of this command; writing it "
                            + "would destroy the input, so nothing was written to it; send the output to another file"))
        }
        context.stderr.flush()
        if overwritten != nil, code == .success { return .usage }
        let failed = context.stdout.hasFailed || context.stderr.hasFailed
        return failed && code == .success ? .failure : code
    }

    /// `cannot write <what>: <reason>; <what to do>`, for a stream or a file.
    package static func writeFailureMessage(_ what: String, _ failure: SystemError) -> String {
        "cannot write \(what): \(failure); \(failure.writeAdvice)"
    }

    /// Runs the tool with the given arguments (without the program name) and context.
    package static func run(_ arguments: [String], context: CommandContext) -> ExitCode {
        guard let first = arguments.first else {
            context.stderr.line(overview)
            return .usage
        }
        switch first {
        case "--help", "-h", "help":
            if first == "help", arguments.count > 1,
                let command = subcommands.first(where: { $0.spec.name == arguments[1] })
            {
                context.stdout.line(command.spec.helpText)
            } else {
                context.stdout.line(overview)
            }
            return .success
        case "--version":
            context.stdout.line(version)
            return .success
        default:
            break
        }
        if first.hasPrefix("-") {
            // A misspelt top-level option (`--verison`), not a command: name the nearest option.
            let bare = String(first.drop(while: { $0 == "-" }))
            var message = "error: unknown option '\(first)'"
            let options = ["version", "help"]
            if let near = options.contains(bare) ? bare : suggestion(for: bare, among: options) {
                message += "; did you mean '--\(near)'?"
            } else {
                message += "; options: --version, --help"
            }
            context.stderr.line(terminalText(message))
            return .usage
        }
        guard let command = subcommands.first(where: { $0.spec.name == first }) else {
            let names = subcommands.map(\.spec.name)
            var message = "error: unknown command '\(first)'"
            if let near = suggestion(for: first, among: names) {
                message += "; did you mean '\(near)'?"
            } else {
                message += "; commands: \(names.joined(separator: ", "))"
            }
            context.stderr.line(terminalText(message))
            return .usage
        }
        do {
            guard let parsed = try ParsedArguments.parse(Array(arguments.dropFirst()), spec: command.spec) else {
                context.stdout.line(command.spec.helpText)
                return .success
            }
            // `--color`, which every command that colours declares, styles both streams.
            var context = context
            if let mode = parsed.values["color"]?.last.flatMap(ColorMode.init(rawValue:)) {
                context.colorMode = mode
            }
            return try command.run(parsed, context)
        } catch {
            context.stderr.line("error: " + terminalText(error.message))
            context.stderr.line("usage: \(command.spec.usage)")
            return .usage
        }
    }

    /// The top-level help.
    package static var overview: String {
        let width = subcommands.map(\.spec.name.count).max() ?? 0
        var lines = [
            "OVERVIEW: haptic-policy \(version): lint, evaluate, test and export haptic feedback policies.",
            "",
            "USAGE: haptic-policy <command> [options] [arguments]",
            "",
            "COMMANDS:",
        ]
        for command in subcommands {
            let name = command.spec.name
            lines.append("  " + name + String(repeating: " ", count: width - name.count) + "  " + command.spec.abstract)
        }
        lines += [
            "",
            "OPTIONS:",
            "  --version  Print the version.",
            "  --help     Show this help; 'haptic-policy <command> --help' for a command.",
            "",
            "EXIT CODES: 0 success, 1 findings or failures, 64 usage error.",
        ]
        return lines.joined(separator: "\n")
    }
}
