/// The state of one running app under a policy, and the `decide(_:)` call it makes for
/// every event. A value type: copy it to branch a simulation. Deterministic and total:
/// every event gets a decision, unknown ones included.
///
/// Order of checks for a row that plays: band (H-1) → background → haptics setting →
/// user level → speech invariant → template parameters → device and engine fallbacks →
/// enforced budgets. A row that does several things runs its stop, then its play, then
/// its loop, each through these checks on its own; the decision is the play (else the
/// loop, else the stop) and the others are its `also`.
public struct Session: Sendable {
    /// The compiled policy.
    public let policy: Policy
    /// The current screen (from the last `screen.enter`), or nil before any.
    public private(set) var screen: ScreenID?
    /// The name of the current screen when it is not in the policy.
    public private(set) var unknownScreenName: String?
    /// Whether the app is in foreground.
    public private(set) var isForeground = true
    /// What the device allows.
    public var device: DeviceState
    /// The haptic engine's state.
    public private(set) var engine: EngineState = .cold
    /// Whether the engine was ever started (so foreground restarts it).
    public private(set) var engineEverStarted = false
    /// Whether a ticker gesture is open (between `ticker: begin` and `ticker: end`).
    public private(set) var tickerOpen = false
    /// Loops playing now.
    public private(set) var runningLoops: [RunningLoop] = []
    /// The value of each run-time parameter, in `Policy.parameterNames` order: its default
    /// until its setting event sets it.
    package private(set) var parameterValues: [Double]
    /// The current edges of the parametric bands (each band's start at its
    /// `CompiledBand.edgeBase`), evaluated from `parameterValues`; empty when no edge
    /// reads a parameter.
    package private(set) var bandEdges: [Double] = []
    /// The current user level (`user-levels:`), by index: the `start:` level until its
    /// setting event picks another; 0 and unused when the policy has none.
    package private(set) var userLevel: Int

    /// Band state per (signal slot, subject slot): the level that counts (`-1` before the
    /// first sample) and a new level still dwelling.
    private var bandLevels: [BandState]
    /// The subjects seen, within `subjectLimit` (the least recently seen are forgotten).
    private var subjects: SubjectTable
    private let eventCount: Int
    private let slotCount: Int
    /// The times of the latest rings counted by each enforced budget (per screen for
    /// `each: screen`): at most the budget's `max` times each, oldest overwritten first.
    private var budgetRings: [BudgetRing]

    /// The latest rings of one enforced budget's scope, as a ring buffer.
    private struct BudgetRing: Sendable {
        /// At most `max` times; grows up to it, then `next` is overwritten.
        var times: [Double] = []
        /// Where the next time goes once `times` is full (the oldest one).
        var next = 0
    }

    /// The most subjects a session holds unless told otherwise: 65,536. A session keeps
    /// a name and a band level per signal for every subject it has seen; without a limit
    /// a log of ever-new subjects (10 million distinct ones took 799 MB) grows it without
    /// end. 65,536 subjects take about 8 MB; an app tracks a few dozen plants or sensors.
    public static let defaultSubjectLimit = 1 << 16
    /// The most bytes of subject names a session holds (UTF-8): 16 MiB, so that long
    /// names cannot grow it past its subject limit's memory either.
    public static let subjectNameByteLimit = 16 << 20

    /// Starts a session: app in foreground, engine cold, no screen yet. It holds at most
    /// `subjectLimit` subjects (at least the policy's own and one more): a new subject
    /// beyond it makes the session forget the least recently seen one, whose next sample
    /// is then a new baseline.
    public init(policy: Policy, device: DeviceState = DeviceState(), subjectLimit: Int = Session.defaultSubjectLimit) {
        self.policy = policy
        self.device = device
        self.subjects = SubjectTable(
            pinned: policy.subjectNames, limit: subjectLimit, nameByteLimit: Self.subjectNameByteLimit)
        self.eventCount = policy.eventNames.count
        self.slotCount = policy.bandSlotCount
        self.bandLevels = Array(repeating: BandState(), count: policy.bandSlotCount * Self.subjectRowsReserved)
        self.budgetRings = Array(repeating: BudgetRing(), count: policy.budgetRingCount)
        self.parameterValues = policy.parameters.map(\.defaultValue)
        self.userLevel = policy.startLevel
        if policy.parametricEdgeCount > 0 {
            bandEdges = Array(repeating: 0, count: policy.parametricEdgeCount)
            for b in policy.parametricBands {
                let band = policy.bands[b]
                for i in band.edgeCode.indices { bandEdges[band.edgeBase + i] = band.edges[i] }
            }
            updateBandEdges()
        }
    }

    /// The current edges of band set `band` (its edges at the parameters' current values),
    /// or nil when the policy has no such band set.
    public func bandEdges(band: String) -> [Double]? {
        guard let b = policy.bands.firstIndex(where: { $0.name == band }) else { return nil }
        let compiled = policy.bands[b]
        guard compiled.isParametric else { return compiled.edges }
        return Array(bandEdges[compiled.edgeBase..<compiled.edgeBase + compiled.edgeCode.count])
    }

