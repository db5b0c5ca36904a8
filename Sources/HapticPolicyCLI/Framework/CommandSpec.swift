/// The declared interface of a subcommand: its help text, options and positionals.
package struct CommandSpec: Sendable {
    /// One `--option`.
    package struct Option: Sendable {
        /// Long name without dashes (`format`).
        package var name: String
        /// Optional one-letter alias (`o` for `-o`).
        package var short: Character?
        /// Placeholder shown in help (`<format>`); nil for a flag that takes no value.
        package var valueName: String?
        /// Whether the option may be given more than once.
        package var repeats: Bool
        /// Allowed values, when the set is closed (checked before the command runs).
        package var choices: [String]?
        /// One-line help.
        package var help: String

        /// A flag (`--strict`).
        package static func flag(_ name: String, short: Character? = nil, help: String) -> Option {
            Option(name: name, short: short, valueName: nil, repeats: false, choices: nil, help: help)
        }

        /// An option with a value (`--format json`).
        package static func value(
            _ name: String, short: Character? = nil, valueName: String, choices: [String]? = nil,
            repeats: Bool = false, help: String
        ) -> Option {
            Option(name: name, short: short, valueName: valueName, repeats: repeats, choices: choices, help: help)
        }
    }

    /// One positional argument.
    package struct Positional: Sendable {
        /// How many values it takes.
        package enum Arity: Sendable {
            /// Exactly one.
            case one
            /// Zero or one.
            case optional
            /// One or more (must be last).
            case oneOrMore
            /// Zero or more (must be last).
            case zeroOrMore
        }

        /// Placeholder (`policy`).
        package var name: String
        /// How many.
        package var arity: Arity
        /// One-line help.
        package var help: String
        /// Allowed values, when the set is closed (checked before the command runs, and
        /// offered by shell completion); nil for a path or free text.
        package var choices: [String]?

        /// Creates a positional.
        package init(_ name: String, _ arity: Arity = .one, choices: [String]? = nil, help: String) {
            self.name = name
            self.arity = arity
            self.choices = choices
            self.help = help
        }
    }

    /// Kebab-case subcommand name (`import-ahap`).
    package var name: String
    /// One line: what the command does.
    package var abstract: String
    /// A paragraph or two: when to use it, what it prints, exit codes.
    package var discussion: String
    /// Options, in help order.
    package var options: [Option]
    /// Positionals, in order.
    package var positionals: [Positional]
    /// Example invocations shown in help.
    package var examples: [String]

    /// Creates a spec.
    package init(
        name: String, abstract: String, discussion: String, options: [Option] = [],
        positionals: [Positional] = [], examples: [String] = []
    ) {
        self.name = name
        self.abstract = abstract
        self.discussion = discussion
        self.options = options
        self.positionals = positionals
        self.examples = examples
    }

    /// `haptic-policy lint [options] <policy>...`.
    package var usage: String {
        var parts = ["haptic-policy", name]
        if !options.isEmpty { parts.append("[options]") }
        for positional in positionals {
            switch positional.arity {
            case .one: parts.append("<\(positional.name)>")
            case .optional: parts.append("[<\(positional.name)>]")
            case .oneOrMore: parts.append("<\(positional.name)>...")
            case .zeroOrMore: parts.append("[<\(positional.name)>...]")
            }
        }
        return parts.joined(separator: " ")
    }

    /// The options as help, completion and the man page list them: the declared ones and
    /// `-h, --help`, which every command takes.
    package var allOptions: [Option] {
        options + [.flag("help", short: "h", help: "Show help for this command.")]
    }

    /// The full `--help` text.
    package var helpText: String {
        var lines = ["OVERVIEW: \(abstract)", ""]
        if !discussion.isEmpty { lines += [discussion, ""] }
        lines += ["USAGE: \(usage)", ""]
        if !positionals.isEmpty {
            lines.append("ARGUMENTS:")
            let width = positionals.map { $0.name.count + 2 }.max() ?? 0
            for positional in positionals {
                var help = positional.help
                if let choices = positional.choices { help += " (\(choices.joined(separator: "|")))" }
                lines.append("  " + padded("<\(positional.name)>", to: width) + "  " + help)
            }
            lines.append("")
        }
        lines.append("OPTIONS:")
        let all = allOptions
        let labels = all.map { option -> String in
            var label = option.short.map { "-\($0), " } ?? ""
            label += "--\(option.name)"
            if let valueName = option.valueName { label += " <\(valueName)>" }
            return label
        }
        let width = labels.map(\.count).max() ?? 0
        for (option, label) in zip(all, labels) {
            var help = option.help
            if let choices = option.choices { help += " (\(choices.joined(separator: "|")))" }
            lines.append("  " + padded(label, to: width) + "  " + help)
        }
        if !examples.isEmpty {
            lines += ["", "EXAMPLES:"]
            lines += examples.map { "  \($0)" }
        }
        return lines.joined(separator: "\n")
    }
}

private func padded(_ text: String, to width: Int) -> String {
    text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
}
