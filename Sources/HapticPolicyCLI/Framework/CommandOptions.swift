/// The options of one command, declared as typed values: a struct whose stored
/// properties are `Flag`, `Choice` and `Value` declarations, in help order.
///
/// The command's help and parser are built from these properties, and its `run` reads
/// them through key paths into the struct (`arguments[\.format]`, see `Arguments`), so
/// an option it did not declare, another command's option, or a misspelt name does not
/// compile:
///
/// ```swift
/// struct Options: CommandOptions {
///     let format = Choice("format", valueName: "format", default: Format.text, help: "Output format (default text).")
///     let strict = Flag("strict", help: "Treat warnings as failures.")
/// }
/// ```
package protocol CommandOptions: Sendable {
    /// The declarations, each property at its declared value.
    init()
}

/// One declared option: what the parser and the help text need to know about it.
package protocol OptionDeclaration: Sendable {
    /// The option as the parser and `--help` see it.
    var declaration: CommandSpec.Option { get }
}

extension CommandOptions {
    /// Every option the struct declares, in declaration order.
    package static var declarations: [CommandSpec.Option] {
        Mirror(reflecting: Self()).children.map { child in
            guard let option = child.value as? any OptionDeclaration else {
                preconditionFailure("\(Self.self).\(child.label ?? "?") is not a Flag, Choice or Value")
            }
            return option.declaration
        }
    }
}

/// `--name` with no value: reads as whether it was given.
package struct Flag: OptionDeclaration {
    /// The option as the parser and `--help` see it.
    package let declaration: CommandSpec.Option

    /// Declares a flag.
    package init(_ name: String, short: Character? = nil, help: String) {
        declaration = .flag(name, short: short, help: help)
    }
}

/// `--name <value>` with a closed set of values: reads as the `Selection` given, or the
/// default. The parser refuses other values before the command runs (exit 64), and help
/// lists the cases in declaration order.
package struct Choice<Selection: RawRepresentable & CaseIterable & Sendable>: OptionDeclaration
where Selection.RawValue == String {
    /// The option as the parser and `--help` see it.
    package let declaration: CommandSpec.Option
    /// What reading gives when the option is not given.
    package let defaultValue: Selection

    /// Declares a choice among the cases of `Selection`.
    package init(_ name: String, short: Character? = nil, valueName: String, default: Selection, help: String) {
        declaration = .value(
            name, short: short, valueName: valueName, choices: Selection.allCases.map(\.rawValue), help: help)
        defaultValue = `default`
    }

    /// The selection for the values given (the parser kept only valid ones).
    func read(_ given: [String]) -> Selection {
        given.last.flatMap(Selection.init(rawValue:)) ?? defaultValue
    }
}

/// `--name <value>`, parsed into a `Read` when the command reads it. A value that does
/// not parse is a usage error (exit 64) thrown by the read, so a command checks its
/// options in the order it reads them.
package struct Value<Read: Sendable>: OptionDeclaration {
    /// The option as the parser and `--help` see it.
    package let declaration: CommandSpec.Option
    private let parseGiven: @Sendable ([String]) throws(UsageError) -> Read

    private init(
        declaration: CommandSpec.Option, read: @escaping @Sendable ([String]) throws(UsageError) -> Read
    ) {
        self.declaration = declaration
        self.parseGiven = read
    }

    /// Text, as given: reads as nil when the option is not given.
    package init(_ name: String, short: Character? = nil, valueName: String, help: String) where Read == String? {
        self.init(declaration: .value(name, short: short, valueName: valueName, help: help)) { $0.last }
    }

    /// Text, as given: reads as `default` when the option is not given.
    package init(_ name: String, short: Character? = nil, valueName: String, default: String, help: String)
    where Read == String {
        self.init(declaration: .value(name, short: short, valueName: valueName, help: help)) { $0.last ?? `default` }
    }

    /// Text that must be given: reading it when it was not throws `missing`.
    package init(_ name: String, short: Character? = nil, valueName: String, missing: String, help: String)
    where Read == String {
        self.init(declaration: .value(name, short: short, valueName: valueName, help: help)) {
            (given: [String]) throws(UsageError) -> String in
            guard let text = given.last else { throw UsageError(missing) }
            return text
        }
    }

    /// A value `parse` turns into a `Parsed` (or refuses with a usage error); reads as
    /// nil when the option is not given.
    package init<Parsed: Sendable>(
        _ name: String, short: Character? = nil, valueName: String, help: String,
        parse: @escaping @Sendable (String) throws(UsageError) -> Parsed
    ) where Read == Parsed? {
        self.init(declaration: .value(name, short: short, valueName: valueName, help: help)) {
            (given: [String]) throws(UsageError) -> Parsed? in
            guard let text = given.last else { return nil }
            return try parse(text)
        }
    }

    /// A value `parse` turns into a `Read` (or refuses with a usage error); reads as
    /// `default` when the option is not given.
    package init(
        _ name: String, short: Character? = nil, valueName: String, default: Read, help: String,
        parse: @escaping @Sendable (String) throws(UsageError) -> Read
    ) {
        self.init(declaration: .value(name, short: short, valueName: valueName, help: help)) {
            (given: [String]) throws(UsageError) -> Read in
            guard let text = given.last else { return `default` }
            return try parse(text)
        }
    }

    /// An option that may be given any number of times: `parse` turns every value given,
    /// in order (none when it is not given), into one `Read`.
    package init(
        repeating name: String, valueName: String, help: String,
        parse: @escaping @Sendable ([String]) throws(UsageError) -> Read
    ) {
        self.init(declaration: .value(name, valueName: valueName, repeats: true, help: help), read: parse)
    }

    /// Parses the values given for this option.
    func read(_ given: [String]) throws(UsageError) -> Read {
        try parseGiven(given)
    }
}

extension Choice where Selection == ColorMode {
    /// `--color auto|always|never`, declared alike by every command that colours its
    /// output (`HapticPolicyTool.run` sets `CommandContext.colorMode` from it).
    package static var color: Choice<ColorMode> {
        Choice(
            "color", valueName: "when", default: .auto,
            help: "Colour: auto (on a terminal, unless NO_COLOR is set non-empty), always or never (default auto).")
    }
}
