import HapticPolicy
import HapticPolicyDocument

extension DiagnosticCode {
    static let unknownFeedback = DiagnosticCode.check(
        "HP201", .error, "unknown-feedback", "a row, band level or fallback names a feedback that is not declared")
    static let unknownBand = DiagnosticCode.check(
        "HP202", .error, "unknown-band", "a row names a band set that is not declared")
    static let unknownScreen = DiagnosticCode.check(
        "HP203", .error, "unknown-screen", "an event's `screens` names a screen that is not declared")
    static let unknownEvent = DiagnosticCode.check(
        "HP204", .error, "unknown-event", "a table or `everywhere` decides an event that is not in the catalogue")
    static let unknownInvariant = DiagnosticCode.check(
        "HP205", .error, "unknown-invariant", "a row cites an invariant id that is not declared")
    static let unknownParameter = DiagnosticCode.check(
        "HP206", .error, "unknown-parameter", "a pattern expression uses a template parameter that is not declared")
    static let stopWithoutLoop = DiagnosticCode.check(
        "HP208", .error, "stop-without-loop", "`stop:` names a feedback that does not loop")
    static let duplicateInvariant = DiagnosticCode.check(
        "HP209", .error, "duplicate-invariant", "two invariants have the same id")
    static let stateEventDeclared = DiagnosticCode.check(
        "HP210", .error, "state-event-declared",
        "the catalogue declares a built-in state event (`screen.enter`, `app.state`, `device.*`)")
    static let feedbackNamedLikePreset = DiagnosticCode.check(
        "HP215", .error, "feedback-named-like-preset",
        "a feedback is named like a preset id, so a fallback naming it is ambiguous")
    static let stateEventInTable = DiagnosticCode.check(
        "HP216", .error, "state-event-in-table",
        "a table or `everywhere` has a cell for a built-in state event, which the evaluator handles itself")
}

/// Every name used must be declared: feedback, bands, screens, events, invariants,
/// template parameters; with "did you mean" for near misses.
enum ReferenceChecks {
    static func run(_ context: ValidationContext) -> [Diagnostic] {
        var out: [Diagnostic] = []
        out += catalogueFindings(context)
        out += tableFindings(context)
        out += feedbackFindings(context)
        out += invariantFindings(context)
        return out
    }

    static func unknownFeedback(_ name: Located<String>, _ context: ValidationContext, presetsAllowed: Bool)
        -> Diagnostic?
    {
        guard context.feedback[name.value] == nil else { return nil }
        if presetsAllowed, Preset(rawValue: name.value) != nil { return nil }
        if Preset(rawValue: name.value) != nil {
            return DiagnosticCode.unknownFeedback(
                "'\(name.value)' is a preset id, not a feedback: declare it under `feedback:` with a layer (`{layer: ui, preset: \(name.value)}`) and play that name",
                at: name.location)
        }
        let hint = context.didYouMean(
            name.value, among: context.feedbackNames + (presetsAllowed ? Preset.allCases.map(\.rawValue) : []))
        let fix = hint.isEmpty ? ": declare it under `feedback:` or fix the name" : hint
        return DiagnosticCode.unknownFeedback("feedback '\(name.value)' is not declared\(fix)", at: name.location)
    }

    private static func catalogueFindings(_ context: ValidationContext) -> [Diagnostic] {
        var out: [Diagnostic] = []
        for feedback in context.document.feedback where Preset(rawValue: feedback.name.value) != nil {
            out.append(
                DiagnosticCode.feedbackNamedLikePreset(
                    "feedback '\(feedback.name.value)' has the name of a preset id, so `fallback: \(feedback.name.value)` could mean either: give it another name",
                    at: feedback.name.location))
        }
        for event in context.document.events {
            if ValidationContext.isStateEvent(event.name.value) {
                out.append(
                    DiagnosticCode.stateEventDeclared(
                        "'\(event.name.value)' is a built-in state event the evaluator handles itself: remove it from `events:`\(event.name.value == "screen.enter" ? " and use a screen's `enter:` list" : "") or rename your event",
                        at: event.name.location))
            }
            if case .only(let names) = event.screens {
                for name in names where context.screens[name.value] == nil {
                    let hint = context.didYouMean(name.value, among: context.screenNames)
                    out.append(
                        DiagnosticCode.unknownScreen(
                            "screen '\(name.value)' is not declared\(hint.isEmpty ? ": declare it under `screens:` or fix the name" : hint)",
                            at: name.location))
                }
            }
        }
        return out
    }

    /// HP205 for each invariant a row (or a screen's `otherwise:`) cites that is not declared.
    private static func citeFindings(_ row: RowDecl, _ context: ValidationContext) -> [Diagnostic] {
        row.cites.filter { context.invariants[$0.value] == nil }.map { cite in
            let hint = context.didYouMean(cite.value, among: context.invariantIDs)
            return DiagnosticCode.unknownInvariant(
                "invariant '\(cite.value)' is not declared\(hint.isEmpty ? ": declare it under `invariants:` or fix the id" : hint)",
                at: cite.location)
        }
    }

