import Foundation
import HapticPolicy
import HapticPolicyCompiler
import Testing

@testable import HapticPolicyCLI

/// Options are typed values read through key paths into each command's `Options`: the
/// compiler refuses an undeclared, foreign or misspelt option, and the values parse with
/// the same usage errors and help text as when they were looked up by name.
@Suite struct TypedOptionsTests {
    /// A file that reads options right and wrong, type-checked against the built CLI module:
    /// errors on exactly the lines marked `// refused`, none on the others.
    static let reads = """
        @testable import HapticPolicyCLI
        import HapticPolicy

        func declared(_ eval: Arguments<EvalCommand.Options>, _ diff: Arguments<DiffCommand.Options>) throws(UsageError) {
            let _: EvalCommand.Format = eval[\\.format]
            let _: Bool = eval[\\.failFast]
            let _: DeviceState = try eval[\\.device]
            let _: Double = try diff[\\.chatterWindow]
            let _: [String: Double] = try Arguments<ExportCommand.Options>(ParsedArguments())[\\.param]
        }

        func misspelt(_ eval: Arguments<EvalCommand.Options>) {
            _ = eval[\\.formt]  // refused
        }

        func foreign(_ eval: Arguments<EvalCommand.Options>) throws(UsageError) {
            _ = try eval[\\DiffCommand.Options.chatterWindow]  // refused
        }

        func undeclared(_ eval: Arguments<EvalCommand.Options>) throws(UsageError) {
            _ = try eval[\\.chatterWindow]  // refused
        }

        func byName(_ eval: Arguments<EvalCommand.Options>) {
            _ = eval.value("format")  // refused
        }

        func byRawValues(_ eval: Arguments<EvalCommand.Options>) {
            _ = eval.parsed.values["format"]  // refused
        }

        func unparsed(_ diff: Arguments<DiffCommand.Options>) {
            let _: Double = diff[\\.chatterWindow]  // refused
        }

        """

    @Test func theCompilerRefusesUndeclaredForeignAndMisspeltOptions() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("typed-options-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("Reads.swift")
        try Data(Self.reads.utf8).write(to: file)

        let modules = builtToolURL().deletingLastPathComponent().appendingPathComponent("Modules")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "swiftc", "-typecheck", "-swift-version", "6", "-I", modules.path,
            "-I", packageRoot.appendingPathComponent("Sources/CYAML").path,
            "-I", packageRoot.appendingPathComponent("Sources/CZlib").path,
            "-module-cache-path", folder.appendingPathComponent("cache").path, file.path,
        ]
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let output = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()

