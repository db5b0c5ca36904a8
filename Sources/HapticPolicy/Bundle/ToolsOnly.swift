/// A member of the content that line 1 of a bundle leaves to the tools part
/// (`Docs/bundle-format.md`, "What each line holds"; `PolicyBundle.isToolsOnly` is the
/// rule): the explicit shape of line 1. Absent, it decodes as its default (a position as
/// unknown, a list as empty), so content decodes from line 1 alone; every member not
/// marked so must be written, and its absence is refused where it stands (a row's or a
/// band level's `location`, a rule's `at`). Notes and the description are optional already.
/// Written as the value itself: the wrapper adds nothing to the JSON.
@propertyWrapper
package struct ToolsOnly<Value: ToolsOnlyDefault>: Codable {
    /// The member's value.
    package var wrappedValue: Value

    /// Wraps a value.
    package init(wrappedValue: Value) {
        self.wrappedValue = wrappedValue
    }

    /// Decodes the value itself, at the member's own place.
    package init(from decoder: any Decoder) throws {
        wrappedValue = try Value(from: decoder)
    }

    /// Encodes the value itself.
    package func encode(to encoder: any Encoder) throws {
        try wrappedValue.encode(to: encoder)
    }
}

extension ToolsOnly: Sendable where Value: Sendable {}

extension ToolsOnly: Equatable where Value: Equatable {}

extension ToolsOnly: Hashable where Value: Hashable {}

/// A value that a member line 1 leaves out reads as.
package protocol ToolsOnlyDefault: Codable {
    /// The value when line 1 leaves the member out.
    static var absentFromLineOne: Self { get }
}

extension SourcePosition: ToolsOnlyDefault {
    /// Unknown: `[0, 0]`.
    package static var absentFromLineOne: SourcePosition { SourcePosition(line: 0, column: 0) }
}

extension Array: ToolsOnlyDefault where Element: Codable {
    /// None.
    package static var absentFromLineOne: [Element] { [] }
}

extension KeyedDecodingContainer {
    /// A `ToolsOnly` member: its default when absent. Synthesized decoding picks this for
    /// the marked members only (their type is `ToolsOnly<...>`).
    func decode<Value>(_ type: ToolsOnly<Value>.Type, forKey key: Key) throws -> ToolsOnly<Value> {
        try decodeIfPresent(type, forKey: key) ?? ToolsOnly(wrappedValue: .absentFromLineOne)
    }
}
