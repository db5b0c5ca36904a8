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
    package var value: Located<ValueKind>?
    /// Free text (`note:`).
    public var note: String?
    /// Where the declaration starts.
    public var location: SourceLocation
    /// The mapping form of `value:` (`{type: number, min: 100, max: 200}`); nil for the
    /// v1 form (`value: number`: optional, any value) or none. `value` holds its kind too.
    public var payload: PayloadDecl?
    /// The declared template parameters (`params:`); nil when not written (any pass).
    public var params: [ParamDecl]?
    /// `ends-subject:` as written: when true, the session forgets the event's subject once
    /// the event is decided; nil when not written.
    public var endsSubject: Located<Bool>?
    /// The declared data fields (`data:`), the event's named fields besides its value;
    /// nil when not written (a log line's `data` is then not checked).
    public var data: [ParamDecl]?

    /// Creates an event declaration.
    package init(
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

/// What an event's `value` (or one of its `params`) must be: `{type: number, min: 100,
/// max: 200}`, `{type: string, one-of: [confirmed, cancelled]}`, `{type: bool, required: false}`.
public struct PayloadDecl: Sendable, Hashable, Codable {
    /// The kind (`type:`).
    package var kind: Located<ValueKind>
    /// The smallest number allowed, inclusive (`min:`).
    public var min: Located<Double>?
    /// The largest number allowed, inclusive (`max:`).
    public var max: Located<Double>?
    /// The strings allowed (`one-of:`).
    public var oneOf: [Located<String>]?
    /// `required:` as written; nil means true.
    public var required: Located<Bool>?
    /// Where the mapping is written.
    public var location: SourceLocation

    /// Creates one.
    package init(
        kind: Located<ValueKind>, min: Located<Double>? = nil, max: Located<Double>? = nil,
        oneOf: [Located<String>]? = nil, required: Located<Bool>? = nil, location: SourceLocation = .unknown
    ) {
        self.kind = kind
        self.min = min
        self.max = max
        self.oneOf = oneOf
        self.required = required
        self.location = location
    }

    /// Whether the event must carry it.
    public var isRequired: Bool { required?.value ?? true }
}

/// One declared template parameter of an event (`params: {bpm: {type: number}}`).
public struct ParamDecl: Sendable, Hashable, Codable {
    /// The parameter name (the key).
    public var name: Located<String>
    /// What it must be.
    public var payload: PayloadDecl

    /// Creates one.
    public init(name: Located<String>, payload: PayloadDecl) {
        self.name = name
        self.payload = payload
    }
}
