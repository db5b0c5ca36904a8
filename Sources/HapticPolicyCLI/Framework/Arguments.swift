/// The arguments a command's `run` receives: its positionals, and its options read
/// through key paths into its `CommandOptions` struct.
///
/// ```swift
/// let format = arguments[\.format]        // Choice: the selection or its default
/// let strict = arguments[\.strict]        // Flag: whether it was given
/// let seed = try arguments[\.seed]        // Value: parsed, or a usage error
/// ```
///
/// There is no lookup by name: a key path into another command's options, or to a
/// property the struct does not have, does not compile.
package struct Arguments<Options: CommandOptions>: Sendable {
    /// Positional values in order (`-` kept as is: it means stdin).
    package let positionals: [String]
    private let parsed: ParsedArguments
    private let options = Options()

    /// Wraps arguments parsed against the spec built from `Options`.
    init(_ parsed: ParsedArguments) {
        self.parsed = parsed
        self.positionals = parsed.positionals
    }

    /// Whether the flag was given.
    package subscript(_ flag: KeyPath<Options, Flag>) -> Bool {
        parsed.flags.contains(options[keyPath: flag].declaration.name)
    }

    /// The value given for the choice, or its default.
    package subscript<Selection>(_ choice: KeyPath<Options, Choice<Selection>>) -> Selection {
        let declared = options[keyPath: choice]
        return declared.read(parsed.values[declared.declaration.name] ?? [])
    }

    /// The option's value, parsed; a value that does not parse throws its usage error.
    package subscript<Read>(_ value: KeyPath<Options, Value<Read>>) -> Read {
        get throws(UsageError) {
            let declared = options[keyPath: value]
            return try declared.read(parsed.values[declared.declaration.name] ?? [])
        }
    }
}
