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
    /// What Android or the web plays instead (`platforms:`), at most one per platform.
    public var platforms: [PlatformOverride]
    /// Where the declaration starts.
    public var location: SourceLocation
    /// How much it matters against what still plays (`priority:`); nil when not given
    /// (`normal`).
    public var priority: Located<Priority>?

    /// Creates a feedback declaration.
    public init(
        name: Located<String>, layer: Located<Layer>, body: Body, fallback: FallbackDecl? = nil,
        note: String? = nil, platforms: [PlatformOverride] = [], location: SourceLocation = .unknown,
        priority: Located<Priority>? = nil
    ) {
        self.priority = priority
        self.name = name
        self.layer = layer
        self.body = body
        self.fallback = fallback
        self.note = note
        self.platforms = platforms
        self.location = location
    }

    /// The feedback as `platform` plays it: its override laid over this declaration (a
    /// new preset or pattern, an intensity, a fallback), without `platforms`.
    package func on(_ platform: Platform) -> FeedbackDecl {
        var variant = self
        variant.platforms = []
        guard let override = platforms.first(where: { $0.platform.value == platform }) else { return variant }
        if let body = override.body {
            variant.body = body
            if case .preset = body { variant.fallback = nil }
        }
        if let intensity = override.intensity, case .preset(let preset, _) = variant.body {
            variant.body = .preset(preset, intensity: intensity)
        }
        if let fallback = override.fallback { variant.fallback = fallback }
        return variant
    }
}

/// A platform's own version of a feedback (`platforms: {android: {fallback: impact.heavy}}`):
/// what it sets replaces the feedback's, the rest is the feedback's.
public struct PlatformOverride: Sendable, Hashable, Codable {
    /// The platform (`android`, `web`).
    package var platform: Located<Platform>
    /// A preset or pattern instead of the feedback's.
    public var body: FeedbackDecl.Body?
    /// The preset's intensity there (impacts only).
    public var intensity: Located<Double>?
    /// The pattern's fallback there.
    public var fallback: FallbackDecl?

    /// Creates an override.
    package init(
        platform: Located<Platform>, body: FeedbackDecl.Body? = nil, intensity: Located<Double>? = nil,
        fallback: FallbackDecl? = nil
    ) {
        self.platform = platform
        self.body = body
        self.intensity = intensity
        self.fallback = fallback
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
    package var at: Located<Expression>
    /// A named preset feedback or a preset id.
    public var target: Located<String>

    /// Creates a step.
    package init(at: Located<Expression>, target: Located<String>) {
        self.at = at
        self.target = target
    }
}

extension PolicyDocument {
    /// The document as each platform plays it (`FeedbackDecl.on` over every feedback), for
    /// the platforms some feedback overrides, in `Platform.allCases` order: the one place
    /// per-platform copies are made, for the validator to check them and the compiler to
    /// plan them (`FeedbackPlan.platforms`).
    package var platformVariants: [(platform: Platform, document: PolicyDocument)] {
        Platform.allCases.compactMap { platform in
            guard feedback.contains(where: { $0.platforms.contains { $0.platform.value == platform } }) else {
                return nil
            }
            var variant = self
            variant.feedback = feedback.map { $0.on(platform) }
            return (platform, variant)
        }
    }
}
