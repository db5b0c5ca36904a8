import HapticPolicy
import HapticPolicyCompiler
import HapticPolicyFrontEnd

/// `haptic-policy table`: the per-screen "don't ring here" table for review.
enum TableCommand {
    /// The form of the table.
    enum Format: String, CaseIterable, Sendable {
        /// Markdown, aligned by display width.
        case md
        /// JSON, for tools.
        case json
    }

    /// The options `table` declares.
    struct Options: CommandOptions {
        let format = Choice("format", valueName: "format", default: Format.md, help: "Output format (default md).")
        let color = Choice<ColorMode>.color
    }

    static let subcommand = Subcommand(
        name: "table",
        abstract: "Print every screen × event with its decision, feedback, layer, reason and cited invariant.",
        discussion: """
            The table designers review: what plays where, what is silent and why. Markdown \
            (aligned by display width, so Japanese text lines up) or JSON for tools. Cells \
            taken from 'everywhere:' are marked; undecided pairs show as GAP. Then the band \
            sets: edges, hysteresis, and per level its values, the values that leave it and \
            what entering it plays. A policy with errors is refused (exit 1) with its diagnostics.
            """,
        options: Options.self,
        positionals: [.init("policy", help: "A policy file (YAML) or its compiled bundle, or - for stdin.")],
        examples: ["haptic-policy table Policies/plavo.yaml", "haptic-policy table --format json Policies/plavo.yaml"]
    ) { arguments, context throws(UsageError) in
        guard let input = PolicyFrontEnd.load(arguments.positionals[0], context: context) else { return .failure }
        let table = input.table
        switch arguments[\.format] {
        case .json:
            context.stdout.line(
                DecisionTableJSONReporter.render(table, policy: input.policy.name, file: input.policy.file))
        case .md:
            context.stdout.write(DecisionTableMarkdownReporter.render(table, policy: input.policy.name))
        }
        return .success
    }
}
