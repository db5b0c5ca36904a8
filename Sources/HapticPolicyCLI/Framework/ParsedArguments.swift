import HapticPolicy
import HapticPolicyCompiler

/// Arguments parsed against a `CommandSpec`, by option name. Commands never see this:
/// they read their options through `Arguments`, typed and checked by the compiler.
package struct ParsedArguments: Sendable, Equatable {
    /// Positional values in order (`-` kept as is: it means stdin).
    package var positionals: [String] = []
    /// Option values by long name, in the order given.
    package var values: [String: [String]] = [:]
    /// Flags given, by long name.
    package var flags: Set<String> = []

    /// Parses `arguments` (without the command name) against `spec`.
    ///
    /// Accepts `--name value`, `--name=value`, `-n value`, `--` to end options, and `-`
    /// as a positional. Returns nil when `--help`/`-h` was asked for.
    package static func parse(_ arguments: [String], spec: CommandSpec) throws(UsageError) -> ParsedArguments? {
        var result = ParsedArguments()
        var index = 0
        var optionsEnded = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if optionsEnded || argument == "-" || !argument.hasPrefix("-") {
                result.positionals.append(argument)
                continue
            }
            if argument == "--" {
                optionsEnded = true
                continue
            }
            if argument == "--help" || argument == "-h" { return nil }
            var name: String
            var inlineValue: String?
            let option: CommandSpec.Option
            if argument.hasPrefix("--") {
                name = String(argument.dropFirst(2))
                if let equals = name.firstIndex(of: "=") {
                    inlineValue = String(name[name.index(after: equals)...])
                    name = String(name[..<equals])
                }
                guard let found = spec.options.first(where: { $0.name == name }) else {
                    throw UsageError(unknownOption: "--\(name)", spec: spec)
                }
                option = found
            } else {
                let letters = Array(argument.dropFirst())
                guard letters.count == 1, let found = spec.options.first(where: { $0.short == letters[0] }) else {
                    throw UsageError(unknownOption: argument, spec: spec)
                }
                option = found
                name = option.name
            }
            if option.valueName == nil {
                if inlineValue != nil { throw UsageError("option '--\(name)' takes no value") }
                result.flags.insert(name)
                continue
            }
            let value: String
            if let inlineValue {
                value = inlineValue
            } else {
                guard index < arguments.count else {
                    throw UsageError("option '--\(name)' needs a value: --\(name) <\(option.valueName ?? "value")>")
                }
                value = arguments[index]
                index += 1
            }
            if let choices = option.choices, !choices.contains(value) {
                throw UsageError(
                    "'\(value)' is not a valid value for '--\(name)'; use one of: \(choices.joined(separator: ", "))")
            }
            if !option.repeats, result.values[name] != nil {
                throw UsageError("option '--\(name)' given twice; give it once")
            }
            result.values[name, default: []].append(value)
        }
        try result.checkPositionals(spec)
        return result
    }

    private func checkPositionals(_ spec: CommandSpec) throws(UsageError) {
        var minimum = 0
        var maximum: Int? = 0
        for positional in spec.positionals {
            switch positional.arity {
            case .one:
                minimum += 1
                maximum = maximum.map { $0 + 1 }
            case .optional:
                maximum = maximum.map { $0 + 1 }
            case .oneOrMore:
                minimum += 1
                maximum = nil
            case .zeroOrMore:
                maximum = nil
            }
        }
        if positionals.count < minimum {
            let missing = spec.positionals.filter { $0.arity == .one || $0.arity == .oneOrMore }
            let name = missing.count > positionals.count ? missing[positionals.count].name : "argument"
            throw UsageError("missing <\(name)>")
        }
        if let maximum, positionals.count > maximum {
            throw UsageError("unexpected argument '\(positionals[maximum])'")
        }
        // A closed set of values (`completion bash|zsh|fish`): only a single positional
        // or the last one may have one, so the values line up with the declarations.
        for (index, value) in positionals.enumerated() {
            let positional = spec.positionals[min(index, spec.positionals.count - 1)]
            if let choices = positional.choices, !choices.contains(value) {
                throw UsageError(
                    "'\(value)' is not a valid <\(positional.name)>; use one of: \(choices.joined(separator: ", "))")
            }
        }
    }
}

extension UsageError {
    init(unknownOption: String, spec: CommandSpec) {
        let names = spec.options.map(\.name) + ["help"]
        let bare = String(unknownOption.drop(while: { $0 == "-" }))
        if let near = suggestion(for: bare, among: names) {
            self.init("unknown option '\(unknownOption)'; did you mean '--\(near)'?")
        } else {
            self.init("unknown option '\(unknownOption)' for '\(spec.name)'; see 'haptic-policy \(spec.name) --help'")
        }
    }
}
