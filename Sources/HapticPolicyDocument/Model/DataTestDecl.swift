import HapticPolicy

/// A row condition on one of the event's data fields (`when: {data: {direction: right}}`):
/// the same forms as a condition on `value` (a literal, a range, `in:`).
public struct DataTestDecl: Sendable, Hashable, Codable {
    /// The data field's name (the key), where it is written.
    public var name: Located<String>
    /// The value the field must equal (`direction: right`).
    public var value: Located<ScalarValue>?
    /// The range a number field must be in (`lanes: {at-least: 2}`).
    public var range: NumberRangeDecl?
    /// The values it must be one of (`direction: {in: [left, u-turn]}`).
    public var oneOf: [Located<ScalarValue>]?

    /// Creates a test.
    public init(
        name: Located<String>, value: Located<ScalarValue>? = nil, range: NumberRangeDecl? = nil,
        oneOf: [Located<ScalarValue>]? = nil
    ) {
        self.name = name
        self.value = value
        self.range = range
        self.oneOf = oneOf
    }

    /// Where the test's values are written (the literal, the range or the list), else the name.
    public var location: SourceLocation {
        value?.location ?? range?.location ?? oneOf?.first?.location ?? name.location
    }
}

extension DataTestDecl {
    /// What the test requires, the same text for tests written alike: `left`,
    /// `in [left, u-turn]`, `at-least 2`.
    public var requirementText: String {
        if let value { return value.value.description }
        if let oneOf { return "in [" + oneOf.map(\.value.description).joined(separator: ", ") + "]" }
        if let range { return range.range.text }
        return ""
    }
}