        let lines = Self.reads.split(separator: "\n", omittingEmptySubsequences: false)
        let refused = Set(lines.indices.filter { lines[$0].hasSuffix("// refused") }.map { $0 + 1 })
        let failed = Set(output.matches(of: /Reads\.swift:(\d+):\d+: error:/).compactMap { Int($0.1) })
        #expect(refused.count == 6)
        #expect(process.terminationStatus != 0)
        #expect(failed == refused, "errors on lines \(failed.sorted()), expected \(refused.sorted()):\n\(output)")
    }

    /// `--help` of the tool and of every command is byte for byte what it was when options
    /// were declared by name (recorded from that build).
    @Test func helpIsUnchanged() throws {
        var text = "$ haptic-policy --help\n" + runInProcess(["--help"]).stdout
        for command in HapticPolicyTool.subcommands {
            text +=
                "$ haptic-policy \(command.spec.name) --help\n" + runInProcess([command.spec.name, "--help"]).stdout
        }
        try expectGolden(text, named: "help.txt")
    }

    @Test(arguments: HapticPolicyTool.subcommands.map(\.spec.name))
    func optionNamesAndLettersAreUnique(command: String) throws {
        let spec = try #require(HapticPolicyTool.subcommands.first { $0.spec.name == command }?.spec)
        let names = spec.options.map(\.name) + ["help"]
        let letters = spec.options.compactMap(\.short) + ["h"]
        #expect(Set(names).count == names.count, "\(names)")
        #expect(Set(letters).count == letters.count, "\(letters)")
    }

    static let plavo = "Policies/plavo.yaml"

    /// Each value that parses into a number or a setting refuses a bad one with the
    /// message it always had, before anything runs (exit 64, the usage line after it).
    @Test(arguments: [
        (
            ["diff", "--chatter-window", "abc", plavo, plavo, "x"],
            "--chatter-window must be a number of seconds above 0, got 'abc'"
        ),
        (
            ["diff", "--chatter-window", "0", plavo, plavo, "x"],
            "--chatter-window must be a number of seconds above 0, got '0'"
        ),
        (
            ["diff", "--chatter-window", "inf", plavo, plavo, "x"],
            "--chatter-window must be a number of seconds above 0, got 'inf'"
        ),
        (["test", "--min-coverage", "x"], "--min-coverage must be a percentage from 0 to 100, got 'x'"),
        (["test", "--min-coverage", "100.5"], "--min-coverage must be a percentage from 0 to 100, got '100.5'"),
        (["simulate", plavo, "-s", "drying", "--seed", "-1"], "--seed must be a whole number 0 or more, got '-1'"),
        (["simulate", plavo, "-s", "drying", "--seed", "1.5"], "--seed must be a whole number 0 or more, got '1.5'"),
        (
            ["simulate", plavo, "-s", "drying", "--duration", "0"],
            "--duration must be a number of seconds above 0 and at most 86400, got '0'"
        ),
        (
            ["simulate", plavo, "-s", "drying", "--duration", "86401"],
            "--duration must be a number of seconds above 0 and at most 86400, got '86401'"
        ),
        (
            ["simulate", plavo, "-s", "drying", "--duration", "nan"],
            "--duration must be a number of seconds above 0 and at most 86400, got 'nan'"
        ),
        (["simulate", plavo], "missing --scenario; give a name such as 'drying' (see --list)"),
        (
            ["eval", plavo, "x.jsonl", "--device", "volume=true"],
            "unknown device setting 'volume'; use supports-haptics, low-power or haptics-enabled"
        ),
        (
            ["eval", plavo, "x.jsonl", "--device", "low-power"],
            "'low-power' in --device needs the form name=true or name=false"
        ),
        (["export", plavo], "missing --out <dir>; say where to write the files"),
        (
            ["export", plavo, "--out", "x", "--param", "bpm"],
            "'--param bpm' needs the form name=value, for example --param bpm=90"
        ),
        (["export", plavo, "--out", "x", "--param", "bpm=fast"], "'fast' in '--param bpm=fast' is not a number"),
        (
            ["export", plavo, "--out", "x", "--param", "bpm=1", "--param", "bpm=2"],
            "--param bpm given twice; give it once"
        ),
        (["report", plavo, "--param", "bpm=fast"], "'fast' in '--param bpm=fast' is not a number"),
        (["compile", plavo], "missing '-o <bundle.json>'; say where to write the bundle (- for stdout)"),
    ])
    func badValuesAreUsageErrors(arguments: [String], message: String) throws {
        let spec = try #require(HapticPolicyTool.subcommands.first { $0.spec.name == arguments[0] }?.spec)
        let result = runInProcess(arguments)
        #expect(result.exitCode == 64)
        #expect(result.stderr == "error: \(message)\nusage: \(spec.usage)\n")
        #expect(result.stdout.isEmpty)
    }

    /// `--list` is read before `--seed`, as it always was: a bad seed does not stop it.
    @Test func optionsAreCheckedInTheOrderTheCommandReadsThem() {
        let result = runInProcess(["simulate", Self.plavo, "--seed", "x", "--list"])
        #expect(result.exitCode == 0, "\(result.stderr)")
        #expect(result.stdout.contains("drying\n"))
    }

    static func arguments<Options>(_ given: [String], for command: Subcommand, _: Options.Type) throws -> Arguments<
        Options
    > {
        Arguments(try #require(try ParsedArguments.parse(given, spec: command.spec)))
    }

    @Test func readsGiveTheDeclaredTypesAndDefaults() throws {
        let defaults = try Self.arguments(["a", "b", "c"], for: DiffCommand.subcommand, DiffCommand.Options.self)
        #expect(defaults[\.format] == .text)
        #expect(try defaults[\.chatterWindow] == 5)
        #expect(defaults.positionals == ["a", "b", "c"])
        let given = try Self.arguments(
            ["a", "b", "c", "--format", "json", "--chatter-window=2.5"], for: DiffCommand.subcommand,
            DiffCommand.Options.self)
        #expect(given[\.format] == .json)
        #expect(try given[\.chatterWindow] == 2.5)

        let export = try Self.arguments(
            ["p", "-o", "out", "--param", "bpm=90", "--param", "inhale=4"], for: ExportCommand.subcommand,
            ExportCommand.Options.self)
        #expect(try export[\.out] == "out")
        #expect(try export[\.param] == ["bpm": 90, "inhale": 4])
        #expect(export[\.to] == .all)
        #expect(export[\.to].exportTargets.count == 3)

        let report = try Self.arguments(["p"], for: ReportCommand.subcommand, ReportCommand.Options.self)
        #expect(try report[\.out] == "report.html")
        #expect(try report[\.events] == nil)
        #expect(try report[\.param] == [:])

        let simulate = try Self.arguments(
            ["p", "-s", "drying", "--list"], for: SimulateCommand.subcommand, SimulateCommand.Options.self)
        #expect(simulate[\.list])
        #expect(try simulate[\.scenario] == "drying")
        #expect(try simulate[\.seed] == 1)
        #expect(try simulate[\.duration] == nil)
        #expect(throws: UsageError("missing --scenario; give a name such as 'drying' (see --list)")) {
            try Self.arguments(["p"], for: SimulateCommand.subcommand, SimulateCommand.Options.self)[\.scenario]
        }
    }
}
