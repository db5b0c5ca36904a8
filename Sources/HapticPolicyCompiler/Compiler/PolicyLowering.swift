import HapticPolicy

/// Lowers compiled content to the decision tables a runtime indexes (`PolicyContent.Decide`):
/// event ids, the screen×event table with its `everywhere:` fill, subjects, signal and rule
/// slots, setting events, the speech rule, enforced budgets, band level turns, parametric
/// edges over parameter indices and user-level keeps. The one place these are derived; a
/// runtime in any language reads them from the bundle.
enum PolicyLowering {
    typealias Decide = PolicyContent.Decide

    /// The decision tables of `content` (which the compiler made consistent).
    static func lower(_ content: PolicyContent) -> Decide {
        let parameters = content.parameters ?? []
        let stateCount = StateEvent.allCases.count + content.settingEventNames.count
        let events = StateEvent.allCases.map(\.rawValue) + content.settingEventNames + content.events.map(\.name)
        let eventIndex = NameTable(firsts: events.enumerated().map { ($1, $0) })
        let screenIndex = NameTable(firsts: content.screens.enumerated().map { ($1.name, $0) })
        // Rules cited at a position in the main file (`SourcePosition.location(in: file)`).
        func mainFile(_ position: SourcePosition) -> SourcePosition {
            SourcePosition(line: position.line, column: position.column)
        }

        let settings =
            parameters.enumerated().map { index, parameter in
                Decide.Setting(
                    kind: "parameter", parameter: index,
                    rule: .init(id: "parameters/" + parameter.name, at: mainFile(parameter.location)))
            }
            + (content.userLevels.map {
                [Decide.Setting(kind: "user-level", parameter: nil, rule: .init(id: "user-levels", at: $0.location))]
            } ?? [])

        // The last speech invariant's rule and layer, every one's exemptions.
        var speech: Decide.Speech?
        var exempt = Set<Int>()
        for invariant in content.invariants where invariant.kind == .creatureNeedsSpeech {
            let layer = invariant.layer ?? .creature
            exempt.formUnion(invariant.exceptions.compactMap { eventIndex[$0.event] })
            speech = Decide.Speech(
                rule: .init(id: invariant.id, at: invariant.location), exempt: exempt.sorted(),
                feedback: content.feedback.indices.filter { content.feedback[$0].layer == layer })
        }

        let payloads = content.events.enumerated().compactMap { index, event in
            event.payload.map { _ in
                Decide.PayloadRule(
                    event: stateCount + index, rule: .init(id: "events/" + event.name, at: mainFile(event.location)))
            }
        }

        var budgets: [Decide.Budget] = []
        var rings = 0
        for budget in content.budgets where budget.enforced {
            var screen: Int?
            var perScreen = false
            var counted = Array(content.feedback.indices)
            switch budget.scope {
            case .eachScreen: perScreen = true
            case .screen(let name): screen = screenIndex[name] ?? -1
            case .layer(let layer): counted = counted.filter { content.feedback[$0].layer == layer }
            case .events: break
            }
            var excepted = Array(Set(budget.exceptions.compactMap { eventIndex[$0] })).sorted()
            if case .events(let names) = budget.scope {
                // An event budget counts its events' rings on every screen: it excepts
                // every other event, so a runtime counts it like any other budget.
                let scoped = Set(names.compactMap { eventIndex[$0] })
                excepted = events.indices.filter { !scoped.contains($0) }
            }
            let count = perScreen ? content.screens.count : 1
            budgets.append(
                Decide.Budget(
                    scope: budget.scope, rule: .init(id: budget.id, at: budget.location), max: budget.max,
                    window: budget.window, screen: screen, perScreen: perScreen, counted: counted,
                    excepted: excepted, firstRing: rings, rings: count))
            rings += count
        }

        let names = parameters.map(\.name)
        let edges = content.bands.map { band in
            // A parametric band's edges (constant ones as numbers) live in the session.
            band.isParametric
                ? band.levels.dropLast().map {
                    $0.edge.flatMap { CompiledBand.Edge($0, names: names) } ?? .number($0.below ?? .infinity)
                } : []
        }
        let bandLevels = content.bands.map { band in
            band.levels.map { level in
                let up = level.fromBelow ?? .init(play: level.play, silent: level.silent)
                let down = level.fromAbove ?? .init(play: level.play, silent: level.silent)
                return Decide.Level(
                    up: .init(play: up.play, silent: up.silent), down: .init(play: down.play, silent: down.silent))
            }
        }

        var subjects: [String] = []
        var subjectIndex = NameTable<Int>()
        for cell in content.cells {
            for row in cell.rows {
                guard let subject = row.condition?.subject, subjectIndex[subject] == nil else { continue }
                subjectIndex[subject] = subjects.count
                subjects.append(subject)
            }
        }

        let screenCount = content.screens.count
        // State and setting events never go through the table.
        let table = CellTable(
            screenCount: screenCount,
            eventScreens: Array(repeating: [], count: stateCount) + content.events.map(\.screens),
            cells: content.cells.map { ($0.screen, stateCount + $0.event) }
        ).entries
        var signals: [Decide.Signal] = []
        var signalIndex: [[Int]: Int] = [:]
        var ruleSlots: [String] = []
        var slotsOfRule: [String: [Int]] = [:]
        var rows: [[Decide.Row]] = []
        for cell in content.cells {
            let e = stateCount + cell.event
            rows.append(
                cell.rows.map { row in
                    let id = row.rule
                    let slot = ruleSlots.count
                    ruleSlots.append(id)
                    slotsOfRule[id, default: []].append(slot)
                    var signal: Int?
                    var levelArguments: [[PolicyContent.Row.Argument]]?
                    if case .band(let b) = row.action {
                        let key = [e, b]
                        let found = signalIndex[key] ?? signals.count
                        if found == signals.count { signals.append(.init(event: e, band: b)) }
                        signalIndex[key] = found
                        signal = found
                        levelArguments = Self.levelArguments(row, band: content.bands[b])
                        for level in zip(row.levelRules ?? [], content.bands[b].levels).map(\.0) {
                            slotsOfRule[id, default: []].append(ruleSlots.count)
                            slotsOfRule[level, default: []].append(ruleSlots.count)
                            ruleSlots.append(level)
                        }
                    }
                    var lowered = Decide.Row(
                        subject: row.condition?.subject.flatMap { subjectIndex[$0] }, signal: signal, rule: slot)
                    lowered.levelArguments = levelArguments
                    lowerActions(row, into: &lowered)
                    return lowered
                })
        }

        // A `keeps:` resolved to the feedback it keeps every play of and the rule slots.
        func resolve(_ keeps: PolicyContent.UserLevels.Keeps, rule: Decide.RuleRef) -> Decide.UserLevel {
            Decide.UserLevel(
                rule: rule,
                feedback: content.feedback.indices.filter {
                    let plan = content.feedback[$0]
                    return keeps.all || keeps.feedback.contains(plan.name) || keeps.layers.contains(plan.layer)
                },
                ruleSlots: Array(Set(keeps.rows.flatMap { slotsOfRule[$0] ?? [] })).sorted())
        }
        let levels = content.userLevels?.levels ?? []
        let userLevels = levels.map { level in
            resolve(level.keeps, rule: .init(id: "user-levels/" + level.name, at: level.location))
        }
        let startLevel = content.userLevels.flatMap { user in levels.firstIndex { $0.name == user.start } } ?? 0

        let bands = content.bands.map { band in
            Decide.Band(
                hysteresis: band.hysteresis, dwell: band.dwell ?? 0, edges: band.edges,
                inclusive: band.levels.dropLast().map { $0.inclusive == true }, approach: band.approach?.step ?? 0,
                plausibleMin: band.plausible?.min, plausibleMax: band.plausible?.max)
        }
        let parameterBands = parameters.map { parameter in
            content.bands.indices.filter { b in
                content.bands[b].levels.contains { $0.edge?.parameters.contains(parameter.name) == true }
            }
        }

        var decide = Decide(
            events: events, stateEvents: stateCount, table: table, subjects: subjects, rows: rows, signals: signals,
            ruleSlots: ruleSlots, settings: settings,
            screenRules: content.screens.map { .init(id: "screens/" + $0.name, at: $0.location) }, speech: speech,
            payloads: payloads, budgets: budgets, bandLevels: bandLevels, edges: edges, userLevels: userLevels,
            startLevel: startLevel, bands: bands, priorities: priorities(content.feedback),
            parameterBands: parameterBands)
        let ending = content.events.indices.filter { content.events[$0].endsSubject == true }.map { stateCount + $0 }
        if !ending.isEmpty { decide.endsSubject = ending }
        decide.background = content.background.map {
            resolve($0.keeps, rule: .init(id: "background", at: $0.location))
        }
        return decide
    }
}