    /// Re-evaluates the parametric bands' edges from `parameterValues`. An edge that is not
    /// finite for these values (lint proves it cannot be, or warns) keeps its last value.
    private mutating func updateBandEdges() {
        for b in policy.parametricBands {
            let band = policy.bands[b]
            for (i, code) in band.edgeCode.enumerated() {
                let value = code.value(parameterValues)
                if value.isFinite { bandEdges[band.edgeBase + i] = value }
            }
        }
    }

    /// The name of the current user level (`user-levels:`), or nil when the policy has none.
    public var userLevelName: String? {
        policy.userLevels.map { $0.levels[userLevel].name }
    }

    /// The current value of a run-time parameter (`parameters:`), or nil when the policy
    /// declares none of that name.
    public func parameter(_ name: String) -> Double? {
        policy.parameterNames.firstIndex(of: name).map { parameterValues[$0] }
    }

    /// The most subjects this session holds, the policy's own included.
    public var subjectLimit: Int { subjects.limit }
    /// Subjects held now.
    public var subjectCount: Int { subjects.count }
    /// Subjects forgotten so far to stay within `subjectLimit` (each forgotten subject's
    /// next sample, if it comes back, is a new baseline).
    public var forgottenSubjectCount: Int { subjects.forgotten }

    /// The id of a subject name, interning it on first use and marking it seen. When the
    /// session holds `subjectLimit` subjects, a new name makes it forget the least
    /// recently seen one: ids of a forgotten subject are then decided as no subject, and
    /// the name gets a new id (and a new baseline) when it comes back.
    public mutating func subjectID(_ name: String) -> SubjectID {
        let (id, reused) = subjects.intern(name)
        if let reused {
            let start = (reused + 1) * slotCount
            let end = Swift.min(start + slotCount, bandLevels.count)
            if start < end { for index in start..<end { bandLevels[index] = BandState() } }
        }
        return id
    }

    /// Whether `id` names a subject this session holds now (false once it is forgotten).
    public func holds(_ id: SubjectID) -> Bool {
        subjects.slot(of: id) != nil
    }

    /// The name of a subject id; nil for an id of a forgotten subject or of another session.
    public func subjectName(_ id: SubjectID) -> String? {
        subjects.slot(of: id).map { subjects.names[$0] }
    }

    /// Builds an event from names (convenient, hashes strings; resolve ids once for speed).
    public mutating func event(
        t: Double, name: String, screen: String? = nil, subject: String? = nil,
        value: ScalarValue? = nil, speaks: Bool = false, params: [Event.Parameter] = []
    ) -> Event {
        let screenID = screen.map { policy.screenID($0) ?? .unknown }
        return Event(
            t: t, event: policy.eventID(name) ?? .unknown, screen: screenID,
            subject: subject.map { subjectID($0) }, value: value, speaks: speaks, params: params,
            unknownScreenName: screenID == .unknown ? screen : nil)
    }

    /// The current band level name of a band cell's signal for a subject, or nil before
    /// its first sample (`band` is the band set, `event` the sampled event).
    public func bandLevel(band: String, event: String, subject: SubjectID?) -> String? {
        guard let b = policy.bands.firstIndex(where: { $0.name == band }),
            let e = policy.eventID(event)?.rawValue,
            let slot = policy.bandSlots.firstIndex(where: { $0.event == e && $0.band == b })
        else { return nil }
        let known = subject.flatMap { holds($0) ? $0 : nil }
        let index = levelIndex(slot: slot, subject: known)
        guard index < bandLevels.count, bandLevels[index].level >= 0 else { return nil }
        return policy.bands[b].levels[Int(bandLevels[index].level)].name
    }

    /// The state of one signal for one subject: 16 bytes.
    private struct BandState {
        /// The level that counts; `-1` before the first sample.
        var level: Int32 = -1
        /// The other level the value is in while it has not held for the dwell; `-1`: none.
        var pending: Int32 = -1
        /// When the value entered `pending` (the event's `t`).
        var since = 0.0
    }

    /// A new level has held for the dwell when it has held this close to it: times in
    /// logs are decimal (12.3 - 9.3 is a hair under 3), kept to the millisecond.
    private static let dwellTolerance = 1e-6

    /// Band levels are stored one row of `slotCount` per subject (row 0: no subject), and
    /// the storage grows by this many rows at a time, so the first few subjects never
    /// reallocate it.
    private static let subjectRowsReserved = 8

    /// Where the level of a signal slot for a subject is (the subject's id must be current).
    @inline(__always)
    private func levelIndex(slot: Int, subject: SubjectID?) -> Int {
        ((subject.map { $0.rawValue & 0xFFFF_FFFF } ?? -1) + 1) * slotCount + slot
    }

