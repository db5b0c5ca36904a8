import HapticPolicy

/// The JSONL decision log: one object per input line, keys always in this order:
/// `line`, (`column` on invalid lines only), `t`, `event`, `screen`, `subject`, `action`,
/// `feedback`, `layer`, `render`, `fallback`, `reason`, `note`, `rule`, `directives`,
/// `band`, with `explain`: `at` (the rule's `file:line:column`) and `says` (the texts of
/// the invariants the rule is or cites), then always last `params` (a played template's
/// parameters, defaults filled in) and `loop` (the period of the loop the play starts),
/// and, for a row that did several things, `also`: its other actions in execution order.
/// See `Docs/event-log.md`.
public struct DecisionJSONWriter: DecisionFormat {
    /// The policy (for invariant texts).
    public let policy: Policy
    /// Whether to add `at` and `says`.
    public var explain: Bool
    private let scratch = JSONBytes()

    /// Creates a writer.
    public init(policy: Policy, explain: Bool = false) {
        self.policy = policy
        self.explain = explain
    }

    /// JSONL has no header.
    public func header(into out: inout [UInt8]) {}

    /// Appends one line.
    public func write(_ entry: LoggedDecision, into out: inout [UInt8]) {
        let d = entry.decision
        let action: StaticString
        let reason: String?
        if let problem = entry.problem {
            action = problem == .blankLine ? "\"silent\"" : "\"invalid\""
            reason = problem.rawValue
        } else {
            switch d.action {
            case .play: action = "\"play\""
            case .silent: action = "\"silent\""
            case .stop: action = "\"stop\""
            }
            reason = d.reason?.rawValue
        }
        let b = scratch
        b.raw("{\"line\":")
        b.integer(entry.line)
        if let column = entry.column {
            b.raw(",\"column\":")
            b.integer(column)
        }
        b.raw(",\"t\":")
        if let text = entry.tText {
            b.raw(text)
        } else if let t = entry.t {
            b.number(t)
        } else {
            b.raw("null")
        }
        b.raw(",\"event\":")
        if let text = entry.eventText { b.raw(text) } else { b.optional(entry.event) }
        b.raw(",\"screen\":")
        b.optional(d.screen)
        b.raw(",\"subject\":")
        if let text = entry.subjectText { b.raw(text) } else { b.optional(entry.subject) }
        b.raw(",\"action\":")
        b.raw(action)
        b.raw(",\"feedback\":")
        b.optional(d.feedback)
        b.raw(",\"layer\":")
        b.optional(d.layer?.rawValue)
        b.raw(",\"render\":")
        Self.writeRender(d.render, into: b)
        b.raw(d.fallback ? ",\"fallback\":true" : ",\"fallback\":false")
        b.raw(",\"reason\":")
        b.optional(reason)
        b.raw(",\"note\":")
        b.optional(entry.note)
        b.raw(",\"rule\":")
        b.optional(d.rule?.id)
        b.raw(",\"directives\":[")
        if d.directives.rawValue != 0 { Self.writeDirectives(d.directives, into: b) }
        b.raw("],\"band\":")
        if let band = d.band {
            b.raw("{\"name\":")
            b.string(band.band)
            b.raw(",\"from\":")
            b.optional(band.from)
            b.raw(",\"to\":")
            b.string(band.to)
            b.byte(UInt8(ascii: "}"))
        } else {
            b.raw("null")
        }
        if explain {
            b.raw(",\"at\":")
            if let rule = d.rule, rule.location != .unknown {
                b.string(rule.location.description)
            } else {
                b.raw("null")
            }
            b.raw(",\"says\":[")
            var first = true
            for id in Self.invariantIDs(of: d.rule, in: policy) {
                guard let text = policy.invariantText(id) else { continue }
                if !first { b.byte(UInt8(ascii: ",")) }
                first = false
                b.string(id + ": " + text)
            }
            b.byte(UInt8(ascii: "]"))
        }
        b.raw(",\"params\":")
        Self.writeParameters(d.parameters, into: b)
        b.raw(",\"loop\":")
        if let period = d.loopPeriod { b.number(period) } else { b.raw("null") }
        if !d.also.isEmpty {
            b.raw(",\"also\":[")
            for (index, step) in d.also.enumerated() {
                if index > 0 { b.byte(UInt8(ascii: ",")) }
                Self.writeStep(step, into: b)
            }
            b.byte(UInt8(ascii: "]"))
        }
        b.raw("}\n")
        b.move(into: &out)
    }

