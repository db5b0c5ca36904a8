import HapticPolicy

/// A policy as written: every declaration with its source location, not yet validated.
///
/// The YAML front end produces it; `PolicyValidator` checks it; `Policy` compiles it for
/// the evaluator. It is `Codable` so a validated document can ship as a bundle and load
/// on device without libyaml.
public struct PolicyDocument: Sendable, Hashable, Codable {
    /// The file the document came from.
    public var file: String
    /// The policy's name (`policy:`).
    public var name: Located<String>
    /// The language version (`version:`); only 1 exists.
    public var version: Located<Int>
    /// Free text for humans.
    public var description: String?
    /// Engine settings (`engine:`).
    public var engine: EngineSettings
    /// The declared feedback layers, in source order (`layers:`); empty when the policy
    /// declares none and so has `Layer.implicit`.
    public var layers: [LayerDecl]
    /// Named invariants, in source order (`invariants:`).
    public var invariants: [InvariantDecl]
    /// The feedback vocabulary, in source order (`feedback:`).
    public var feedback: [FeedbackDecl]
    /// Bands for continuous signals, in source order (`bands:`).
    public var bands: [BandDecl]
    /// The event catalogue, in source order (`events:`).
    public var events: [EventDecl]
    /// Cells that apply on every screen where the event can occur, unless the screen
    /// decides the event itself (`everywhere:`).
    public var everywhere: [CellDecl]
    /// Screens with their decision tables, in source order (`screens:`).
    public var screens: [ScreenDecl]
    /// Rate budgets (`budgets:`).
    public var budgets: [BudgetDecl]
    /// Run-time parameters set by setting events, in source order (`parameters:`).
    public var parameters: [ParameterDecl] = []
    /// The haptics levels the user picks (`user-levels:`); nil when the policy has none.
    public var userLevels: UserLevelsDecl?
    /// What the app in background still plays (`background:`); nil for `keeps: none`,
    /// the behaviour without it.
    public var background: BackgroundDecl?
    /// Where the document starts.
    public var location: SourceLocation
    /// The files `include:` merged into the document, in merge order; nil for a policy
    /// written in one file. Declarations from them are located in them.
    public var included: [IncludedFile]?
    /// The `acknowledge:` entries the validator applies to its warnings (language v3),
    /// in source order; nil when the policy has none. The front end has checked their
    /// codes and applied them to its own warnings already. Tooling only: the compiler
    /// never reads them.
    public var acknowledgements: [Acknowledgement]?

    /// A file merged in by `include:`.
    public struct IncludedFile: Sendable, Hashable, Codable {
        /// The path as locations name it (from the working directory, like `file`).
        public var path: String
        /// The path relative to the main file's folder, as a compiled policy records it.
        public var relative: String

        /// Creates one.
        public init(path: String, relative: String) {
            self.path = path
            self.relative = relative
        }
    }

    /// Creates a document.
    public init(
        file: String, name: Located<String>, version: Located<Int> = Located(1),
        description: String? = nil, engine: EngineSettings = EngineSettings(),
        layers: [LayerDecl] = [], invariants: [InvariantDecl] = [], feedback: [FeedbackDecl] = [],
        bands: [BandDecl] = [],
        events: [EventDecl] = [], everywhere: [CellDecl] = [], screens: [ScreenDecl] = [],
        budgets: [BudgetDecl] = [], location: SourceLocation = .unknown
    ) {
        self.file = file
        self.name = name
        self.version = version
        self.description = description
        self.engine = engine
        self.layers = layers
        self.invariants = invariants
        self.feedback = feedback
        self.bands = bands
        self.events = events
        self.everywhere = everywhere
        self.screens = screens
        self.budgets = budgets
        self.location = location
    }
}

extension PolicyDocument {
    /// The layers events and feedback may name: the declared ones, or `Layer.implicit`.
    public var layerNames: [Layer] { layers.isEmpty ? Layer.implicit : layers.map(\.layer) }
}

/// Engine settings (`engine:`).
public struct EngineSettings: Sendable, Hashable, Codable {
    /// Seconds from `prepare-engine` until the engine is ready (`warmup:`, default 0.1).
    public var warmup: Located<Double>
    /// Whether the engine plays haptics only, with no audio (`haptics-only:`, default true).
    public var hapticsOnly: Located<Bool>

    /// Creates settings.
    public init(warmup: Located<Double> = Located(0.1), hapticsOnly: Located<Bool> = Located(true)) {
        self.warmup = warmup
        self.hapticsOnly = hapticsOnly
    }
}
