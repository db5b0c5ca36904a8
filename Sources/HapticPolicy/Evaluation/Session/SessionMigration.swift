// Hot reload: a session made for an edited policy that continues a running one.

extension Session {
    /// A session for `policy` that continues `previous`, made with another policy: used by
    /// `PolicyStore.reload` so an edited policy takes over mid-run. Carried over: device,
    /// foreground, engine state, subjects; the screen when it still exists (else it
    /// becomes an unknown screen of that name); the open ticker gesture on a screen that
    /// still exists; running loops whose feedback still exists and still loops; band
    /// levels of (event, band) signals that still exist, by level name (a level still
    /// dwelling starts its dwell again); the recent rings of enforced budgets that still
    /// exist unchanged (same id, scope, max and window).
    public init(policy: Policy, continuing previous: Session) {
        self.init(policy: policy, device: previous.device, subjectLimit: previous.subjectLimit)
        var previous = previous
        carryOver(&previous, plan: MigrationPlan(from: previous.policy, to: policy))
    }

    /// Carries `previous` over into this session, just made for `plan.to` with
    /// `previous.subjectLimit` and not used yet (`PolicyStore` makes it before it takes
    /// its lock, and carries over under it). Only integers are remapped here: every name
    /// was looked up by `plan`, but for the name of an unknown screen the previous session
    /// was on (one look-up, as it is the session's, not the policy's). When the subject table carries over as it is, it is moved
    /// out of `previous` (which gets this session's empty one), so that this session is
    /// its only owner and deciding with it copies nothing.
    package mutating func carryOver(_ previous: inout Session, plan: MigrationPlan) {
        precondition(previous.policy === plan.from, "a migration plan is for one source policy")
        device = previous.device
        isForeground = previous.isForeground
        // Parameters that still exist keep their value while it is still in range.
        parameters.carryOver(previous.parameters, plan: plan)
        // The user level carries over by name.
        if previous.userLevels.level < plan.userLevels.count {
            let level = plan.userLevels[previous.userLevels.level]
            if level >= 0 { userLevels.level = level }
        }
        engine = previous.engine
        engineEverStarted = previous.engineEverStarted
        // The same subjects, in the same slots, when both policies pin the same ones (the
        // counts of forgotten and ended subjects start again, as for a table filled anew);
        // else interned again in order of recency, so the same subjects are the next to
        // be forgotten. `rows`: the band rows (row 0: no subject) of the previous
        // session's subjects and their rows now (-1: not held); nil when each keeps its row.
        var rows: [(old: Int, new: Int)]? = nil
        if plan.samePinnedSubjects {
            swap(&subjects, &previous.subjects)
            subjects.restartCounts()
        } else {
            let previousSlots = previous.subjects.slotsLeastRecentFirst
            for slot in previousSlots { _ = subjectID(previous.subjects.names[slot]) }
            rows =
                [(0, 0)]
                + previousSlots.map { slot in
                    let id = subjects.existingID(of: previous.subjects.names[slot])
                    return (slot + 1, id.map { ($0.rawValue & 0xFFFF_FFFF) + 1 } ?? -1)
                }
        }

        if let old = previous.screen {
            if old == .unknown {
                if let name = previous.unknownScreenName, let id = policy.screenID(name) {
                    screen = id
                    ticker = previous.ticker
                } else {
                    screen = .unknown
                    unknownScreenName = previous.unknownScreenName
                }
            } else if old.rawValue >= 0, old.rawValue < plan.screens.count, plan.screens[old.rawValue] >= 0 {
                screen = ScreenID(rawValue: plan.screens[old.rawValue])
                ticker = previous.ticker
            } else {
                screen = .unknown
                unknownScreenName = previous.policy.screenName(old)
            }
        }
        carryOverLoops(previous, plan: plan)
        budgets.carryOver(previous.budgets, plan: plan)
        carryOverBandLevels(&previous, rows: rows, plan: plan)
    }

    /// Running loops whose feedback still exists and still loops, and that the level keeps.
    private mutating func carryOverLoops(_ previous: Session, plan: MigrationPlan) {
        for loop in previous.loops.loops {
            guard loop.feedbackIndex >= 0, loop.feedbackIndex < plan.loopingFeedback.count else { continue }
            let f = plan.loopingFeedback[loop.feedbackIndex]
            guard f >= 0 else { continue }
            // A loop's row is found again by its rule id (for user levels that keep rows).
            let slot = loop.ruleSlot >= 0 && loop.ruleSlot < plan.ruleSlots.count ? plan.ruleSlots[loop.ruleSlot] : -1
            // A loop the level does not keep (in the edited policy) does not carry over.
            if policy.hasUserLevels, !policy.keeps(level: userLevels.level, feedback: f, slot: slot) { continue }
            loops.start(
                RunningLoop(
                    feedback: loop.feedback, parameters: loop.parameters, period: loop.period, start: loop.start,
                    feedbackIndex: f, ruleSlot: slot))
        }
    }

