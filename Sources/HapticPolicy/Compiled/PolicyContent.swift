/// A line and column in one of the policy's source files. The files are named once, by
/// the policy (`Policy.file`, and `PolicyContent.files` for included ones), so a compiled
/// policy holds no path of the machine that compiled it. Encoded as `[line, column]` in
/// the main file, `[line, column, file]` in an included one.
package struct SourcePosition: Sendable, Hashable, Codable {
    /// The 1-based line (0 for values not written in a file).
    package var line: Int
    /// The 1-based column, in Unicode scalars.
    package var column: Int
    /// The file: 0 for the main file, `n` for `PolicyContent.files[n - 1]`.
    package var file: Int

    /// Creates a position.
    package init(line: Int, column: Int, file: Int = 0) {
        self.line = line
        self.column = column
        self.file = file
    }

    /// The position of a location, dropping its file (the main file's).
    package init(_ location: SourceLocation) {
        self.init(line: location.line, column: location.column)
    }

    /// The location of this position in `file`; `.unknown` for a position not in a file.
    package func location(in file: String) -> SourceLocation {
        line == 0 ? .unknown : SourceLocation(file: file, line: line, column: column)
    }

    /// The location of this position in `files` (the main file first, then the included
    /// ones, as `Policy.files` names them); `.unknown` for a position not in a file.
    package func location(in files: [String]) -> SourceLocation {
        guard line != 0, files.indices.contains(file) else { return .unknown }
        return SourceLocation(file: files[file], line: line, column: column)
    }

    /// Decodes `[line, column]` or `[line, column, file]`.
    package init(from decoder: any Decoder) throws {
        var container = try decoder.unkeyedContainer()
        line = try container.decode(Int.self)
        column = try container.decode(Int.self)
        file = container.isAtEnd ? 0 : try container.decode(Int.self)
        guard file >= 0 else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "a negative file index")
        }
    }

    /// Encodes `[line, column]`, or `[line, column, file]` outside the main file.
    package func encode(to encoder: any Encoder) throws {
        var container = encoder.unkeyedContainer()
        try container.encode(line)
        try container.encode(column)
        if file != 0 { try container.encode(file) }
    }
}

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
        package var location: SourcePosition

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
        package var location: SourcePosition

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
        package var location: SourcePosition
        /// The declared payload (`value: {type: ...}`, `params:`); nil for a v1 event, and
        /// then left out of the JSON so its content reads and hashes as before.
        package var payload: Payload?

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

    /// A band set: ascending edges, hysteresis, what entering each level does.
    package struct Band: Sendable, Hashable, Codable {
        /// One level.
        package struct Level: Sendable, Hashable, Codable {
            /// The level name.
            package var name: String
            /// The upper edge (`below:`); nil for the last level.
            package var below: Double?
            /// Index into `feedback` played on entering; nil when entering is silent.
            package var play: Int?
            /// The designer's reason when entering is silent.
            package var silent: String?
            /// What entering from the level below does, in a band with directions; nil in
            /// a band without (then `play`/`silent` decide, and nothing more is encoded).
            package var fromBelow: Entry?
            /// What entering from the level above does, in a band with directions.
            package var fromAbove: Entry?
            /// Where the level is declared.
            package var location: SourcePosition
            /// The upper edge as an expression of run-time parameters (`0.6 * max_hr`); nil
            /// for a constant edge (and left out then). `below` holds its value at the
            /// parameters' defaults.
            package var edge: Expression?

            /// Creates one.
            package init(
                name: String, below: Double?, play: Int?, silent: String?, fromBelow: Entry? = nil,
                fromAbove: Entry? = nil, edge: Expression? = nil, location: SourcePosition
            ) {
                self.edge = edge
                self.fromBelow = fromBelow
                self.fromAbove = fromAbove
                self.name = name
                self.below = below
                self.play = play
                self.silent = silent
                self.location = location
            }
        }

        /// What entering a level one way does: plays `play` or is silent with `silent`.
        package struct Entry: Sendable, Hashable, Codable {
            /// Index into `feedback`; nil when silent.
            package var play: Int?
            /// The designer's reason when silent.
            package var silent: String?

            /// Creates one.
            package init(play: Int?, silent: String?) {
                self.play = play
                self.silent = silent
            }
        }

        /// The values a sample can plausibly have, both ends inclusive; nil: unbounded.
        package struct Plausible: Sendable, Hashable, Codable {
            /// The smallest plausible value.
            package var min: Double?
            /// The largest plausible value.
            package var max: Double?

            /// Creates a range.
            package init(min: Double?, max: Double?) {
                self.min = min
                self.max = max
            }
        }

        /// The band set's name.
        package var name: String
        /// The unit, for people (`%`).
        package var unit: String?
        /// How far past an edge a value must go to leave a level.
        package var hysteresis: Double
        /// Seconds a new level must hold before it counts; nil when it counts at once
        /// (left out of the bundle then, so a v1 band set encodes as before).
        package var dwell: Double?
        /// The plausible range; nil when every number is plausible (and left out then).
        package var plausible: Plausible?
        /// Levels from lowest to highest.
        package var levels: [Level]
        /// Where the band set is declared.
        package var location: SourcePosition

        /// Creates a band set.
        package init(
            name: String, unit: String?, hysteresis: Double, dwell: Double? = nil, plausible: Plausible? = nil,
            levels: [Level], location: SourcePosition
        ) {
            self.plausible = plausible
            self.name = name
            self.unit = unit
            self.hysteresis = hysteresis
            self.dwell = dwell
            self.levels = levels
            self.location = location
        }

        /// Every feedback a level plays, in any direction (may repeat).
        package var plays: [Int] {
            levels.flatMap { [$0.play, $0.fromBelow?.play, $0.fromAbove?.play].compactMap { $0 } }
        }

        /// Whether any level says what entering it from one side does.
        package var hasDirections: Bool { levels.contains { $0.fromBelow != nil || $0.fromAbove != nil } }

        /// The ascending upper edges, one fewer than the levels (a parametric edge at the
        /// parameters' defaults).
        package var edges: [Double] { levels.dropLast().map { $0.below ?? .infinity } }

        /// Whether an edge reads a run-time parameter.
        package var isParametric: Bool { levels.contains { $0.edge != nil } }
    }

    /// A row's condition (`when:`).
    package struct Condition: Sendable, Hashable, Codable {
        /// `speaks:`.
        package var speaks: Bool?
        /// `value:`.
        package var value: ScalarValue?
        /// `subject:`.
        package var subject: String?
        /// `value: {at-least: 4.25, below: 6}`: the value must be a number in the range.
        /// Nil (and left out of the JSON) for conditions without one.
        package var range: NumberRange?
        /// `value: {in: [trail, track]}`: the value must equal one of these. Nil (and left
        /// out of the JSON) for conditions without one.
        package var oneOf: [ScalarValue]?
        /// Run-time parameters that must be in a range (`max_hr: {at-least: 200}`); nil
        /// when the condition tests none (and then left out of the JSON).
        package var parameters: [ParameterTest]?

        /// Creates one.
        package init(
            speaks: Bool?, value: ScalarValue?, subject: String?, range: NumberRange? = nil,
            oneOf: [ScalarValue]? = nil
        ) {
            self.range = range
            self.oneOf = oneOf
            self.speaks = speaks
            self.value = value
            self.subject = subject
        }
    }

    /// A condition on a run-time parameter: its value must be in `range`.
    package struct ParameterTest: Sendable, Hashable, Codable {
        /// Index into `parameters`.
        package var parameter: Int
        /// The range.
        package var range: NumberRange

        /// Creates one.
        package init(parameter: Int, range: NumberRange) {
            self.parameter = parameter
            self.range = range
        }
    }

    /// One row of a cell.
    package struct Row: Sendable, Hashable, Codable {
        /// What the row does.
        package enum Action: Sendable, Hashable, Codable {
            /// Play a feedback (index into `feedback`).
            case play(Int)
            /// Go through a band set (index into `bands`).
            case band(Int)
            /// The designer's silence with its reason.
            case silent(String)
            /// Stop a loop (index into `feedback`), or every loop (nil).
            case stop(Int?)
            /// Directives only.
            case none
            /// Start a looping pattern (index into `feedback`), or retempo it when it runs (`loop:`).
            case loop(Int)

            /// Where the action runs in a row with several: stops, then plays, then the loop.
            package var step: Int {
                switch self {
                case .stop: 0
                case .loop: 2
                case .play, .band, .silent, .none: 1
                }
            }
        }

        /// A template parameter a row gives (`with:`).
        package struct Argument: Sendable, Hashable, Codable {
            /// The parameter name.
            package var name: String
            /// The number given; nil for the event's `value` (`with: {bpm: value}`).
            package var number: Double?

            /// Creates one.
            package init(name: String, number: Double?) {
                self.name = name
                self.number = number
            }
        }

        /// The condition, if any.
        package var condition: Condition?
        /// What the row does: the `play:` if any, else the `loop:`, else the `stop:` (or
        /// `band:` / `silent:`, which decide a row alone).
        package var action: Action
        /// The row's other actions (`stop:`, `loop:` next to `play:`), in execution order;
        /// nil for a row that does one thing (omitted from the JSON then, so v1 rows
        /// encode as before).
        package var also: [Action]?
        /// The template parameters the row gives (`with:`) to its `loop:` if any, else to
        /// its `play:`; nil when none (omitted from the JSON).
        package var arguments: [Argument]?
        /// The ticker step (`ticker:`).
        package var ticker: TickerStep?
        /// Directives the row adds.
        package var directives: [Directive]
        /// Cited invariant ids.
        package var cites: [String]
        /// The designer's note.
        package var note: String?
        /// Where the row is written (the cell's place for a one-row shorthand).
        package var location: SourcePosition

        /// Creates one.
        package init(
            condition: Condition?, action: Action, ticker: TickerStep?, directives: [Directive], cites: [String],
            note: String?, location: SourcePosition
        ) {
            self.condition = condition
            self.action = action
            self.ticker = ticker
            self.directives = directives
            self.cites = cites
            self.note = note
            self.location = location
        }

        /// Every action of the row in execution order: stops, then plays, then the loop.
        package var steps: [Action] {
            guard let also, !also.isEmpty else { return [action] }
            let all = [action] + also
            return (0...2).flatMap { step in all.filter { $0.step == step } }
        }

        /// The feedback `arguments` apply to: the row's loop if any, else its play.
        package var argumentsTarget: Int? {
            let steps = steps
            for case .loop(let f) in steps { return f }
            for case .play(let f) in steps { return f }
            return nil
        }

        /// Whether the row uses what rows with several actions added (format 3).
        package var usesSeveralActions: Bool {
            if also != nil || arguments != nil { return true }
            if case .loop = action { return true }
            return false
        }
    }

    /// One table cell: the rows deciding one event on one screen, or on every screen
    /// where it occurs (`everywhere:`) unless the screen decides it itself.
    package struct Cell: Sendable, Hashable, Codable {
        /// Index into `events` (the catalogue).
        package var event: Int
        /// Index into `screens`; nil for an `everywhere:` cell.
        package var screen: Int?
        /// Rows, first match wins.
        package var rows: [Row]
        /// Where the cell is written.
        package var location: SourcePosition

        /// Creates one.
        package init(event: Int, screen: Int?, rows: [Row], location: SourcePosition) {
            self.event = event
            self.screen = screen
            self.rows = rows
            self.location = location
        }
    }

    /// A named invariant.
    package struct Invariant: Sendable, Hashable, Codable {
        /// An event the invariant does not apply to, with the reason.
        package struct Exception: Sendable, Hashable, Codable {
            /// The event name.
            package var event: String
            /// Why it is excepted.
            package var reason: String

            /// Creates one.
            package init(event: String, reason: String) {
                self.event = event
                self.reason = reason
            }
        }

        /// The id (`H-2`).
        package var id: String
        /// The rule.
        package var kind: InvariantKind
        /// The designer's statement (`says:`).
        package var text: String?
        /// Banned presets (`banned-presets`).
        package var presets: [Preset]
        /// The layer needing speech (`creature-needs-speech`), when not `creature`.
        package var layer: Layer?
        /// Excepted events.
        package var exceptions: [Exception]
        /// Where the invariant is declared.
        package var location: SourcePosition

        /// Creates an invariant.
        package init(
            id: String, kind: InvariantKind, text: String?, presets: [Preset], layer: Layer? = nil,
            exceptions: [Exception], location: SourcePosition
        ) {
            self.layer = layer
            self.id = id
            self.kind = kind
            self.text = text
            self.presets = presets
            self.exceptions = exceptions
            self.location = location
        }
    }

    /// A rate budget.
    package struct Budget: Sendable, Hashable, Codable {
        /// What a budget counts.
        package enum Scope: Sendable, Hashable, Codable {
            /// Each screen separately.
            case eachScreen
            /// One named screen.
            case screen(String)
            /// One layer, across screens.
            case layer(Layer)
        }

        /// The id (`B-1`).
        package var id: String
        /// What is counted.
        package var scope: Scope
        /// The most rings allowed in one window.
        package var max: Int
        /// The window length, seconds.
        package var window: Double
        /// Events whose rings the budget does not count.
        package var exceptions: [String]
        /// Whether a ring beyond `max` is decided silent (`enforce: true`, reason
        /// `over-budget`) rather than only reported. Encoded only when true, so the
        /// content of a policy that enforces nothing reads and hashes as before.
        package var enforced: Bool
        /// Where the budget is declared.
        package var location: SourcePosition

        /// Creates a budget.
        package init(
            id: String, scope: Scope, max: Int, window: Double, exceptions: [String] = [], enforced: Bool = false,
            location: SourcePosition = SourcePosition(line: 0, column: 0)
        ) {
            self.id = id
            self.scope = scope
            self.max = max
            self.window = window
            self.exceptions = exceptions
            self.enforced = enforced
            self.location = location
        }

        /// Whether a ring at `earlier` is inside the window that ends with a ring at
        /// `time`. The window is (time - window, time]: a ring exactly `window` seconds
        /// earlier is out. The one definition the runtime's enforcement (`Session`) and
        /// the tooling's reports (`BudgetMeter`) share.
        @inline(__always)
        package func holds(_ earlier: Double, at time: Double) -> Bool {
            earlier > time - window
        }

        private enum CodingKeys: String, CodingKey {
            case id, scope, max, window, exceptions, enforced, location
        }

        /// Decodes a budget; `enforced` is false when absent.
        package init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            id = try container.decode(String.self, forKey: .id)
            scope = try container.decode(Scope.self, forKey: .scope)
            max = try container.decode(Int.self, forKey: .max)
            window = try container.decode(Double.self, forKey: .window)
            exceptions = try container.decode([String].self, forKey: .exceptions)
            enforced = try container.decodeIfPresent(Bool.self, forKey: .enforced) ?? false
            location = try container.decode(SourcePosition.self, forKey: .location)
        }

        /// Encodes a budget, `enforced` only when true.
        package func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(id, forKey: .id)
            try container.encode(scope, forKey: .scope)
            try container.encode(max, forKey: .max)
            try container.encode(window, forKey: .window)
            try container.encode(exceptions, forKey: .exceptions)
            if enforced { try container.encode(true, forKey: .enforced) }
            try container.encode(location, forKey: .location)
        }
    }

    /// A run-time parameter: a number a setting event sets while the app runs.
    package struct Parameter: Sendable, Hashable, Codable {
        /// The parameter's name (`max_hr`).
        package var name: String
        /// The setting event whose `value` sets it (`profile.set`).
        package var setBy: String
        /// The smallest value it takes, inclusive.
        package var min: Double
        /// The largest value it takes, inclusive.
        package var max: Double
        /// Its value until the setting event sets it.
        package var defaultValue: Double
        /// The unit, for people.
        package var unit: String?
        /// The designer's note.
        package var note: String?
        /// Where the parameter is declared.
        package var location: SourcePosition

        /// Creates one.
        package init(
            name: String, setBy: String, min: Double, max: Double, defaultValue: Double, unit: String?,
            note: String?, location: SourcePosition
        ) {
            self.name = name
            self.setBy = setBy
            self.min = min
            self.max = max
            self.defaultValue = defaultValue
            self.unit = unit
            self.note = note
            self.location = location
        }
    }

    /// The haptics levels the user picks (`user-levels:`), and what each keeps.
    package struct UserLevels: Sendable, Hashable, Codable {
        /// What one level keeps: every play (`all`), or the plays of these feedback, of
        /// the feedback of these layers and of these rows (`none` keeps none of them).
        package struct Keeps: Sendable, Hashable, Codable {
            /// Whether it keeps every play (`keeps: all`).
            package var all: Bool
            /// Feedback names it keeps.
            package var feedback: [String]
            /// Layers whose feedback it keeps.
            package var layers: [Layer]
            /// Rule ids (as decisions cite them) whose plays it keeps.
            package var rows: [String]

            /// Creates one.
            package init(all: Bool, feedback: [String] = [], layers: [Layer] = [], rows: [String] = []) {
                self.all = all
                self.feedback = feedback
                self.layers = layers
                self.rows = rows
            }

            /// Whether it keeps nothing (`keeps: none`).
            package var keepsNothing: Bool { !all && feedback.isEmpty && layers.isEmpty && rows.isEmpty }
        }

        /// One level.
        package struct Level: Sendable, Hashable, Codable {
            /// The level's name (`essentials`).
            package var name: String
            /// What it keeps.
            package var keeps: Keeps
            /// The designer's note.
            package var note: String?
            /// Where the level is declared.
            package var location: SourcePosition

            /// Creates one.
            package init(name: String, keeps: Keeps, note: String?, location: SourcePosition) {
                self.name = name
                self.keeps = keeps
                self.note = note
                self.location = location
            }
        }

        /// The setting event whose string `value` names the level (`haptics.level`).
        package var setBy: String
        /// The level a session starts at.
        package var start: String
        /// The levels, in source order.
        package var levels: [Level]
        /// Where `user-levels:` is declared.
        package var location: SourcePosition

        /// Creates them.
        package init(setBy: String, start: String, levels: [Level], location: SourcePosition) {
            self.setBy = setBy
            self.start = start
            self.levels = levels
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
    package var location: SourcePosition
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
    package var invariants: [Invariant]
    /// Budgets in source order.
    package var budgets: [Budget]
    /// Run-time parameters in source order; nil when the policy declares none (and then
    /// left out of the JSON, so older content reads and hashes the same).
    package var parameters: [Parameter]?
    /// The haptics levels the user picks; nil when the policy has none (and then left out
    /// of the JSON).
    package var userLevels: UserLevels?
    /// The files the policy includes (`include:`), relative to the main file's folder, in
    /// the order their declarations were merged; `SourcePosition.file` indexes them from 1.
    /// Nil when the policy is one file, and then omitted from the JSON.
    package var files: [String]?

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

extension PolicyContent.Row {
    /// What makes a row's extra actions or arguments unusable, or nil.
    fileprivate var severalActionsInconsistency: String? {
        if let also {
            guard !also.isEmpty else { return "a row lists no extra actions" }
            let all = [action] + also
            for action in all {
                switch action {
                case .band, .silent, .none: return "a row combines a band, a silence or nothing with other actions"
                case .play, .stop, .loop: break
                }
            }
            guard (0...2).allSatisfy({ step in all.filter { $0.step == step }.count <= 1 }) else {
                return "a row has two actions of one kind"
            }
            let primary = all.first(where: { $0.step == 1 }) ?? all.first(where: { $0.step == 2 }) ?? all[0]
            guard primary == action else { return "a row's first action is not its play, loop or stop" }
        }
        if let arguments {
            guard argumentsTarget != nil else { return "a row gives template parameters but plays nothing" }
            for argument in arguments where argument.name.isEmpty || argument.number?.isFinite == false {
                return "a row gives a template parameter without a name or with a bad number"
            }
            var names = Set<String>()
            for argument in arguments where !names.insert(argument.name).inserted {
                return "a row gives the template parameter '\(argument.name)' twice"
            }
        }
        return nil
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

    /// The oldest bundle format that holds this content: 2 unless it uses what format 3
    /// added (declared layers, a speech rule on another layer, enforced budgets, a band's
    /// dwell, plausible range or directions, sounds in patterns, platform overrides,
    /// run-time parameters, user levels, declared payloads and number or set conditions,
    /// rows with several actions, `loop:` or `with:`), so
    /// the bundles of policies that use none of it stay byte for byte what they were.
    package var formatVersion: Int {
        if files != nil { return 3 }
        if layers != nil || parameters != nil || userLevels != nil || invariants.contains(where: { $0.layer != nil })
            || budgets.contains(where: \.enforced)
        {
            return 3
        }
        if bands.contains(where: { $0.dwell != nil || $0.plausible != nil || $0.hasDirections || $0.isParametric }) {
            return 3
        }
        let sounds = { (plan: FeedbackPlan) in plan.pattern?.events.contains { $0.kind.isAudio } ?? false }
        if feedback.contains(where: { !$0.platforms.isEmpty || sounds($0) }) { return 3 }
        if usesValues { return 3 }
        if cells.contains(where: { $0.rows.contains(where: \.usesSeveralActions) }) { return 3 }
        return 2
    }

    /// Whether any event declares a payload or any row condition compares numbers or
    /// sets (`value: {below: 6}`, `value: {in: [...]}`): format 3.
    package var usesValues: Bool {
        events.contains { $0.payload != nil }
            || cells.contains { $0.rows.contains { $0.condition?.range != nil || $0.condition?.oneOf != nil } }
    }

    /// The first inconsistency that would make the content unusable (an index out of
    /// range, a name given twice, edges out of order), or nil. The compiler never makes
    /// such content; a bundle written by hand or by another tool might.
    package var inconsistency: String? {
        func unique(_ names: [String], _ what: String) -> String? {
            var seen = Set<String>()
            for name in names where !seen.insert(name).inserted { return "\(what) '\(name)' is declared twice" }
            return nil
        }
        if let problem = unique(screens.map(\.name), "screen") { return problem }
        if let problem = unique(StateEvent.allCases.map(\.rawValue) + settingEventNames + events.map(\.name), "event") {
            return problem
        }
        if let problem = unique((parameters ?? []).map(\.name), "parameter") { return problem }
        for parameter in parameters ?? [] {
            guard parameter.min.isFinite, parameter.max.isFinite, parameter.min < parameter.max,
                parameter.defaultValue >= parameter.min, parameter.defaultValue <= parameter.max
            else { return "parameter '\(parameter.name)' has no usable range and default" }
        }
        if let problem = unique(feedback.map(\.name), "feedback") { return problem }
        if let userLevels {
            if userLevels.levels.isEmpty { return "user-levels declares no level" }
            if let problem = unique(userLevels.levels.map(\.name), "user level") { return problem }
            guard userLevels.levels.contains(where: { $0.name == userLevels.start }) else {
                return "user-levels starts at '\(userLevels.start)', which is not one of its levels"
            }
            let feedbackNames = Set(feedback.map(\.name))
            for level in userLevels.levels {
                if let missing = level.keeps.feedback.first(where: { !feedbackNames.contains($0) }) {
                    return "user level '\(level.name)' keeps the undeclared feedback '\(missing)'"
                }
            }
        }
        if let problem = unique(bands.map(\.name), "band") { return problem }
        guard warmup.isFinite, warmup >= 0 else { return "the engine warm-up is not a finite number of seconds" }
        if let problem = unique(layerNames.map(\.rawValue), "layer") { return problem }
        let declared = Set(layerNames)
        if let event = events.first(where: { !declared.contains($0.layer) }) {
            return "event '\(event.name)' belongs to the undeclared layer '\(event.layer.rawValue)'"
        }
        if let plan = feedback.first(where: { !declared.contains($0.layer) }) {
            return "feedback '\(plan.name)' belongs to the undeclared layer '\(plan.layer.rawValue)'"
        }
        for event in events {
            if let listed = event.screens, listed.contains(where: { !screens.indices.contains($0) }) {
                return "event '\(event.name)' occurs on a screen that does not exist"
            }
        }
        for plan in feedback {
            if let problem = plan.inconsistency { return problem }
        }
        for band in bands {
            guard band.levels.count >= 2 else { return "band '\(band.name)' has fewer than two levels" }
            guard band.hysteresis.isFinite, band.hysteresis >= 0 else {
                return "band '\(band.name)' has a bad hysteresis"
            }
            if let dwell = band.dwell, !dwell.isFinite || dwell < 0 {
                return "band '\(band.name)' has a bad dwell"
            }
            if let plausible = band.plausible {
                let low = plausible.min ?? -.infinity
                let high = plausible.max ?? .infinity
                guard !low.isNaN, !high.isNaN, low < high else {
                    return "band '\(band.name)' has an empty plausible range"
                }
            }
            let edges = band.levels.dropLast().map(\.below)
            guard edges.allSatisfy({ $0?.isFinite == true }), band.levels.last?.below == nil else {
                return "band '\(band.name)' has a level without its edge"
            }
            if zip(edges, edges.dropFirst()).contains(where: { ($0 ?? 0) >= ($1 ?? 0) }) {
                return "the edges of band '\(band.name)' are not ascending"
            }
            if band.plays.contains(where: { !feedback.indices.contains($0) }) {
                return "a level of band '\(band.name)' plays a feedback that does not exist"
            }
            if let problem = edgeInconsistency(band) { return problem }
        }
        var decided = Set<[Int]>()
        for cell in cells {
            guard events.indices.contains(cell.event) else { return "a cell decides an event that does not exist" }
            if let screen = cell.screen, !screens.indices.contains(screen) {
                return "a cell belongs to a screen that does not exist"
            }
            guard decided.insert([cell.event, cell.screen ?? -1]).inserted else {
                return "event '\(events[cell.event].name)' is decided twice on one screen"
            }
            for row in cell.rows {
                for action in [row.action] + (row.also ?? []) {
                    switch action {
                    case .play(let f), .stop(let f?), .loop(let f):
                        guard feedback.indices.contains(f) else { return "a row names a feedback that does not exist" }
                    case .band(let b):
                        guard bands.indices.contains(b) else { return "a row names a band that does not exist" }
                    case .silent, .stop(nil), .none:
                        break
                    }
                }
                let tested = row.condition?.parameters ?? []
                if tested.contains(where: { !(parameters ?? []).indices.contains($0.parameter) }) {
                    return "a row tests a run-time parameter that does not exist"
                }
                if let problem = row.severalActionsInconsistency { return problem }
            }
        }
        if let problem = unique(invariants.map(\.id), "invariant") { return problem }
        if let files, let problem = unique(files, "included file") { return problem }
        if let problem = unique(budgets.map(\.id), "budget") { return problem }
        for budget in budgets where budget.max < 1 || !(budget.window > 0) || !budget.window.isFinite {
            return "budget '\(budget.id)' has no usable max and window"
        }
        return nil
    }
}

extension PolicyContent {
    /// The parameters' default values, by name.
    package var parameterDefaults: [String: Double] {
        Dictionary((parameters ?? []).map { ($0.name, $0.defaultValue) }, uniquingKeysWith: { first, _ in first })
    }

    /// Why a band's parametric edges are unusable: an edge naming an undeclared parameter,
    /// on the last level, or not finite, or not its `below` at the parameters' defaults.
    private func edgeInconsistency(_ band: Band) -> String? {
        guard band.isParametric else { return nil }
        let defaults = parameterDefaults
        for (index, level) in band.levels.enumerated() {
            guard let edge = level.edge else { continue }
            guard index < band.levels.count - 1 else { return "the last level of band '\(band.name)' has an edge" }
            if let name = edge.parameters.first(where: { defaults[$0] == nil }) {
                return "an edge of band '\(band.name)' reads '\(name)', which is not a run-time parameter"
            }
            guard let value = try? edge.evaluate(defaults), value == level.below else {
                return "an edge of band '\(band.name)' is not finite, or not its stored value, at the defaults"
            }
        }
        return nil
    }
}
