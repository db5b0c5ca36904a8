/// How one named feedback renders, as the compiler settled it: a system preset with its
/// intensity, or a custom pattern (a template when it has parameters) with its fallback
/// chain for when the pattern cannot play. Decisions point at it (`Decision.plan`); the
/// player, the exporters and the report read it. Immutable and shared.
public final class FeedbackPlan: Sendable, Codable {
    /// What the feedback is.
    package enum Body: Sendable, Hashable, Codable {
        /// A system preset, with an intensity 0-1 for impacts.
        case preset(Preset, intensity: Double?)
        /// A custom pattern.
        case pattern(PatternTemplate)
    }

    /// What a pattern renders when it cannot play (no Core Haptics, Low Power Mode, a
    /// cold engine, or the engine failing): presets, or nothing.
    package enum Fallback: Sendable, Hashable, Codable {
        /// Skip silently (`fallback: none`).
        case none
        /// One preset at the pattern's start (`fallback: snap`).
        case preset(TimedPreset)
        /// Presets at their times from the pattern's start (`fallback: {sequence: ...}`).
        case sequence([TimedPreset])
    }

    /// A preset at a time in a fallback.
    package struct TimedPreset: Sendable, Hashable, Codable {
        /// Seconds from the pattern's start (may use template parameters).
        package var at: Expression
        /// The name written in the policy: a preset feedback (`tap`) or a preset id.
        package var name: String
        /// The preset it renders.
        package var preset: Preset
        /// The preset's intensity, for impacts.
        package var intensity: Double?

        /// Creates a step.
        package init(at: Expression, name: String, preset: Preset, intensity: Double?) {
            self.at = at
            self.name = name
            self.preset = preset
            self.intensity = intensity
        }
    }

    /// The name used in tables (`tick`, `meet`).
    public let name: String
    /// The layer it belongs to.
    public let layer: Layer
    /// What it is.
    package let body: Body
    /// The pattern's fallback; nil when the policy declares none (the same as `.none`
    /// when deciding; reports say "unspecified").
    package let fallback: Fallback?
    /// The designer's note.
    package let note: String?
    /// Where the feedback is declared.
    package let location: SourcePosition

    /// What decisions render when the feedback plays itself.
    package let render: Render
    /// What decisions render when a pattern falls back; nil when it cannot.
    package let fallbackRender: Render?
    /// The template's parameters (empty for presets and plain patterns).
    package let parameters: [PatternTemplate.Parameter]
    /// What the feedback is on platforms that override it (`platforms:`), each a whole
    /// plan (what it does not override is copied from this one); empty when none does.
    package let platforms: [Platform: FeedbackPlan]
    /// How much it matters against what still plays (`priority:`; `normal` by default).
    public let priority: Priority

    /// Creates a plan.
    package init(
        name: String, layer: Layer, body: Body, fallback: Fallback?, note: String?, location: SourcePosition,
        platforms: [Platform: FeedbackPlan] = [:], priority: Priority = .normal
    ) {
        self.priority = priority
        self.name = name
        self.layer = layer
        self.body = body
        self.fallback = fallback
        self.note = note
        self.location = location
        self.platforms = platforms
        switch body {
        case .preset(let preset, _):
            render = .preset(preset)
            parameters = []
        case .pattern(let template):
            render = .pattern(name)
            parameters = template.parameters
        }
        switch fallback {
        case .preset(let step)?: fallbackRender = .preset(step.preset)
        case .sequence?: fallbackRender = .sequence(name)
        case .none?, nil: fallbackRender = nil
        }
    }

    /// The plan as `platform` plays it: its override, or this plan.
    package func on(_ platform: Platform) -> FeedbackPlan { platforms[platform] ?? self }

    /// The pattern, when the feedback is one.
    package var pattern: PatternTemplate? {
        if case .pattern(let template) = body { return template }
        return nil
    }

    /// Whether the feedback is a custom pattern (which needs Core Haptics and a warm engine).
    public var isPattern: Bool { pattern != nil }

