import HapticPolicy

/// `haptic-policy table`: the per-screen "don't ring here" table for review.
enum TableCommand {
    static let subcommand = Subcommand(
        spec: CommandSpec(
            name: "table",
            abstract: "Print every screen × event with its decision, feedback, layer, reason and cited invariant.",
            discussion: """
                The table designers review: what plays where, what is silent and why. Markdown \
                (aligned by display width, so Japanese text lines up) or JSON for tools. Cells \
                taken from 'everywhere:' are marked; undecided pairs show as GAP. A policy with \
                errors is refused (exit 1) with its diagnostics.
                """,
            options: [
                .value("format", valueName: "format", choices: ["md", "json"], help: "Output format (default md)."),
            ],
            positionals: [.init("policy", help: "A policy file (YAML), or - for stdin.")],
            examples: ["haptic-policy table Policies/plavo.yaml", "haptic-policy table --format json Policies/plavo.yaml"]
        )
    ) { arguments, context throws(UsageError) in
        let path = arguments.positionals[0]
        guard let policy = PolicyChecker.loadUsable(path: path, context: context)?.policy else { return .failure }
        let table = DecisionTable(policy)
        switch arguments.value("format") ?? "md" {
        case "json":
            context.stdout.line(DecisionTableJSONReporter.render(table, policy: policy.name))
        default:
            context.stdout.write(DecisionTableMarkdownReporter.render(table, policy: policy.name))
        }
        return .success
    }
}
