import HapticPolicy
import HapticPolicyDocument

extension DiagnosticCode {
    static let loopNotLooping = DiagnosticCode.check(
        "HP330", .error, "loop-not-looping", "`loop:` names a feedback that is not a looping pattern")
    static let withUnknownParameter = DiagnosticCode.check(
        "HP331", .error, "with-unknown-parameter", "`with:` names a parameter the template does not declare")
    static let withValueWithoutNumber = DiagnosticCode.check(
        "HP332", .error, "with-value-without-number",
        "`with: {x: value}` on an event that is not declared to carry a number")
    static let withOutOfRange = DiagnosticCode.check(
        "HP333", .error, "with-out-of-range", "a number in `with:` is outside the parameter's declared range")
    static let stopThenLoop = DiagnosticCode.check(
        "HP334", .warning, "stop-then-loop", "a row stops the loop it starts; `loop:` already replaces a running one")
    static let sameFeedbackTwice = DiagnosticCode.check(
        "HP335", .warning, "same-feedback-twice", "a row plays and stops, or plays and loops, the same feedback")
    static let stopNeverStarted = DiagnosticCode.check(
        "HP336", .warning, "stop-never-started",
        "`stop:` names a loop that no row or band level ever starts, or is `stop: all` where nothing ever loops")
    static let withBadLoopPeriod = DiagnosticCode.check(
        "HP337", .error, "with-bad-loop-period",
        "the numbers in `with:` give the template a loop period that is not positive or too short to play")
}

/// Rows that do several things (`stop:` with `play:` and `loop:`) and give template
/// parameters (`with:`): what they name must loop, take those parameters and make sense
/// together.
enum SeveralActionsChecks {
    /// `100 to 200`, `at least 20`, `at most 300` or `any number`: a template parameter's range.
    static func rangeText(_ parameter: TemplateParameter) -> String {
        switch (parameter.minimum, parameter.maximum) {
        case (let min?, let max?): "\(numberText(min.value)) to \(numberText(max.value))"
        case (let min?, nil): "at least \(numberText(min.value))"
        case (nil, let max?): "at most \(numberText(max.value))"
        case (nil, nil): "any number"
        }
    }

    static func run(_ context: ValidationContext) -> [Diagnostic] {
        var out: [Diagnostic] = []
        var started = Set<String>()
        var stops: [Located<String>] = []
        var stopsAll: [Located<String>] = []
        for (_, cell) in context.allCells {
            for row in cell.rows {
                for play in row.plays { started.insert(play.value) }
                if let stop = row.stop {
                    if stop.value == "all" { stopsAll.append(stop) } else { stops.append(stop) }
                }
                out += rowFindings(row, event: context.events[cell.event.value], context)
            }
        }
        for band in context.document.bands {
            for (play, _) in band.plays { started.insert(play.value) }
        }
        // `stop: all` stops every running loop: with nothing that ever starts one, it
        // stops nothing (alone in its row, each decision is `not-running`).
        let loops = started.contains { name in context.feedback[name].map { loop(of: $0) != nil } ?? false }
        if !loops {
            for stop in stopsAll {
                out.append(
                    DiagnosticCode.stopNeverStarted(
                        "nothing in this policy ever loops, so `stop: all` never stops anything; remove the stop, "
                            + "or start a loop (`loop:`) somewhere",
                        at: stop.location))
            }
        }
        for stop in stops where !started.contains(stop.value) {
            // HP201 and HP208 already say what is wrong with a name that is not a loop.
            guard let feedback = context.feedback[stop.value], loop(of: feedback) != nil else { continue }
            out.append(
                DiagnosticCode.stopNeverStarted(
                    "nothing starts '\(stop.value)': no row plays or loops it, so this `stop:` never stops anything; "
                        + "add `loop: \(stop.value)` where it should start, or remove the stop",
                    at: stop.location))
        }
        return out
    }

