/// The state of one running app under a policy, and the `decide(_:)` call it makes for
/// every event. A value type: copy it to branch a simulation. Deterministic and total:
/// every event gets a decision, unknown ones included.
///
/// `decide` is wiring over one part per concern: `BandTracker` (band levels, dwell),
/// `EnforcedBudgets` (`BudgetWindow`s), `LoopSet`, `TickerGesture`, `UserLevelGate`,
/// `ParameterState`, the state and setting events, and hot reload
/// (`init(policy:continuing:)`). The order it checks things in is written down once, in
/// Docs/decision-order.md: a play runs the gates of `PlayGate.allCases` in order
/// (background → haptics setting → user level → speech → template parameters →
/// priority → device and engine fallbacks → enforced budgets). A row that does several things runs its
/// stop, then its play, then its loop, each through these gates on its own; the decision
/// is the play (else the loop, else the stop) and the others are its `also`.
public struct Session: Sendable {
    /// The compiled policy.
    public let policy: Policy
    /// The current screen (from the last `screen.enter`), or nil before any.
    public internal(set) var screen: ScreenID?
    /// The name of the current screen when it is not in the policy.
    public internal(set) var unknownScreenName: String?
    /// Whether the app is in foreground.
    public internal(set) var isForeground = true
    /// What the device allows.
    public var device: DeviceState
    /// The haptic engine's state.
    public internal(set) var engine: EngineState = .cold
    /// Whether the engine was ever started (so foreground restarts it).
    public internal(set) var engineEverStarted = false

