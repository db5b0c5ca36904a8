/// A design rule with an id (`H-2`) that diagnostics and decisions cite.
public struct InvariantDecl: Sendable, Hashable, Codable {
    /// What the invariant enforces.
    public enum Kind: String, Sendable, Hashable, Codable, CaseIterable {
        /// Never play the listed presets, anywhere, fallbacks included.
        case bannedPresets = "banned-presets"
        /// Creature feedback plays only when the event says the creature speaks.
        case creatureNeedsSpeech = "creature-needs-speech"
        /// UI events never play creature feedback; creature events never play presets.
        case noLayerMixing = "no-layer-mixing"
        /// Events carrying a number are decided only through bands (ring on change).
        case bandsOnly = "bands-only"
        /// A principle rows cite (for example the utility principle); not machine-checked.
        case guideline
    }

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
    public var kind: Located<Kind>
    /// The designer's statement of the rule (`says:`).
    public var text: String?
    /// For `banned-presets`: the presets never to play (`presets:`).
    public var presets: [Located<Preset>]
    /// Exempted events (`except:`).
    public var exceptions: [Exception]
    /// Where the declaration starts.
    public var location: SourceLocation

    /// Creates an invariant.
    public init(
        id: Located<String>, kind: Located<Kind>, text: String? = nil,
        presets: [Located<Preset>] = [], exceptions: [Exception] = [], location: SourceLocation = .unknown
    ) {
        self.id = id
        self.kind = kind
        self.text = text
        self.presets = presets
        self.exceptions = exceptions
        self.location = location
    }
}