    private static func loop(of feedback: FeedbackDecl) -> Located<Expression>? {
        if case .pattern(let pattern) = feedback.body { return pattern.loop }
        return nil
    }

    private static func rowFindings(_ row: RowDecl, event: EventDecl?, _ context: ValidationContext) -> [Diagnostic] {
        var out: [Diagnostic] = []
        if let loop = row.loop, let feedback = context.feedback[loop.value], Self.loop(of: feedback) == nil {
            out.append(
                DiagnosticCode.loopNotLooping(
                    "'\(loop.value)' does not loop, so `loop:` cannot start it: give its pattern a `loop:` period, "
                        + "or write `play: \(loop.value)`",
                    at: loop.location,
                    notes: [
                        Diagnostic.Note("'\(loop.value)' is declared here, without `loop:`", at: feedback.name.location)
                    ]
                ))
        }
        if let stop = row.stop, let loop = row.loop, stop.value == loop.value || stop.value == "all" {
            out.append(
                DiagnosticCode.stopThenLoop(
                    "the row stops '\(stop.value)' and then loops '\(loop.value)': `loop:` already replaces a running "
                        + "loop of it, so remove `stop: \(stop.value)`",
                    at: stop.location))
        }
        if let play = row.play {
            for other in [row.stop, row.loop].compactMap({ $0 }) where other.value == play.value {
                let key = other.location == row.stop?.location ? "stop" : "loop"
                out.append(
                    DiagnosticCode.sameFeedbackTwice(
                        "the row plays '\(play.value)' and also \(key)s it: keep one action on '\(play.value)'",
                        at: other.location,
                        notes: [Diagnostic.Note("`play: \(play.value)` is here", at: play.location)]))
            }
        }
        guard !row.with.isEmpty, let target = row.withTarget else { return out }
        return out + argumentFindings(row.with, target: target, event: event, context)
    }

