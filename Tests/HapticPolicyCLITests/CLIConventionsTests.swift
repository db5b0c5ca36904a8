import Foundation
import Testing

@testable import HapticPolicyCLI

/// `NO_COLOR` and `--color`: only a non-empty `NO_COLOR` turns colour off, and
/// `--color always|never` decides over the terminal and the environment.
@Suite struct ColorOptionTests {
    static let broken = "Tests/HapticPolicyCLITests/Fixtures/broken.yaml"
    static let escape = "\u{1B}["

    @Test func onlyANonEmptyNoColorTurnsColourOff() {
        #expect(Terminal.wantsColor(isTerminal: true, environment: [:]))
        #expect(Terminal.wantsColor(isTerminal: true, environment: ["NO_COLOR": ""]))
        #expect(!Terminal.wantsColor(isTerminal: true, environment: ["NO_COLOR": "1"]))
        #expect(!Terminal.wantsColor(isTerminal: true, environment: ["NO_COLOR": "0"]))
        #expect(!Terminal.wantsColor(isTerminal: true, environment: ["TERM": "dumb"]))
        #expect(!Terminal.wantsColor(isTerminal: false, environment: [:]))
    }

    @Test func alwaysAndNeverDecideOverTheTerminalAndTheEnvironment() {
        #expect(Terminal.wantsColor(isTerminal: false, environment: ["NO_COLOR": "1"], mode: .always))
        #expect(!Terminal.wantsColor(isTerminal: true, environment: [:], mode: .never))
    }

    /// Every command but `lsp` (which speaks a protocol) and the two that print scripts
    /// takes `--color` with the same three values.
    @Test(arguments: HapticPolicyTool.subcommands.map(\.spec.name))
    func everyCommandThatColoursTakesColor(command: String) throws {
        let spec = try #require(HapticPolicyTool.subcommands.first { $0.spec.name == command }?.spec)
        let color = spec.options.first { $0.name == "color" }
        if ["lsp", "completion", "man"].contains(command) {
            #expect(color == nil)
        } else {
            #expect(color?.choices == ["auto", "always", "never"], "\(command) has no --color auto|always|never")
        }
    }

    /// The built tool: its stderr is a pipe, so `auto` does not colour, `always` does
    /// even with `NO_COLOR=1`, and `never` does not.
    @Test func theBuiltToolColoursDiagnosticsOnlyWhenAsked() throws {
        let auto = try runBinary(["lint", Self.broken], environment: ["NO_COLOR": ""])
        #expect(auto.exitCode == 1)
        #expect(!auto.stderr.contains(Self.escape), "\(auto.stderr)")
        let always = try runBinary(["lint", Self.broken, "--color", "always"], environment: ["NO_COLOR": "1"])
        #expect(always.exitCode == 1)
        #expect(always.stderr.contains(Self.escape + "1m"), "\(always.stderr)")
        let never = try runBinary(["lint", Self.broken, "--color=never"])
        #expect(!never.stderr.contains(Self.escape))
        #expect(never.stderr == auto.stderr)
    }

    /// On a terminal (captured as one) an empty `NO_COLOR` keeps the colour, a set one
    /// removes it, `--color never` too; `test` colours its PASS and FAIL on stdout alike.
    @Test func onATerminalAnEmptyNoColorKeepsColour() {
        func run(_ arguments: [String], _ environment: [String: String]) -> (out: String, err: String) {
            let context = CommandContext(
                stdout: Output(capturingAsTerminal: true), stderr: Output(capturingAsTerminal: true, name: "stderr"),
                standardInput: StandardInput(chunks: []), environment: environment)
            _ = HapticPolicyTool.run(arguments, context: context)
            context.stdout.flush()
            context.stderr.flush()
            return (context.stdout.capturedText, context.stderr.capturedText)
        }
        #expect(run(["lint", Self.broken], ["NO_COLOR": ""]).err.contains(Self.escape))
        #expect(!run(["lint", Self.broken], ["NO_COLOR": "yes"]).err.contains(Self.escape))
        #expect(!run(["lint", Self.broken, "--color", "never"], [:]).err.contains(Self.escape))
        let verbose = ["test", "Policies/metronome.tests.yaml", "--verbose"]
        #expect(run(verbose, ["NO_COLOR": ""]).out.contains(Self.escape + "32mPASS"))
        #expect(!run(verbose + ["--color", "never"], [:]).out.contains(Self.escape))
    }
}

