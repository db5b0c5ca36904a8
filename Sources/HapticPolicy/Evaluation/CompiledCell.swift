/// One (screen, event) cell of the dense decision table: rows tried in order.
struct CompiledCell: Sendable {
    var rows: [CompiledRow]
}

/// A row ready to decide with: its condition as plain comparisons, what it does, and the
/// rule reference decisions cite.
struct CompiledRow: Sendable {
    /// What the row does.
    enum Action: Sendable {
        /// Play a feedback (index into `Policy.feedback`).
        case play(Int)
        /// Go through a band set; `slot` identifies the (event, band) signal for state.
        case band(band: Int, slot: Int)
        /// Designer's silence.
        case silent(String)
        /// Stop a loop (feedback index) or all loops (nil).
        case stop(Int?)
        /// Directives only.
        case none
    }

    var speaks: Bool?
    var value: ScalarValue?
    var subject: SubjectID?
    var action: Action
    var ticker: RowDecl.TickerStep?
    var directives: DirectiveSet
    var rule: Decision.Rule
    var note: String?

    /// Whether the event satisfies the row's `when:`.
    @inline(__always)
    func matches(_ event: Event) -> Bool {
        if let speaks, speaks != event.speaks { return false }
        if let subject, subject != event.subject { return false }
        if let value {
            guard let given = event.value, given == value else { return false }
        }
        return true
    }
}
