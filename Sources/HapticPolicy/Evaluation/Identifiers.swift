/// A dense id for an event name of one compiled `Policy` (catalogue or built-in state
/// event). Resolve names once with `Policy.eventID(_:)` and decide with ids.
public struct EventID: Hashable, Sendable {
    /// The index into the policy's event table; `-1` for a name the policy does not know.
    public let rawValue: Int

    /// Wraps an index.
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// An event name that is not in the policy's catalogue (decided `unknown-event`).
    public static let unknown = EventID(rawValue: -1)
}

/// A dense id for a screen of one compiled `Policy`.
public struct ScreenID: Hashable, Sendable {
    /// The index into the policy's screens; `-1` for a name the policy does not know.
    public let rawValue: Int

    /// Wraps an index.
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// A screen name the policy does not declare (decided `unknown-screen`).
    public static let unknown = ScreenID(rawValue: -1)
}

/// A dense id for a subject (a plant, a sensor): interned by `Session.subjectID(_:)`.
/// Subjects named in the policy's conditions get the first ids.
public struct SubjectID: Hashable, Sendable {
    /// The index into the session's subject table.
    public let rawValue: Int

    /// Wraps an index.
    public init(rawValue: Int) { self.rawValue = rawValue }
}