    /// The loop period expression (`loop:`), for looping patterns.
    package var loop: Expression? { pattern?.loop }

    /// Every template parameter with `values`, or else its default.
    public func bindings(_ values: [String: Double]) -> [String: Double] {
        var bound = values
        for parameter in parameters where bound[parameter.name] == nil {
            bound[parameter.name] = parameter.defaultValue
        }
        return bound
    }

    /// The bindings of a decision's parameters (`Decision.parameters`), defaults included.
    public func bindings(_ parameters: [Event.Parameter]?) -> [String: Double] {
        var values: [String: Double] = [:]
        for parameter in parameters ?? [] {
            if case .number(let number)? = parameter.value { values[parameter.name] = number }
        }
        return bindings(values)
    }

    /// What `render` (from a decision that played this feedback) comes to with the
    /// template parameters `values`: the preset with its intensity, the planned pattern,
    /// or the fallback's timed presets. A pattern that cannot be instantiated with these
    /// values gives its fallback rendering, and that, `.silence`.
    public func rendering(_ render: Render, parameters values: [String: Double] = [:]) -> Rendering {
        switch render {
        case .preset(let preset):
            if case .preset(let own, let intensity) = body, own == preset {
                return .preset(preset, intensity: intensity)
            }
            if case .preset(let step)? = fallback, step.preset == preset {
                return .preset(preset, intensity: step.intensity)
            }
            return .preset(preset, intensity: nil)
        case .pattern:
            guard let template = pattern else { return .silence("'\(name)' is not a pattern") }
            do {
                return .pattern(PatternPlan(try template.resolve(bindings(values))))
            } catch {
                return fallbackRendering(parameters: values)
            }
        case .sequence:
            return fallbackRendering(parameters: values)
        }
    }

    /// What plays instead when the pattern cannot: the fallback's presets at their times
    /// (`fallbackTimes`), or `.silence`.
    public func fallbackRendering(parameters values: [String: Double] = [:]) -> Rendering {
        switch fallback {
        case .preset(let step)?:
            return .preset(step.preset, intensity: step.intensity)
        case .sequence?:
            let timed = fallbackTimes(parameters: values).map {
                Rendering.Step(at: $0.at, preset: $0.step.preset, intensity: $0.step.intensity)
            }
            return timed.isEmpty
                ? .silence("the fallback sequence of '\(name)' has no step that can play") : .sequence(timed)
        case .none?, nil:
            return .silence("'\(name)' has no fallback")
        }
    }

    /// The fallback's steps at their times in seconds, evaluated with the template
    /// parameters `values` (defaults for the others), in time order (equal times in
    /// declaration order): the one fallback timing that the player (`fallbackRendering`)
    /// and the exports share. A step whose time cannot be evaluated, is not finite, is
    /// negative or is later than `limit` is left out and the other steps still play.
    /// Empty for `none` or no fallback; one step at 0 for a single target.
    package func fallbackTimes(
        parameters values: [String: Double] = [:], upTo limit: Double = .infinity
    ) -> [(step: TimedPreset, at: Double)] {
        let steps: [TimedPreset]
        switch fallback {
        case .preset(let step)?: steps = [step]
        case .sequence(let sequence)?: steps = sequence
        case .none?, nil: return []
        }
        let bound = bindings(values)
        let timed = steps.compactMap { step -> (step: TimedPreset, at: Double)? in
            guard let at = try? step.at.evaluate(bound), at.isFinite, at >= 0, at <= limit else { return nil }
            return (step, at)
        }
        return timed.enumerated().sorted { ($0.element.at, $0.offset) < ($1.element.at, $1.offset) }.map(\.element)
    }

