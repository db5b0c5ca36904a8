extension PolicyContent {
    /// The first inconsistency that would make the content unusable (an index out of
    /// range, a name given twice, edges out of order), or nil. The compiler never makes
    /// such content; a bundle written by hand or by another tool might.
    package var inconsistency: String? {
        func unique(_ names: [String], _ what: String) -> String? {
            var seen = Set<NameKey>()
            for name in names where !seen.insert(NameKey(name)).inserted {
                return "\(what) '\(name)' is declared twice"
            }
            return nil
        }
        if let problem = unique(screens.map(\.name), "screen") { return problem }
        if let problem = unique(StateEvent.allCases.map(\.rawValue) + settingEventNames + events.map(\.name), "event") {
            return problem
        }
        if let problem = unique((parameters ?? []).map(\.name), "parameter") { return problem }
        for parameter in parameters ?? [] {
            guard parameter.min.isFinite, parameter.max.isFinite, parameter.min < parameter.max,
                parameter.defaultValue >= parameter.min, parameter.defaultValue <= parameter.max
            else { return "parameter '\(parameter.name)' has no usable range and default" }
        }
        if let problem = unique(feedback.map(\.name), "feedback") { return problem }
        if let userLevels {
            if userLevels.levels.isEmpty { return "user-levels declares no level" }
            if let problem = unique(userLevels.levels.map(\.name), "user level") { return problem }
            guard userLevels.levels.contains(where: { NameKey.same($0.name, userLevels.start) }) else {
                return "user-levels starts at '\(userLevels.start)', which is not one of its levels"
            }
            let feedbackNames = Set(feedback.map { NameKey($0.name) })
            for level in userLevels.levels {
                if let missing = level.keeps.feedback.first(where: { !feedbackNames.contains(NameKey($0)) }) {
                    return "user level '\(level.name)' keeps the undeclared feedback '\(missing)'"
                }
            }
        }
        if let background,
            let missing = background.keeps.feedback.first(where: { name in
                !feedback.contains { NameKey.same($0.name, name) }
            })
        {
            return "background keeps the undeclared feedback '\(missing)'"
        }
        if let problem = unique(bands.map(\.name), "band") { return problem }
        guard warmup.isFinite, warmup >= 0 else { return "the engine warm-up is not a finite number of seconds" }
        if let problem = unique(layerNames.map(\.rawValue), "layer") { return problem }
        let declared = Set(layerNames)
        if let event = events.first(where: { !declared.contains($0.layer) }) {
            return "event '\(event.name)' belongs to the undeclared layer '\(event.layer.rawValue)'"
        }
        if let plan = feedback.first(where: { !declared.contains($0.layer) }) {
            return "feedback '\(plan.name)' belongs to the undeclared layer '\(plan.layer.rawValue)'"
        }
        for event in events {
            if let listed = event.screens, listed.contains(where: { !screens.indices.contains($0) }) {
                return "event '\(event.name)' occurs on a screen that does not exist"
            }
        }
        for plan in feedback {
            if let problem = plan.inconsistency { return problem }
        }
        for band in bands {
            guard band.levels.count >= 2 else { return "band '\(band.name)' has fewer than two levels" }
            guard band.hysteresis.isFinite, band.hysteresis >= 0 else {
                return "band '\(band.name)' has a bad hysteresis"
            }
            if let dwell = band.dwell, !dwell.isFinite || dwell < 0 {
                return "band '\(band.name)' has a bad dwell"
            }
            if let plausible = band.plausible {
                let low = plausible.min ?? -.infinity
                let high = plausible.max ?? .infinity
                guard !low.isNaN, !high.isNaN, low < high else {
                    return "band '\(band.name)' has an empty plausible range"
                }
            }
            let edges = band.levels.dropLast().map(\.below)
            guard edges.allSatisfy({ $0?.isFinite == true }), band.levels.last?.below == nil else {
                return "band '\(band.name)' has a level without its edge"
            }
            if zip(edges, edges.dropFirst()).contains(where: { ($0 ?? 0) >= ($1 ?? 0) }) {
                return "the edges of band '\(band.name)' are not ascending"
            }
            if band.plays.contains(where: { !feedback.indices.contains($0) }) {
                return "a level of band '\(band.name)' plays a feedback that does not exist"
            }
            if let problem = edgeInconsistency(band) { return problem }
            if let problem = approachInconsistency(band) { return problem }
        }
        var decided = Set<[Int]>()
        var ruleIDs = Set<NameKey>()
        // A screen's `otherwise:` cells all cite its one rule, `<screen>/otherwise`.
        var otherwiseRules = Set<NameKey>()
        let everywhere = Set(cells.lazy.filter { $0.screen == nil }.map(\.event))
        for cell in cells {
            guard events.indices.contains(cell.event) else { return "a cell decides an event that does not exist" }
            if cell.otherwise == true {
                guard let screen = cell.screen, screens.indices.contains(screen), cell.rows.count == 1,
                    case .silent = cell.rows[0].action, cell.rows[0].condition == nil,
                    cell.rows[0].rule == RuleID(otherwiseOf: screens[screen].name).text
                else { return "an otherwise cell is not one silent row of a screen citing '<screen>/otherwise'" }
                if let problem = otherwiseCellInconsistency(event: cell.event, screen: screen, everywhere: everywhere) {
                    return problem
                }
                if otherwiseRules.contains(NameKey(cell.rows[0].rule)) { ruleIDs.remove(NameKey(cell.rows[0].rule)) }
                otherwiseRules.insert(NameKey(cell.rows[0].rule))
            }
            if let screen = cell.screen, !screens.indices.contains(screen) {
                return "a cell belongs to a screen that does not exist"
            }
            guard decided.insert([cell.event, cell.screen ?? -1]).inserted else {
                return "event '\(events[cell.event].name)' is decided twice on one screen"
            }
            for row in cell.rows {
                for action in [row.action] + (row.also ?? []) {
                    switch action {
                    case .play(let f), .stop(let f?), .loop(let f):
                        guard feedback.indices.contains(f) else { return "a row names a feedback that does not exist" }
                    case .band(let b):
                        guard bands.indices.contains(b) else { return "a row names a band that does not exist" }
                    case .silent, .stop(nil), .none:
                        break
                    }
                }
                let tested = row.condition?.parameters ?? []
                if tested.contains(where: { !(parameters ?? []).indices.contains($0.parameter) }) {
                    return "a row tests a run-time parameter that does not exist"
                }
                if let problem = row.severalActionsInconsistency { return problem }
                let levelCount: Int? = if case .band(let b) = row.action { bands[b].levels.count } else { nil }
                guard row.levelRules?.count == levelCount else {
                    return
                        "rule '\(row.rule)' does not name one rule per level of its band, or names levels without one"
                }
                for id in [row.rule] + (row.levelRules ?? []) where !ruleIDs.insert(NameKey(id)).inserted {
                    return "the rule id '\(id)' is given twice"
                }
            }
        }
        if let problem = unique(invariants.map(\.id), "invariant") { return problem }
        if let files, let problem = unique(files, "included file") { return problem }
        if let problem = unique(budgets.map(\.id), "budget") { return problem }
        for budget in budgets where budget.max < 1 || !(budget.window > 0) || !budget.window.isFinite {
            return "budget '\(budget.id)' has no usable max and window"
        }
        guard let decide else { return "the content has no decide tables: compile the policy again" }
        return decide.inconsistency(with: self)
    }
}

