extension Policy {
    /// An enforced budget (`enforce: true`), ready for `Session` to count rings against.
    package struct EnforcedBudget: Sendable {
        /// The rule a silenced ring cites: the budget id, at its declaration.
        package let rule: Decision.Rule
        /// The most rings in one window.
        package let max: Int
        /// The compiled budget, for its window (`PolicyContent.Budget.holds`).
        package let budget: PolicyContent.Budget
        /// Counted screen for a `screen:` budget (-1 when the screen is not declared);
        /// nil for `each: screen` and `layer:`.
        package let screen: Int?
        /// Whether each screen has its own count (`each: screen`).
        package let perScreen: Bool
        /// By feedback index: whether a ring of it counts (its layer, for `layer:`).
        package let counts: [Bool]
        /// By event id: whether the budget excepts the event (`except:`).
        package let excepted: [Bool]
        /// The first of the session's ring buffers this budget uses (one, or one per screen).
        package let firstRing: Int
        /// What the counted scope is called in notes, for one screen name.
        package func scope(_ screenName: String) -> String {
            switch budget.scope {
            case .layer(let layer): "layer \(layer.rawValue)"
            case .events(let names): PolicyContent.Budget.Scope.eventsText(names)
            case .eachScreen, .screen: "screen \(screenName)"
            }
        }
    }

    /// What a setting event sets.
    package enum SettingEvent: Sendable {
        /// The run-time parameter at this index of `content.parameters`.
        case parameter(Int)
        /// The user level (`user-levels:`): its string value names the level.
        case userLevel
    }

    /// The decision row of a content row, with its subject, signal, rule slot, steps (its
    /// main action, the others in execution order and where its `with:` goes) and a band
    /// row's merged level arguments from the lowered tables (`PolicyContent.Decide.Row`).
    static func compile(
        _ row: PolicyContent.Row, _ slots: PolicyContent.Decide.Row, files: [String],
        levels bands: [PolicyContent.Band],
        decide: PolicyContent.Decide
    ) -> CompiledRow {
        // The rule id is the row's slot's (`decide.ruleSlots`), as the compiler wrote it.
        let rule = Decision.Rule(
            id: decide.ruleSlots[slots.rule], location: row.location.location(in: files), cites: row.cites)
        var action = CompiledRow.Action.none
        var levelRules: [Decision.Rule] = []
        switch row.action {
        case .play(let f): action = .play(f)
        case .silent(let text): action = .silent(text)
        case .stop(let f): action = .stop(f)
        case .loop(let f): action = .loop(f)
        case .none: action = .none
        case .band(let b):
            action = .band(band: b, slot: slots.signal ?? 0)
            levelRules = bands[b].levels.indices.map { l in
                Decision.Rule(
                    id: decide.ruleSlots[slots.rule + 1 + l], location: bands[b].levels[l].location.location(in: files),
                    cites: row.cites)
            }
        }
        var several: CompiledRow.Several?
        if let steps = slots.steps, let main = slots.main {
            let actions: [CompiledRow.Action] = steps.map { step in
                switch step.action {
                case .stop: .stop(step.feedback)
                case .loop: .loop(step.feedback ?? 0)
                case .play: .play(step.feedback ?? 0)
                }
            }
            action = actions[main]
            let onLoop = slots.argumentsStep.map { steps[$0].action == .loop } ?? false
            several = CompiledRow.Several(
                also: actions.indices.filter { $0 != main }.map { actions[$0] },
                arguments: slots.argumentsStep == nil ? [] : row.arguments ?? [], argumentsOnLoop: onLoop)
        }
        var directives: DirectiveSet = []
        for directive in row.directives { directives.insert(DirectiveSet(directive)) }
        return CompiledRow(
            speaks: row.condition?.speaks, value: row.condition?.value,
            subject: slots.subject.map(SubjectID.init(rawValue:)), action: action, ticker: row.ticker,
            directives: directives, rule: rule, levelRules: levelRules, note: row.note, keepSlot: slots.rule,
            several: several,
            test: row.condition.flatMap { condition in
                condition.range == nil && condition.oneOf == nil
                    ? nil : CompiledRow.ValueTest(range: condition.range, oneOf: condition.oneOf)
            }, parameterTests: row.condition?.parameters, inGesture: row.condition?.inGesture,
            dataTests: row.condition?.data, bandArguments: slots.levelArguments)
    }
}
