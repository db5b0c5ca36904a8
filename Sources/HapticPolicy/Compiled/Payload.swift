/// A number interval with open or closed ends (`when: {value: {at-least: 4.25, below: 6}}`,
/// or a declared payload's `min`/`max`). A missing end is unbounded. Encoded as the words
/// written in the policy: `{"at-least": 4.25, "below": 6}`.
package struct NumberRange: Sendable, Hashable, Codable {
    /// The lower bound, if any.
    package var lower: Double?
    /// Whether `lower` itself is in the range (`at-least`) or not (`above`).
    package var lowerInclusive: Bool
    /// The upper bound, if any.
    package var upper: Double?
    /// Whether `upper` itself is in the range (`at-most`) or not (`below`).
    package var upperInclusive: Bool

    /// Creates a range.
    package init(lower: Double?, lowerInclusive: Bool, upper: Double?, upperInclusive: Bool) {
        self.lower = lower
        self.lowerInclusive = lowerInclusive
        self.upper = upper
        self.upperInclusive = upperInclusive
    }

    /// Whether `number` is in the range; NaN never is.
    @inline(__always)
    package func contains(_ number: Double) -> Bool {
        if let lower {
            guard lowerInclusive ? number >= lower : number > lower else { return false }
        }
        if let upper {
            guard upperInclusive ? number <= upper : number < upper else { return false }
        }
        return !number.isNaN
    }

    /// The range as the policy writes it: `at-least 4.25, below 6`.
    package var text: String {
        var parts: [String] = []
        if let lower { parts.append((lowerInclusive ? "at-least " : "above ") + numberText(lower)) }
        if let upper { parts.append((upperInclusive ? "at-most " : "below ") + numberText(upper)) }
        return parts.isEmpty ? "any number" : parts.joined(separator: ", ")
    }

    private enum CodingKeys: String, CodingKey {
        case above
        case atLeast = "at-least"
        case below
        case atMost = "at-most"
    }

    /// Decodes `{"at-least": 1, "below": 2}`; at most one bound on each side.
    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let above = try container.decodeIfPresent(Double.self, forKey: .above)
        let atLeast = try container.decodeIfPresent(Double.self, forKey: .atLeast)
        let below = try container.decodeIfPresent(Double.self, forKey: .below)
        let atMost = try container.decodeIfPresent(Double.self, forKey: .atMost)
        guard above == nil || atLeast == nil, below == nil || atMost == nil else {
            throw DecodingError.dataCorrupted(
                .init(codingPath: decoder.codingPath, debugDescription: "a range has at most one bound on each side"))
        }
        self.init(
            lower: above ?? atLeast, lowerInclusive: atLeast != nil, upper: below ?? atMost,
            upperInclusive: atMost != nil)
    }

    /// Encodes the bounds under the words that say whether they are included.
    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        if let lower { try container.encode(lower, forKey: lowerInclusive ? .atLeast : .above) }
        if let upper { try container.encode(upper, forKey: upperInclusive ? .atMost : .below) }
    }
}

