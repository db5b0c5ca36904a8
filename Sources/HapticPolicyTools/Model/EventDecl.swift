import HapticPolicy

/// An app event in the catalogue: its layer, what it carries, where it can occur.
public struct EventDecl: Sendable, Hashable, Codable {
    /// Where the event can occur.
    public enum Screens: Sendable, Hashable, Codable {
        /// On every screen (`screens: all`).
        case all(SourceLocation)
        /// On the listed screens.
        case only([Located<String>])
    }

    /// The event name (`plant.found`).
    public var name: Located<String>
    /// The layer of the moment the event stands for (`layer:`).
    public var layer: Located<Layer>
    /// Where the event can occur (`screens:`).
    public var screens: Screens
    /// The kind of `value` it carries, if any (`value:`).
    public var value: Located<ValueKind>?
    /// Free text (`note:`).
    public var note: String?
    /// Where the declaration starts.
    public var location: SourceLocation

    /// Creates an event declaration.
    public init(
        name: Located<String>, layer: Located<Layer>, screens: Screens, value: Located<ValueKind>? = nil,
        note: String? = nil, location: SourceLocation = .unknown
    ) {
        self.name = name
        self.layer = layer
        self.screens = screens
        self.value = value
        self.note = note
        self.location = location
    }
}
