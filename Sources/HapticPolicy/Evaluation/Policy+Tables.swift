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
            if case .layer(let layer) = budget.scope { return "layer \(layer.rawValue)" }
            return "screen \(screenName)"
        }
    }

    /// What a setting event sets.
    package enum SettingEvent: Sendable {
        /// The run-time parameter at this index of `content.parameters`.
        case parameter(Int)
        /// The user level (`user-levels:`): its string value names the level.
        case userLevel
    }

    /// The decision row of each row of a cell. `slotsOfRule` gets the rule slots each
    /// rule id keeps: its own, and for a band row those of all its levels too.
    static func compile(
        _ cell: PolicyContent.Cell, event: Int, files: [String], bands: [PolicyContent.Band],
        slots: inout [[Int]: Int], subjects: [String: Int], ruleSlots: inout [String],
        slotsOfRule: inout [String: [Int]]
    ) -> CompiledCell {
        var rows: [CompiledRow] = []
        for row in cell.rows {
            let id = row.rule
            let rule = Decision.Rule(id: id, location: row.location.location(in: files), cites: row.cites)
            let keepSlot = ruleSlots.count
            ruleSlots.append(id)
            slotsOfRule[id, default: []].append(keepSlot)
            var action = CompiledRow.Action.none
            var levelRules: [Decision.Rule] = []
            switch row.action {
            case .play(let f): action = .play(f)
            case .silent(let text): action = .silent(text)
            case .stop(let f): action = .stop(f)
            case .loop(let f): action = .loop(f)
            case .none: action = .none
            case .band(let b):
                let key = [event, b]
                let slot = slots[key] ?? slots.count
                slots[key] = slot
                action = .band(band: b, slot: slot)
                levelRules = zip(row.levelRules ?? [], bands[b].levels).map { id, level in
                    Decision.Rule(id: id, location: level.location.location(in: files), cites: row.cites)
                }
                for level in levelRules {
                    slotsOfRule[id, default: []].append(ruleSlots.count)
                    slotsOfRule[level.id, default: []].append(ruleSlots.count)
                    ruleSlots.append(level.id)
                }
            }
            var several: CompiledRow.Several?
            if row.also != nil || row.arguments != nil {
                let also: [CompiledRow.Action] = row.steps.filter { $0 != row.action }.compactMap {
                    switch $0 {
                    case .stop(let f): .stop(f)
                    case .play(let f): .play(f)
                    case .loop(let f): .loop(f)
                    case .band, .silent, .none: nil
                    }
                }
                let onLoop = row.steps.contains { if case .loop = $0 { true } else { false } }
                several = CompiledRow.Several(also: also, arguments: row.arguments ?? [], argumentsOnLoop: onLoop)
            }
            var directives: DirectiveSet = []
            for directive in row.directives { directives.insert(DirectiveSet(directive)) }
            rows.append(
                CompiledRow(
                    speaks: row.condition?.speaks, value: row.condition?.value,
                    subject: row.condition?.subject.flatMap { subjects[$0] }.map(SubjectID.init(rawValue:)),
                    action: action, ticker: row.ticker, directives: directives, rule: rule, levelRules: levelRules,
                    note: row.note, keepSlot: keepSlot, several: several,
                    test: row.condition.flatMap { condition in
                        condition.range == nil && condition.oneOf == nil
                            ? nil : CompiledRow.ValueTest(range: condition.range, oneOf: condition.oneOf)
                    }, parameterTests: row.condition?.parameters))
        }
        return CompiledCell(rows: rows)
    }
}
