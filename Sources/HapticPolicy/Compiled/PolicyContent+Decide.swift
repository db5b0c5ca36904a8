extension PolicyContent {
    /// The decision tables, lowered by the compiler (`PolicyLowering`) so a runtime in any
    /// language only indexes them: every name a decision reads resolved to an index, every
    /// default applied, every rule id written out (`Docs/bundle-format.md`, "decide").
    package struct Decide: Sendable, Equatable, Codable {
        /// A rule a decision cites: its id and where it is declared.
        package struct RuleRef: Sendable, Equatable, Codable {
            /// The rule id (`parameters/max_hr`, `screens/home`).
            package var id: String
            /// Where it is declared.
            package var at: SourcePosition

            /// Creates one.
            package init(id: String, at: SourcePosition) {
                self.id = id
                self.at = at
            }
        }

        /// One action of a row with several actions (or with `with:`), as a runtime runs it.
        package struct Step: Sendable, Equatable, Codable {
            /// What a step does.
            package enum Action: String, Sendable, Equatable, Codable {
                /// Stops a loop (or every loop).
                case stop
                /// Plays a feedback.
                case play
                /// Starts or retempos a loop.
                case loop
            }

            /// `stop`, `play` or `loop`.
            package var action: Action
            /// The feedback index it stops, plays or loops; nil only for `stop: all`.
            package var feedback: Int?

            /// Creates one.
            package init(action: Action, feedback: Int?) {
                self.action = action
                self.feedback = feedback
            }
        }

        /// What one row of a cell reads besides its content row.
        package struct Row: Sendable, Equatable, Codable {
            /// Index into `subjects` of the subject its condition names, if any.
            package var subject: Int?
            /// Index into `signals` of a band row's (event, band) signal, if a band row.
            package var signal: Int?
            /// Index into `ruleSlots` of the row's rule; a band row's level rules follow it.
            package var rule: Int
            /// For a row that is not a band row and has several actions or `with:`: every
            /// action in execution order (stops, then the play, then the loop); nil for a
            /// row that does its one content action (and left out of the JSON then).
            package var steps: [Step]?
            /// Index into `steps` of the action whose outcome is the row's decision (the
            /// others go in `Decision.also`); present exactly when `steps` is.
            package var main: Int?
            /// Index into `steps` of the play or loop the row's `with:` arguments go to;
            /// nil when the row has no `with:` (and left out of the JSON then).
            package var argumentsStep: Int?
            /// For a band row with `with:` on it or on its band's levels: by level, the
            /// arguments its play gets (the level's, then the row's); nil otherwise.
            package var levelArguments: [[PolicyContent.Row.Argument]]?

            /// Creates one.
            package init(subject: Int?, signal: Int?, rule: Int) {
                self.subject = subject
                self.signal = signal
                self.rule = rule
            }
        }

        /// A band set's runtime values, every default applied.
        package struct Band: Sendable, Equatable, Codable {
            /// How far past an edge a value must go to leave a level.
            package var hysteresis: Double
            /// Seconds a new level must hold before it counts; 0: at once.
            package var dwell: Double
            /// The ascending upper edges, one fewer than the levels (a parametric edge at
            /// the parameters' defaults).
            package var edges: [Double]
            /// Per edge, whether it is inclusive (`at-most:`).
            package var inclusive: [Bool]
            /// The sign of the one level change an approach band allows: -1 falling, 1
            /// rising, 0 for a band that moves both ways.
            package var approach: Int
            /// The smallest plausible value; nil: unbounded below (left out of the JSON,
            /// which has no infinity).
            package var plausibleMin: Double?
            /// The largest plausible value; nil: unbounded above (left out of the JSON).
            package var plausibleMax: Double?

            /// Creates one.
            package init(
                hysteresis: Double, dwell: Double, edges: [Double], inclusive: [Bool], approach: Int,
                plausibleMin: Double?, plausibleMax: Double?
            ) {
                self.hysteresis = hysteresis
                self.dwell = dwell
                self.edges = edges
                self.inclusive = inclusive
                self.approach = approach
                self.plausibleMin = plausibleMin
                self.plausibleMax = plausibleMax
            }
        }

        /// A feedback's priority as a session tracks it.
        package struct FeedbackPriority: Sendable, Equatable, Codable {
            /// 0 `low`, 1 `normal`, 2 `high`, 3 `critical`.
            package var rank: Int
            /// How long the feedback plays as a one-shot pattern without template
            /// parameters (its latest event end); nil for presets, loops and templates.
            package var length: Double?

            /// Creates one.
            package init(rank: Int, length: Double?) {
                self.rank = rank
                self.length = length
            }
        }

        /// An (event, band) pair whose band level a session keeps per subject.
        package struct Signal: Sendable, Equatable, Codable {
            /// The event id.
            package var event: Int
            /// The band index.
            package var band: Int

            /// Creates one.
            package init(event: Int, band: Int) {
                self.event = event
                self.band = band
            }
        }

        /// What a setting event sets: `{kind:"parameter",parameter,rule}` or
        /// `{kind:"user-level",rule}`.
        package struct Setting: Sendable, Equatable, Codable {
            /// `parameter` or `user-level`.
            package var kind: String
            /// The index into `content.parameters` it sets, for a parameter.
            package var parameter: Int?
            /// The rule it cites.
            package var rule: RuleRef

            /// Creates one.
            package init(kind: String, parameter: Int?, rule: RuleRef) {
                self.kind = kind
                self.parameter = parameter
                self.rule = rule
            }
        }

        /// The `creature-needs-speech` invariant, resolved.
        package struct Speech: Sendable, Equatable, Codable {
            /// The rule a silence cites.
            package var rule: RuleRef
            /// The event ids it exempts.
            package var exempt: [Int]
            /// The feedback indices that need speech (those of the layer it covers).
            package var feedback: [Int]

            /// Creates one.
            package init(rule: RuleRef, exempt: [Int], feedback: [Int]) {
                self.rule = rule
                self.exempt = exempt
                self.feedback = feedback
            }
        }

        /// A catalogue event's declared payload check.
        package struct PayloadRule: Sendable, Equatable, Codable {
            /// The event id.
            package var event: Int
            /// The rule a refused payload cites (`events/<name>`).
            package var rule: RuleRef

            /// Creates one.
            package init(event: Int, rule: RuleRef) {
                self.event = event
                self.rule = rule
            }
        }

        /// An enforced budget, resolved.
        package struct Budget: Sendable, Equatable, Codable {
            /// What it counts (as the budget declares it): named in its over-budget note.
            package var scope: PolicyContent.Budget.Scope
            /// The rule a silenced ring cites.
            package var rule: RuleRef
            /// The most rings in one window.
            package var max: Int
            /// The window in seconds.
            package var window: Double
            /// The counted screen of a `screen:` budget (-1: not declared); nil otherwise.
            package var screen: Int?
            /// Whether each screen has its own count.
            package var perScreen: Bool
            /// The feedback indices whose rings count.
            package var counted: [Int]
            /// The event ids it excepts.
            package var excepted: [Int]
            /// The first of the session's ring buffers it uses.
            package var firstRing: Int
            /// How many ring buffers it uses (1, or the screen count).
            package var rings: Int

            /// Creates one.
            package init(
                scope: PolicyContent.Budget.Scope, rule: RuleRef, max: Int, window: Double, screen: Int?,
                perScreen: Bool, counted: [Int],
                excepted: [Int], firstRing: Int, rings: Int
            ) {
                self.scope = scope
                self.rule = rule
                self.max = max
                self.window = window
                self.screen = screen
                self.perScreen = perScreen
                self.counted = counted
                self.excepted = excepted
                self.firstRing = firstRing
                self.rings = rings
            }
        }

        /// What entering a band level does one way.
        package struct Turn: Sendable, Equatable, Codable {
            /// The feedback index played; nil when silent.
            package var play: Int?
            /// The designer's reason when silent.
            package var silent: String?

            /// Creates one.
            package init(play: Int?, silent: String?) {
                self.play = play
                self.silent = silent
            }
        }

        /// A band level's entries from below (`up`) and from above (`down`), defaults applied.
        package struct Level: Sendable, Equatable, Codable {
            /// Entering from below.
            package var up: Turn
            /// Entering from above.
            package var down: Turn

            /// Creates one.
            package init(up: Turn, down: Turn) {
                self.up = up
                self.down = down
            }
        }

        /// One user level's keeps, resolved.
        package struct UserLevel: Sendable, Equatable, Codable {
            /// The rule its silences cite (`user-levels/<name>`).
            package var rule: RuleRef
            /// The feedback indices it keeps every play of.
            package var feedback: [Int]
            /// The rule slots it keeps the plays of.
            package var ruleSlots: [Int]

            /// Creates one.
            package init(rule: RuleRef, feedback: [Int], ruleSlots: [Int]) {
                self.rule = rule
                self.feedback = feedback
                self.ruleSlots = ruleSlots
            }
        }

        /// Event names by id: built-in state events, setting events, then the catalogue.
        package var events: [String]
        /// How many ids are state events (built-in and setting); catalogue ids start here.
        package var stateEvents: Int
        /// `screens * events` entries, by `screen * events.count + event`: a cell index,
        /// -1 (can occur here, no cell decides it) or -2 (does not occur on the screen).
        package var table: [Int]
        /// The subjects named in row conditions, by subject id.
        package var subjects: [String]
        /// By cell, by row: the row's subject, signal and rule slot.
        package var rows: [[Row]]
        /// The (event, band) signals, by slot.
        package var signals: [Signal]
        /// The rule id of each rule slot.
        package var ruleSlots: [String]
        /// What each setting event sets, in event-id order after the built-in state events.
        package var settings: [Setting]
        /// The rule each screen's entry cites, by screen.
        package var screenRules: [RuleRef]
        /// The speech rule, if the policy has one.
        package var speech: Speech?
        /// The catalogue events with a declared payload.
        package var payloads: [PayloadRule]
        /// The enforced budgets, in declaration order.
        package var budgets: [Budget]
        /// By band, by level: what entering it does each way.
        package var bandLevels: [[Level]]
        /// By band: each edge over parameter indices for a parametric band, else empty.
        package var edges: [[CompiledBand.Edge]]
        /// By user level: its keeps (empty when the policy has none).
        package var userLevels: [UserLevel]
        /// The index of the level a session starts at.
        package var startLevel: Int
        /// The event ids whose decision ends their subject (`ends-subject: true`), in
        /// ascending order; nil when no event does (and then left out of the JSON).
        package var endsSubject: [Int]?
        /// What `background:` keeps, resolved as a user level's keeps (its rule is
        /// `background`); nil when the policy keeps nothing in background.
        package var background: UserLevel?
        /// By band: its hysteresis, dwell, edges, inclusive flags, approach sign and
        /// plausible bounds, defaults applied.
        package var bands: [Band]
        /// By feedback: its priority rank and one-shot length; nil when every feedback
        /// is `normal` (a session tracks nothing then, and it is left out of the JSON).
        package var priorities: [FeedbackPriority]?
        /// By run-time parameter: the indices of the bands whose edges read it, ascending.
        package var parameterBands: [[Int]]

        /// Creates one.
        package init(
            events: [String], stateEvents: Int, table: [Int], subjects: [String], rows: [[Row]], signals: [Signal],
            ruleSlots: [String], settings: [Setting], screenRules: [RuleRef], speech: Speech?,
            payloads: [PayloadRule], budgets: [Budget], bandLevels: [[Level]], edges: [[CompiledBand.Edge]],
            userLevels: [UserLevel], startLevel: Int, bands: [Band], priorities: [FeedbackPriority]?,
            parameterBands: [[Int]]
        ) {
            self.bands = bands
            self.priorities = priorities
            self.parameterBands = parameterBands
            self.events = events
            self.stateEvents = stateEvents
            self.table = table
            self.subjects = subjects
            self.rows = rows
            self.signals = signals
            self.ruleSlots = ruleSlots
            self.settings = settings
            self.screenRules = screenRules
            self.speech = speech
            self.payloads = payloads
            self.budgets = budgets
            self.bandLevels = bandLevels
            self.edges = edges
            self.userLevels = userLevels
            self.startLevel = startLevel
        }
    }
}