extension PolicyLowering {
    /// Writes `row`'s steps, main step and arguments step (a row with several actions or
    /// `with:`), or its band levels' merged arguments (a band row with `with:` on it or on
    /// a level: the level's, then the row's; Docs/decision-order.md §13).
    static func lowerActions(_ row: PolicyContent.Row, into lowered: inout Decide.Row) {
        if case .band = row.action { return }
        guard row.also != nil || row.arguments != nil else { return }
        let steps = row.steps
        lowered.steps = steps.compactMap { action in
            switch action {
            case .stop(let f): Decide.Step(action: .stop, feedback: f)
            case .play(let f): Decide.Step(action: .play, feedback: f)
            case .loop(let f): Decide.Step(action: .loop, feedback: f)
            case .band, .silent, .none: nil
            }
        }
        let kinds = steps.compactMap(\.executionKind)
        lowered.main = ExecutionOrder.main(kinds)
        if row.arguments != nil { lowered.argumentsStep = ExecutionOrder.argumentsStep(kinds) }
    }

    /// By band row: the merged arguments of each level, when the row or a level has `with:`.
    static func levelArguments(_ row: PolicyContent.Row, band: PolicyContent.Band) -> [[PolicyContent.Row.Argument]]? {
        guard row.arguments != nil || band.levels.contains(where: { $0.arguments != nil }) else { return nil }
        return band.levels.map { ($0.arguments ?? []) + (row.arguments ?? []) }
    }

    /// The feedback's priorities and one-shot lengths, or nil when every one is `normal`.
    static func priorities(_ feedback: [FeedbackPlan]) -> [Decide.FeedbackPriority]? {
        guard let table = PriorityTable(feedback: feedback) else { return nil }
        return zip(table.priorities, table.lengths).map { priority, length in
            Decide.FeedbackPriority(rank: priority.rank, length: length)
        }
    }
}

extension CompiledBand.Edge {
    /// Compiles an expression whose names are all in `names`; nil otherwise.
    init?(_ expression: Expression, names: [String]) {
        switch expression {
        case .number(let value): self = .number(value)
        case .parameter(let name):
            guard let index = names.firstIndex(of: name) else { return nil }
            self = .parameter(index)
        case .negate(let operand):
            guard let operand = Self(operand, names: names) else { return nil }
            self = .negate(operand)
        case .binary(let op, let lhs, let rhs):
            guard let lhs = Self(lhs, names: names), let rhs = Self(rhs, names: names) else { return nil }
            self = .binary(op, lhs, rhs)
        }
    }
}
