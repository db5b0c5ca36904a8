extension PolicyContent {
    /// A row condition on one of the event's data fields (`when: {data: {direction: right}}`,
    /// `{data: {direction: {in: [left, u-turn]}}}`, `{data: {lanes: {at-least: 2}}}`): the
    /// same three forms as a condition on `value`. An event without the field never matches.
    package struct DataTest: Sendable, Hashable, Codable {
        /// The data field's name.
        package var field: String
        /// The value the field must equal (a literal), if any.
        package var value: ScalarValue?
        /// The range a number field must be in, if any.
        package var range: NumberRange?
        /// The values the field must be one of (`in:`), if any.
        package var oneOf: [ScalarValue]?

        /// Creates one.
        package init(field: String, value: ScalarValue? = nil, range: NumberRange? = nil, oneOf: [ScalarValue]? = nil) {
            self.field = field
            self.value = value
            self.range = range
            self.oneOf = oneOf
        }

        /// Whether the field's carried value (nil: not carried) passes.
        @inline(__always)
        package func matches(_ given: ScalarValue?) -> Bool {
            guard let given else { return false }
            if let value, given != value { return false }
            if let range {
                guard case .number(let number) = given, range.contains(number) else { return false }
            }
            if let oneOf, !oneOf.contains(given) { return false }
            return true
        }

        /// What makes the test unusable in a bundle, or nil.
        var inconsistency: String? {
            if field.isEmpty { return "a data condition names no field" }
            if value == nil, range == nil, oneOf == nil { return "the data condition on '\(field)' tests nothing" }
            return nil
        }
    }
}
