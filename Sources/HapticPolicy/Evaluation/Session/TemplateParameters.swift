// The template parameters gate (`PlayGate.templateParameters`): binding an event's
// `params` to a pattern template's declared parameters and evaluating its loop period.

extension Session {
    /// The shortest loop period a play starts: 1 ms (`bad-params` below it), the
    /// resolution scenario times are kept at too. A pattern looping faster than that would
    /// keep a player busy restarting it.
    public static let minimumLoopPeriod = 0.001

    /// Why the event's parameters do not fit the template: the `bad-params` note.
    struct ParameterProblem: Error { var message: String }

    /// Checks the event's parameters against the template and evaluates the loop period.
    static func bind(
        _ given: [Event.Parameter], to feedback: FeedbackPlan
    ) -> Result<(parameters: [Event.Parameter], period: Double?), ParameterProblem> {
        var values: [String: Double] = [:]
        for parameter in feedback.parameters { values[parameter.name] = parameter.defaultValue }
        for parameter in given {
            guard let spec = feedback.parameters.first(where: { $0.name == parameter.name }) else {
                let known = feedback.parameters.map(\.name).joined(separator: ", ")
                return .failure(
                    .init(
                        message: feedback.parameters.isEmpty
                            ? "'\(feedback.name)' takes no parameters; remove '\(parameter.name)'"
                            : "'\(feedback.name)' has no parameter '\(parameter.name)'; use \(known)"))
            }
            guard case .number(let number)? = parameter.value, number.isFinite else {
                return .failure(.init(message: "parameter '\(parameter.name)' must be a number" + range(spec)))
            }
            if let minimum = spec.minimum, number < minimum {
                return .failure(
                    .init(
                        message: "\(parameter.name) \(numberText(number)) is below the minimum \(numberText(minimum))"
                            + range(spec)))
            }
            if let maximum = spec.maximum, number > maximum {
                return .failure(
                    .init(
                        message: "\(parameter.name) \(numberText(number)) is above the maximum \(numberText(maximum))"
                            + range(spec)))
            }
            values[parameter.name] = number
        }
        var period: Double?
        if let loop = feedback.loop {
            guard let seconds = try? loop.evaluate(values), seconds > 0, seconds.isFinite else {
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
        let bound = feedback.parameters.map {
            Event.Parameter(name: $0.name, value: values[$0.name].map(ScalarValue.number))
        }
        return .success((bound, period))
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