    /// Decides one event and updates the session state. Never throws: unknown events,
    /// screens and values are decided silent with a reason.
    ///
    /// Ids must come from this session's policy (`Policy.eventID`, `screenID`) and from
    /// this session (`subjectID`); a screen id from elsewhere is decided as an unknown
    /// screen and a subject id from elsewhere (or of a forgotten subject) as no subject,
    /// never a crash. An event with a subject marks it seen.
    public mutating func decide(_ event: Event) -> Decision {
        if let given = event.screen, given != .unknown, !policy.screenNames.indices.contains(given.rawValue) {
            var fixed = event
            fixed.screen = .unknown
            fixed.unknownScreenName = event.unknownScreenName ?? "#\(given.rawValue)"
            return decide(fixed)
        }
        if let subject = event.subject {
            guard let slot = subjects.slot(of: subject) else {
                var fixed = event
                fixed.subject = nil
                return decide(fixed)
            }
            subjects.touch(slot)
        }
        if case .warming(let until) = engine, event.t >= until { engine = .ready }
        let e = event.event.rawValue
        guard e >= 0, e < eventCount else {
            return Decision(action: .silent, screen: currentScreenName(event), reason: .unknownEvent)
        }
        if e < policy.stateEventCount {
            if e < Self.stateEvents.count { return decideState(Self.stateEvents[e], ruleIndex: e, event) }
            return decideSetting(e - Self.stateEvents.count, event)
        }
        guard let screenID = event.screen ?? screen else {
            return Decision(action: .silent, reason: .noScreen)
        }
        let s = screenID.rawValue
        guard s >= 0 else {
            return Decision(action: .silent, screen: currentScreenName(event), reason: .unknownScreen)
        }
        let screenName = policy.screenNames[s]
        let entry = policy.table[s * eventCount + e]
        guard entry >= 0 else {
            let note =
                entry == Policy.offScreen
                ? "'\(policy.eventNames[e])' is not declared to occur on '\(screenName)'"
                : "no cell decides '\(policy.eventNames[e])' on '\(screenName)'"
            return Decision(action: .silent, screen: screenName, reason: .undeclared, note: note)
        }
        // A declared payload is checked before any row: a catch-all row must not decide
        // an event the app sent without what it declares it carries.
        if policy.checksPayloads, let check = policy.payloadChecks[e], let problem = check.problem(event) {
            return Decision(action: .silent, screen: screenName, reason: .badValue, note: problem, rule: check.rule)
        }
        let rows = policy.cells[Int(entry)].rows
        for row in rows where row.matches(event) && row.matchesParameters(parameterValues) {
            var decision = Decision(action: .silent, screen: screenName, note: row.note, rule: row.rule)
            apply(row, to: event, event: e, screen: s, into: &decision)
            return decision
        }
        return Decision(
            action: .silent, screen: screenName, reason: .undeclared,
            note: "no row of the cell matches this event", rule: rows.first?.rule)
    }

    private func currentScreenName(_ event: Event) -> String? {
        if let screen = event.screen {
            return screen == .unknown ? event.unknownScreenName : policy.screenName(screen)
        }
        guard let screen else { return nil }
        return screen == .unknown ? unknownScreenName : policy.screenName(screen)
    }

    // MARK: Rows