    /// What is wrong with `with:` arguments given to `target`: parameters it does not
    /// declare, `value` without a number, numbers out of range, and the loop period and
    /// pattern checks at those numbers. A band row's and its levels' `with:` are checked
    /// with this for each feedback the level can play.
    static func argumentFindings(
        _ with: [TemplateArgument], target: Located<String>, event: EventDecl?, _ context: ValidationContext
    ) -> [Diagnostic] {
        var out: [Diagnostic] = []
        guard !with.isEmpty, let feedback = context.feedback[target.value] else { return out }
        let pattern: PatternDecl? = if case .pattern(let pattern) = feedback.body { pattern } else { nil }
        let parameters = pattern?.parameters ?? []
        var values = Dictionary(
            parameters.map { ($0.name.value, $0.defaultValue.value) }, uniquingKeysWith: { first, _ in first })
        var numbersOnly = true
        for argument in with {
            guard let parameter = parameters.first(where: { $0.name.value == argument.name.value }) else {
                let names = parameters.map { "'\($0.name.value)'" }.joined(separator: ", ")
                let hint = context.didYouMean(argument.name.value, among: parameters.map(\.name.value))
                out.append(
                    DiagnosticCode.withUnknownParameter(
                        parameters.isEmpty
                            ? "'\(target.value)' takes no parameters, so `with:` cannot give it '\(argument.name.value)': remove it"
                            : "'\(argument.name.value)' is not a parameter of '\(target.value)'"
                                + (hint.isEmpty ? ": use \(names)" : hint),
                        at: argument.name.location,
                        notes: [Diagnostic.Note("'\(target.value)' is declared here", at: feedback.name.location)]))
                numbersOnly = false
                continue
            }
            switch argument.source.value {
            case .eventValue:
                numbersOnly = false
                if let event, event.value?.value != .number {
                    let declared = event.value.map { "declared `value: \($0.value.rawValue)`" } ?? "declares no value"
                    out.append(
                        DiagnosticCode.withValueWithoutNumber(
                            "'\(event.name.value)' \(declared), so `\(argument.name.value): value` has no number to give: "
                                + "declare `value: number` on the event, or write a number",
                            at: argument.source.location,
                            notes: [Diagnostic.Note("'\(event.name.value)' is declared here", at: event.name.location)])
                    )
                } else if let event, let payload = event.payload, payload.kind.value == .number {
                    // Every value the declaration lets in must be one the parameter takes,
                    // or a good event would still be decided `bad-params`.
                    let low = parameter.minimum?.value ?? -.infinity
                    let high = parameter.maximum?.value ?? .infinity
                    let given = (payload.min?.value ?? -.infinity, payload.max?.value ?? .infinity)
                    if given.0 < low || given.1 > high {
                        out.append(
                            DiagnosticCode.withOutOfRange(
                                "'\(event.name.value)' may carry values from \(numberText(given.0)) to \(numberText(given.1)), "
                                    + "but \(argument.name.value) of '\(target.value)' takes \(Self.rangeText(parameter)): "
                                    + "narrow the event's `value` to the parameter's range, or widen the parameter",
                                at: argument.source.location,
                                notes: [
                                    Diagnostic.Note(
                                        "'\(event.name.value)' declares its value here", at: payload.location),
                                    Diagnostic.Note(
                                        "'\(argument.name.value)' is declared here", at: parameter.name.location),
                                ]))
                    }
                }
            case .number(let number):
                values[parameter.name.value] = number
                let low = parameter.minimum?.value ?? -.infinity
                let high = parameter.maximum?.value ?? .infinity
                if number < low || number > high {
                    numbersOnly = false
                    let range = Self.rangeText(parameter)
                    out.append(
                        DiagnosticCode.withOutOfRange(
                            "\(argument.name.value) \(numberText(number)) is outside the range of '\(target.value)' "
                                + "(\(range)): use a number in it",
                            at: argument.source.location,
                            notes: [
                                Diagnostic.Note(
                                    "'\(argument.name.value)' is declared here", at: parameter.name.location)
                            ]))
                }
            }
        }
        // With every argument a number in range, the loop period is known: check it like
        // the template's own scenarios are.
        guard numbersOnly, let pattern, let first = with.first else { return out }
        var badPeriod = false
        if let loop = pattern.loop {
            let period = try? loop.value.evaluate(values)
            if !(period.map { $0.isFinite && $0 >= Session.minimumLoopPeriod } ?? false) {
                badPeriod = true
                let text = period.map { numberText($0) + " s" } ?? "not a number"
                out.append(
                    DiagnosticCode.withBadLoopPeriod(
                        "with these numbers the loop period of '\(target.value)' is \(text), not a period a player "
                            + "can loop at (at least \(numberText(Session.minimumLoopPeriod)) s): change the numbers",
                        at: first.name.location,
                        notes: [Diagnostic.Note("the loop period is written here", at: loop.location)]))
            }
        }
        // The template's own checks at these numbers: what they find here and not at the
        // defaults is this row's doing (the defaults and range ends are checked at the pattern).
        var steps: [SequenceStep] = []
        if case .sequence(let list, _) = feedback.fallback { steps = list }
        let defaults = Dictionary(
            parameters.map { ($0.name.value, $0.defaultValue.value) }, uniquingKeysWith: { first, _ in first })
        let known = Set(PatternChecks.rangeFindings(pattern, steps: steps, values: defaults).map(\.key))
        let given = with.map { "\($0.name.value) = \(numberText(values[$0.name.value] ?? .nan))" }
            .joined(separator: ", ")
        for finding in PatternChecks.rangeFindings(pattern, steps: steps, values: values)
        where !known.contains(finding.key) && !(badPeriod && finding.site == "loop") {
            out.append(
                finding.code(
                    "with \(given), \(finding.problem) in '\(target.value)': change the numbers in `with:`",
                    at: first.name.location,
                    notes: [Diagnostic.Note("the pattern is written here", at: finding.location)]))
        }
        return out
    }
}