    /// One of a decision's other actions (`also`): `action`, `feedback`, `layer`,
    /// `render`, `fallback`, `reason`, `note`, `directives`, `params`, `loop`.
    private static func writeStep(_ d: Decision, into b: JSONBytes) {
        b.raw("{\"action\":")
        b.string(d.action.rawValue)
        b.raw(",\"feedback\":")
        b.optional(d.feedback)
        b.raw(",\"layer\":")
        b.optional(d.layer?.rawValue)
        b.raw(",\"render\":")
        Self.writeRender(d.render, into: b)
        b.raw(d.fallback ? ",\"fallback\":true" : ",\"fallback\":false")
        b.raw(",\"reason\":")
        b.optional(d.reason?.rawValue)
        b.raw(",\"note\":")
        b.optional(d.note)
        b.raw(",\"directives\":[")
        writeDirectives(d.directives, into: b)
        b.raw("],\"params\":")
        Self.writeParameters(d.parameters, into: b)
        b.raw(",\"loop\":")
        if let period = d.loopPeriod { b.number(period) } else { b.raw("null") }
        b.byte(UInt8(ascii: "}"))
    }

    /// `"impact.light"`, `"pattern:pulse"`, `"sequence:meet"` or `null`.
    private static func writeRender(_ render: Render?, into b: JSONBytes) {
        switch render {
        case .preset(let preset)?: b.string(preset.rawValue)
        case .pattern(let name)?: b.string(name, prefix: "pattern:")
        case .sequence(let name)?: b.string(name, prefix: "sequence:")
        case nil: b.raw("null")
        }
    }

    /// The template parameters as an object in declaration order, or `null`.
    private static func writeParameters(_ parameters: [Event.Parameter]?, into b: JSONBytes) {
        guard let parameters else { return b.raw("null") }
        b.byte(UInt8(ascii: "{"))
        for (index, parameter) in parameters.enumerated() {
            if index > 0 { b.byte(UInt8(ascii: ",")) }
            b.string(parameter.name)
            b.byte(UInt8(ascii: ":"))
            switch parameter.value {
            case .number(let number)?: b.number(number)
            case .bool(let flag)?: b.raw(flag ? "true" : "false")
            case .string(let text)?: b.string(text)
            case nil: b.raw("null")
            }
        }
        b.byte(UInt8(ascii: "}"))
    }

    /// The directives' names, comma-separated, in `Directive.allCases` order, from a table
    /// built from it (no array per line).
    private static func writeDirectives(_ directives: DirectiveSet, into b: JSONBytes) {
        var first = true
        for (bits, name) in directiveNames where directives.rawValue & bits != 0 {
            if !first { b.byte(UInt8(ascii: ",")) }
            first = false
            name.withUnsafeBufferPointer { b.raw($0) }
        }
    }

    /// Each directive's bit in `DirectiveSet` and its name as a JSON string, in canonical
    /// order: built from `Directive.allCases`, so a new directive is written without
    /// touching the writer.
    private static let directiveNames: [(bits: UInt8, json: [UInt8])] = Directive.allCases.map { directive in
        (DirectiveSet(directive).rawValue, Array("\"\(directive.rawValue)\"".utf8))
    }

    /// The invariant a rule is, or the invariants it cites.
    static func invariantIDs(of rule: Decision.Rule?, in policy: Policy) -> [String] {
        guard let rule else { return [] }
        if policy.invariantText(rule.id) != nil || policy.invariantLocation(rule.id) != nil { return [rule.id] }
        return rule.cites
    }
}
