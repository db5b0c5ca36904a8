import HapticPolicy

/// What the app in background still plays (`background:`): the plays its `keeps:` keeps
/// pass the `background` gate, the others are silent (`background`) as without it.
/// `keeps:` reads exactly as a user level's.
public struct BackgroundDecl: Sendable, Hashable, Codable {
    /// What it keeps (`keeps:`).
    public var keeps: UserLevelsDecl.Keeps
    /// Where `keeps:` is written (its value).
    public var keepsLocation: SourceLocation
    /// Free text (`note:`).
    public var note: String?
    /// Where the declaration starts (the `background` key).
    public var location: SourceLocation

    /// Creates a declaration.
    public init(
        keeps: UserLevelsDecl.Keeps, keepsLocation: SourceLocation = .unknown, note: String? = nil,
        location: SourceLocation = .unknown
    ) {
        self.keeps = keeps
        self.keepsLocation = keepsLocation
        self.note = note
        self.location = location
    }
}