    /// The ticker gesture.
    var ticker = TickerGesture()
    /// The loops playing now.
    var loops = LoopSet()
    /// The run-time parameters and the band edges they move.
    var parameters: ParameterState
    /// The current user level.
    var userLevels: UserLevelGate
    /// Band state per (signal slot, subject slot).
    var bands: BandTracker
    /// The subjects seen, within `subjectLimit` (the least recently seen are forgotten).
    var subjects: SubjectTable
    /// The enforced budgets' windows.
    var budgets: EnforcedBudgets
    /// The one-shot patterns still playing, tracked only under a `PriorityTable`.
    var playing = PlayingPatterns()
    /// The stop entries of what this event's plays cut (`interrupt`), moved into the
    /// decision's `also` once the row is carried out; empty between events.
    var cuts: [Decision] = []
    /// The `also` list of the last row with several actions (`applySeveral`), kept to be
    /// reused by the next one: shared with that decision, so one the app has let go of
    /// leaves it unique and filling it again allocates nothing.
    var steps: [Decision] = []
    /// By feedback index, the bound parameters of its last play (`boundParameters`), the
    /// template's defaults to begin with (`Policy.defaultParameters`): the list decisions
    /// share, rewritten in place.
    var boundLists: [[Event.Parameter]]
    /// The values the last `bind` bound (`PlayContext.bound`), in declaration order.
    var boundValues = TemplateValues([])
    private let eventCount: Int

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
        self.bands = BandTracker(slotCount: policy.bandSlotCount)
        self.budgets = EnforcedBudgets(policy: policy)
        self.parameters = ParameterState(policy: policy)
        self.userLevels = UserLevelGate(policy: policy)
        self.boundLists = policy.defaultParameters
    }

    /// Whether a ticker gesture is open (between `ticker: begin` and `ticker: end`).
    public var tickerOpen: Bool { ticker.isOpen }
    /// Loops playing now.
    public var runningLoops: [RunningLoop] { loops.loops }
    /// The value of each run-time parameter, in `Policy.parameterNames` order: its default
    /// until its setting event sets it.
    package var parameterValues: [Double] { parameters.values }
    /// The current edges of the parametric bands (each band's start at its
    /// `CompiledBand.edgeBase`), evaluated from `parameterValues`; empty when no edge
    /// reads a parameter.
    package var bandEdges: [Double] { parameters.bandEdges }
    /// The current user level (`user-levels:`), by index: the `start:` level until its
    /// setting event picks another; 0 and unused when the policy has none.
    package var userLevel: Int { userLevels.level }

    /// The current edges of band set `band` (its edges at the parameters' current values),
    /// or nil when the policy has no such band set.
    public func bandEdges(band: String) -> [Double]? {
        guard let b = policy.bands.firstIndex(where: { NameKey.same($0.name, band) }) else { return nil }
        return parameters.edges(of: policy.bands[b])
    }

    /// The name of the current user level (`user-levels:`), or nil when the policy has none.
    public var userLevelName: String? { userLevels.name(in: policy) }

    /// The current value of a run-time parameter (`parameters:`), or nil when the policy
    /// declares none of that name.
    public func parameter(_ name: String) -> Double? {
        policy.parameterNames.firstIndex { NameKey.same($0, name) }.map { parameters.values[$0] }
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
        if let reused { bands.forget(subjectSlot: reused) }
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
        value: ScalarValue? = nil, speaks: Bool = false, params: [Event.Parameter] = [],
        data: [Event.Parameter] = []
    ) -> Event {
        let screenID = screen.map { policy.screenID($0) ?? .unknown }
        return Event(
            t: t, event: policy.eventID(name) ?? .unknown, screen: screenID,
            subject: subject.map { subjectID($0) }, value: value, speaks: speaks, params: params,
            unknownScreenName: screenID == .unknown ? screen : nil, data: data)
    }

    /// The current band level name of a band cell's signal for a subject, or nil before
    /// its first sample (`band` is the band set, `event` the sampled event).
    public func bandLevel(band: String, event: String, subject: SubjectID?) -> String? {
        guard let b = policy.bands.firstIndex(where: { NameKey.same($0.name, band) }),
            let e = policy.eventID(event)?.rawValue,
            let slot = policy.bandSlots.firstIndex(where: { $0.event == e && $0.band == b })
        else { return nil }
        let known = subject.flatMap { holds($0) ? $0 : nil }
        guard let level = bands.level(at: bands.index(slot: slot, subject: known)) else { return nil }
        return policy.bands[b].levels[level].name
    }

    /// Decides one event and updates the session state. Never throws: unknown events,
    /// screens and values are decided silent with a reason.
    ///
    /// Ids must come from this session's policy (`Policy.eventID`, `screenID`) and from
    /// this session (`subjectID`); a screen id from elsewhere is decided as an unknown
    /// screen and a subject id from elsewhere (or of a forgotten subject) as no subject,
    /// never a crash. An event with a subject marks it seen; an event that ends its
    /// subject (`ends-subject: true`) forgets it once decided (`endSubject(of:)`).
    public mutating func decide(_ event: Event) -> Decision {
        if let given = event.screen, given != .unknown, !policy.screenNames.indices.contains(given.rawValue) {
            return decideRepaired(event)
        }
        if let subject = event.subject, subjects.slot(of: subject) == nil { return decideRepaired(event) }
        return decideEvent(event)
    }

    /// Decides an event whose screen id is not of this policy (decided as an unknown
    /// screen) or whose subject id is not held (decided as no subject). Out of line: the
    /// ids an app resolves from this policy and session never come here.
    @inline(never)
    private mutating func decideRepaired(_ event: Event) -> Decision {
        var fixed = event
        if let given = event.screen, given != .unknown, !policy.screenNames.indices.contains(given.rawValue) {
            fixed.screen = .unknown
            fixed.unknownScreenName = event.unknownScreenName ?? "#\(given.rawValue)"
        }
        if let subject = event.subject, subjects.slot(of: subject) == nil { fixed.subject = nil }
        return decideEvent(fixed)
    }

    /// Decides one event whose ids are this policy's and this session's (`decide(_:)`),
    /// then forgets its subject when its event ends it.
    @inline(__always)
    private mutating func decideEvent(_ event: Event) -> Decision {
        let decision = decideHere(event)
        // After the decision is made, whatever it is (Docs/decision-order.md, 9). Not a
        // `defer`: with one, the optimizer copied the decision out and destroyed the
        // local (about 290 instructions a decision, callgrind).
        if policy.endsSubjects { endSubject(of: event) }
        return decision
    }

    /// `decideEvent` before the subject's end.
    @inline(__always)
    private mutating func decideHere(_ event: Event) -> Decision {
        if let subject = event.subject, let slot = subjects.slot(of: subject) { subjects.touch(slot) }
        if case .warming(let until) = engine, SessionClock.reached(event.t, until) { engine = .ready }
        let e = event.event.rawValue
        guard e >= 0, e < eventCount else {
            return Decision(action: .silent, screen: currentScreenName(event), reason: .unknownEvent)
        }
        if e < policy.stateEventCount {
            if e < Self.stateEvents.count { return decideState(e, event) }
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
            var decision = Decision(action: .silent, screen: screenName, reason: .badValue, rule: check.rule)
            decision.noteSource = problem
            return decision
        }
        let rows = policy.cells[Int(entry)].rows
        // The row is found first and the decision made after the loop: returned from
        // inside it, the decision was copied out and the local destroyed (about 290
        // instructions a decision, callgrind).
        let values = parameters.values
        let gestureOpen = ticker.isOpen
        if let index = rows.firstIndex(where: {
            $0.matches(event) && $0.matchesSession(values, gestureOpen: gestureOpen)
        }) {
            let row = rows[index]
            var decision = Decision(silentOn: screenName, note: row.note, rule: row.rule)
            apply(row, to: event, event: e, screen: s, into: &decision)
            if !cuts.isEmpty { addCuts(into: &decision) }
            return decision
        }
        return Decision(
            action: .silent, screen: screenName, reason: .undeclared,
            note: "no row of the cell matches this event", rule: rows.first?.rule)
    }

    /// The screen name a decision of `event` names: its own screen, else the current one.
    func currentScreenName(_ event: Event) -> String? {
        if let screen = event.screen {
            return screen == .unknown ? event.unknownScreenName : policy.screenName(screen)
        }
        guard let screen else { return nil }
        return screen == .unknown ? unknownScreenName : policy.screenName(screen)
    }
}
