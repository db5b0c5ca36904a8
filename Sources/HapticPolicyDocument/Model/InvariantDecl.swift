import HapticPolicy

/// A design rule with an id (`H-2`) that diagnostics and decisions cite.
public struct InvariantDecl: Sendable, Hashable, Codable {
    /// The rule (`InvariantKind`).
    package typealias Kind = InvariantKind

    /// An event exempted from the invariant, with the designer's reason.
    public struct Exception: Sendable, Hashable, Codable {
        /// The exempted event.
        public var event: Located<String>
        /// Why it is exempt.
        public var reason: Located<String>

        /// Creates an exception.
        public init(event: Located<String>, reason: Located<String>) {
            self.event = event
            self.reason = reason
        }
    }

    /// The id cited everywhere (`id: H-2`).
    public var id: Located<String>
    /// The rule (`rule: banned-presets`).
    package var kind: Located<Kind>
    /// The designer's statement of the rule (`says:`).
    public var text: String?
    /// For `banned-presets`: the presets never to play (`presets:`).
    public var presets: [Located<Preset>]
    /// For `creature-needs-speech`: the layer whose feedback needs speech (`layer:`); nil
    /// for `creature`.
    public var layer: Located<Layer>?
    /// Exempted events (`except:`).
    public var exceptions: [Exception]
    /// Where the declaration starts.
    public var location: SourceLocation

    /// Creates an invariant.
    package init(
        id: Located<String>, kind: Located<Kind>, text: String? = nil,
        presets: [Located<Preset>] = [], layer: Located<Layer>? = nil, exceptions: [Exception] = [],
        location: SourceLocation = .unknown
    ) {
        self.id = id
        self.kind = kind
        self.text = text
        self.presets = presets
        self.layer = layer
        self.exceptions = exceptions
        self.location = location
    }
}