    /// Carries out a matching row into `decision` (built by the caller, so the decision is
    /// written in place rather than copied out).
    private mutating func apply(
        _ row: CompiledRow, to event: Event, event e: Int, screen s: Int, into decision: inout Decision
    ) {
        var tickOutside = false
        switch row.ticker {
        case .begin?:
            tickerOpen = true
            decision.directives.insert(.prepareTicker)
        case .tick?:
            if tickerOpen { decision.directives.insert(.prepareTicker) } else { tickOutside = true }
        case .end?:
            if tickerOpen {
                tickerOpen = false
                decision.directives.insert(.releaseTicker)
            } else {
                decision.note = "no ticker gesture was open"
            }
        case nil:
            break
        }
        if row.directives.contains(.prepareEngine), startEngine(at: event.t) {
            decision.directives.insert(.prepareEngine)
        }
        if let several = row.several {
            applySeveral(row, several, to: event, event: e, screen: s, tickOutside: tickOutside, into: &decision)
            return
        }
        switch row.action {
        case .none:
            decision.reason = .directiveOnly
        case .silent(let text):
            decision.reason = .designer
            decision.note = text
        case .stop(let target):
            stop(target, into: &decision)
        case .play(let f), .loop(let f):
            play(f, event: event, eventIndex: e, screen: s, rule: row.keepSlot, into: &decision)
            if tickOutside, decision.action == .play, decision.reason == nil {
                decision.reason = .tickOutsideGesture
                decision.note = "a tick outside a selector gesture: no generator was prepared"
            }
        case .band(let b, let slot):
            let band = policy.bands[b]
            guard case .number(let value)? = event.value else {
                decision.reason = .badValue
                decision.note = "band '\(band.name)' needs a number in 'value'"
                return
            }
            let index = levelIndex(slot: slot, subject: event.subject)
            if index >= bandLevels.count {
                bandLevels.append(
                    contentsOf: repeatElement(
                        BandState(), count: index + 1 - bandLevels.count + slotCount * Self.subjectRowsReserved))
            }
            let previous = Int(bandLevels[index].level)
            guard band.plausible.contains(value) else {
                if previous >= 0 {
                    let level = band.levels[previous].name
                    decision.band = Decision.BandTransition(band: band.name, from: level, to: level)
                }
                decision.reason = .implausible
                decision.note =
                    "\(numberText(value)) is outside the plausible range of band '\(band.name)' "
                    + "(\(band.plausibleText)); the level stays"
                return
            }
            guard previous >= 0 else {
                let level = band.isParametric ? band.rawLevel(value, edges: bandEdges) : band.rawLevel(value)
                bandLevels[index] = BandState(level: Int32(truncatingIfNeeded: level))
                decision.band = Decision.BandTransition(band: band.name, from: nil, to: band.levels[level].name)
                decision.reason = .baseline
                return
            }
            let level =
                band.isParametric
                ? band.nextLevel(from: previous, value: value, edges: bandEdges)
                : band.nextLevel(from: previous, value: value)
            let from = band.levels[previous].name
            if level == previous {
                bandLevels[index].pending = -1
                decision.band = Decision.BandTransition(band: band.name, from: from, to: from)
                decision.reason = .sameBand
                return
            }
            if band.dwell > 0 {
                if bandLevels[index].pending != Int32(truncatingIfNeeded: level) {
                    bandLevels[index].pending = Int32(truncatingIfNeeded: level)
                    bandLevels[index].since = event.t
                }
                let held = event.t - bandLevels[index].since
                guard held + Self.dwellTolerance >= band.dwell else {
                    decision.band = Decision.BandTransition(band: band.name, from: from, to: from)
                    decision.reason = .dwelling
                    decision.note =
                        "'\(band.levels[level].name)' has held \(numberText((max(0, held) * 1000).rounded() / 1000)) s "
                        + "of the \(numberText(band.dwell)) s dwell"
                    return
                }
            }
            bandLevels[index] = BandState(level: Int32(truncatingIfNeeded: level))
            decision.band = Decision.BandTransition(band: band.name, from: from, to: band.levels[level].name)
            let entered = band.levels[level]
            if let f = level > previous ? entered.play : entered.downPlay {
                decision.rule = row.levelRules[level]
                play(f, event: event, eventIndex: e, screen: s, rule: row.keepSlot + 1 + level, into: &decision)
            } else {
                decision.reason = .designer
                decision.note = level > previous ? entered.silent : entered.downSilent
            }
        }
    }

    /// Carries out a row with several actions or `with:` arguments: its stops, then its
    /// action, then its loop, each decided on its own; the others go in `decision.also`.
    private mutating func applySeveral(
        _ row: CompiledRow, _ several: CompiledRow.Several, to event: Event, event e: Int, screen s: Int,
        tickOutside: Bool, into decision: inout Decision
    ) {
        var also: [Decision] = []
        for case .stop(let target) in several.also {
            var step = Decision(action: .silent, screen: decision.screen, rule: row.rule)
            stop(target, into: &step)
            also.append(step)
        }
        switch row.action {
        case .play(let f):
            play(f, onLoop: false, several, event: event, eventIndex: e, screen: s, rule: row.keepSlot, into: &decision)
            if tickOutside, decision.action == .play, decision.reason == nil {
                decision.reason = .tickOutsideGesture
                decision.note = "a tick outside a selector gesture: no generator was prepared"
            }
        case .loop(let f):
            play(f, onLoop: true, several, event: event, eventIndex: e, screen: s, rule: row.keepSlot, into: &decision)
        case .stop(let target):
            stop(target, into: &decision)
        case .none, .silent, .band:
            break
        }
        for action in several.also {
            switch action {
            case .play(let f), .loop(let f):
                var step = Decision(action: .silent, screen: decision.screen, rule: row.rule)
                let onLoop = if case .loop = action { true } else { false }
                play(
                    f, onLoop: onLoop, several, event: event, eventIndex: e, screen: s, rule: row.keepSlot, into: &step)
                also.append(step)
            case .stop, .none, .silent, .band:
                break
            }
        }
        decision.also = also
    }

