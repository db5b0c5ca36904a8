extension PolicyContent.Decide {
    /// The first way the tables do not fit `content` (a count or an index out of range),
    /// or nil. Checks shape only: it never derives the tables again.
    package func inconsistency(with content: PolicyContent) -> String? {
        let eventCount = events.count
        let screenCount = content.screens.count
        let feedbackCount = content.feedback.count
        func within(_ values: [Int], _ count: Int) -> Bool { values.allSatisfy { $0 >= 0 && $0 < count } }
        guard stateEvents >= StateEvent.allCases.count, stateEvents + content.events.count == eventCount,
            settings.count == stateEvents - StateEvent.allCases.count
        else { return "decide.events does not list the state, setting and catalogue events" }
        let names = StateEvent.allCases.map(\.rawValue) + content.settingEventNames + content.events.map(\.name)
        guard names.count == eventCount, zip(events, names).allSatisfy({ NameKey.same($0, $1) }) else {
            return "decide.events is not the state, setting and catalogue events by name"
        }
        guard table.count == screenCount * eventCount, table.allSatisfy({ $0 >= -2 && $0 < content.cells.count })
        else { return "decide.table is not one cell index, -1 or -2 per screen and event" }
        guard rows.count == content.cells.count, zip(rows, content.cells).allSatisfy({ $0.count == $1.rows.count })
        else { return "decide.rows does not have one entry per row of each cell" }
        for (cellRows, cell) in zip(rows, content.cells) {
            for (row, source) in zip(cellRows, cell.rows) {
                let levels =
                    if case .band(let b) = source.action, content.bands.indices.contains(b) {
                        content.bands[b].levels.count
                    } else { 0 }
                guard row.rule >= 0, row.rule + levels < ruleSlots.count,
                    row.subject.map({ subjects.indices.contains($0) }) ?? true,
                    row.signal.map({ signals.indices.contains($0) }) ?? (levels == 0),
                    (row.signal == nil) == (levels == 0)
                else { return "decide.rows of rule '\(source.rule)' points outside the tables" }
                if let problem = row.stepsInconsistency(source, levels: levels, feedbackCount: feedbackCount) {
                    return "decide.rows of rule '\(source.rule)' \(problem)"
                }
            }
        }
        guard signals.allSatisfy({ (0..<eventCount).contains($0.event) && content.bands.indices.contains($0.band) })
        else { return "decide.signals names an event or band that does not exist" }
        for setting in settings {
            let parameter = setting.parameter.map { (content.parameters ?? []).indices.contains($0) }
            guard
                (setting.kind == "parameter" && parameter == true) || (setting.kind == "user-level" && parameter == nil)
            else { return "decide.settings has a setting that is not a parameter or the user level" }
        }
        guard screenRules.count == screenCount else { return "decide.screenRules is not one rule per screen" }
        if let speech, !within(speech.exempt, eventCount) || !within(speech.feedback, feedbackCount) {
            return "decide.speech names an event or feedback that does not exist"
        }
        guard
            payloads.allSatisfy({
                $0.event >= stateEvents && $0.event < eventCount
                    && content.events[$0.event - stateEvents].payload != nil
            })
        else { return "decide.payloads names an event that declares no payload" }
        var rings = 0
        for budget in budgets {
            guard budget.max >= 0, budget.firstRing == rings,
                budget.rings == (budget.perScreen ? screenCount : 1), within(budget.counted, feedbackCount),
                within(budget.excepted, eventCount), budget.screen.map({ $0 >= -1 && $0 < screenCount }) ?? true
            else { return "decide.budgets has a budget '\(budget.rule.id)' that points outside the tables" }
            rings += budget.rings
        }
        guard bandLevels.count == content.bands.count, edges.count == content.bands.count else {
            return "decide.bandLevels and decide.edges do not have one entry per band"
        }
        for (b, band) in content.bands.enumerated() {
            let plays = bandLevels[b].flatMap { [$0.up.play, $0.down.play] }.compactMap { $0 }
            guard bandLevels[b].count == band.levels.count, within(plays, feedbackCount),
                edges[b].isEmpty || edges[b].count == band.levels.count - 1,
                within(edges[b].flatMap(\.parameters), (content.parameters ?? []).count)
            else { return "decide.bandLevels of band '\(band.name)' does not fit its levels" }
        }
        guard self.bands.count == content.bands.count else { return "decide.bands does not have one entry per band" }
        for (band, source) in zip(self.bands, content.bands) {
            guard band.edges.count == source.levels.count - 1, band.inclusive.count == band.edges.count,
                (-1...1).contains(band.approach), band.dwell >= 0, band.hysteresis >= 0,
                (band.plausibleMin ?? -.infinity) <= (band.plausibleMax ?? .infinity)
            else { return "decide.bands of band '\(source.name)' does not fit its levels" }
        }
        if let priorities {
            guard priorities.count == feedbackCount,
                priorities.allSatisfy({ (0...3).contains($0.rank) && ($0.length ?? 0) >= 0 })
            else { return "decide.priorities is not one rank and length per feedback" }
        }
        guard parameterBands.count == (content.parameters ?? []).count,
            parameterBands.allSatisfy({ within($0, content.bands.count) && $0.allSatisfy { !edges[$0].isEmpty } })
        else { return "decide.parameterBands is not a list of parametric bands per parameter" }
        let levelCount = content.userLevels?.levels.count ?? 0
        guard userLevels.count == levelCount, startLevel >= 0, startLevel < max(levelCount, 1),
            userLevels.allSatisfy({ within($0.feedback, feedbackCount) && within($0.ruleSlots, ruleSlots.count) })
        else { return "decide.userLevels does not fit the user levels" }
        if let endsSubject, !within(endsSubject, eventCount) || endsSubject.contains(where: { $0 < stateEvents }) {
            return "decide.endsSubject names an event that is not in the catalogue"
        }
        if let background {
            guard content.background != nil, within(background.feedback, feedbackCount),
                within(background.ruleSlots, ruleSlots.count)
            else { return "decide.background does not fit the policy's background" }
        } else if content.background != nil {
            return "decide.background is missing for the policy's background"
        }
        return nil
    }
}

extension PolicyContent.Decide.Row {
    /// What makes the row's steps, main step, arguments step or level arguments unusable
    /// for content row `source` (whose band has `levels` levels, 0 when not a band row).
    func stepsInconsistency(_ source: PolicyContent.Row, levels: Int, feedbackCount: Int) -> String? {
        if let levelArguments, levels == 0 || levelArguments.count != levels {
            return "has level arguments that are not one list per level of its band"
        }
        guard let steps else {
            if levels == 0, source.arguments != nil { return "has arguments but no steps" }
            return main == nil && argumentsStep == nil ? nil : "has a main or arguments step but no steps"
        }
        guard levels == 0, !steps.isEmpty, let main, steps.indices.contains(main) else {
            return "has steps without a main step among them"
        }
        for step in steps {
            guard step.feedback.map({ $0 >= 0 && $0 < feedbackCount }) ?? (step.action == .stop) else {
                return "has a step that is not a stop, play or loop of a feedback"
            }
        }
        if let argumentsStep {
            guard steps.indices.contains(argumentsStep), steps[argumentsStep].action != .stop, source.arguments != nil
            else { return "gives its arguments to a step that is not its play or loop" }
        } else if source.arguments != nil {
            return "has arguments but no step they go to"
        }
        return nil
    }
}
