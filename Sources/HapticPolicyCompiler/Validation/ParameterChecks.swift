import HapticPolicy
import HapticPolicyDocument

extension DiagnosticCode {
    static let runTimeParameterRange = DiagnosticCode.check(
        "HP270", .error, "run-time-parameter-range", "a run-time parameter's `min:` is not below its `max:`")
    static let parameterDefaultOutsideRange = DiagnosticCode.check(
        "HP271", .error, "parameter-default-outside-range",
        "a run-time parameter's `default:` is outside its `min:`…`max:`")
    static let settingEventClash = DiagnosticCode.check(
        "HP272", .error, "setting-event-clash",
        "a `set-by:` event is also a built-in state event, a catalogue event, or another setting event")
    static let settingEventInTable = DiagnosticCode.check(
        "HP273", .error, "setting-event-in-table",
        "a table decides a setting event, which the evaluator handles itself")
    static let parameterNameUnusable = DiagnosticCode.check(
        "HP274", .error, "parameter-name-unusable",
        "a run-time parameter's name cannot be written in an expression or a condition")
    static let parameterConditionNeverMatches = DiagnosticCode.check(
        "HP275", .error, "parameter-condition-never-matches",
        "a `when:` tests a run-time parameter for values outside its declared `min:`…`max:`, so the row never fires")
}

/// Run-time parameters (`parameters:`) and the setting events that set them.
enum ParameterChecks {
    /// Names a `when:` uses for the event's own fields, so no parameter may take them.
    static let conditionKeys: Set<String> = ["value", "speaks", "subject"]

    static func run(_ context: ValidationContext) -> [Diagnostic] {
        var out = conditionFindings(context)
        var setters: [String: Located<String>] = [:]
        for parameter in context.document.parameters {
            let name = parameter.name
            if !isIdentifier(name.value) || conditionKeys.contains(name.value) {
                let why =
                    conditionKeys.contains(name.value)
                    ? "`when: {\(name.value): ...}` already means the event's own '\(name.value)'"
                    : "expressions read names of letters, digits and '_' that start with a letter or '_'"
                out.append(
                    DiagnosticCode.parameterNameUnusable(
                        "the parameter name '\(name.value)' cannot be used: \(why); rename it (for example '\(suggestedName(name.value))')",
                        at: name.location))
            }
            let (low, high) = (parameter.min.value, parameter.max.value)
            if !(low < high) {
                out.append(
                    DiagnosticCode.runTimeParameterRange(
                        "the range of '\(name.value)' is empty: `min:` \(show(low)) is not below `max:` \(show(high)); swap them or widen the range",
                        at: parameter.min.location))
            } else if !(parameter.defaultValue.value >= low && parameter.defaultValue.value <= high) {
                out.append(
                    DiagnosticCode.parameterDefaultOutsideRange(
                        "the default \(show(parameter.defaultValue.value)) of '\(name.value)' is outside \(show(low)) to \(show(high)): the value it has until '\(parameter.setBy.value)' sets it must be one it can take",
                        at: parameter.defaultValue.location))
            }
            let event = parameter.setBy
            if let clash = clash(
                event, context, setters: setters, cannotAlso: "cannot also set '\(name.value)'",
                example: "profile.set", itSets: "sets '\(name.value)'", noteAt: "it sets the parameter here",
                already: "already sets another parameter: give '\(name.value)' its own setting event",
                firstNote: "the first parameter it sets")
            {
                out.append(clash)
            } else {
                setters[event.value] = event
            }
        }
        if let levels = context.document.userLevels,
            let clash = clash(
                levels.setBy, context, setters: setters, cannotAlso: "cannot also pick the user level",
                example: "haptics.level", itSets: "picks the user level", noteAt: "it picks the user level here",
                already: "already sets a parameter: give the user levels their own setting event",
                firstNote: "the parameter it sets")
        {
            out.append(clash)
        }
        return out
    }

    /// HP272 for a setting event (a parameter's or the user levels' `set-by:`) that is a
    /// built-in state event, a catalogue event, or already another parameter's; nil when
    /// it is none of them. The phrases say what this one sets.
    private static func clash(
        _ event: Located<String>, _ context: ValidationContext, setters: [String: Located<String>],
        cannotAlso: String, example: String, itSets: String, noteAt: String, already: String, firstNote: String
    ) -> Diagnostic? {
        if ValidationContext.isStateEvent(event.value) {
            return DiagnosticCode.settingEventClash(
                "'\(event.value)' is a built-in state event and \(cannotAlso): name another event, such as '\(example)'",
                at: event.location)
        }
        if let declared = context.events[event.value] {
            return DiagnosticCode.settingEventClash(
                "'\(event.value)' \(itSets), so it is a setting event the evaluator handles itself, not a catalogue event: remove it from `events:`",
                at: declared.name.location, notes: [Diagnostic.Note(noteAt, at: event.location)])
        }
        if let first = setters[event.value] {
            return DiagnosticCode.settingEventClash(
                "'\(event.value)' \(already)", at: event.location,
                notes: [Diagnostic.Note(firstNote, at: first.location)])
        }
        return nil
    }