    /// Plays `f` for a row with `with:` arguments: they go to the loop (or, without one,
    /// to the play) on top of the event's own `params`; `value` is the event's number.
    private mutating func play(
        _ f: Int, onLoop: Bool, _ several: CompiledRow.Several, event: Event, eventIndex e: Int, screen s: Int,
        rule: Int, into decision: inout Decision
    ) {
        guard onLoop == several.argumentsOnLoop, !several.arguments.isEmpty else {
            play(f, event: event, eventIndex: e, screen: s, rule: rule, into: &decision)
            return
        }
        var given = event
        var missing: String?
        for argument in several.arguments {
            var value: ScalarValue?
            if let number = argument.number {
                value = .number(number)
            } else if case .number(let number)? = event.value {
                value = .number(number)
            } else {
                missing = missing ?? argument.name
            }
            given.params.removeAll { $0.name == argument.name }
            given.params.append(Event.Parameter(name: argument.name, value: value))
        }
        play(f, event: given, eventIndex: e, screen: s, rule: rule, into: &decision)
        if let missing, decision.reason == .badParams,
            decision.note?.hasPrefix("parameter '\(missing)' must be a number") == true
        {
            let found = event.value.map { "it is \($0)" } ?? "it has none"
            decision.note =
                "'with: {\(missing): value}' gives '\(missing)' the event's value, which must be a number (\(found)); "
                + "send the number in 'value'"
        }
    }

    private mutating func stop(_ target: Int?, into decision: inout Decision) {
        let before = runningLoops.count
        if let target {
            decision.plan = policy.feedback[target]
            runningLoops.removeAll { $0.feedbackIndex == target }
        } else {
            runningLoops.removeAll()
        }
        if runningLoops.count < before {
            decision.action = .stop
            decision.directives.insert(.stopLoop)
        } else {
            decision.reason = .notRunning
        }
    }

    /// Plays feedback `f` for a row; `rule` is its rule slot (`CompiledRow.keepSlot`),
    /// which user levels may keep it by.
    private mutating func play(
        _ f: Int, event: Event, eventIndex e: Int, screen s: Int, rule: Int, into decision: inout Decision
    ) {
        let feedback = policy.feedback[f]
        decision.plan = feedback
        if !isForeground {
            decision.reason = .background
            return
        }
        if !device.hapticsEnabled {
            decision.reason = .hapticsDisabled
            return
        }
        if policy.hasUserLevels, !policy.keeps(level: userLevel, feedback: f, slot: rule) {
            decision.reason = .userLevel
            decision.rule = policy.userLevelRules[userLevel]
            decision.note =
                "the haptics level '\(policy.userLevels?.levels[userLevel].name ?? "")' does not keep '\(feedback.name)'"
            return
        }
        if policy.needsSpeech[f], let speech = policy.speechRule, !policy.speechExempt[e], !event.speaks {
            decision.reason = .noSpeech
            decision.rule = speech
            return
        }
        var parameters: [Event.Parameter] = []
        var period: Double?
        if !event.params.isEmpty || feedback.loop != nil || !feedback.parameters.isEmpty {
            switch Self.bind(event.params, to: feedback) {
            case .failure(let problem):
                decision.reason = .badParams
                decision.note = problem.message
                return
            case .success(let bound):
                parameters = bound.parameters
                period = bound.period
            }
        }
        if feedback.isPattern {
            let problem: Reason? =
                !device.supportsHaptics
                ? .noCoreHaptics
                : device.lowPower
                    ? .lowPower
                    : engine != .ready
                        ? .engineCold
                        : nil
            if let problem {
                guard let fallback = feedback.fallbackRender else {
                    decision.reason = .noFallback
                    decision.note = "'\(feedback.name)' cannot play (\(problem.rawValue)) and has no fallback"
                    return
                }
                if !policy.enforcedBudgets.isEmpty, !admit(f, event: e, screen: s, at: event.t, into: &decision) {
                    return
                }
                decision.action = .play
                decision.render = fallback
                decision.fallback = true
                decision.reason = problem
                // A fallback sequence is timed with the template's parameters.
                if !feedback.parameters.isEmpty { decision.parameters = parameters }
                return
            }
        }
        if !policy.enforcedBudgets.isEmpty, !admit(f, event: e, screen: s, at: event.t, into: &decision) { return }
        decision.action = .play
        decision.render = feedback.render
        if !feedback.parameters.isEmpty { decision.parameters = parameters }
        decision.loopPeriod = period
        if let period {
            runningLoops.removeAll { $0.feedbackIndex == f }
            runningLoops.append(
                RunningLoop(
                    feedback: feedback.name, parameters: parameters, period: period, start: event.t, feedbackIndex: f,
                    ruleSlot: rule))
        }
    }

    /// Whether the enforced budgets let feedback `f` ring for event `e` on screen `s` at
    /// `t`: if one of them already holds `max` rings in its window, the decision is made
    /// silent citing it (`over-budget`) and nothing is counted; otherwise the ring is
    /// counted by every enforced budget it falls under.
    private mutating func admit(_ f: Int, event e: Int, screen s: Int, at t: Double, into decision: inout Decision)
        -> Bool
    {
        let budgets = policy.enforcedBudgets
        for budget in budgets {
            guard let ring = ringIndex(budget, feedback: f, event: e, screen: s) else { continue }
            let buffer = budgetRings[ring]
            guard buffer.times.count >= budget.max, budget.budget.holds(buffer.times[buffer.next], at: t) else {
                continue
            }
            decision.reason = .overBudget
            decision.rule = budget.rule
            decision.note =
                "\(budget.budget.id) already counts \(budget.max) rings on \(budget.scope(policy.screenNames[s])) "
                + "within \(numberText(budget.budget.window)) s (max \(budget.max))"
            return false
        }
        for budget in budgets {
            guard let ring = ringIndex(budget, feedback: f, event: e, screen: s) else { continue }
            if budgetRings[ring].times.count < budget.max {
                budgetRings[ring].times.append(t)
            } else {
                budgetRings[ring].times[budgetRings[ring].next] = t
                budgetRings[ring].next = (budgetRings[ring].next + 1) % budget.max
            }
        }
        return true
    }