    /// Why this plan cannot be used (a bundle written by hand), or nil.
    package var inconsistency: String? {
        if case .preset(_, let intensity?) = body, !(0...1).contains(intensity) {
            return "feedback '\(name)' has an intensity outside 0-1"
        }
        if let template = pattern, template.events.isEmpty { return "pattern '\(name)' has no events" }
        for (platform, plan) in platforms.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
            if !plan.platforms.isEmpty { return "the \(platform.rawValue) plan of '\(name)' has platform plans itself" }
            if plan.name != name || plan.layer != layer {
                return "the \(platform.rawValue) plan of '\(name)' changes its name or layer"
            }
            if plan.priority != priority { return "the \(platform.rawValue) plan of '\(name)' changes its priority" }
            if let problem = plan.inconsistency { return problem }
        }
        return nil
    }

    private enum CodingKeys: String, CodingKey {
        case name, layer, body, fallback, note, location, platforms, priority
    }

    /// Decodes the stored fields.
    public convenience init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            name: try container.decode(String.self, forKey: .name),
            layer: try container.decode(Layer.self, forKey: .layer),
            body: try container.decode(Body.self, forKey: .body),
            fallback: try container.decodeIfPresent(Fallback.self, forKey: .fallback),
            note: try container.decodeIfPresent(String.self, forKey: .note),
            // Tools-only (`ToolsOnly`): absent from line 1.
            location: try container.decodeIfPresent(SourcePosition.self, forKey: .location) ?? .absentFromLineOne,
            platforms: try Self.decodePlatforms(container),
            priority: try container.decodeIfPresent(Priority.self, forKey: .priority) ?? .normal)
    }

    /// `platforms` is an object keyed by platform name, absent when empty.
    private static func decodePlatforms(
        _ container: KeyedDecodingContainer<CodingKeys>
    ) throws -> [Platform: FeedbackPlan] {
        let stored = try container.decodeIfPresent([String: FeedbackPlan].self, forKey: .platforms) ?? [:]
        var platforms: [Platform: FeedbackPlan] = [:]
        for (key, plan) in stored {
            guard let platform = Platform(rawValue: key) else {
                throw DecodingError.dataCorruptedError(
                    forKey: .platforms, in: container, debugDescription: "unknown platform '\(key)'")
            }
            platforms[platform] = plan
        }
        return platforms
    }

    /// Encodes the stored fields.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        try container.encode(layer, forKey: .layer)
        try container.encode(body, forKey: .body)
        try container.encodeIfPresent(fallback, forKey: .fallback)
        try container.encodeIfPresent(note, forKey: .note)
        try container.encode(location, forKey: .location)
        if !platforms.isEmpty {
            try container.encode(
                Dictionary(uniqueKeysWithValues: platforms.map { ($0.key.rawValue, $0.value) }), forKey: .platforms)
        }
        // Absent for `normal`, so a policy without `priority:` keeps its content and hash.
        if priority != .normal { try container.encode(priority, forKey: .priority) }
    }
}

extension FeedbackPlan: Equatable {
    /// Plans are equal when everything they say is.
    public static func == (lhs: FeedbackPlan, rhs: FeedbackPlan) -> Bool {
        lhs === rhs
            || (NameKey.same(lhs.name, rhs.name) && lhs.layer == rhs.layer && lhs.body == rhs.body
                && lhs.fallback == rhs.fallback
                && lhs.note == rhs.note && lhs.location == rhs.location && lhs.platforms == rhs.platforms
                && lhs.priority == rhs.priority)
    }
}

/// What the device plays for one decision, everything evaluated: the output of a
/// `FeedbackPlan` for a render and its parameters.
public enum Rendering: Sendable, Hashable {
    /// A preset at a time from the start of a fallback sequence.
    public struct Step: Sendable, Hashable {
        /// Seconds from the start.
        public var at: Double
        /// The preset.
        public var preset: Preset
        /// Its intensity, for impacts.
        public var intensity: Double?
    }

    /// A system preset.
    case preset(Preset, intensity: Double?)
    /// A custom pattern, planned for Core Haptics.
    case pattern(PatternPlan)
    /// Timed presets (a pattern's fallback sequence).
    case sequence([Step])
    /// Nothing can play; the text says why.
    case silence(String)
}