extension PolicyContent {
    /// The parameters' default values, by name.
    package var parameterDefaults: [String: Double] {
        Dictionary((parameters ?? []).map { ($0.name, $0.defaultValue) }, uniquingKeysWith: { first, _ in first })
    }

    /// Why a screen's `otherwise:` cell deciding `event` on `screen` is one the compiler
    /// never makes: the event cannot occur on the screen (it stays `offScreen` there), or
    /// `everywhere:` decides it (the default only decides what nothing else does). The
    /// Kotlin and TypeScript readers refuse the same, in the same words.
    private func otherwiseCellInconsistency(event: Int, screen: Int, everywhere: Set<Int>) -> String? {
        let name = events[event].name
        let screenName = screens[screen].name
        if let listed = events[event].screens, !listed.contains(screen) {
            return "the otherwise cell of screen '\(screenName)' decides '\(name)', which cannot occur on it"
        }
        if everywhere.contains(event) {
            return "the otherwise cell of screen '\(screenName)' decides '\(name)', which everywhere: decides"
        }
        return nil
    }

    /// Why a band's approach or inclusive edges are unusable: a hysteresis on an approach
    /// band (its edges are exact), or an inclusive edge on the last level (which has none).
    private func approachInconsistency(_ band: Band) -> String? {
        if band.approach != nil, band.hysteresis != 0 { return "approach band '\(band.name)' has a hysteresis" }
        if band.levels.last?.inclusive != nil { return "the last level of band '\(band.name)' has an inclusive edge" }
        return nil
    }

    /// Why a band's parametric edges are unusable: an edge naming an undeclared parameter,
    /// on the last level, or not finite, or not its `below` at the parameters' defaults.
    private func edgeInconsistency(_ band: Band) -> String? {
        guard band.isParametric else { return nil }
        let defaults = parameterDefaults
        for (index, level) in band.levels.enumerated() {
            guard let edge = level.edge else { continue }
            guard index < band.levels.count - 1 else { return "the last level of band '\(band.name)' has an edge" }
            if let name = edge.parameters.first(where: { defaults[$0] == nil }) {
                return "an edge of band '\(band.name)' reads '\(name)', which is not a run-time parameter"
            }
            guard let value = try? edge.evaluate(defaults), value == level.below else {
                return "an edge of band '\(band.name)' is not finite, or not its stored value, at the defaults"
            }
        }
        return nil
    }
}
