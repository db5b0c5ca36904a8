import HapticPolicy

/// A named feedback: a system preset or a custom pattern, in one layer.
public struct FeedbackDecl: Sendable, Hashable, Codable {
    /// What plays.
    public enum Body: Sendable, Hashable, Codable {
        /// A system preset, with an optional intensity 0-1 (impacts only).
        case preset(Located<Preset>, intensity: Located<Double>?)
        /// A custom pattern (possibly a template with parameters).
        case pattern(PatternDecl)
    }

    /// The name used in tables (`tick`, `meet`).
    public var name: Located<String>
    /// The layer (`layer: ui | creature`).
    public var layer: Located<Layer>
    /// What plays.
    public var body: Body
    /// What to render when a custom pattern cannot play (`fallback:`); nil when unspecified.
    public var fallback: FallbackDecl?
    /// Free text for humans (`note:`).
    public var note: String?
    /// Where the declaration starts.
    public var location: SourceLocation

    /// Creates a feedback declaration.
    public init(
        name: Located<String>, layer: Located<Layer>, body: Body, fallback: FallbackDecl? = nil,
        note: String? = nil, location: SourceLocation = .unknown
    ) {
        self.name = name
        self.layer = layer
        self.body = body
        self.fallback = fallback
        self.note = note
        self.location = location
    }
}

/// What a custom pattern renders when it cannot play (no Core Haptics, Low Power Mode,
/// cold engine).
public enum FallbackDecl: Sendable, Hashable, Codable {
    /// Skip silently (`fallback: none`).
    case none(SourceLocation)
    /// A named preset feedback or a preset id (`fallback: snap`, `fallback: impact.soft`).
    case target(Located<String>)
    /// A timed sequence of presets (`fallback: {sequence: [{at: 0, play: tap}, ...]}`).
    case sequence([SequenceStep], location: SourceLocation)
}

/// One step of a fallback sequence.
public struct SequenceStep: Sendable, Hashable, Codable {
    /// Seconds from the pattern start (may use template parameters).
    public var at: Located<Expression>
    /// A named preset feedback or a preset id.
    public var target: Located<String>

    /// Creates a step.
    public init(at: Located<Expression>, target: Located<String>) {
        self.at = at
        self.target = target
    }
}
