extension TickerStep {
    /// The directive a row's ticker step gives: `prepare-ticker` for `begin` and `tick`,
    /// `release-ticker` for `end`. The one derivation: the session gives it while the
    /// gesture allows it (`TickerGesture`), the decision table lists it.
    package var directive: Directive {
        switch self {
        case .begin, .tick: .prepareTicker
        case .end: .releaseTicker
        }
    }
}

/// Whether a ticker gesture is open (between `ticker: begin` and `ticker: end`), and what
/// each ticker step of a row does to it.
struct TickerGesture: Sendable {
    /// What a row's ticker step did.
    enum Outcome: Sendable {
        /// The step's directive is due (`TickerStep.directive`).
        case directive(Directive)
        /// A tick with no gesture open: a play it makes gets `tick-outside-gesture`.
        case tickOutside
        /// An end with no gesture open: the decision's note says so.
        case endWithoutGesture
    }

    /// The note of a play made by a tick outside a gesture.
    static let tickOutsideNote = "a tick outside a selector gesture: no generator was prepared"
    /// The note of an end with no gesture open.
    static let endWithoutGestureNote = "no ticker gesture was open"

    /// Whether a gesture is open.
    var isOpen = false

    /// Carries out one ticker step of a row.
    mutating func step(_ step: TickerStep) -> Outcome {
        switch step {
        case .begin:
            isOpen = true
        case .tick:
            guard isOpen else { return .tickOutside }
        case .end:
            guard isOpen else { return .endWithoutGesture }
            isOpen = false
        }
        return .directive(step.directive)
    }

    /// Closes an open gesture (a screen change, the app going to background); returns
    /// whether one was open, so `release-ticker` is due.
    mutating func close() -> Bool {
        defer { isOpen = false }
        return isOpen
    }
}
