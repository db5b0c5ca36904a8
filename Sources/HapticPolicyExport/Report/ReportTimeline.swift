import HapticPolicy

/// One line of the session timeline in a report (`report --events`): what happened at
/// an input event and why. The CLI fills it from the evaluator's decisions; the report
/// only renders it, so it does not depend on the evaluator.
package struct ReportTimelineEntry: Sendable, Hashable {
    /// What kind of line this is; each kind has its own colour and label.
    package enum Kind: String, Sendable, Hashable, CaseIterable {
        /// Feedback played.
        case play
        /// Deliberately silent (with a reason).
        case silent
        /// A band change (the value crossed an edge).
        case band
        /// The app went to the background or came back.
        case background
        /// A rate budget was exceeded.
        case budget
        /// Anything else the evaluator reports (directives, fallbacks, state).
        case other
    }

    /// Seconds from the log's start.
    package var time: Double
    /// The input event's name (`plant.found`).
    package var event: String
    /// The screen at the time, if known.
    package var screen: String?
    /// The kind of line.
    package var kind: Kind
    /// What rang, or why not ("pulse", "no plant in view yet is not a failure").
    package var detail: String
    /// Cited invariant or budget ids.
    package var cites: [String]
    /// The event's value (`47.22`, `"confirmed"`), if it carried one.
    package var value: ScalarValue?
    /// The subject the event was about (`monstera`), if any.
    package var subject: String?
    /// The band set the event went through, when a band cell decided it: the session's
    /// charts draw these entries.
    package var band: String?
    /// The feedback that rang, when the event played.
    package var rang: String?
    /// For a `budget` entry, the budget's window in seconds: the window ends at `time`.
    package var window: Double?

    /// Creates an entry.
    package init(
        time: Double, event: String, screen: String? = nil, kind: Kind, detail: String, cites: [String] = [],
        value: ScalarValue? = nil, subject: String? = nil, band: String? = nil, rang: String? = nil,
        window: Double? = nil
    ) {
        self.time = time
        self.event = event
        self.screen = screen
        self.kind = kind
        self.detail = detail
        self.cites = cites
        self.value = value
        self.subject = subject
        self.band = band
        self.rang = rang
        self.window = window
    }

    /// The numeric value, for charts.
    package var number: Double? {
        if case .number(let n)? = value, n.isFinite { return n }
        return nil
    }
}