    /// Band levels of (event, band) signals that still exist, by level name; `rows` are
    /// the band rows of the previous session's subjects (row 0: no subject) and the rows
    /// they have now (-1: not held), nil when each keeps its row. A level still dwelling
    /// starts its dwell again. (A kept row of a slot left free holds what its forgotten
    /// subject had; the slot's next subject clears it, as it would have without a reload.)
    private mutating func carryOverBandLevels(
        _ previous: inout Session, rows: [(old: Int, new: Int)]?, plan: MigrationPlan
    ) {
        let oldCount = previous.bands.slotCount
        let newCount = bands.slotCount
        guard oldCount > 0, newCount > 0, plan.bandSlots.contains(where: { $0.slot >= 0 }) else { return }
        if rows == nil, plan.bandsKept {
            // The usual edit: every signal keeps its slot and its levels, and every subject
            // its row, so the states are taken over whole rather than row by row.
            bands.takeOver(&previous.bands, dwellingSlots: plan.dwellingSlots)
            return
        }
        let oldStates = previous.bands.states
        func carry(row oldRow: Int, to newRow: Int) {
            for (oldSlot, target) in plan.bandSlots.enumerated() where target.slot >= 0 {
                let oldIndex = oldRow * oldCount + oldSlot
                guard oldIndex < oldStates.count else { return }
                let oldLevel = Int(oldStates[oldIndex].level)
                guard oldLevel >= 0, oldLevel < target.levels.count else { continue }
                let level = target.levels[oldLevel]
                if level >= 0 { bands.set(level: level, at: newRow * newCount + target.slot) }
            }
        }
        if let rows {
            bands.reserve(rows: rows.reduce(0) { Swift.max($0, $1.new) } + 1)
            for (oldRow, newRow) in rows where newRow >= 0 { carry(row: oldRow, to: newRow) }
        } else {
            let rowCount = (oldStates.count + oldCount - 1) / oldCount
            bands.reserve(rows: rowCount)
            for row in 0..<rowCount { carry(row: row, to: row) }
        }
    }

    /// What carrying a session over from one policy to another looks up by name, looked
    /// up once for the pair: the name look-ups of a migration are the slow part of it, and
    /// `PolicyStore.reload` makes them before it takes its lock, so that a migration under
    /// the lock only remaps integers. Index maps hold -1 for what the target no longer has.
    package struct MigrationPlan: Sendable {
        /// The policy of the sessions this plan carries over.
        package let from: Policy
        /// The policy they are carried over to.
        package let to: Policy
        /// By screen id of `from`: the id of the screen of that name in `to`.
        let screens: [Int]
        /// By feedback index of `from`: the index of the feedback of that name in `to`
        /// when it still loops there.
        let loopingFeedback: [Int]
        /// By rule slot of `from`: the slot of the same rule id in `to`, when `to` has user
        /// levels (the only use of a loop's slot); else empty.
        let ruleSlots: [Int]
        /// By parameter of `to`: the parameter of that name in `from`.
        let parameters: [Int]
        /// By user level of `from`: the level of that name in `to`.
        let userLevels: [Int]
        /// By signal slot of `from`: the slot of the same (event, band) names in `to`, and
        /// by level of the band in `from`, the level of that name in `to`'s band.
        let bandSlots: [(slot: Int, levels: [Int])]
        /// Whether every signal slot of `from` is the same slot in `to`, of as many slots,
        /// with each of its levels at the same index: band states then carry over whole.
        package let bandsKept: Bool
        /// The signal slots of `from` whose band dwells: the only ones whose states can
        /// hold a pending level, which a reload drops (its dwell starts again).
        package let dwellingSlots: [Int]
        /// The budget rings carried over: (ring in `to`, ring in `from`).
        let budgetRings: [(to: Int, from: Int)]
        /// Whether both policies pin the same subjects (`Policy.subjectNames`), so the
        /// subject table carries over as it is.
        package let samePinnedSubjects: Bool

        /// Looks up, from `from` to `to`, everything a migration needs by name.
        package init(from: Policy, to: Policy) {
            self.from = from
            self.to = to
            screens = from.screenNames.map { to.screenIndex[$0] ?? -1 }
            loopingFeedback = from.feedback.map { plan in
                guard let f = to.feedbackIndex[plan.name], to.feedback[f].loop != nil else { return -1 }
                return f
            }
            if to.hasUserLevels {
                let slots = Dictionary(to.ruleSlotIDs.enumerated().map { ($1, $0) }) { first, _ in first }
                ruleSlots = from.ruleSlotIDs.map { slots[$0] ?? -1 }
            } else {
                ruleSlots = []
            }
            parameters = to.parameterNames.map { from.parameterNames.firstIndex(of: $0) ?? -1 }
            userLevels = from.userLevels?.levels.map { to.userLevelIndex($0.name) ?? -1 } ?? []
            bandSlots = from.bandSlots.map { signal in
                let band = from.bands[signal.band]
                guard let event = to.eventIndex[from.eventNames[signal.event]],
                    let newBand = to.bands.firstIndex(where: { NameKey.same($0.name, band.name) }),
                    let slot = to.bandSlots.firstIndex(where: { $0.event == event && $0.band == newBand })
                else { return (-1, []) }
                let levels = to.bands[newBand].levels
                return (
                    slot, band.levels.map { level in levels.firstIndex { NameKey.same($0.name, level.name) } ?? -1 }
                )
            }
            bandsKept =
                from.bandSlots.count == to.bandSlots.count
                && bandSlots.enumerated().allSatisfy { slot, target in
                    target.slot == slot && target.levels.enumerated().allSatisfy { $0 == $1 }
                }
            dwellingSlots = from.bandSlots.indices.filter { from.bands[from.bandSlots[$0].band].dwell > 0 }
            var rings: [(to: Int, from: Int)] = []
            for budget in to.enforcedBudgets {
                guard
                    let was = from.enforcedBudgets.first(where: {
                        $0.budget.id == budget.budget.id && $0.budget.scope == budget.budget.scope
                            && $0.max == budget.max && $0.budget.window == budget.budget.window
                    })
                else { continue }
                if budget.perScreen {
                    // Those of `each: screen` follow their screen by name.
                    for (s, name) in to.screenNames.enumerated() {
                        if let old = from.screenIndex[name] {
                            rings.append((budget.firstRing + s, was.firstRing + old))
                        }
                    }
                } else {
                    rings.append((budget.firstRing, was.firstRing))
                }
            }
            budgetRings = rings
            samePinnedSubjects = from.subjectNames == to.subjectNames
        }
    }
}
