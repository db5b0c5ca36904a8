/// A looping pattern the session believes is playing: which feedback, with which
/// parameters, repeating every `period` seconds, since `start`.
public struct RunningLoop: Sendable, Hashable {
    /// The looping feedback's name.
    public var feedback: String
    /// The parameters it was started with (defaults filled in), in declaration order.
    /// Listed when read: the loop keeps the bound values themselves (`TemplateValues`, no
    /// array), so that starting or restarting a loop allocates nothing.
    public var parameters: [Event.Parameter] {
        get {
            switch bound {
            case .values(let values, let declared): values.parameters(declared)
            case .listed(let parameters): parameters
            }
        }
        set { bound = .listed(newValue) }
    }
    /// Seconds between repetitions (the pattern's `loop:` evaluated with the parameters).
    public var period: Double
    /// When the loop started.
    public var start: Double

    let feedbackIndex: Int
    /// The rule slot of the row that started it (`CompiledRow.keepSlot`), which user
    /// levels may keep it by; -1 when unknown (a loop carried over by a hot reload).
    var ruleSlot = -1

    /// How the loop holds `parameters`.
    private var bound: Bound

    /// `parameters`, as a play bound them or as listed.
    private enum Bound: Sendable {
        /// The bound values of the template's `declared` parameters.
        case values(TemplateValues, of: [PatternTemplate.Parameter])
        /// A list as it is (a loop carried over by a hot reload, or `parameters` set).
        case listed([Event.Parameter])
    }

    /// A loop a play starts, with the template's bound `values` of its `declared` parameters.
    init(
        feedback: String, values: TemplateValues, of declared: [PatternTemplate.Parameter], period: Double,
        start: Double, feedbackIndex: Int, ruleSlot: Int
    ) {
        self.feedback = feedback
        self.bound = .values(values, of: declared)
        self.period = period
        self.start = start
        self.feedbackIndex = feedbackIndex
        self.ruleSlot = ruleSlot
    }

    /// A loop with its `parameters` listed (a loop a hot reload carries over).
    init(
        feedback: String, parameters: [Event.Parameter], period: Double, start: Double, feedbackIndex: Int,
        ruleSlot: Int
    ) {
        self.feedback = feedback
        self.bound = .listed(parameters)
        self.period = period
        self.start = start
        self.feedbackIndex = feedbackIndex
        self.ruleSlot = ruleSlot
    }

    /// Loops are equal when their feedback, parameters, period, start and row are.
    public static func == (lhs: RunningLoop, rhs: RunningLoop) -> Bool {
        lhs.feedback == rhs.feedback && lhs.parameters == rhs.parameters && lhs.period == rhs.period
            && lhs.start == rhs.start && lhs.feedbackIndex == rhs.feedbackIndex && lhs.ruleSlot == rhs.ruleSlot
    }

    /// Hashes what `==` compares.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(feedback)
        hasher.combine(parameters)
        hasher.combine(period)
        hasher.combine(start)
        hasher.combine(feedbackIndex)
        hasher.combine(ruleSlot)
    }
}
