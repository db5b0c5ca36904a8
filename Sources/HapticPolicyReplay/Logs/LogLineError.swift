import HapticPolicy

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
