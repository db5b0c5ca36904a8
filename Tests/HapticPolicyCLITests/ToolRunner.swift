import Foundation

@testable import HapticPolicyCLI

/// What one run of the tool printed and returned.
struct ToolResult {
    var stdout: String
    var stderr: String
    var exitCode: Int32
}

/// The package root, found from this file's path (tests run from anywhere).
let packageRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// Runs the tool in-process with captured streams.
func runInProcess(_ arguments: [String], stdin: String = "", environment: [String: String] = [:]) -> ToolResult {
    runInProcess(arguments, stdinChunks: [Array(stdin.utf8)], environment: environment)
}

/// Runs the tool in-process with stdin served from memory in the given chunks (one read
/// per chunk), so a test decides where the chunk boundaries fall.
func runInProcess(_ arguments: [String], stdinChunks: [[UInt8]], environment: [String: String] = [:]) -> ToolResult {
    let context = CommandContext(
        stdout: Output(capturingAsTerminal: false),
        stderr: Output(capturingAsTerminal: false),
        standardInput: StandardInput(chunks: stdinChunks),
        environment: environment
    )
    let code = HapticPolicyTool.run(arguments, context: context)
    context.stdout.flush()
    context.stderr.flush()
    return ToolResult(stdout: context.stdout.capturedText, stderr: context.stderr.capturedText, exitCode: code.rawValue)
}

/// The built `haptic-policy` binary next to the test bundle.
func builtToolURL() -> URL {
    // `HAPTIC_POLICY_TEST_TOOL` runs the end-to-end tests against another build (a
    // baseline's, to see a regression test fail there).
    if let tool = ProcessInfo.processInfo.environment["HAPTIC_POLICY_TEST_TOOL"], !tool.isEmpty {
        return URL(fileURLWithPath: tool)
    }
    var directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    // On macOS the test bundle is a directory: climb out of `X.xctest/Contents/MacOS`.
    while directory.pathExtension == "xctest" || directory.lastPathComponent == "MacOS"
        || directory.lastPathComponent == "Contents"
    {
        directory.deleteLastPathComponent()
    }
    return directory.appendingPathComponent("haptic-policy")
}

/// Runs the built binary as a separate process, from the package root.
func runBinary(_ arguments: [String], stdin: String? = nil, environment: [String: String] = [:]) throws -> ToolResult {
    try runBinary(arguments, stdinBytes: stdin.map { Array($0.utf8) }, environment: environment)
}

/// Runs the built binary (or `executable`) with raw bytes on stdin (for inputs that are
/// not UTF-8).
func runBinary(
    _ arguments: [String], stdinBytes: [UInt8]?, environment: [String: String] = [:], executable: URL? = nil
) throws -> ToolResult {
    let process = Process()
    process.executableURL = executable ?? builtToolURL()
    process.arguments = arguments
    process.currentDirectoryURL = packageRoot
    var env = ProcessInfo.processInfo.environment
    env["NO_COLOR"] = "1"
    for (key, value) in environment { env[key] = value }
    process.environment = env
    let out = Pipe()
    let err = Pipe()
    process.standardOutput = out
    process.standardError = err
    if let stdinBytes {
        let input = Pipe()
        process.standardInput = input
        try process.run()
        // Write from another thread: a large input must not block while the child
        // fills its own output pipes.
        // The tool may stop reading early (inputs over the size limit), so a broken pipe
        // is expected: ignore SIGPIPE and the write error.
        signal(SIGPIPE, SIG_IGN)
        let writer = input.fileHandleForWriting
        DispatchQueue.global().async {
            try? writer.write(contentsOf: Data(stdinBytes))
            try? writer.close()
        }
    } else {
        process.standardInput = FileHandle.nullDevice
        try process.run()
    }
    // Read both pipes concurrently so a large stderr cannot block the child.
    nonisolated(unsafe) var errData = Data()
    let group = DispatchGroup()
    group.enter()
    DispatchQueue.global().async {
        errData = err.fileHandleForReading.readDataToEndOfFile()
        group.leave()
    }
    let outData = out.fileHandleForReading.readDataToEndOfFile()
    group.wait()
    process.waitUntilExit()
    return ToolResult(
        stdout: String(decoding: outData, as: UTF8.self),
        stderr: String(decoding: errData, as: UTF8.self),
        exitCode: process.terminationStatus
    )
}

/// Runs `script` with `/bin/sh -c` from the package root, `$TOOL` naming the built binary,
/// so a test can give the tool what only a shell sets up: redirections to `/dev/full`,
/// `trap '' PIPE` (SIGPIPE ignored, inherited by the tool), `ulimit -f` and `ulimit -v`.
func runShell(_ script: String, environment: [String: String] = [:]) throws -> ToolResult {
    try runBinary(
        ["-c", script], stdinBytes: nil,
        environment: ["TOOL": builtToolURL().path].merging(environment) { $1 },
        executable: URL(fileURLWithPath: "/bin/sh"))
}

/// A fresh empty folder under the temporary directory.
func temporaryFolder(_ label: String) throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("hp-\(label)-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

/// Single quotes for a shell word.
func shellQuoted(_ text: String) -> String {
    "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
}
