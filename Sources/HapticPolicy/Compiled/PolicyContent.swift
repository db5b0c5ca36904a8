/// Everything a compiled policy is, as data: names resolved to indices, every reference
/// checked, every number final. The compiler makes it from a validated document; a bundle
/// stores it (its JSON is what the bundle hash covers); `Policy` builds its decision
/// tables from it. Downstream tooling (table, report, exporters, tests) reads it instead
/// of the document.
package struct PolicyContent: Sendable, Equatable, Codable {
    /// A screen.
    package struct Screen: Sendable, Hashable, Codable {
        /// The screen name.
        package var name: String
        /// Directives run on entering the screen (`enter:`).
        package var enter: [Directive]
        /// The designer's note.
        package var note: String?
        /// Where the screen is declared.
        @ToolsOnly package var location: SourcePosition

        /// Creates one.
        package init(name: String, enter: [Directive], note: String?, location: SourcePosition) {
            self.name = name
            self.enter = enter
            self.note = note
            self.location = location
        }
    }

    /// A declared layer (`layers:`).
    package struct LayerInfo: Sendable, Hashable, Codable {
        /// The layer.
        package var name: Layer
        /// What its feedback may be (`plays:`); nil for either.
        package var plays: LayerPlays?
        /// The designer's note.
        package var note: String?
        /// Where the layer is declared.
        @ToolsOnly package var location: SourcePosition

        /// Creates one.
        package init(name: Layer, plays: LayerPlays?, note: String?, location: SourcePosition) {
            self.name = name
            self.plays = plays
            self.note = note
            self.location = location
        }
    }

    /// A catalogue event.
    package struct Event: Sendable, Hashable, Codable {
        /// The event name.
        package var name: String
        /// Its layer.
        package var layer: Layer
        /// Indices into `screens` where the event can occur; nil for every screen.
        package var screens: [Int]?
        /// The kind of value it carries, if declared.
        package var value: ValueKind?
        /// The designer's note.
        package var note: String?
        /// Where the event is declared.
        @ToolsOnly package var location: SourcePosition
        /// The declared payload (`value: {type: ...}`, `params:`); nil for a v1 event, and
        /// then left out of the JSON so its content reads and hashes as before.
        package var payload: Payload?
        /// `ends-subject: true`: once the event is decided the session forgets its
        /// subject. Nil when not written (or false), and then left out of the JSON.
        package var endsSubject: Bool?

        /// Creates one.
        package init(
            name: String, layer: Layer, screens: [Int]?, value: ValueKind?, note: String?, location: SourcePosition,
            payload: Payload? = nil
        ) {
            self.payload = payload
            self.name = name
            self.layer = layer
            self.screens = screens
            self.value = value
            self.note = note
            self.location = location
        }
    }

    /// The policy's name (`policy:`).
    package var name: String
    /// The base name of the file compiled (`plavo.yaml`), without any directory.
    package var source: String
    /// Free text for people.
    package var description: String?
    /// Seconds from `prepare-engine` until the engine is ready.
    package var warmup: Double
    /// Whether the engine plays haptics only, with no audio.
    package var hapticsOnly: Bool
    /// Where the document starts.
    @ToolsOnly package var location: SourcePosition
    /// The declared layers in source order; nil when the policy declares none
    /// (`Layer.implicit`). Omitted from the JSON when nil, so older content reads the same.
    package var layers: [LayerInfo]?
    /// Screens in source order.
    package var screens: [Screen]
    /// The catalogue in source order (built-in state events are not listed).
    package var events: [Event]
    /// The feedback vocabulary in source order.
    package var feedback: [FeedbackPlan]
    /// Band sets in source order.
    package var bands: [Band]
    /// Every cell: `everywhere:` cells first, then each screen's, in source order.
    package var cells: [Cell]
    /// Invariants in source order.
    @ToolsOnly package var invariants: [Invariant]
    /// Budgets in source order.
    @ToolsOnly package var budgets: [Budget]
    /// Run-time parameters in source order; nil when the policy declares none (and then
    /// left out of the JSON, so older content reads and hashes the same).
    package var parameters: [Parameter]?
    /// The haptics levels the user picks; nil when the policy has none (and then left out
    /// of the JSON).
    package var userLevels: UserLevels?
    /// What the app in background still plays (`background:`); nil for `keeps: none`, the
    /// behaviour without it (and then left out of the JSON, so older content hashes the same).
    package var background: Background?
    /// The files the policy includes (`include:`), relative to the main file's folder, in
    /// the order their declarations were merged; `SourcePosition.file` indexes them from 1.
    /// Nil when the policy is one file, and then omitted from the JSON.
    package var files: [String]?
    /// The decision tables the compiler lowered from the rest (`PolicyLowering`), which
    /// `Policy` only indexes. Nil only while the compiler is building the content; a
    /// bundle without it is refused.
    package var decide: Decide?

    /// Creates content; `Policy` checks it before use.
    package init(
        name: String, source: String, description: String?, warmup: Double, hapticsOnly: Bool,
        location: SourcePosition, screens: [Screen], events: [Event], feedback: [FeedbackPlan], bands: [Band],
        cells: [Cell], invariants: [Invariant], budgets: [Budget], layers: [LayerInfo]? = nil,
        parameters: [Parameter]? = nil, userLevels: UserLevels? = nil
    ) {
        self.parameters = parameters
        self.userLevels = userLevels
        self.layers = layers
        self.name = name
        self.source = source
        self.description = description
        self.warmup = warmup
        self.hapticsOnly = hapticsOnly
        self.location = location
        self.screens = screens
        self.events = events
        self.feedback = feedback
        self.bands = bands
        self.cells = cells
        self.invariants = invariants
        self.budgets = budgets
    }
}

extension PolicyContent {
    /// The setting events, in event-id order (right after the built-in state events): each
    /// parameter's `set-by` event, then the user levels' `set-by`.
    package var settingEventNames: [String] {
        (parameters ?? []).map(\.setBy) + (userLevels.map { [$0.setBy] } ?? [])
    }

    /// The layers events and feedback belong to: the declared ones, or `Layer.implicit`.
    package var layerNames: [Layer] { layers.map { $0.map(\.name) } ?? Layer.implicit }
}
