import HapticPolicy

/// User levels (`user-levels:`): the haptics levels the user picks in the app's settings,
/// each keeping some of the policy's plays. A setting event (`set-by:`) picks the level;
/// a play the current level does not keep is silent (`user-level`).
public struct UserLevelsDecl: Sendable, Hashable, Codable {
    /// The setting event whose string `value` names the level (`set-by:`).
    public var setBy: Located<String>
    /// The level a session starts at (`start:`).
    public var start: Located<String>
    /// The levels, in source order (`levels:`).
    public var levels: [Level]
    /// Where the declaration starts (the `user-levels` key).
    public var location: SourceLocation

    /// One level (`essentials: {keeps: {feedback: [goal]}}`).
    public struct Level: Sendable, Hashable, Codable {
        /// The level's name (the key under `levels:`).
        public var name: Located<String>
        /// What it keeps (`keeps:`).
        public var keeps: Keeps
        /// Where `keeps:` is written (its value).
        public var keepsLocation: SourceLocation
        /// Free text (`note:`).
        public var note: String?

        /// Creates a level.
        public init(name: Located<String>, keeps: Keeps, keepsLocation: SourceLocation = .unknown, note: String? = nil)
        {
            self.name = name
            self.keeps = keeps
            self.keepsLocation = keepsLocation
            self.note = note
        }
    }

    /// What a level keeps: everything (`all`), nothing (`none`), or the plays any of its
    /// entries keeps (`{feedback: [...], layers: [...], rows: [...]}`).
    public enum Keeps: Sendable, Hashable, Codable {
        /// Every play (`keeps: all`).
        case all
        /// No play (`keeps: none`).
        case none
        /// The plays of these feedback, of the feedback of these layers, and of these rows
        /// (rule ids as decisions cite them: `workout/lap.completed`, `settings/data.reset#1`,
        /// `workout/pace.sample@tempo`).
        case some(feedback: [Located<String>], layers: [Located<String>], rows: [Located<String>])
    }

    /// Creates a declaration.
    public init(
        setBy: Located<String>, start: Located<String>, levels: [Level], location: SourceLocation = .unknown
    ) {
        self.setBy = setBy
        self.start = start
        self.levels = levels
        self.location = location
    }
}
