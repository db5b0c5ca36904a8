// Setting events: the events a run-time parameter (`set-by:`) or the user levels
// (`user-levels: set-by:`) are set by.

extension Session {
    /// Decides a setting event (a parameter's `set-by`): a good value sets what it sets,
    /// silent with reason `state`; a bad one changes nothing (`bad-state`, naming the
    /// declaration).
    mutating func decideSetting(_ index: Int, _ event: Event) -> Decision {
        var decision = Decision(
            action: .silent, screen: currentScreenName(event), reason: .state, rule: policy.settingRules[index])
        switch policy.settingEvents[index] {
        case .parameter(let p):
            let parameter = policy.parameters[p]
            guard case .number(let value)? = event.value, value.isFinite, value >= parameter.min,
                value <= parameter.max
            else {
                let got = event.value.map { "got \($0)" } ?? "it has no value"
                decision.reason = .badState
                decision.note =
                    "\(parameter.setBy) needs a number from \(numberText(parameter.min)) to "
                    + "\(numberText(parameter.max)) in 'value' (parameters.\(parameter.name)); \(got), so "
                    + "\(parameter.name) stays \(numberText(parameters.values[p]))"
                return decision
            }
            parameters.set(p, to: value, in: policy)
            decision.noteSource = .parameterSet(
                policy.parameterNotes[p], values: parameters.values, edges: parameters.bandEdges)
        case .userLevel:
            guard let levels = policy.userLevels?.levels else { break }
            guard case .string(let name)? = event.value, let level = policy.userLevelIndex(name) else {
                let got = event.value.map { "got \($0)" } ?? "it has no value"
                let names = levels.map { "'\($0.name)'" }.joined(separator: ", ")
                decision.reason = .badState
                decision.note =
                    "\(policy.eventNames[Self.stateEvents.count + index]) needs one of \(names) in 'value' "
                    + "(user-levels); \(got), so the haptics level stays '\(levels[userLevels.level].name)'"
                return decision
            }
            userLevels.level = level
            decision.noteSource = .userLevelSet(level: name)
            // Loops the new level does not keep stop now; the next play decides again.
            let policy = policy
            if loops.keep(where: { policy.keeps(level: level, feedback: $0.feedbackIndex, slot: $0.ruleSlot) }) {
                decision.directives.insert(.stopLoop)
            }
        }
        return decision
    }
}