/// `codegen -o DIR/File.swift` makes the folders that are missing, as `export --out` does.
@Suite struct CodegenOutputFolderTests {
    @Test func missingFoldersAreCreated() throws {
        let root = try temporaryFolder("codegen-folder")
        defer { try? FileManager.default.removeItem(at: root) }
        let output = root.appendingPathComponent("Sources/App/PlavoPolicy.swift")
        let result = try runBinary(["codegen", "Policies/plavo.yaml", "-o", output.path])
        #expect(result.exitCode == 0, "\(result.stderr)")
        let written = try String(contentsOf: output, encoding: .utf8)
        #expect(written.contains("enum PlavoPolicy"))
    }

    /// A folder that cannot be made (a file is in the way) is a clear error, and nothing is written.
    @Test func aFileInTheWayIsAnError() throws {
        let root = try temporaryFolder("codegen-folder")
        defer { try? FileManager.default.removeItem(at: root) }
        try Data("x".utf8).write(to: root.appendingPathComponent("Sources"))
        let output = root.appendingPathComponent("Sources/App/PlavoPolicy.swift")
        let result = try runBinary(["codegen", "Policies/plavo.yaml", "-o", output.path])
        #expect(result.exitCode == 1)
        #expect(
            result.stderr.contains("error: cannot write \(root.path)/Sources/App: not a directory;"), "\(result.stderr)"
        )
        #expect(!FileManager.default.fileExists(atPath: output.path))
    }
}

/// eval's progress bar is drawn only when stderr is a terminal that stdout does not
/// write to: with both on one terminal it would overwrite the decisions. Run under a
/// pseudo-terminal (`Fixtures/pty-run.py`), as in a user's shell.
@Suite(.serialized) struct PtyProgressTests {
    static let script = packageRoot.appendingPathComponent("Tests/HapticPolicyCLITests/Fixtures/pty-run.py").path
    static let fleet = "Tests/HapticPolicyCLITests/Fixtures/fleet"

    /// What the terminal showed, with stdout as `mode` says.
    static func terminal(_ mode: String, _ arguments: [String]) throws -> String {
        let result = try runExternal(
            "python3", [script, mode, builtToolURL().path] + arguments, environment: ["NO_COLOR": "1"])
        return result.output
    }

    /// A log over the bar's 8 MiB threshold.
    static func largeLog() throws -> URL {
        let folder = try temporaryFolder("progress")
        let file = folder.appendingPathComponent("large.jsonl")
        var text = #"{"t":0,"event":"screen.enter","screen":"camera"}"# + "\n"
        var index = 1
        while text.utf8.count < 8 << 20 + 4096 {
            text += #"{"t":\#(index).5,"event":"button.tap","screen":"camera"}"# + "\n"
            index += 1
        }
        try Data(text.utf8).write(to: file)
        return file
    }

    @Test func oneLargeLogDrawsNoBarOverItsDecisionsOnTheSameTerminal() throws {
        let log = try Self.largeLog()
        defer { try? FileManager.default.removeItem(at: log.deletingLastPathComponent()) }
        let same = try Self.terminal("same", ["eval", "Policies/plavo.yaml", log.path])
        #expect(same.contains(#""event":"button.tap""#))
        #expect(!same.contains("% "), "a progress bar among the decisions")
        // On another terminal than stdout's (same isatty, another device), it is drawn.
        let other = try Self.terminal("other", ["eval", "Policies/plavo.yaml", log.path])
        #expect(other.contains("] 100% "), "\(other.suffix(300))")
        #expect(!other.contains(#""event""#))
    }

    @Test func severalLogsDrawTheirCountOnlyWhenStdoutGoesElsewhere() throws {
        let arguments = ["eval", "Policies/plavo.yaml", "\(Self.fleet)/a.jsonl", "\(Self.fleet)/b.jsonl.gz"]
        let same = try Self.terminal("same", arguments)
        #expect(same.contains(#""line":1"#))
        #expect(!same.contains("logs]"), "\(same)")
        let redirected = try Self.terminal("file", arguments)
        #expect(redirected.contains("[2/2 logs]"), "\(redirected)")
    }

    @Test func aCapturedContextDrawsOnlyWhenStderrIsATerminalAndStdoutIsNot() {
        func draws(stdout: Bool, stderr: Bool) -> Bool {
            CommandContext(
                stdout: Output(capturingAsTerminal: stdout), stderr: Output(capturingAsTerminal: stderr),
                standardInput: StandardInput(chunks: []), environment: [:]
            ).drawsProgress
        }
        #expect(draws(stdout: false, stderr: true))
        #expect(!draws(stdout: true, stderr: true))
        #expect(!draws(stdout: false, stderr: false))
    }
}
