import Foundation
import HapticPolicyFrontEnd
import Testing

@testable import HapticPolicyCLI

/// A write that fails is an error, never a crash: the built tool, with its streams sent
/// to `/dev/full` (every write fails with ENOSPC) or to a pipe nobody reads while
/// SIGPIPE is ignored, says what it could not write and why and exits 1. (Before, any
/// failed write trapped in `FileHandle.write`: exit 132 and a crash backtrace.)
@Suite struct WriteFailureTests {
    /// One command line per command (and the tool's own `--help`, `--version`), each
    /// writing to stdout; `OUT` is a fresh folder for the files `export` and `report` write.
    static let stdoutCommands: [String] = [
        "--version",
        "--help",
        "help eval",
        "lint Policies/plavo.yaml --format json",
        "table Policies/plavo.yaml",
        "eval Policies/plavo.yaml Policies/logs/demo.jsonl",
        "eval Policies/plavo.yaml - --format table < Policies/logs/demo.jsonl",
        "test Policies/plavo.tests.yaml",
        "simulate Policies/plavo.yaml -s drying",
        "diff Policies/plavo.yaml Policies/plavo.yaml Policies/logs/demo.jsonl",
        "export Policies/breathing.yaml --out \"$OUT\"",
        "import-ahap Tests/HapticPolicyExportTests/Golden/ahap/pulse.ahap",
        "report Policies/plavo.yaml --out \"$OUT/report.html\"",
        "compile Policies/plavo.yaml -o -",
    ]

    @Test(arguments: stdoutCommands)
    func aFullDiskOnStdoutIsAnErrorNamingStdout(_ command: String) throws {
        let out = try temporaryFolder("full-stdout")
        defer { try? FileManager.default.removeItem(at: out) }
        let result = try runShell("\"$TOOL\" \(command) > /dev/full", environment: ["OUT": out.path])
        #expect(result.exitCode == 1, "\(command): \(result.stderr)")
        #expect(
            result.stderr.hasSuffix(
                "error: cannot write stdout: no space left on device; free some space or write somewhere else\n"),
            "\(command): \(result.stderr)")
        #expect(!result.stderr.contains("Fatal error"), "\(command): \(result.stderr)")
    }

    /// `eval` stops at the first failed write: no summary of a run that was cut short.
    @Test func evalStopsAtAFullStdoutWithoutASummary() throws {
        let result = try runShell("\"$TOOL\" eval Policies/plavo.yaml Policies/logs/demo.jsonl > /dev/full")
        #expect(
            result.stderr
                == "error: cannot write stdout: no space left on device; free some space or write somewhere else\n")
    }

    /// Commands that write to stderr (summaries, diagnostics), with stderr on a full disk:
    /// nothing can be reported, the exit code says it; no crash, no loop.
    static let stderrCommands: [(command: String, exitCode: Int32)] = [
        ("lint Policies/plavo.yaml", 1),
        ("lint Tests/HapticPolicyCLITests/Fixtures/broken.yaml", 1),
        ("eval Policies/plavo.yaml Policies/logs/demo.jsonl", 1),
        ("simulate Policies/plavo.yaml -s drying", 1),
        ("compile Policies/plavo.yaml -o \"$OUT/plavo.bundle.json\"", 1),
        ("compile Policies/plavo.yaml -o /dev/full", 1),
        ("no-such-command", 64),
    ]

    @Test(arguments: stderrCommands)
    func aFullDiskOnStderrEndsWithExit1(_ command: String, _ exitCode: Int32) throws {
        let out = try temporaryFolder("full-stderr")
        defer { try? FileManager.default.removeItem(at: out) }
        let result = try runShell(
            "\"$TOOL\" \(command) > /dev/null 2> /dev/full; echo \"exit $?\"", environment: ["OUT": out.path])
        #expect(result.stdout == "exit \(exitCode)\n", "\(command)")
    }

    /// Both streams full at once: still exit 1, still no crash.
    @Test func bothStreamsFull() throws {
        let result = try runShell(
            "\"$TOOL\" eval Policies/plavo.yaml Policies/logs/demo.jsonl > /dev/full 2> /dev/full; echo \"exit $?\"")
        #expect(result.stdout == "exit 1\n")
    }

    /// SIGPIPE ignored (process supervisors, some language runtimes): the reader of stdout
    /// went away, as `head` does once it has its lines. The tool stops writing and ends
    /// quietly with 1. The log is long enough that its decisions overflow the pipe's buffer.
    @Test(arguments: [
        "eval Policies/plavo.yaml Policies/logs/demo.jsonl",
        "eval Policies/plavo.yaml - --explain < Policies/logs/demo.jsonl",
        "simulate Policies/plavo.yaml -s drying --duration 3000",
    ])
    func aClosedPipeWithSIGPIPEIgnoredEndsQuietly(_ command: String) throws {
        let folder = try temporaryFolder("epipe")
        defer { try? FileManager.default.removeItem(at: folder) }
        let err = folder.appendingPathComponent("stderr").path
        let code = folder.appendingPathComponent("code").path
        // `true` exits at once, closing the read end of the pipe.
        _ = try runShell(
            "(trap '' PIPE; \"$TOOL\" \(command) 2> \(shellQuoted(err)); echo $? > \(shellQuoted(code))) | true; wait")
        #expect(try String(contentsOfFile: code, encoding: .utf8) == "1\n", "\(command)")
        #expect(try String(contentsOfFile: err, encoding: .utf8) == "", "\(command)")
    }

    /// In process: a failed write is kept, later writes are dropped, and `finish` turns
    /// it into exit 1 with the message on stderr (quiet for a closed pipe).
    @Test func finishReportsTheFirstFailedWrite() {
        for (error, message) in [
            (
                SystemError(ENOSPC),
                "error: cannot write stdout: no space left on device; free some space or write somewhere else\n"
            ),
            (SystemError(EIO), "error: cannot write stdout: input/output error; the device failed; check the disk\n"),
            (SystemError(EPIPE), ""),
        ] {
            let context = CommandContext(
                stdout: Output(failingWith: error, name: "stdout"),
                stderr: Output(capturingAsTerminal: false, name: "stderr"),
                standardInput: StandardInput(bytes: []), environment: [:])
            context.stdout.line("a decision")
            context.stdout.flush()
            #expect(context.stdout.failure == error)
            context.stdout.line("dropped")
            #expect(HapticPolicyTool.finish(.success, context: context) == .failure)
            #expect(context.stderr.capturedText == message)
            // A command's own failure code is kept.
            #expect(HapticPolicyTool.finish(.usage, context: context) == .usage)
        }
    }

    @Test func aWorkingRunKeepsItsExitCode() {
        let context = CommandContext(
            stdout: Output(capturingAsTerminal: false), stderr: Output(capturingAsTerminal: false, name: "stderr"),
            standardInput: StandardInput(bytes: []), environment: [:])
        context.stdout.line("fine")
        #expect(HapticPolicyTool.finish(.success, context: context) == .success)
        #expect(context.stdout.capturedText == "fine\n")
        #expect(context.stderr.capturedText == "")
    }
}
