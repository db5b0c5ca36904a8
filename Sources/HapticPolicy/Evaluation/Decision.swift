/// The outcome of one event: what to play (or why not), the rule that decided it, and
/// what the app's player must do to its generators and engine.
public struct Decision: Sendable, Equatable {
    /// What happens.
    public enum Action: String, Sendable, Hashable, CaseIterable {
        /// Render `render`.
        case play
        /// Nothing plays; `reason` says why.
        case silent
        /// Stop a running loop (`feedback` names it; `stop-loop` directive).
        case stop
    }

    /// The table cell, band level or invariant that decided, with its source location.
    /// Immutable and shared: the compiled policy holds one per row, level and invariant,
    /// and decisions point at it.
    public final class Rule: Sendable, Hashable {
        /// `camera/plant.found`, `settings/data.reset#2` (row 2 of a multi-row cell),
        /// `everywhere/button.tap`, an invariant id such as `H-4`, or `builtin:app.state`.
        public let id: String
        /// Where the rule is written (`SourceLocation.unknown` for built-in rules).
        public let location: SourceLocation
        /// Invariant ids the row cites (`cite:`), for explanations.
        public let cites: [String]
        /// The built-in state event this rule handles (`builtin:app.state`), if it is one.
        public let stateEvent: StateEvent?

        /// Creates a rule reference.
        public init(id: String, location: SourceLocation, cites: [String] = [], stateEvent: StateEvent? = nil) {
            self.id = id
            self.location = location
            self.cites = cites
            self.stateEvent = stateEvent
        }

        /// Rules are equal when id, location and citations are.
        public static func == (lhs: Rule, rhs: Rule) -> Bool {
            lhs === rhs || (lhs.id == rhs.id && lhs.location == rhs.location && lhs.cites == rhs.cites)
        }

        /// Hashes id, location and citations.
        public func hash(into hasher: inout Hasher) {
            hasher.combine(id)
            hasher.combine(location)
            hasher.combine(cites)
        }
    }

    /// A band change (H-1): which band set, and the levels left and entered.
    public struct BandTransition: Sendable, Hashable {
        /// The band set (`moisture`).
        public var band: String
        /// The level left; nil for a subject's first sample.
        public var from: String?
        /// The level the value is in now.
        public var to: String

        /// Creates a transition.
        public init(band: String, from: String?, to: String) {
            self.band = band
            self.from = from
            self.to = to
        }
    }

    /// What happens.
    public var action: Action
    /// The screen the event was decided on (nil when none is known).
    public var screen: String?
    /// The plan of the feedback the policy chose (before fallbacks), or of the loop
    /// stopped: what the player renders, with its fallback chain.
    public var plan: FeedbackPlan?
    /// The name of the feedback the policy chose, or of the loop stopped.
    public var feedback: String? { plan?.name }
    /// The layer of `feedback`.
    public var layer: Layer? { plan?.layer }
    /// What to render after fallbacks; nil unless `action` is `play`.
    public var render: Render?
    /// Whether `render` is the feedback's fallback rather than the feedback itself.
    public var fallback: Bool
    /// Why: always set for silences, set on plays when a fallback was taken or a tick
    /// came outside its gesture; nil for an ordinary play or stop.
    public var reason: Reason?
    /// The designer's text for `designer` silences and band levels, or a message for
    /// bad parameters and values.
    public var note: String? {
        get { noteSource?.text }
        set { noteSource = newValue.map { .text($0) } }
    }
    /// `note` as the session made it: the figures of a band note are kept and formatted
    /// only when `note` is read, so that deciding a sample allocates nothing.
    package var noteSource: Note?
    /// The cell, band level or invariant that decided; nil for unknown events.
    public var rule: Rule?
    /// Lifecycle directives for the player, in canonical order.
    public var directives: DirectiveSet
    /// The band change, when the event went through a band cell.
    public var band: BandTransition?
    /// The template parameters the feedback plays with: every parameter it declares, in
    /// declaration order, with the event's value or else the default. Nil unless a
    /// template (a pattern with `params:`) plays, itself or its fallback (a fallback
    /// sequence is timed with them). The list is shared with the session, which keeps one
    /// per template and rewrites its values in place, so a play allocates none; a value
    /// like any other, it never changes under a decision the app keeps.
    public var parameters: [Event.Parameter]?
    /// Seconds between repetitions of the loop this play starts or restarts (the
    /// pattern's `loop:` with `parameters`); nil unless a looping pattern plays itself.
    public var loopPeriod: Double?
    /// The other actions of a row that does several things (`stop:` and `loop:` next to
    /// `play:`), each decided on its own, in execution order (stops, then plays, then the
    /// loop); this decision is the row's play if any, else its loop, else its stop. Empty
    /// for a row that does one thing.
    public var also: [Decision] = []

