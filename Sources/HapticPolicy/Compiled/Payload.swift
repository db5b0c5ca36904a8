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
            @ToolsOnly package var location: SourcePosition

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
    /// the data fields. The note keeps where the problem is (and the value, or the event's
    /// list it is in) and is worded when read (`Decision.note`), so finding it allocates
    /// nothing.
    package func problem(_ given: Event) -> Decision.Note? {
        if let value {
            if let carried = given.value {
                if !value.accepts(carried) {
                    switch carried {
                    case .number(let number): return .badPayloadNumber(self, number)
                    case .string(let text): return .badPayloadText(self, text)
                    case .bool(let flag): return .badPayload(self, .init(flag ? .valueTrue : .valueFalse))
                    }
                }
            } else if value.required {
                return .badPayload(self, .init(.valueMissing))
            }
        }
        if let params, let problem = problem(given.params, declared: params, isData: false) {
            return .badPayload(self, problem)
        }
        if let data, let problem = problem(given.data, declared: data, isData: true) {
            return .badPayload(self, problem)
        }
        return nil
    }

    /// Where a payload check found the problem of an event, in figures
    /// (`Decision.Note.badPayload`): 13 bytes, so that the note stays within three words.
    package struct Problem: Sendable {
        /// What the problem is.
        enum Kind: UInt8, Sendable {
            /// The required `value` is missing.
            case valueMissing
            /// The value is `true`, or `false`, and the declaration wants another kind.
            case valueTrue, valueFalse
            /// `given[index]` (one of the event's params, or data fields) is not declared,
            /// has no value, or has a value the declaration does not accept.
            case param, data
            /// The required declared param (or data field) `index` is missing.
            case paramMissing, dataMissing
        }

        /// The event's params or data fields (`param`, `data`); empty otherwise.
        let given: [Event.Parameter]
        /// The index into `given`, or into the declared fields (`paramMissing`, `dataMissing`).
        let index: Int32
        /// What the problem is.
        let kind: Kind

        init(_ kind: Kind, given: [Event.Parameter] = [], index: Int = 0) {
            self.kind = kind
            self.given = given
            self.index = Int32(truncatingIfNeeded: index)
        }
    }

    /// The first problem of the given params (or data fields) against their declaration.
    private func problem(
        _ given: [Event.Parameter], declared: [PolicyContent.Payload.Field], isData: Bool
    ) -> Problem? {
        for (index, parameter) in given.enumerated() {
            guard let field = declared.first(where: { NameKey.same($0.name, parameter.name) }),
                let carried = parameter.value, field.accepts(carried)
            else { return Problem(isData ? .data : .param, given: given, index: index) }
        }
        for (index, field) in declared.enumerated()
        where field.required && !given.contains(where: { NameKey.same($0.name, field.name) }) {
            return Problem(isData ? .dataMissing : .paramMissing, index: index)
        }
        return nil
    }

    /// The note of `problem` (a `Decision.Note.badPayload`).
    func text(_ problem: Problem) -> String {
        switch problem.kind {
        case .valueMissing: return valueNote(got: "no value")
        case .valueTrue: return valueNote(got: ScalarValue.bool(true).description)
        case .valueFalse: return valueNote(got: ScalarValue.bool(false).description)
        case .param, .data:
            let isData = problem.kind == .data
            let declared = (isData ? data : params) ?? []
            let parameter = problem.given[Int(problem.index)]
            guard let field = declared.first(where: { NameKey.same($0.name, parameter.name) }) else {
                let known = declared.map(\.name)
                let declares = known.isEmpty ? "none" : known.joined(separator: ", ")
                if isData {
                    return "'\(event)' has no data field '\(parameter.name)' (events.\(event).data declares "
                        + declares + "); remove it"
                }
                return "'\(event)' has no param '\(parameter.name)' (events.\(event) declares \(declares)); remove it"
            }
            return note(field, isData: isData, got: parameter.value?.description ?? "no value")
        case .paramMissing, .dataMissing:
            let isData = problem.kind == .dataMissing
            let declared = (isData ? data : params) ?? []
            return note(declared[Int(problem.index)], isData: isData, got: "no value")
        }
    }

    /// The note of a `value` the declaration does not accept (or a missing one): `got` is
    /// what the event carried.
    func valueNote(got: String) -> String {
        // `problem` finds a value problem only when the event declares its value.
        guard let value else { return "'\(event)' carries \(got)" }
        return note(value, isValue: true, got: got)
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
