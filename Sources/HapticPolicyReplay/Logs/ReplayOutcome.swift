import HapticPolicy

/// Why a line of an event log is not an event to decide: the `reason` the log reader
/// writes for it. These belong to reading logs, not to the runtime: an app's `Session`
/// never gives them. `Docs/event-log.md` lists them.
public enum LineProblem: String, Sendable, Hashable, CaseIterable {
    /// The line is not one well-formed JSON object.
    case badJSON = "bad-json"
    /// `t` or `event` is missing.
    case missingField = "missing-field"
    /// A known field has the wrong type (`t` not a number, `speaks` not a boolean, ...).
    case badField = "bad-field"
    /// A field is written twice (`"t":6, …, "t":9`): which one the app meant is unknown,
    /// so the line is not taken (not last-wins).
    case duplicateField = "duplicate-field"
    /// `t` is smaller than the previous line's.
    case timeBackwards = "time-backwards"
    /// The line is longer than `EventLogReader.maxLineLength` bytes (1 MiB): not an event.
    case lineTooLong = "line-too-long"
    /// The line is empty or only spaces: decided silent (not invalid) so N lines in give
    /// N decisions out; it does not change `t` or any state.
    case blankLine = "blank-line"
}

/// What replaying one log line came to: a decision of the policy, a blank line, or a
/// line that cannot be read.
public enum ReplayOutcome: Sendable {
    /// The line is an event and the session decided it.
    case decided(Decision)
    /// The line is empty or only spaces: written as a `blank-line` silence.
    case blank
    /// The line cannot be read: written with action `invalid`, the problem as its
    /// `reason` and `message` as its `note`.
    case invalid(LineProblem, message: String)

    /// The decision, when the line was decided.
    public var decision: Decision? {
        if case .decided(let decision) = self { decision } else { nil }
    }

    /// The `action` written for the line.
    public var action: LoggedAction {
        switch self {
        case .decided(let decision): LoggedAction(decision.action)
        case .blank: .silent
        case .invalid: .invalid
        }
    }

    /// The `reason` written for the line.
    public var reason: LoggedReason? {
        switch self {
        case .decided(let decision): decision.reason.map(LoggedReason.decision)
        case .blank: .line(.blankLine)
        case .invalid(let problem, _): .line(problem)
        }
    }
}

/// The `action` of a decision log line: a decision's action, or `invalid` for a line
/// that could not be read.
public enum LoggedAction: String, Sendable, Hashable, CaseIterable {
    /// A play.
    case play
    /// A silence.
    case silent
    /// A loop stopped.
    case stop
    /// The log line could not be read.
    case invalid

    /// The logged action of a decision.
    @inline(__always)
    public init(_ action: Decision.Action) {
        switch action {
        case .play: self = .play
        case .silent: self = .silent
        case .stop: self = .stop
        }
    }
}

/// The `reason` of a decision log line: a decision's reason, or why the line is not an
/// event.
public enum LoggedReason: Sendable, Hashable {
    /// A reason the session gave.
    case decision(Reason)
    /// A reason the log reader gave.
    case line(LineProblem)

    /// The id written in the `reason` field.
    public var rawValue: String {
        switch self {
        case .decision(let reason): reason.rawValue
        case .line(let problem): problem.rawValue
        }
    }

    /// Every reason, in the order summaries list them: the session's, with the log
    /// reader's before `bad-state` (where they stood when both were one type, so summaries
    /// keep their order).
    public static let allCases: [LoggedReason] = {
        var all = Reason.allCases.map(LoggedReason.decision)
        let index = all.firstIndex(of: .decision(.badState)) ?? all.endIndex
        all.insert(contentsOf: LineProblem.allCases.map(LoggedReason.line), at: index)
        return all
    }()
}
