// The template parameters gate (`PlayGate.templateParameters`): binding an event's
// `params` to a pattern template's declared parameters and evaluating its loop period.

extension Session {
    /// The shortest loop period a play starts: 1 ms (`bad-params` below it), the
    /// resolution scenario times are kept at too. A pattern looping faster than that would
    /// keep a player busy restarting it.
    public static let minimumLoopPeriod = 0.001

    /// Why the event's parameters do not fit the template: the `bad-params` note.
    struct ParameterProblem: Error { var message: String }

    /// Checks the event's parameters (with a row's `with:` `arguments` on top of them,
    /// `value` the event's value they may read) against the template and evaluates the loop
    /// period. The values go into `values` in declaration order, not a dictionary: binding
    /// allocates nothing unless it fails.
    static func bind(
        _ given: [Event.Parameter], arguments: [PolicyContent.Row.Argument] = [], value: ScalarValue? = nil,
        to feedback: FeedbackPlan, into values: inout TemplateValues
    ) -> Result<Double?, ParameterProblem> {
        let declared = feedback.parameters
        values = TemplateValues(declared)
        // The order the parameters are checked in is the order of the list the event's
        // params and the arguments make: the event's own first (those an argument names
        // left out), then the arguments (one a later argument of the same name replaces
        // left out).
        for parameter in given where !arguments.contains(where: { NameKey.same($0.name, parameter.name) }) {
            if let problem = bind(parameter.name, parameter.value, declared, feedback, into: &values) {
                return .failure(problem)
            }
        }
        for (index, argument) in arguments.enumerated()
        where !arguments[(index + 1)...].contains(where: { NameKey.same($0.name, argument.name) }) {
            var given: ScalarValue?
            if let number = argument.number {
                given = .number(number)
            } else if case .number(let number)? = value {
                given = .number(number)
            }
            if let problem = bind(argument.name, given, declared, feedback, into: &values) {
                return .failure(problem)
            }
        }
        var period: Double?
        if let loop = feedback.loop {
            guard let seconds = try? loop.evaluate({ values.value(of: $0, declared) }), seconds > 0, seconds.isFinite
            else {
                return .failure(
                    .init(
                        message: "the loop period of '\(feedback.name)' is not a positive number with these parameters")
                )
            }
            // The validator checks the period at the ends of every parameter's range; an
            // expression can still come near 0 between them. A player cannot loop faster.
            guard seconds >= Self.minimumLoopPeriod else {
                return .failure(
                    .init(
                        message:
                            "the loop period of '\(feedback.name)' is \(numberText(seconds)) s with these parameters, "
                            + "under the \(numberText(Self.minimumLoopPeriod)) s a player can loop at; change the parameters"
                    ))
            }
            period = seconds
        }
        return .success(period)
    }

    /// Binds one given parameter into `values`, or says why it does not fit.
    private static func bind(
        _ name: String, _ value: ScalarValue?, _ declared: [PatternTemplate.Parameter], _ feedback: FeedbackPlan,
        into values: inout TemplateValues
    ) -> ParameterProblem? {
        guard let index = declared.firstIndex(where: { NameKey.same($0.name, name) }) else {
            let known = declared.map(\.name).joined(separator: ", ")
            return .init(
                message: declared.isEmpty
                    ? "'\(feedback.name)' takes no parameters; remove '\(name)'"
                    : "'\(feedback.name)' has no parameter '\(name)'; use \(known)")
        }
        let spec = declared[index]
        guard case .number(let number)? = value, number.isFinite else {
            return .init(message: "parameter '\(name)' must be a number" + range(spec))
        }
        if let minimum = spec.minimum, number < minimum {
            return .init(
                message: "\(name) \(numberText(number)) is below the minimum \(numberText(minimum))" + range(spec))
        }
        if let maximum = spec.maximum, number > maximum {
            return .init(
                message: "\(name) \(numberText(number)) is above the maximum \(numberText(maximum))" + range(spec))
        }
        values[index] = number
        return nil
    }

    /// The bound parameters of feedback `f` for a decision (`Decision.parameters`): those
    /// `bind` left in `boundValues` when `bound`, else the defaults. The session keeps one
    /// list per template and rewrites only the values that changed, in place, so a
    /// decision shares it rather than getting a new array per play. (A decision the app
    /// still holds when the next play of that template changes a value keeps its own
    /// values: that play copies the list once.)
    mutating func boundParameters(_ f: Int, bound: Bool) -> [Event.Parameter] {
        if !bound { boundValues = TemplateValues(policy.feedback[f].parameters) }
        for index in 0..<boundValues.count {
            let number = boundValues[index]
            if case .number(let old)? = boundLists[f][index].value, old.bitPattern == number.bitPattern { continue }
            boundLists[f][index].value = .number(number)
        }
        return boundLists[f]
    }

    /// `; use 20 to 300` (or `at least`/`at most` for a one-sided range), for bad-params notes.
    private static func range(_ spec: PatternTemplate.Parameter) -> String {
        switch (spec.minimum, spec.maximum) {
        case (let minimum?, let maximum?): "; use \(numberText(minimum)) to \(numberText(maximum))"
        case (let minimum?, nil): "; use at least \(numberText(minimum))"
        case (nil, let maximum?): "; use at most \(numberText(maximum))"
        case (nil, nil): ""
        }
    }
}

/// The values a play binds a template's parameters to, in declaration order, each the
/// event's (or a `with:` argument's) or else the default. Held inline for up to four
/// parameters (every template of the shipped policies has at most three), in an array
/// beyond, so that binding and a running loop allocate nothing.
struct TemplateValues: Sendable {
    private var inline: (Double, Double, Double, Double) = (0, 0, 0, 0)
    private var more: [Double] = []
    /// How many parameters the template declares.
    let count: Int

    /// The defaults of `declared`.
    init(_ declared: [PatternTemplate.Parameter]) {
        count = declared.count
        if count > 4 { more = Array(repeating: 0, count: count - 4) }
        for index in declared.indices { self[index] = declared[index].defaultValue }
    }

    /// The value of the parameter at `index` in declaration order.
    subscript(index: Int) -> Double {
        get {
            switch index {
            case 0: inline.0
            case 1: inline.1
            case 2: inline.2
            case 3: inline.3
            default: more[index - 4]
            }
        }
        set {
            switch index {
            case 0: inline.0 = newValue
            case 1: inline.1 = newValue
            case 2: inline.2 = newValue
            case 3: inline.3 = newValue
            default: more[index - 4] = newValue
            }
        }
    }

    /// The value of the parameter `name` of `declared` (the template these are the values
    /// of), or nil when it declares none of that name.
    func value(of name: String, _ declared: [PatternTemplate.Parameter]) -> Double? {
        declared.firstIndex { NameKey.same($0.name, name) }.map { self[$0] }
    }

    /// The values as `Decision.parameters` lists them, named by `declared`.
    func parameters(_ declared: [PatternTemplate.Parameter]) -> [Event.Parameter] {
        declared.indices.map { Event.Parameter(name: declared[$0].name, value: .number(self[$0])) }
    }
}
