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
        let oldPolicy = previous.policy
        isForeground = previous.isForeground
        // Parameters that still exist keep their value while it is still in range.
        parameters.carryOver(previous.parameters, from: oldPolicy, to: policy)
        // The user level carries over by name.
        if let name = previous.userLevelName, let level = policy.userLevelIndex(name) { userLevels.level = level }
        engine = previous.engine
        engineEverStarted = previous.engineEverStarted
        // In order of recency, so the same subjects are the next to be forgotten.
        let previousSlots = previous.subjects.slotsLeastRecentFirst
        for slot in previousSlots { _ = subjectID(previous.subjects.names[slot]) }

        if let old = previous.screen {
            let name = old == .unknown ? previous.unknownScreenName : oldPolicy.screenName(old)
            if let name, let id = policy.screenID(name) {
                screen = id
                ticker = previous.ticker
            } else {
                screen = .unknown
                unknownScreenName = name
            }
        }
        carryOverLoops(previous)
        budgets.carryOver(previous.budgets, from: oldPolicy, to: policy)
        carryOverBandLevels(previous, subjects: previousSlots)
    }

    /// Running loops whose feedback still exists and still loops, and that the level keeps.
    private mutating func carryOverLoops(_ previous: Session) {
        // A loop's row is found again by its rule id (for user levels that keep rows).
        let newSlots =
            policy.hasUserLevels && !previous.loops.isEmpty
            ? Dictionary(policy.ruleSlotIDs.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
            : [:]
        for loop in previous.loops.loops {
            guard let f = policy.feedback.firstIndex(where: { $0.name == loop.feedback }),
                policy.feedback[f].loop != nil
            else { continue }
            let slot =
                loop.ruleSlot >= 0 && loop.ruleSlot < previous.policy.ruleSlotIDs.count
                ? newSlots[previous.policy.ruleSlotIDs[loop.ruleSlot]] ?? -1 : -1
            // A loop the level does not keep (in the edited policy) does not carry over.
            if policy.hasUserLevels, !policy.keeps(level: userLevels.level, feedback: f, slot: slot) { continue }
            loops.start(
                RunningLoop(
                    feedback: loop.feedback, parameters: loop.parameters, period: loop.period, start: loop.start,
                    feedbackIndex: f, ruleSlot: slot))
        }
    }

    /// Band levels of (event, band) signals that still exist, by level name; `subjects`
    /// are the previous session's subject slots.
    private mutating func carryOverBandLevels(_ previous: Session, subjects previousSlots: [Int]) {
        let oldPolicy = previous.policy
        for oldSlot in 0..<previous.bands.slotCount {
            let (oldEvent, oldBand) = oldPolicy.bandSlots[oldSlot]
            let band = oldPolicy.bands[oldBand]
            guard let newEvent = policy.eventIndex[oldPolicy.eventNames[oldEvent]],
                let newBand = policy.bands.firstIndex(where: { $0.name == band.name }),
                let newSlot = policy.bandSlots.firstIndex(where: { $0.event == newEvent && $0.band == newBand })
            else { continue }
            for subject in [-1] + previousSlots {
                let oldIndex = (subject + 1) * previous.bands.slotCount + oldSlot
                guard let oldLevel = previous.bands.level(at: oldIndex) else { continue }
                let levelName = band.levels[oldLevel].name
                guard let level = policy.bands[newBand].levels.firstIndex(where: { $0.name == levelName }) else {
                    continue
                }
                let newSubject = subject < 0 ? nil : subjects.existingID(of: previous.subjects.names[subject])
                bands.set(level: level, at: bands.index(slot: newSlot, subject: newSubject))
            }
        }
    }
}
