import HapticPolicy
import HapticPolicyDocument

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
    private let fragments = DecisionLineFragments()

    /// Creates a writer.
    public init(policy: Policy, explain: Bool = false) {
        self.policy = policy
        self.explain = explain
    }

    /// JSONL has no header.
    public func header(into out: inout [UInt8]) {}

    /// Appends one line.
    public func write(_ entry: LoggedDecision, into out: inout [UInt8]) {
        writeLine(
            Line(
                line: entry.line, column: entry.column, t: entry.t, tText: entry.tText, event: entry.event,
                eventText: entry.eventText, subject: entry.subject, subjectText: entry.subjectText,
                problem: entry.problem, message: entry.message),
            entry.decision, into: &out)
    }

    /// What a line shows besides its decision: `LoggedDecision` without the decision, so
    /// the evaluator writes a decided line from its parts, copying no `Decision`.
    struct Line {
        var line: Int
        var column: Int?
        var t: Double?
        var tText: UnsafeBufferPointer<UInt8>?
        var event: String?
        var eventText: UnsafeBufferPointer<UInt8>?
        var subject: String?
        var subjectText: UnsafeBufferPointer<UInt8>?
        var problem: LineProblem?
        var message: String?
    }

    /// Appends the line of `d` (an empty silence for a line not decided, `problem` set).
    /// Called directly by the evaluator for decided lines (no existential, no copy).
    @inline(__always)
    func writeLine(_ entry: borrowing Line, _ d: borrowing Decision, into out: inout [UInt8]) {
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
        if let text = entry.eventText { b.echo(text) } else { b.optional(entry.event) }
        // From the screen to the band, a decided line is the policy's: copied when written before.
        let (note, cacheable) = entry.problem == nil ? DecisionLineFragments.note(of: d) : (entry.message, false)
        if cacheable, let cached = fragments.entry(for: d, note: note) {
            b.raw(cached.head)
            writeSubject(entry, into: b)
            b.raw(cached.tail)
        } else {
            let headStart = b.count
            b.raw(",\"screen\":")
            b.optional(d.screen)
            let headEnd = b.count
            writeSubject(entry, into: b)
            let tailStart = b.count
            writeAction(d, problem: entry.problem, note: entry.problem == nil ? d.note : note, into: b)
            if cacheable {
                fragments.store(
                    d, note: note, head: b.written(headStart..<headEnd), tail: b.written(tailStart..<b.count))
            }
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

    /// `,"subject":` and the subject token as written (or the subject).
    @inline(__always)
    private func writeSubject(_ entry: borrowing Line, into b: JSONBytes) {
        b.raw(",\"subject\":")
        if let text = entry.subjectText { b.echo(text) } else { b.optional(entry.subject) }
    }

    /// `,"action":` through the band: the fields a decision's policy made.
    private func writeAction(_ d: borrowing Decision, problem: LineProblem?, note: String?, into b: JSONBytes) {
        let action: StaticString
        let reason: String?
        if let problem {
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
        b.raw(",\"action\":")
        b.raw(action)
        Self.writeFeedbackFields(d, into: b)
        b.raw(",\"reason\":")
        b.optional(reason)
        b.raw(",\"note\":")
        b.optional(note)
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
    }

    /// One of a decision's other actions (`also`): `action`, `feedback`, `layer`,
    /// `render`, `fallback`, `reason`, `note`, `directives`, `params`, `loop`.
    private static func writeStep(_ d: Decision, into b: JSONBytes) {
        b.raw("{\"action\":")
        b.string(d.action.rawValue)
        Self.writeFeedbackFields(d, into: b)
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

    /// `,"feedback":` through `"fallback"`: what plays, a line's and a step's alike.
    private static func writeFeedbackFields(_ d: borrowing Decision, into b: JSONBytes) {
        b.raw(",\"feedback\":")
        b.optional(d.feedback)
        b.raw(",\"layer\":")
        b.optional(d.layer?.rawValue)
        b.raw(",\"render\":")
        Self.writeRender(d.render, into: b)
        b.raw(d.fallback ? ",\"fallback\":true" : ",\"fallback\":false")
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