    /// The ring buffer an enforced budget counts this ring in, or nil when it does not count it.
    private func ringIndex(_ budget: Policy.EnforcedBudget, feedback f: Int, event e: Int, screen s: Int) -> Int? {
        guard budget.counts[f], !budget.excepted[e] else { return nil }
        if budget.perScreen { return budget.firstRing + s }
        if let screen = budget.screen, screen != s { return nil }
        return budget.firstRing
    }

    /// The shortest loop period a play starts: 1 ms (`bad-params` below it), the
    /// resolution scenario times are kept at too. A pattern looping faster than that would
    /// keep a player busy restarting it.
    public static let minimumLoopPeriod = 0.001

    private struct ParameterProblem: Error { var message: String }

    /// Checks the event's parameters against the template and evaluates the loop period.
    private static func bind(
        _ given: [Event.Parameter], to feedback: FeedbackPlan
    ) -> Result<(parameters: [Event.Parameter], period: Double?), ParameterProblem> {
        var values: [String: Double] = [:]
        for parameter in feedback.parameters { values[parameter.name] = parameter.defaultValue }
        for parameter in given {
            guard let spec = feedback.parameters.first(where: { $0.name == parameter.name }) else {
                let known = feedback.parameters.map(\.name).joined(separator: ", ")
                return .failure(
                    .init(
                        message: feedback.parameters.isEmpty
                            ? "'\(feedback.name)' takes no parameters; remove '\(parameter.name)'"
                            : "'\(feedback.name)' has no parameter '\(parameter.name)'; use \(known)"))
            }
            guard case .number(let number)? = parameter.value, number.isFinite else {
                return .failure(.init(message: "parameter '\(parameter.name)' must be a number" + range(spec)))
            }
            if let minimum = spec.minimum, number < minimum {
                return .failure(
                    .init(
                        message: "\(parameter.name) \(numberText(number)) is below the minimum \(numberText(minimum))"
                            + range(spec)))
            }
            if let maximum = spec.maximum, number > maximum {
                return .failure(
                    .init(
                        message: "\(parameter.name) \(numberText(number)) is above the maximum \(numberText(maximum))"
                            + range(spec)))
            }
            values[parameter.name] = number
        }
        var period: Double?
        if let loop = feedback.loop {
            guard let seconds = try? loop.evaluate(values), seconds > 0, seconds.isFinite else {
                return .failure(
                    .init(
                        message: "the loop period of '\(feedback.name)' is not a positive number with these parameters")
                )
            }
            // The validator checks the period at the ends of every parameter's range; an
            // expression can still come near 0 between them. A player cannot loop faster.
            guard seconds >= Self.minimumLoopPeriod else {
                return .failure(
                    .init(
                        message:
                            "the loop period of '\(feedback.name)' is \(numberText(seconds)) s with these parameters, "
                            + "under the \(numberText(Self.minimumLoopPeriod)) s a player can loop at; change the parameters"
                    ))
            }
            period = seconds
        }
        let bound = feedback.parameters.map {
            Event.Parameter(name: $0.name, value: values[$0.name].map(ScalarValue.number))
        }
        return .success((bound, period))
    }

    /// `; use 20 to 300` (or `at least`/`at most` for a one-sided range), for bad-params notes.
    private static func range(_ spec: PatternTemplate.Parameter) -> String {
        switch (spec.minimum, spec.maximum) {
        case (let minimum?, let maximum?): "; use \(numberText(minimum)) to \(numberText(maximum))"
        case (let minimum?, nil): "; use at least \(numberText(minimum))"
        case (nil, let maximum?): "; use at most \(numberText(maximum))"
        case (nil, nil): ""
        }
    }

    // MARK: Engine and state events

    /// The built-in state events, in id order (their ids come first in every policy).
    private static let stateEvents = StateEvent.allCases
    /// `builtin:<state event>` rules, made once, by state event id.
    private static let stateRules = StateEvent.allCases.map {
        Decision.Rule(id: "builtin:" + $0.rawValue, location: .unknown, stateEvent: $0)
    }

    /// Starts warming the engine; returns whether a `prepare-engine` directive is due
    /// (not in background: the restart on foreground covers it).
    private mutating func startEngine(at t: Double) -> Bool {
        engineEverStarted = true
        guard isForeground else { return false }
        switch engine {
        case .ready, .warming: break
        case .cold, .stopped: engine = policy.warmup > 0 ? .warming(until: t + policy.warmup) : .ready
        }
        return true
    }