    private static func tableFindings(_ context: ValidationContext) -> [Diagnostic] {
        var out: [Diagnostic] = []
        for (_, cell) in context.allCells {
            let event = cell.event
            if ValidationContext.isStateEvent(event.value) {
                let fix =
                    event.value == StateEvent.screenEnter.rawValue
                    ? "remove the cell and list what to prepare in the screen's `enter:`"
                    : "remove the cell; the evaluator applies it to the device state itself"
                out.append(
                    DiagnosticCode.stateEventInTable(
                        "'\(event.value)' is a built-in state event and has no table cell: \(fix)", at: event.location))
            } else if let parameter = context.settingEvents[event.value], context.events[event.value] == nil {
                out.append(ParameterChecks.inTable(event, sets: parameter))
            } else if context.events[event.value] == nil {
                let hint = context.didYouMean(event.value, among: context.eventNames)
                out.append(
                    DiagnosticCode.unknownEvent(
                        "event '\(event.value)' is not in the catalogue\(hint.isEmpty ? ": declare it under `events:` or fix the name" : hint)",
                        at: event.location))
            }
            for row in cell.rows {
                for play in row.plays {
                    if let finding = unknownFeedback(play, context, presetsAllowed: false) { out.append(finding) }
                }
                if let band = row.band, context.bands[band.value] == nil {
                    let hint = context.didYouMean(band.value, among: context.bandNames)
                    out.append(
                        DiagnosticCode.unknownBand(
                            "band set '\(band.value)' is not declared\(hint.isEmpty ? ": declare it under `bands:` or fix the name" : hint)",
                            at: band.location))
                }
                if let stop = row.stop, stop.value != "all" {
                    if let finding = unknownFeedback(stop, context, presetsAllowed: false) {
                        out.append(finding)
                    } else if let feedback = context.feedback[stop.value] {
                        if case .pattern(let pattern) = feedback.body, pattern.loop != nil {
                        } else {
                            out.append(
                                DiagnosticCode.stopWithoutLoop(
                                    "'\(stop.value)' does not loop, so there is nothing to stop: name a feedback with `loop:`, or `all`",
                                    at: stop.location,
                                    notes: [
                                        Diagnostic.Note(
                                            "'\(stop.value)' is declared here, without `loop:`",
                                            at: feedback.name.location)
                                    ]))
                        }
                    }
                }
                out += citeFindings(row, context)
            }
        }
        // A screen's default cites as a row does.
        for row in context.document.screens.compactMap(\.otherwise) { out += citeFindings(row, context) }
        for band in context.document.bands {
            for (play, _) in band.plays {
                if let finding = unknownFeedback(play, context, presetsAllowed: false) { out.append(finding) }
            }
        }
        return out
    }

    private static func feedbackFindings(_ context: ValidationContext) -> [Diagnostic] {
        var out: [Diagnostic] = []
        for feedback in context.document.feedback {
            switch feedback.fallback {
            case .target(let target):
                if let finding = unknownFeedback(target, context, presetsAllowed: true) { out.append(finding) }
            case .sequence(let steps, _):
                for step in steps {
                    if let finding = unknownFeedback(step.target, context, presetsAllowed: true) { out.append(finding) }
                }
            case nil, .some(.none):
                break
            }
            guard case .pattern(let pattern) = feedback.body else { continue }
            let declared = pattern.parameters.map(\.name.value)
            let declaredSet = Set(declared)
            var expressions: [Located<Expression>] = []
            if let loop = pattern.loop { expressions.append(loop) }
            for event in pattern.events {
                expressions += [event.time]
                expressions += [event.duration, event.intensity, event.sharpness].compactMap { $0 }
                for curve in event.curves {
                    for point in curve.points { expressions += [point.time, point.value] }
                }
            }
            if case .sequence(let steps, _) = feedback.fallback { expressions += steps.map(\.at) }
            for expression in expressions {
                var seen = Set<String>()
                for name in expression.value.parameters where !declaredSet.contains(name) && seen.insert(name).inserted
                {
                    let hint = context.didYouMean(name, among: declared)
                    let fix =
                        hint.isEmpty
                        ? (declared.isEmpty
                            ? ": declare it under `params:` with a default, or write a number"
                            : ": declare it under `params:` or use one of \(quotedList(declared))")
                        : hint
                    out.append(
                        DiagnosticCode.unknownParameter(
                            "'\(name)' is not a parameter of '\(feedback.name.value)'\(fix)", at: expression.location))
                }
            }
        }
        return out
    }

    private static func invariantFindings(_ context: ValidationContext) -> [Diagnostic] {
        var out: [Diagnostic] = []
        var first: [String: InvariantDecl] = [:]
        for invariant in context.document.invariants {
            if let earlier = first[invariant.id.value] {
                out.append(
                    DiagnosticCode.duplicateInvariant(
                        "invariant id '\(invariant.id.value)' is already used: give this invariant its own id",
                        at: invariant.id.location,
                        notes: [Diagnostic.Note("first declared here", at: earlier.id.location)]))
            } else {
                first[invariant.id.value] = invariant
            }
        }
        return out
    }
}
