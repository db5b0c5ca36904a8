import HapticPolicy

/// A feedback layer the policy declares (`layers:`), for example
/// `coach: {plays: patterns, note: the running coach's own waveforms}`.
public struct LayerDecl: Sendable, Hashable, Codable {
    /// The layer's name (the key).
    public var name: Located<String>
    /// What its feedback may be (`plays:`); nil for either.
    package var plays: Located<LayerPlays>?
    /// The designer's note.
    public var note: String?
    /// Where the declaration starts.
    public var location: SourceLocation

    /// Creates a declaration.
    package init(
        name: Located<String>, plays: Located<LayerPlays>? = nil, note: String? = nil,
        location: SourceLocation = .unknown
    ) {
        self.name = name
        self.plays = plays
        self.note = note
        self.location = location
    }

    /// The layer declared.
    public var layer: Layer { Layer(name.value) }
}
