import HapticPolicy

/// One event line of a JSONL log, as read: names not yet resolved against a policy.
public struct LogRecord: Sendable, Equatable {
    /// Seconds (`t`).
    public var t: Double
    /// The event name (`event`).
    public var event: String
    /// The screen name (`screen`), if given.
    public var screen: String?
    /// The subject (`subject`), if given.
    public var subject: String?
    /// The value (`value`): number, boolean or string.
    public var value: ScalarValue?
    /// Whether the creature speaks (`speaks`, default false).
    public var speaks: Bool
    /// Template parameters (`params`), in the order written.
    public var params: [Event.Parameter]
    /// The event's data fields (`data`), in the order written.
    public var data: [Event.Parameter]

    /// Creates a record.
    public init(
        t: Double, event: String, screen: String? = nil, subject: String? = nil, value: ScalarValue? = nil,
        speaks: Bool = false, params: [Event.Parameter] = [], data: [Event.Parameter] = []
    ) {
        self.t = t
        self.event = event
        self.screen = screen
        self.subject = subject
        self.value = value
        self.speaks = speaks
        self.params = params
        self.data = data
    }
}

/// Why a log line could not be read: the 1-based column (in Unicode scalars), a stable
/// reason id and a lowercase message naming the fix.
public struct LogLineError: Error, Sendable, Equatable {
    /// 1-based column where the problem is.
    public var column: Int
    /// `bad-json`, `missing-field`, `bad-field` or `duplicate-field`.
    public var reason: LineProblem
    /// What is wrong and what to do.
    public var message: String
    /// The `t` of the line, when it could be read before the problem.
    public var t: Double?
    /// The `event` of the line, when it could be read before the problem.
    public var event: String?

    /// Creates an error.
    public init(column: Int, reason: LineProblem, message: String, t: Double? = nil, event: String? = nil) {
        self.column = column
        self.reason = reason
        self.message = message
        self.t = t
        self.event = event
    }
}
