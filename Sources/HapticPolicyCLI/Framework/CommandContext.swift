import Foundation

/// What a running subcommand may touch: its outputs, stdin, the environment.
/// Tests build one that captures everything; `haptic-policy` builds the real one.
package struct CommandContext {
    /// Results.
    package var stdout: Output
    /// Diagnostics, summaries, progress.
    package var stderr: Output
    /// Reads all of standard input (for `-`).
    package var readStandardInput: () -> [UInt8]
    /// The process environment.
    package var environment: [String: String]

    /// Creates a context.
    package init(
        stdout: Output, stderr: Output, readStandardInput: @escaping () -> [UInt8],
        environment: [String: String]
    ) {
        self.stdout = stdout
        self.stderr = stderr
        self.readStandardInput = readStandardInput
        self.environment = environment
    }

    /// The process's real streams.
    package static func process() -> CommandContext {
        CommandContext(
            stdout: Output(handle: .standardOutput, isTerminal: Terminal.isTerminal(1)),
            stderr: Output(handle: .standardError, isTerminal: Terminal.isTerminal(2)),
            readStandardInput: { [UInt8](FileHandle.standardInput.readDataToEndOfFile()) },
            environment: ProcessInfo.processInfo.environment
        )
    }

    /// Styling for stderr (diagnostics).
    package var stderrStyle: Style {
        Style(enabled: Terminal.wantsColor(isTerminal: stderr.isTerminal, environment: environment))
    }

    /// Styling for stdout (tables).
    package var stdoutStyle: Style {
        Style(enabled: Terminal.wantsColor(isTerminal: stdout.isTerminal, environment: environment))
    }

    /// Reads a file given on the command line, or stdin for `-`.
    /// Throws a message naming the path and what to do.
    package func readInput(_ path: String) throws(InputError) -> [UInt8] {
        if path == "-" { return readStandardInput() }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw InputError(message: "\(path): no such file; check the path")
        }
        guard !isDirectory.boolValue else {
            throw InputError(message: "\(path): is a directory; give a file")
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw InputError(message: "\(path): cannot be read; check its permissions")
        }
        return [UInt8](data)
    }
}

/// A file that could not be read.
package struct InputError: Error, Sendable {
    /// `path: what happened; what to do`.
    package var message: String
}
