/// A subcommand: its spec and the function that runs it.
///
/// Each command lives in `Commands/<Name>Command.swift` as an enum with its options
/// struct and a static `subcommand`, registered in `HapticPolicyTool.subcommands`:
///
/// ```swift
/// enum LintCommand {
///     struct Options: CommandOptions {
///         let format = Choice("format", valueName: "format", default: Format.text, help: "...")
///     }
///
///     static let subcommand = Subcommand(
///         name: "lint", abstract: "Check policies.", discussion: "...", options: Options.self,
///         positionals: [.init("policy", .oneOrMore, help: "Policy files, or - for stdin.")],
///         examples: ["haptic-policy lint Policies/plavo.yaml"]
///     ) { arguments, context throws(UsageError) in
///         switch arguments[\.format] { ... }  // results to context.stdout, diagnostics to context.stderr
///         return .success
///     }
/// }
/// ```
package struct Subcommand: Sendable {
    /// The declared interface.
    package var spec: CommandSpec
    /// Runs with parsed arguments; returns the exit code. Usage errors are thrown.
    package var run: @Sendable (ParsedArguments, CommandContext) throws(UsageError) -> ExitCode

    /// Creates a subcommand whose options (help, parser, and what `run` can read) are the
    /// properties of `options`, in declaration order.
    package init<Options: CommandOptions>(
        name: String, abstract: String, discussion: String, options: Options.Type,
        positionals: [CommandSpec.Positional] = [], examples: [String] = [],
        run: @escaping @Sendable (Arguments<Options>, CommandContext) throws(UsageError) -> ExitCode
    ) {
        self.spec = CommandSpec(
            name: name, abstract: abstract, discussion: discussion, options: Options.declarations,
            positionals: positionals, examples: examples)
        self.run = { parsed, context throws(UsageError) in try run(Arguments(parsed), context) }
    }
}