    private mutating func decideState(_ state: StateEvent, ruleIndex: Int, _ event: Event) -> Decision {
        var decision = Decision(action: .silent, reason: .state, rule: Self.stateRules[ruleIndex])
        switch state {
        case .screenEnter:
            var target = event.screen
            var unknownName = event.unknownScreenName
            if target == nil, case .string(let name)? = event.value {
                target = policy.screenID(name) ?? .unknown
                unknownName = target == .unknown ? name : nil
            }
            guard let target else {
                decision.reason = .badState
                decision.note = "screen.enter needs the screen in 'screen' or 'value'"
                decision.screen = currentScreenName(event)
                return decision
            }
            if tickerOpen {
                tickerOpen = false
                decision.directives.insert(.releaseTicker)
            }
            screen = target
            unknownScreenName = unknownName
            decision.screen = currentScreenName(Event(t: event.t, event: event.event))
            if target != .unknown {
                decision.rule = policy.screenRules[target.rawValue]
                if policy.screenEnter[target.rawValue].contains(.prepareEngine), startEngine(at: event.t) {
                    decision.directives.insert(.prepareEngine)
                }
                // `enter: [stop-loop]`: a screen that ends what loops (a run's summary).
                if policy.screenEnter[target.rawValue].contains(.stopLoop), !runningLoops.isEmpty {
                    runningLoops.removeAll()
                    decision.directives.insert(.stopLoop)
                }
            } else {
                decision.reason = .unknownScreen
            }
        case .appState:
            decision.screen = currentScreenName(event)
            guard case .string(let value)? = event.value, value == "foreground" || value == "background" else {
                decision.reason = .badState
                decision.note = "app.state needs \"foreground\" or \"background\" in 'value'"
                return decision
            }
            if value == "background", isForeground {
                isForeground = false
                if engine != .cold { engine = .stopped }
                if !runningLoops.isEmpty {
                    runningLoops.removeAll()
                    decision.directives.insert(.stopLoop)
                }
                if tickerOpen {
                    tickerOpen = false
                    decision.directives.insert(.releaseTicker)
                }
            } else if value == "foreground", !isForeground {
                isForeground = true
                if engineEverStarted {
                    engine = policy.warmup > 0 ? .warming(until: event.t + policy.warmup) : .ready
                    decision.directives.insert(.restartEngine)
                }
            }
        case .lowPower, .supportsHaptics, .hapticsEnabled:
            decision.screen = currentScreenName(event)
            guard case .bool(let on)? = event.value else {
                decision.reason = .badState
                decision.note = "\(state.rawValue) needs true or false in 'value'"
                return decision
            }
            switch state {
            case .lowPower: device.lowPower = on
            case .supportsHaptics: device.supportsHaptics = on
            default: device.hapticsEnabled = on
            }
        }
        return decision
    }
}

// MARK: Setting events

extension Session {
    /// Decides a setting event (a parameter's `set-by`): a good value sets what it sets,
    /// silent with reason `state`; a bad one changes nothing (`bad-state`, naming the
    /// declaration).
    private mutating func decideSetting(_ index: Int, _ event: Event) -> Decision {
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
                    + "\(parameter.name) stays \(numberText(parameterValues[p]))"
                return decision
            }
            parameterValues[p] = value
            decision.note = "\(parameter.name) is now \(numberText(value))"
            if !policy.parametricBands.isEmpty {
                updateBandEdges()
                decision.note! += edgesNote(reading: parameter.name)
            }
        case .userLevel:
            guard let levels = policy.userLevels?.levels else { break }
            guard case .string(let name)? = event.value, let level = policy.userLevelIndex(name) else {
                let got = event.value.map { "got \($0)" } ?? "it has no value"
                let names = levels.map { "'\($0.name)'" }.joined(separator: ", ")
                decision.reason = .badState
                decision.note =
                    "\(policy.eventNames[Self.stateEvents.count + index]) needs one of \(names) in 'value' "
                    + "(user-levels); \(got), so the haptics level stays '\(levels[userLevel].name)'"
                return decision
            }
            userLevel = level
            decision.note = "the haptics level is now \(name)"
            // Loops the new level does not keep stop now; the next play decides again.
            let before = runningLoops.count
            runningLoops.removeAll { !policy.keeps(level: level, feedback: $0.feedbackIndex, slot: $0.ruleSlot) }
            if runningLoops.count < before { decision.directives.insert(.stopLoop) }
        }
        return decision
    }
}

