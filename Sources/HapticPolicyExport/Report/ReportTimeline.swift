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

    /// Creates an entry.
    package init(time: Double, event: String, screen: String? = nil, kind: Kind, detail: String, cites: [String] = []) {
        self.time = time
        self.event = event
        self.screen = screen
        self.kind = kind
        self.detail = detail
        self.cites = cites
    }
}