    /// Creates a decision.
    public init(
        action: Action, screen: String? = nil, plan: FeedbackPlan? = nil, render: Render? = nil, fallback: Bool = false,
        reason: Reason? = nil, note: String? = nil,
        rule: Rule? = nil, directives: DirectiveSet = [], band: BandTransition? = nil,
        parameters: [Event.Parameter]? = nil, loopPeriod: Double? = nil
    ) {
        self.action = action
        self.screen = screen
        self.plan = plan
        self.render = render
        self.fallback = fallback
        self.reason = reason
        self.noteSource = note.map { .text($0) }
        self.rule = rule
        self.directives = directives
        self.band = band
        self.parameters = parameters
        self.loopPeriod = loopPeriod
    }
}

extension Decision {
    /// The decision a row starts from: a silence on `screen` with the row's note and rule,
    /// every field set here in place.
    @inline(__always)
    init(silentOn screen: String, note: String?, rule: Rule?) {
        action = .silent
        self.screen = screen
        plan = nil
        render = nil
        fallback = false
        reason = nil
        noteSource = note.map { .text($0) }
        self.rule = rule
        directives = []
        band = nil
        parameters = nil
        loopPeriod = nil
    }

    /// Whether this decision is a row's `stop:`: a loop stopped, or none running.
    public var isStop: Bool { action == .stop || reason == .notRunning }

    /// This decision and `also` in the order the player carries them out: stops, then
    /// this one (without `also`), then the rest. Just this one for a row that does one thing.
    public var steps: [Decision] {
        guard !also.isEmpty else { return [self] }
        var primary = self
        primary.also = []
        return also.filter(\.isStop) + [primary] + also.filter { !$0.isStop }
    }

    /// Every decision that plays among this one and `also`: each is a ring.
    public var plays: Int {
        (action == .play ? 1 : 0) + also.reduce(0) { $0 + ($1.action == .play ? 1 : 0) }
    }
}

extension Decision {
    /// A decision's note, unformatted: text, or what a band note says in figures. Two
    /// notes are equal when their texts are.
    package enum Note: Sendable, Equatable {
        /// Text as it reads.
        case text(String)
        /// A sample of `band` held level `pending` for `held` of the band's dwell seconds.
        case dwelling(band: CompiledBand, pending: Int, held: Double)
        /// A sample `value` outside `band`'s plausible range.
        case implausible(band: CompiledBand, value: Double)
        /// A sample of approach band `band` in level `behind`, behind its level `level`.
        case receding(band: CompiledBand, level: Int, behind: Int)
        /// A setting event set a run-time parameter: the values and band edges after it
        /// (the session's own arrays, shared until it next changes them).
        case parameterSet(ParameterNote, values: [Double], edges: [Double])
        /// A setting event picked the user level named `level`.
        case userLevelSet(level: String)
        /// Enforced budget `budget` (index into `Policy.enforcedBudgets`) is full on screen
        /// `screen`.
        case overBudget(Policy, budget: Int, screen: Int)
        /// User level `level` does not keep feedback `feedback` (indices into `policy`).
        case userLevelRefusal(Policy, level: Int, feedback: Int)
        /// The event's payload is not what `check` declares (`PayloadCheck.problem`), where
        /// `problem` says; a number or text `value` it does not accept is one of the next two.
        case badPayload(PayloadCheck, PayloadCheck.Problem)
        /// The event's `value`, a number, is not what `check` declares.
        case badPayloadNumber(PayloadCheck, Double)
        /// The event's `value`, a string, is not what `check` declares.
        case badPayloadText(PayloadCheck, String)

        /// The note as it reads.
        package var text: String {
            switch self {
            case .text(let text):
                return text
            case .dwelling(let band, let pending, let held):
                let heldText = numberText((max(0, held) * 1000).rounded() / 1000)
                return "'\(band.levels[pending].name)' has held \(heldText) s of the \(numberText(band.dwell)) s dwell"
            case .implausible(let band, let value):
                return "\(numberText(value)) is outside the plausible range of band '\(band.name)' "
                    + "(\(band.plausibleText)); the level stays"
            case .receding(let band, let level, let behind):
                return "'\(band.levels[behind].name)' is behind '\(band.levels[level].name)': band '\(band.name)' "
                    + "only \(band.approach < 0 ? "falls" : "rises"), so the level stays"
            case .parameterSet(let note, let values, let edges):
                return note.text(values: values, edges: edges)
            case .userLevelSet(let level):
                return "the haptics level is now \(level)"
            case .overBudget(let policy, let b, let s):
                let budget = policy.enforcedBudgets[b]
                return
                    "\(budget.budget.id) already counts \(budget.max) \(budget.max == 1 ? "ring" : "rings") on \(budget.scope(policy.screenNames[s])) "
                    + "within \(numberText(budget.budget.window)) s (max \(budget.max))"
            case .userLevelRefusal(let policy, let level, let f):
                return
                    "the haptics level '\(policy.userLevels?.levels[level].name ?? "")' does not keep '\(policy.feedback[f].name)'"
            case .badPayload(let check, let problem):
                return check.text(problem)
            case .badPayloadNumber(let check, let number):
                return check.valueNote(got: ScalarValue.number(number).description)
            case .badPayloadText(let check, let text):
                return check.valueNote(got: ScalarValue.string(text).description)
            }
        }

        package static func == (lhs: Note, rhs: Note) -> Bool { lhs.text == rhs.text }
    }
}