extension Session {
    /// `; band 'heart' edges now 114, 133, 152, 171` for each band an edge of which reads
    /// the parameter: what a setting event moved, for logs and replays (rounded to 6
    /// decimals, so `0.7 * 170` reads 119).
    fileprivate func edgesNote(reading name: String) -> String {
        var out = ""
        for b in policy.parametricBands {
            let band = policy.bands[b]
            let reads = policy.content.bands[b].levels.contains { $0.edge?.parameters.contains(name) == true }
            guard reads else { continue }
            let edges = bandEdges[band.edgeBase..<band.edgeBase + band.edgeCode.count]
            let texts = edges.map { numberText(($0 * 1e6).rounded() / 1e6) }
            out += "; band '\(band.name)' edges now " + texts.joined(separator: ", ")
        }
        return out
    }
}

// MARK: Hot reload

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
        isForeground = previous.isForeground
        // Parameters that still exist keep their value while it is still in range.
        for (p, parameter) in policy.parameters.enumerated() {
            guard let old = previous.policy.parameterNames.firstIndex(of: parameter.name) else { continue }
            let value = previous.parameterValues[old]
            if value >= parameter.min, value <= parameter.max { parameterValues[p] = value }
        }
        if policy.parametricEdgeCount > 0 { updateBandEdges() }
        // The user level carries over by name.
        if let name = previous.userLevelName, let level = policy.userLevelIndex(name) { userLevel = level }
        engine = previous.engine
        engineEverStarted = previous.engineEverStarted
        // In order of recency, so the same subjects are the next to be forgotten.
        let previousSlots = previous.subjects.slotsLeastRecentFirst
        for slot in previousSlots { _ = subjectID(previous.subjects.names[slot]) }

        if let old = previous.screen {
            let name = old == .unknown ? previous.unknownScreenName : previous.policy.screenName(old)
            if let name, let id = policy.screenID(name) {
                screen = id
                tickerOpen = previous.tickerOpen
            } else {
                screen = .unknown
                unknownScreenName = name
            }
        }

        // A loop's row is found again by its rule id (for user levels that keep rows).
        let newSlots =
            policy.hasUserLevels && !previous.runningLoops.isEmpty
            ? Dictionary(policy.ruleSlotIDs.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
            : [:]
        for loop in previous.runningLoops {
            guard let f = policy.feedback.firstIndex(where: { $0.name == loop.feedback }),
                policy.feedback[f].loop != nil
            else { continue }
            let slot =
                loop.ruleSlot >= 0 && loop.ruleSlot < previous.policy.ruleSlotIDs.count
                ? newSlots[previous.policy.ruleSlotIDs[loop.ruleSlot]] ?? -1 : -1
            // A loop the level does not keep (in the edited policy) does not carry over.
            if policy.hasUserLevels, !policy.keeps(level: userLevel, feedback: f, slot: slot) { continue }
            runningLoops.append(
                RunningLoop(
                    feedback: loop.feedback, parameters: loop.parameters, period: loop.period, start: loop.start,
                    feedbackIndex: f, ruleSlot: slot))
        }

        // Enforced budgets with the same id, scope, max and window keep counting; the
        // rings of `each: screen` follow their screen by name.
        let oldPolicy = previous.policy
        for budget in policy.enforcedBudgets {
            guard
                let old = oldPolicy.enforcedBudgets.first(where: {
                    $0.budget.id == budget.budget.id && $0.budget.scope == budget.budget.scope
                        && $0.max == budget.max && $0.budget.window == budget.budget.window
                })
            else { continue }
            if budget.perScreen {
                for (s, name) in policy.screenNames.enumerated() {
                    guard let oldScreen = oldPolicy.screenIndex[name] else { continue }
                    budgetRings[budget.firstRing + s] = previous.budgetRings[old.firstRing + oldScreen]
                }
            } else {
                budgetRings[budget.firstRing] = previous.budgetRings[old.firstRing]
            }
        }

        for oldSlot in 0..<previous.slotCount {
            let (oldEvent, oldBand) = oldPolicy.bandSlots[oldSlot]
            let band = oldPolicy.bands[oldBand]
            guard let newEvent = policy.eventIndex[oldPolicy.eventNames[oldEvent]],
                let newBand = policy.bands.firstIndex(where: { $0.name == band.name }),
                let newSlot = policy.bandSlots.firstIndex(where: { $0.event == newEvent && $0.band == newBand })
            else { continue }
            for subject in [-1] + previousSlots {
                let oldIndex = (subject + 1) * previous.slotCount + oldSlot
                guard oldIndex < previous.bandLevels.count, previous.bandLevels[oldIndex].level >= 0 else { continue }
                let levelName = band.levels[Int(previous.bandLevels[oldIndex].level)].name
                guard let level = policy.bands[newBand].levels.firstIndex(where: { $0.name == levelName }) else {
                    continue
                }
                let newSubject = subject < 0 ? nil : subjects.existingID(of: previous.subjects.names[subject])
                let index = levelIndex(slot: newSlot, subject: newSubject)
                if index >= bandLevels.count {
                    bandLevels.append(contentsOf: repeatElement(BandState(), count: index + 1 - bandLevels.count))
                }
                bandLevels[index] = BandState(level: Int32(level))
            }
        }
    }
}
