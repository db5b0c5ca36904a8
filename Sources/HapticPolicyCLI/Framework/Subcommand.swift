/// A subcommand: its spec and the function that runs it.
///
/// Each command lives in `Commands/<Name>Command.swift` as an enum with a static
/// `subcommand`, registered in `HapticPolicyTool.subcommands`:
///
/// ```swift
/// enum LintCommand {
///     static let subcommand = Subcommand(spec: CommandSpec(
///         name: "lint", abstract: "Check policies.", discussion: "...",
///         options: [.value("format", valueName: "format", choices: ["text", "json"], help: "...")],
///         positionals: [.init("policy", .oneOrMore, help: "Policy files, or - for stdin.")],
///         examples: ["haptic-policy lint Policies/plavo.yaml"]
///     )) { arguments, context throws(UsageError) in
///         // results to context.stdout, diagnostics to context.stderr
///         return .success
///     }
/// }
/// ```
package struct Subcommand: Sendable {
    /// The declared interface.
    package var spec: CommandSpec
    /// Runs with parsed arguments; returns the exit code. Usage errors are thrown.
    package var run: @Sendable (ParsedArguments, CommandContext) throws(UsageError) -> ExitCode

    /// Creates a subcommand.
    package init(
        spec: CommandSpec,
        run: @escaping @Sendable (ParsedArguments, CommandContext) throws(UsageError) -> ExitCode
    ) {
        self.spec = spec
        self.run = run
    }
}
