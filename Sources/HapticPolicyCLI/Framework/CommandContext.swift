import Foundation

/// What a running subcommand may touch: its outputs, stdin, the environment.
/// Tests build one that captures everything; `haptic-policy` builds the real one.
package struct CommandContext {
    /// Results.
    package var stdout: Output
    /// Diagnostics, summaries, progress.
    package var stderr: Output
    /// Standard input (for `-`), read in chunks.
    package var standardInput: StandardInput
    /// The process environment.
    package var environment: [String: String]
    /// Every file the command reads, which its outputs must not replace (`OutputFiles`).
    package let inputs = CommandInputs()
    /// `--color` as given (`auto` when not): whether `stdoutStyle` and `stderrStyle` colour.
    package var colorMode = ColorMode.auto
    /// Whether a progress bar may be drawn on stderr (`Terminal.drawsProgress`): stderr is
    /// a terminal and stdout is not that same terminal.
    package var drawsProgress: Bool

    /// Creates a context.
    package init(
        stdout: Output, stderr: Output, standardInput: StandardInput,
        environment: [String: String]
    ) {
        self.stdout = stdout
        self.stderr = stderr
        self.standardInput = standardInput
        self.environment = environment
        self.drawsProgress = stderr.isTerminal && !stdout.isTerminal
        // Standard output never writes onto a file the command reads.
        stdout.inputs = inputs
    }

    /// The process's real streams.
    package static func process() -> CommandContext {
        var context = CommandContext(
            stdout: Output(descriptor: 1, name: "stdout", isTerminal: Terminal.isTerminal(1)),
            stderr: Output(descriptor: 2, name: "stderr", isTerminal: Terminal.isTerminal(2)),
            standardInput: .process(),
            environment: ProcessInfo.processInfo.environment
        )
        context.drawsProgress = Terminal.drawsProgress()
        return context
    }

    /// Styling for stderr (diagnostics).
    package var stderrStyle: Style {
        Style(enabled: Terminal.wantsColor(isTerminal: stderr.isTerminal, environment: environment, mode: colorMode))
    }

    /// Styling for stdout (tables).
    package var stdoutStyle: Style {
        Style(enabled: Terminal.wantsColor(isTerminal: stdout.isTerminal, environment: environment, mode: colorMode))
    }
}