    /// Conditions on run-time parameters that no value of the parameter can meet.
    static func conditionFindings(_ context: ValidationContext) -> [Diagnostic] {
        var declared: [String: ParameterDecl] = [:]
        for parameter in context.document.parameters { declared[parameter.name.value] = parameter }
        var out: [Diagnostic] = []
        for (_, cell) in context.allCells {
            for row in cell.rows {
                for test in row.condition?.parameters ?? [] {
                    guard let parameter = declared[test.name.value], parameter.min.value < parameter.max.value else {
                        continue
                    }
                    let declaredRange = ValueInterval(
                        low: parameter.min.value, lowIn: true, high: parameter.max.value, highIn: true)
                    guard test.range.set.intersection(declaredRange).isEmpty else { continue }
                    out.append(
                        DiagnosticCode.parameterConditionNeverMatches(
                            "'\(test.name.value)' is always from \(show(parameter.min.value)) to \(show(parameter.max.value)), so `\(test.range.range.text)` never holds and this row never fires: fix the bound or the parameter's range",
                            at: test.range.location,
                            notes: [Diagnostic.Note("'\(test.name.value)' is declared here", at: parameter.location)]))
                }
            }
        }
        return out
    }

    /// The run-time parameter every row with a condition of the cell tests, alone (no
    /// other field), when there is one: such a cell is reasoned about over that
    /// parameter's declared range, like value conditions over the event's values.
    static func onlyParameter(of cell: CellDecl, _ context: ValidationContext) -> ParameterDecl? {
        var name: String?
        for row in cell.rows {
            guard let condition = row.condition else { continue }
            guard condition.speaks == nil, condition.value == nil, condition.subject == nil, condition.range == nil,
                condition.oneOf == nil, condition.inGesture == nil, condition.parameters.count == 1
            else { return nil }
            let tested = condition.parameters[0].name.value
            if let name, name != tested { return nil }
            name = tested
        }
        guard let name else { return nil }
        return context.document.parameters.first { $0.name.value == name }
    }

    /// What a setting event sets: a run-time parameter or the user level.
    enum Setter {
        /// A run-time parameter's `set-by:`.
        case parameter(ParameterDecl)
        /// The user levels' `set-by:`.
        case userLevels(UserLevelsDecl)

        /// What it sets, for messages (`the parameter 'max_hr'`).
        var sets: String {
            switch self {
            case .parameter(let parameter): "the parameter '\(parameter.name.value)'"
            case .userLevels: "the user level"
            }
        }

        /// The note at its `set-by:`.
        var note: String {
            switch self {
            case .parameter(let parameter): "'\(parameter.name.value)' is set by it here"
            case .userLevels: "it picks the user level here"
            }
        }

        /// Where the `set-by:` is written.
        var location: SourceLocation {
            switch self {
            case .parameter(let parameter): parameter.setBy.location
            case .userLevels(let levels): levels.setBy.location
            }
        }
    }

    /// The setting events (each parameter's `set-by:`, then the user levels'), by name.
    static func settingEvents(_ document: PolicyDocument) -> NameTable<Setter> {
        var out = NameTable<Setter>()
        for parameter in document.parameters where out[parameter.setBy.value] == nil {
            out[parameter.setBy.value] = .parameter(parameter)
        }
        if let levels = document.userLevels, out[levels.setBy.value] == nil {
            out[levels.setBy.value] = .userLevels(levels)
        }
        return out
    }

    /// A table cell deciding a setting event (from `ReferenceChecks`).
    static func inTable(_ event: Located<String>, sets setter: Setter) -> Diagnostic {
        DiagnosticCode.settingEventInTable(
            "'\(event.value)' sets \(setter.sets) and has no table cell: remove the cell; the evaluator applies it on every screen",
            at: event.location,
            notes: [Diagnostic.Note(setter.note, at: setter.location)])
    }

    /// Whether an expression or a condition can read a parameter of this name.
    static func isUsableName(_ name: String) -> Bool { isIdentifier(name) && !conditionKeys.contains(name) }

    private static func isIdentifier(_ name: String) -> Bool {
        guard let first = name.first, first.isLetter || first == "_" else { return false }
        return name.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" }
    }

    private static func suggestedName(_ name: String) -> String {
        let cleaned = String(name.map { $0.isLetter || $0.isNumber ? $0 : "_" })
        let usable = cleaned.first.map { $0.isLetter || $0 == "_" } ?? false ? cleaned : "p_" + cleaned
        return conditionKeys.contains(usable) ? usable + "_setting" : usable
    }
}
