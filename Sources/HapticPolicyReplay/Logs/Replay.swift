import HapticPolicy

/// The one replay driver: events in, decisions out, through one `Session`. It resolves
/// names to ids (cached, as log lines repeat a few names), decides, and feeds what is
/// attached to it: the budget meter, the integration-mistake tally and the fleet tally.
/// `eval` (and fleet replay) through `EventLogEvaluator`, `diff`, `test`, the report's
/// timeline and `watch` all replay events through it, so a line is decided and counted
/// the same way by each.
public struct Replay {
    /// The policy replayed (the last one swapped in by `reload(_:)`).
    public private(set) var policy: Policy
    /// The session deciding.
    public private(set) var session: Session
    /// Counts rings against the policy's rate budgets when set; `overruns` says which
    /// budgets the last decision put over their maximum.
    public var budgetMeter: BudgetMeter?
    /// Counts the integration mistakes of the events replayed when set: names the policy
    /// does not know, values and parameters it cannot use.
    public var integrationMistakes: IntegrationMistakeTally?
    /// Counts rings per feedback and band chatter when set (for `FleetSummary`).
    package var fleet: FleetTally?
    /// The budgets the last decision put over their maximum, in the order the meter
    /// reports them; empty without a meter.
    public private(set) var overruns: [BudgetMeter.Overrun] = []

    private var eventIDs = NameCache<EventID>()
    private var subjectIDs = NameCache<SubjectID>()

    /// Creates a replay in a fresh session holding at most `subjectLimit` subjects.
    public init(policy: Policy, device: DeviceState = DeviceState(), subjectLimit: Int = Session.defaultSubjectLimit) {
        self.policy = policy
        self.session = Session(policy: policy, device: device, subjectLimit: subjectLimit)
    }

    /// Swaps in `policy` mid-replay, as `PolicyStore.reload` does: the session continues
    /// under it (`Session.init(policy:continuing:)` says what carries over). The attached
    /// meter and tallies go on counting.
    public mutating func reload(_ policy: Policy) {
        session = Session(policy: policy, continuing: session)
        self.policy = policy
        // Event ids are the new policy's, and subjects are interned again by the new session.
        eventIDs = NameCache<EventID>()
        subjectIDs = NameCache<SubjectID>()
    }

    /// Decides one event (a line of a log, a test step, a simulated event) and feeds the
    /// attached meter and tallies.
    public mutating func decide(_ record: borrowing TimedEvent) -> Decision {
        resolveAndDecide(record).decision
    }

    /// `decide(_:)`, also giving the ids the record's event and screen resolved to (the
    /// evaluator counts a decision for its screen by them).
    @inline(__always)
    package mutating func resolveAndDecide(_ record: borrowing TimedEvent) -> (
        event: EventID, screen: ScreenID?, decision: Decision
    ) {
        let event = resolve(record)
        let (id, screen) = (event.event, event.screen)
        let decision = session.decide(consume event)
        observe(decision, t: record.t, event: record.name, id: id, screen: record.screen, subject: record.subject)
        return (id, screen, decision)
    }

    @inline(__always)
    private mutating func observe(
        _ decision: Decision, t: Double, event: String, id: EventID, screen: String?, subject: String?
    ) {
        if budgetMeter != nil {
            let found = budgetMeter?.record(decision, at: t, event: event) ?? []
            // Most rings put no budget over: the empty list is not stored again.
            if !found.isEmpty || !overruns.isEmpty { overruns = found }
        }
        if integrationMistakes != nil, decision.reason != nil {
            let policy = self.policy
            integrationMistakes?.record(decision, event: event, screen: screen, policy: policy)
        }
        if fleet != nil {
            let ends =
                policy.endsSubjects && subject != nil && policy.endsSubject.indices.contains(id.rawValue)
                && policy.endsSubject[id.rawValue]
            if decision.action == .play || !decision.also.isEmpty || ends {
                fleet?.record(decision, t: t, subject: subject, endsSubject: ends)
            }
        }
    }

    /// The event of a timed event, its names resolved to the policy's and session's ids.
    @inline(__always)
    private mutating func resolve(_ record: borrowing TimedEvent) -> Event {
        var screen: ScreenID?
        var unknownScreen: String?
        if let name = record.screen {
            if let id = policy.screenID(name) {
                screen = id
            } else {
                screen = .unknown
                unknownScreen = name
            }
        }
        let policy = policy
        let event = eventIDs.value(for: record.name) { policy.eventID($0) ?? .unknown }
        var subject: SubjectID?
        if let name = record.subject {
            var id = subjectIDs.value(for: name) { session.subjectID($0) }
            // A cached id of a subject the session has since forgotten (over its subject
            // limit): intern the name again, as a new subject.
            if !session.holds(id) {
                id = session.subjectID(name)
                subjectIDs.replace(name, with: id)
            }
            subject = id
        }
        return Event(
            t: record.t, event: event, screen: screen, subject: subject, value: record.value,
            speaks: record.speaks ?? false, params: record.params, unknownScreenName: unknownScreen, data: record.data)
    }
}
