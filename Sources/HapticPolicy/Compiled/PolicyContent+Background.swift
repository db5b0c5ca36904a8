extension PolicyContent {
    /// What the app in background still plays (`background:`): the plays `keeps` keeps
    /// (as a user level's keeps) pass the `background` gate; a kept pattern then plays its
    /// fallback, since the engine is stopped in background.
    package struct Background: Sendable, Hashable, Codable {
        /// What it keeps.
        package var keeps: UserLevels.Keeps
        /// The designer's note.
        package var note: String?
        /// Where `background:` is declared.
        @ToolsOnly package var location: SourcePosition

        /// Creates one.
        package init(keeps: UserLevels.Keeps, note: String?, location: SourcePosition) {
            self.keeps = keeps
            self.note = note
            self.location = location
        }
    }
}
