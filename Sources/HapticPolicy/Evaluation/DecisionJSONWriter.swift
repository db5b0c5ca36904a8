/// The JSONL decision log: one object per input line, keys always in this order:
/// `line`, (`column` on invalid lines only), `t`, `event`, `screen`, `subject`, `action`,
/// `feedback`, `layer`, `render`, `fallback`, `reason`, `note`, `rule`, `directives`,
/// `band`, and with `explain`: `at` (the rule's `file:line:column`) and `says` (the
/// texts of the invariants the rule is or cites). See `Docs/event-log.md`.
public struct DecisionJSONWriter: DecisionFormat {
    /// The policy (for invariant texts).
    public let policy: Policy
    /// Whether to add `at` and `says`.
    public var explain: Bool

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
        JSONBytes.raw("{\"line\":", into: &out)
        JSONBytes.integer(entry.line, into: &out)
        if let column = entry.column {
            JSONBytes.raw(",\"column\":", into: &out)
            JSONBytes.integer(column, into: &out)
        }
        JSONBytes.raw(",\"t\":", into: &out)
        if let text = entry.tText {
            out.append(contentsOf: text)
        } else if let t = entry.t {
            JSONBytes.number(t, into: &out)
        } else {
            JSONBytes.raw("null", into: &out)
        }
        JSONBytes.raw(",\"event\":", into: &out)
        JSONBytes.optional(entry.event, into: &out)
        JSONBytes.raw(",\"screen\":", into: &out)
        JSONBytes.optional(d.screen, into: &out)
        JSONBytes.raw(",\"subject\":", into: &out)
        JSONBytes.optional(entry.subject, into: &out)
        JSONBytes.raw(",\"action\":", into: &out)
        switch d.action {
        case .play: JSONBytes.raw("\"play\"", into: &out)
        case .silent: JSONBytes.raw("\"silent\"", into: &out)
        case .stop: JSONBytes.raw("\"stop\"", into: &out)
        case .invalid: JSONBytes.raw("\"invalid\"", into: &out)
        }
        JSONBytes.raw(",\"feedback\":", into: &out)
        JSONBytes.optional(d.feedback, into: &out)
        JSONBytes.raw(",\"layer\":", into: &out)
        switch d.layer {
        case .ui?: JSONBytes.raw("\"ui\"", into: &out)
        case .creature?: JSONBytes.raw("\"creature\"", into: &out)
        case nil: JSONBytes.raw("null", into: &out)
        }
        JSONBytes.raw(",\"render\":", into: &out)
        switch d.render {
        case .preset(let preset)?: JSONBytes.string(preset.rawValue, into: &out)
        case .pattern(let name)?: JSONBytes.string(name, prefix: "pattern:", into: &out)
        case .sequence(let name)?: JSONBytes.string(name, prefix: "sequence:", into: &out)
        case nil: JSONBytes.raw("null", into: &out)
        }
        JSONBytes.raw(d.fallback ? ",\"fallback\":true" : ",\"fallback\":false", into: &out)
        JSONBytes.raw(",\"reason\":", into: &out)
        JSONBytes.optional(d.reason?.rawValue, into: &out)
        JSONBytes.raw(",\"note\":", into: &out)
        JSONBytes.optional(d.note, into: &out)
        JSONBytes.raw(",\"rule\":", into: &out)
        JSONBytes.optional(d.rule?.id, into: &out)
        JSONBytes.raw(",\"directives\":[", into: &out)
        if d.directives.rawValue != 0 {
            var first = true
            for directive in d.directives.list {
                if !first { out.append(UInt8(ascii: ",")) }
                first = false
                JSONBytes.string(directive.rawValue, into: &out)
            }
        }
        JSONBytes.raw("],\"band\":", into: &out)
        if let band = d.band {
            JSONBytes.raw("{\"name\":", into: &out)
            JSONBytes.string(band.band, into: &out)
            JSONBytes.raw(",\"from\":", into: &out)
            JSONBytes.optional(band.from, into: &out)
            JSONBytes.raw(",\"to\":", into: &out)
            JSONBytes.string(band.to, into: &out)
            out.append(UInt8(ascii: "}"))
        } else {
            JSONBytes.raw("null", into: &out)
        }
        if explain {
            JSONBytes.raw(",\"at\":", into: &out)
            if let rule = d.rule, rule.location != .unknown {
                JSONBytes.string(rule.location.description, into: &out)
            } else {
                JSONBytes.raw("null", into: &out)
            }
            JSONBytes.raw(",\"says\":[", into: &out)
            var first = true
            for id in Self.invariantIDs(of: d.rule, in: policy) {
                guard let text = policy.invariantText(id) else { continue }
                if !first { out.append(UInt8(ascii: ",")) }
                first = false
                JSONBytes.string(id + ": " + text, into: &out)
            }
            out.append(UInt8(ascii: "]"))
        }
        JSONBytes.raw("}\n", into: &out)
    }

    /// The invariant a rule is, or the invariants it cites.
    static func invariantIDs(of rule: Decision.Rule?, in policy: Policy) -> [String] {
        guard let rule else { return [] }
        if policy.invariantText(rule.id) != nil || policy.invariantLocation(rule.id) != nil { return [rule.id] }
        return rule.cites
    }
}
