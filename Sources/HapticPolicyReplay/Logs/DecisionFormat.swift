import HapticPolicy

/// Everything a decision log line shows: the input line's identity and its decision.
public struct LoggedDecision {
    /// 1-based input line number.
    public var line: Int
    /// The line's `t`, when it could be read.
    public var t: Double?
    /// The `t` exactly as written in the input, echoed by the JSONL writer. Points into
    /// the evaluator's input buffer, valid only while the format writes this entry.
    package var tText: UnsafeBufferPointer<UInt8>?
    /// The event name as written, when it could be read.
    public var event: String?
    /// The `event` JSON token exactly as written (quotes included), echoed by JSONL.
    package var eventText: UnsafeBufferPointer<UInt8>?
    /// The `subject` JSON token exactly as written, echoed by JSONL.
    package var subjectText: UnsafeBufferPointer<UInt8>?
    /// The subject as written.
    public var subject: String?
    /// For invalid lines: the 1-based column of the problem.
    public var column: Int?
    /// The decision; an empty silence for a line that was not decided (`problem` set).
    /// Stored as is, not in a `ReplayOutcome`, so writing a decided line copies nothing.
    public var decision: Decision
    /// Why the line was not decided (`blank-line`, or the problem of an invalid line);
    /// nil for a decided line.
    public var problem: LineProblem?
    /// What is wrong with an invalid line, written as its `note`.
    public var message: String?

    /// What the line came to: its decision, a blank line or an unreadable one.
    public var outcome: ReplayOutcome {
        switch problem {
        case nil: .decided(decision)
        case .blankLine?: .blank
        case let problem?: .invalid(problem, message: message ?? "")
        }
    }

    /// What a line that was not decided shows in the decision's fields.
    package static let undecided = Decision(action: .silent)

    /// Creates a logged decision.
    public init(line: Int, t: Double?, event: String?, subject: String?, column: Int? = nil, decision: Decision) {
        self.init(
            line: line, t: t, tText: nil, event: event, subject: subject, column: column, decision: decision)
    }

    /// Creates a logged outcome.
    public init(line: Int, t: Double?, event: String?, subject: String?, column: Int? = nil, outcome: ReplayOutcome) {
        switch outcome {
        case .decided(let decision):
            self.init(line: line, t: t, event: event, subject: subject, column: column, decision: decision)
        case .blank:
            self.init(line: line, t: t, event: event, subject: subject, column: column, decision: Self.undecided)
            problem = .blankLine
        case .invalid(let problem, let message):
            self.init(line: line, t: t, event: event, subject: subject, column: column, decision: Self.undecided)
            self.problem = problem
            self.message = message
        }
    }

    /// The note written for the line: the decision's, or an invalid line's message.
    public var note: String? { problem == nil ? decision.note : message }

    /// Creates a logged decision that echoes the input's tokens as written.
    package init(
        line: Int, t: Double?, tText: UnsafeBufferPointer<UInt8>?, event: String?, subject: String?,
        column: Int? = nil, decision: Decision, eventText: UnsafeBufferPointer<UInt8>? = nil,
        subjectText: UnsafeBufferPointer<UInt8>? = nil
    ) {
        self.eventText = eventText
        self.subjectText = subjectText
        self.line = line
        self.t = t
        self.tText = tText
        self.event = event
        self.subject = subject
        self.column = column
        self.decision = decision
    }
}

/// A decision log format (`jsonl` or `table`): appends bytes for each decision.
public protocol DecisionFormat {
    /// Bytes before the first decision (a table header; nothing for JSONL).
    func header(into out: inout [UInt8])
    /// Bytes for one decision, newline included.
    func write(_ entry: LoggedDecision, into out: inout [UInt8])
}
