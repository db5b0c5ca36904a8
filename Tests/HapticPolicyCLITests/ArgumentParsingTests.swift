import Testing

@testable import HapticPolicyCLI

@Suite struct ArgumentParsingTests {
    let spec = CommandSpec(
        name: "demo", abstract: "A demo.", discussion: "",
        options: [
            .value("format", valueName: "format", choices: ["text", "json"], help: "Output format."),
            .value("out", short: "o", valueName: "file", help: "Output file."),
            .value("param", valueName: "name=value", repeats: true, help: "A parameter."),
            .flag("strict", help: "Strict."),
        ],
        positionals: [.init("policy", .oneOrMore, help: "Policies.")]
    )

    @Test func parsesOptionsFlagsAndPositionals() throws {
        let parsed = try #require(
            try ParsedArguments.parse(
                [
                    "a.yaml", "--format=json", "-o", "x", "--strict", "--param", "a=1", "--param", "b=2", "-", "--",
                    "--odd",
                ],
                spec: spec))
        #expect(parsed.positionals == ["a.yaml", "-", "--odd"])
        #expect(parsed.values["format"] == ["json"])
        #expect(parsed.values["out"] == ["x"])
        #expect(parsed.values["param"] == ["a=1", "b=2"])
        #expect(parsed.flags == ["strict"])
    }

    @Test func helpReturnsNil() throws {
        #expect(try ParsedArguments.parse(["a", "--help"], spec: spec) == nil)
    }

    @Test(arguments: [
        (["a", "--formt", "json"], "unknown option '--formt'; did you mean '--format'?"),
        (["a", "--format", "xml"], "'xml' is not a valid value for '--format'; use one of: text, json"),
        (["a", "--format"], "option '--format' needs a value: --format <format>"),
        (["a", "--strict=yes"], "option '--strict' takes no value"),
        (["a", "--out", "x", "--out", "y"], "option '--out' given twice; give it once"),
        ([], "missing <policy>"),
    ])
    func rejectsBadUsage(arguments: [String], message: String) {
        #expect(throws: UsageError(message)) { try ParsedArguments.parse(arguments, spec: spec) }
    }

    @Test func unknownCommandSuggestsNearest() {
        let result = runInProcess(["lnt"])
        #expect(result.exitCode == 64)
        #expect(result.stderr == "error: unknown command 'lnt'; did you mean 'lint'?\n")
    }

    /// A misspelt top-level option is an option, not a command: the nearest option is named.
    @Test(arguments: [("--verison", "--version"), ("--hlep", "--help"), ("-version", "--version")])
    func unknownTopLevelOptionSuggestsNearest(given: String, near: String) {
        let result = runInProcess([given])
        #expect(result.exitCode == 64)
        #expect(result.stderr == "error: unknown option '\(given)'; did you mean '\(near)'?\n")
    }

    /// A usage error names the usage once: in the `usage:` line under the error, not also
    /// in the error's own text.
    @Test(arguments: [["lint"], ["eval", "a.yaml"], ["table", "a.yaml", "b.yaml"]])
    func usageErrorPrintsTheUsageOnce(arguments: [String]) throws {
        let result = runInProcess(arguments)
        #expect(result.exitCode == 64)
        #expect(result.stderr.components(separatedBy: "usage: haptic-policy").count == 2, "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 2, "\(result.stderr)")
    }

    @Test func versionPrints() throws {
        let result = try runBinary(["--version"])
        #expect(result.exitCode == 0)
        #expect(result.stdout == HapticPolicyTool.version + "\n")
    }

    @Test func noArgumentsIsUsageError() throws {
        let result = try runBinary([])
        #expect(result.exitCode == 64)
        #expect(result.stderr.contains("USAGE: haptic-policy <command>"))
    }
}
