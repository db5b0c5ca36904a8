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

    /// Creates a context.
    package init(
        stdout: Output, stderr: Output, standardInput: StandardInput,
        environment: [String: String]
    ) {
        self.stdout = stdout
        self.stderr = stderr
        self.standardInput = standardInput
        self.environment = environment
    }

    /// The process's real streams.
    package static func process() -> CommandContext {
        CommandContext(
            stdout: Output(handle: .standardOutput, isTerminal: Terminal.isTerminal(1)),
            stderr: Output(handle: .standardError, isTerminal: Terminal.isTerminal(2)),
            standardInput: .process(),
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

    /// Reads a file like `readInput`, printing `error: <what to do>` to stderr and
    /// returning nil when it cannot be read (the caller then exits 1).
    package func readInputReportingErrors(_ path: String) -> [UInt8]? {
        do throws(InputError) {
            return try readInput(path)
        } catch {
            stderr.line("error: \(error.message)")
            return nil
        }
    }

    /// Reads a whole file given on the command line, or stdin for `-`.
    /// Throws a message naming the path and what to do.
    package func readInput(_ path: String) throws(InputError) -> [UInt8] {
        if path == "-" { return standardInput.readAll() }
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

    /// Streams a file given on the command line, or stdin for `-`, in chunks of
    /// `chunkSize` bytes until its end or until `body` returns false. Memory does not
    /// grow with the input. Throws a message naming the path and what to do.
    package func streamInput(
        _ path: String, chunkSize: Int = 1 << 20, _ body: (UnsafeBufferPointer<UInt8>) -> Bool
    ) throws(InputError) {
        if path == "-" { return standardInput.forEachChunk(chunkSize: chunkSize, body) }
        let handle = try openFile(path)
        defer { try? handle.close() }
        while true {
            let data = handle.readData(ofLength: chunkSize)
            if data.isEmpty { return }
            let more = data.withUnsafeBytes { body($0.bindMemory(to: UInt8.self)) }
            if !more { return }
        }
    }

    /// Opens a file for reading, or throws a message naming the path and what to do.
    private func openFile(_ path: String) throws(InputError) -> FileHandle {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw InputError(message: "\(path): no such file; check the path")
        }
        guard !isDirectory.boolValue else {
            throw InputError(message: "\(path): is a directory; give a file")
        }
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw InputError(message: "\(path): cannot be read; check its permissions")
        }
        return handle
    }
}

/// A file that could not be read.
package struct InputError: Error, Sendable {
    /// `path: what happened; what to do`.
    package var message: String
}
