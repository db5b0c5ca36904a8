/// How serious a diagnostic is.
public enum Severity: String, Sendable, Codable, Comparable, CaseIterable {
    /// The policy cannot be used.
    case error
    /// The policy works but probably not as meant; fails `lint --strict`.
    case warning
    /// Extra context attached to another diagnostic.
    case note

    private var rank: Int {
        switch self {
        case .error: 2
        case .warning: 1
        case .note: 0
        }
    }

    /// Orders `note < warning < error`.
    public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.rank < rhs.rank }
}

/// One finding about a policy: where, how bad, a stable code, and a message naming the fix.
public struct Diagnostic: Sendable, Hashable, Codable {
    /// A secondary location that helps explain the finding ("the list that starts here").
    package struct Note: Sendable, Hashable, Codable {
        /// What the note says.
        package var message: String
        /// Where it points.
        package var location: SourceLocation

        /// Creates a note.
        package init(_ message: String, at location: SourceLocation) {
            self.message = message
            self.location = location
        }
    }

    /// A stable identifier such as `HP101`; never reused for another meaning.
    public var code: String
    /// How serious it is.
    public var severity: Severity
    /// Lowercase message that names the fix.
    public var message: String
    /// Where the problem is.
    public var location: SourceLocation
    /// Related locations.
    package var notes: [Note]
    /// The invariant id the finding enforces (for example `H-2`), if any.
    package var invariant: String?
    /// For a warning the policy acknowledges (`acknowledge:`, language v3): the
    /// designer's reason, located at the acknowledged code. `lint` counts such a warning
    /// apart and `--strict` does not fail on it. Nil for every other finding.
    package var acknowledged: Note?

    /// Creates a diagnostic.
    package init(
        code: String, severity: Severity, message: String, at location: SourceLocation,
        notes: [Note] = [], invariant: String? = nil
    ) {
        self.code = code
        self.severity = severity
        self.message = message
        self.location = location
        self.notes = notes
        self.invariant = invariant
    }
}