extension PolicyContent {
    /// What an event declares it carries (`value: {type: number, min: 100, max: 200}`,
    /// `params: {bpm: {type: number}}`): checked before any row decides it.
    package struct Payload: Sendable, Hashable, Codable {
        /// One declared field: the event's `value`, or one of its `params`.
        package struct Field: Sendable, Hashable, Codable {
            /// `value`, or the parameter's name.
            package var name: String
            /// The kind it must be (`type:`).
            package var kind: ValueKind
            /// The smallest number allowed (`min:`, inclusive), for numbers.
            package var min: Double?
            /// The largest number allowed (`max:`, inclusive), for numbers.
            package var max: Double?
            /// The strings allowed (`one-of:`), for strings.
            package var oneOf: [String]?
            /// Whether the event must carry it (`required:`, true unless written false).
            package var required: Bool
            /// Where the field is declared.
            package var location: SourcePosition

            /// Creates one.
            package init(
                name: String, kind: ValueKind, min: Double? = nil, max: Double? = nil, oneOf: [String]? = nil,
                required: Bool = true, location: SourcePosition
            ) {
                self.name = name
                self.kind = kind
                self.min = min
                self.max = max
                self.oneOf = oneOf
                self.required = required
                self.location = location
            }

            /// What a good value is, for notes: `a number from 100 to 200`, `one of confirmed, cancelled`.
            package var expectation: String {
                switch kind {
                case .bool: return "true or false"
                case .string:
                    if let oneOf { return "one of " + oneOf.joined(separator: ", ") }
                    return "text"
                case .number:
                    switch (min, max) {
                    case (let low?, let high?): return "a number from \(numberText(low)) to \(numberText(high))"
                    case (let low?, nil): return "a number of at least \(numberText(low))"
                    case (nil, let high?): return "a number of at most \(numberText(high))"
                    case (nil, nil): return "a finite number"
                    }
                }
            }

            /// Whether `value` is a good value for the field.
            package func accepts(_ value: ScalarValue) -> Bool {
                switch (kind, value) {
                case (.bool, .bool): return true
                case (.string, .string(let text)): return oneOf?.contains(text) ?? true
                case (.number, .number(let number)):
                    guard number.isFinite else { return false }
                    if let min, number < min { return false }
                    if let max, number > max { return false }
                    return true
                default: return false
                }
            }
        }

        /// The declared `value`, if its mapping form is used; nil for a v1 `value: number`
        /// (any value, optional) or none.
        package var value: Field?
        /// The declared `params`; nil when the event declares none (any are passed on).
        package var params: [Field]?
        /// The declared `data` fields; nil when the event declares none (then a log line's
        /// `data` is not checked, and the key is left out of the JSON so content hashes as before).
        package var data: [Field]?

        /// Creates one.
        package init(value: Field?, params: [Field]?, data: [Field]? = nil) {
            self.value = value
            self.params = params
            self.data = data
        }
    }
}

/// An event's declared payload ready for `Session.decide`: the first problem of an event
/// makes it silent `bad-value`, citing the declaration, before any row sees it.
package final class PayloadCheck: Sendable {
    /// `events/<name>` at the declaration.
    package let rule: Decision.Rule
    /// The event name.
    let event: String
    /// The declared value, if any.
    let value: PolicyContent.Payload.Field?
    /// The declared params; nil when any are allowed.
    let params: [PolicyContent.Payload.Field]?
    /// The declared data fields; nil when the event declares none (nothing checked).
    let data: [PolicyContent.Payload.Field]?

    /// Creates the check of one event's payload.
    package init(event: String, payload: PolicyContent.Payload, rule: Decision.Rule) {
        self.event = event
        self.rule = rule
        self.value = payload.value
        self.params = payload.params
        self.data = payload.data
    }

    /// What is wrong with the event's payload, as a note naming the declaration and the
    /// fix, or nil when it is what the declaration says: the value, then the params, then
    /// the data fields.
    package func problem(_ given: Event) -> String? {
        if let value {
            if let carried = given.value {
                if !value.accepts(carried) { return note(value, isValue: true, got: carried.description) }
            } else if value.required {
                return note(value, isValue: true, got: "no value")
            }
        }
        if let params, let problem = problem(given.params, declared: params, isData: false) { return problem }
        if let data, let problem = problem(given.data, declared: data, isData: true) { return problem }
        return nil
    }

    /// The first problem of the given params (or data fields) against their declaration.
    private func problem(
        _ given: [Event.Parameter], declared: [PolicyContent.Payload.Field], isData: Bool
    ) -> String? {
        for parameter in given {
            guard let field = declared.first(where: { $0.name == parameter.name }) else {
                let known = declared.map(\.name)
                let declares = known.isEmpty ? "none" : known.joined(separator: ", ")
                if isData {
                    return "'\(event)' has no data field '\(parameter.name)' (events.\(event).data declares "
                        + declares + "); remove it"
                }
                return "'\(event)' has no param '\(parameter.name)' (events.\(event) declares \(declares)); remove it"
            }
            guard let carried = parameter.value else { return note(field, isData: isData, got: "no value") }
            if !field.accepts(carried) { return note(field, isData: isData, got: carried.description) }
        }
        for field in declared where field.required && !given.contains(where: { $0.name == field.name }) {
            return note(field, isData: isData, got: "no value")
        }
        return nil
    }

    private func note(
        _ field: PolicyContent.Payload.Field, isValue: Bool = false, isData: Bool = false, got: String
    ) -> String {
        let what = isValue ? "'value'" : isData ? "data '\(field.name)'" : "param '\(field.name)'"
        let place =
            isValue ? "events.\(event)" : "events.\(event).\(isData ? "data" : "params").\(field.name)"
        return "'\(event)' needs \(what) to be \(field.expectation) (\(place)); got \(got)"
    }
}
