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
            /// The index into `content.budgets` (its window).
            package var budget: Int
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
                budget: Int, rule: RuleRef, max: Int, window: Double, screen: Int?, perScreen: Bool, counted: [Int],
                excepted: [Int], firstRing: Int, rings: Int
            ) {
                self.budget = budget
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

extension PolicyContent.Decide {
    /// The first way the tables do not fit `content` (a count or an index out of range),
    /// or nil. Checks shape only: it never derives the tables again.
    package func inconsistency(with content: PolicyContent) -> String? {
        let eventCount = events.count
        let screenCount = content.screens.count
        let feedbackCount = content.feedback.count
        func within(_ values: [Int], _ count: Int) -> Bool { values.allSatisfy { $0 >= 0 && $0 < count } }
        guard stateEvents >= StateEvent.allCases.count, stateEvents + content.events.count == eventCount,
            settings.count == stateEvents - StateEvent.allCases.count
        else { return "decide.events does not list the state, setting and catalogue events" }
        let names = StateEvent.allCases.map(\.rawValue) + content.settingEventNames + content.events.map(\.name)
        guard names.count == eventCount, zip(events, names).allSatisfy({ NameKey.same($0, $1) }) else {
            return "decide.events is not the state, setting and catalogue events by name"
        }
        guard table.count == screenCount * eventCount, table.allSatisfy({ $0 >= -2 && $0 < content.cells.count })
        else { return "decide.table is not one cell index, -1 or -2 per screen and event" }
        guard rows.count == content.cells.count, zip(rows, content.cells).allSatisfy({ $0.count == $1.rows.count })
        else { return "decide.rows does not have one entry per row of each cell" }
        for (cellRows, cell) in zip(rows, content.cells) {
            for (row, source) in zip(cellRows, cell.rows) {
                let levels =
                    if case .band(let b) = source.action, content.bands.indices.contains(b) {
                        content.bands[b].levels.count
                    } else { 0 }
                guard row.rule >= 0, row.rule + levels < ruleSlots.count,
                    row.subject.map({ subjects.indices.contains($0) }) ?? true,
                    row.signal.map({ signals.indices.contains($0) }) ?? (levels == 0),
                    (row.signal == nil) == (levels == 0)
                else { return "decide.rows of rule '\(source.rule)' points outside the tables" }
                if let problem = row.stepsInconsistency(source, levels: levels, feedbackCount: feedbackCount) {
                    return "decide.rows of rule '\(source.rule)' \(problem)"
                }
            }
        }
        guard signals.allSatisfy({ (0..<eventCount).contains($0.event) && content.bands.indices.contains($0.band) })
        else { return "decide.signals names an event or band that does not exist" }
        for setting in settings {
            let parameter = setting.parameter.map { (content.parameters ?? []).indices.contains($0) }
            guard
                (setting.kind == "parameter" && parameter == true) || (setting.kind == "user-level" && parameter == nil)
            else { return "decide.settings has a setting that is not a parameter or the user level" }
        }
        guard screenRules.count == screenCount else { return "decide.screenRules is not one rule per screen" }
        if let speech, !within(speech.exempt, eventCount) || !within(speech.feedback, feedbackCount) {
            return "decide.speech names an event or feedback that does not exist"
        }
        guard
            payloads.allSatisfy({
                $0.event >= stateEvents && $0.event < eventCount
                    && content.events[$0.event - stateEvents].payload != nil
            })
        else { return "decide.payloads names an event that declares no payload" }
        var rings = 0
        for budget in budgets {
            guard content.budgets.indices.contains(budget.budget), budget.max >= 0, budget.firstRing == rings,
                budget.rings == (budget.perScreen ? screenCount : 1), within(budget.counted, feedbackCount),
                within(budget.excepted, eventCount), budget.screen.map({ $0 >= -1 && $0 < screenCount }) ?? true
            else { return "decide.budgets has a budget '\(budget.rule.id)' that points outside the tables" }
            rings += budget.rings
        }
        guard bandLevels.count == content.bands.count, edges.count == content.bands.count else {
            return "decide.bandLevels and decide.edges do not have one entry per band"
        }
        for (b, band) in content.bands.enumerated() {
            let plays = bandLevels[b].flatMap { [$0.up.play, $0.down.play] }.compactMap { $0 }
            guard bandLevels[b].count == band.levels.count, within(plays, feedbackCount),
                edges[b].isEmpty || edges[b].count == band.levels.count - 1,
                within(edges[b].flatMap(\.parameters), (content.parameters ?? []).count)
            else { return "decide.bandLevels of band '\(band.name)' does not fit its levels" }
        }
        guard self.bands.count == content.bands.count else { return "decide.bands does not have one entry per band" }
        for (band, source) in zip(self.bands, content.bands) {
            guard band.edges.count == source.levels.count - 1, band.inclusive.count == band.edges.count,
                (-1...1).contains(band.approach), band.dwell >= 0, band.hysteresis >= 0,
                (band.plausibleMin ?? -.infinity) <= (band.plausibleMax ?? .infinity)
            else { return "decide.bands of band '\(source.name)' does not fit its levels" }
        }
        if let priorities {
            guard priorities.count == feedbackCount,
                priorities.allSatisfy({ (0...3).contains($0.rank) && ($0.length ?? 0) >= 0 })
            else { return "decide.priorities is not one rank and length per feedback" }
        }
        guard parameterBands.count == (content.parameters ?? []).count,
            parameterBands.allSatisfy({ within($0, content.bands.count) && $0.allSatisfy { !edges[$0].isEmpty } })
        else { return "decide.parameterBands is not a list of parametric bands per parameter" }
        let levelCount = content.userLevels?.levels.count ?? 0
        guard userLevels.count == levelCount, startLevel >= 0, startLevel < max(levelCount, 1),
            userLevels.allSatisfy({ within($0.feedback, feedbackCount) && within($0.ruleSlots, ruleSlots.count) })
        else { return "decide.userLevels does not fit the user levels" }
        if let endsSubject, !within(endsSubject, eventCount) || endsSubject.contains(where: { $0 < stateEvents }) {
            return "decide.endsSubject names an event that is not in the catalogue"
        }
        if let background {
            guard content.background != nil, within(background.feedback, feedbackCount),
                within(background.ruleSlots, ruleSlots.count)
            else { return "decide.background does not fit the policy's background" }
        } else if content.background != nil {
            return "decide.background is missing for the policy's background"
        }
        return nil
    }
}

extension PolicyContent.Decide.Row {
    /// What makes the row's steps, main step, arguments step or level arguments unusable
    /// for content row `source` (whose band has `levels` levels, 0 when not a band row).
    func stepsInconsistency(_ source: PolicyContent.Row, levels: Int, feedbackCount: Int) -> String? {
        if let levelArguments, levels == 0 || levelArguments.count != levels {
            return "has level arguments that are not one list per level of its band"
        }
        guard let steps else {
            if levels == 0, source.arguments != nil { return "has arguments but no steps" }
            return main == nil && argumentsStep == nil ? nil : "has a main or arguments step but no steps"
        }
        guard levels == 0, !steps.isEmpty, let main, steps.indices.contains(main) else {
            return "has steps without a main step among them"
        }
        for step in steps {
            guard step.feedback.map({ $0 >= 0 && $0 < feedbackCount }) ?? (step.action == .stop) else {
                return "has a step that is not a stop, play or loop of a feedback"
            }
        }
        if let argumentsStep {
            guard steps.indices.contains(argumentsStep), steps[argumentsStep].action != .stop, source.arguments != nil
            else { return "gives its arguments to a step that is not its play or loop" }
        } else if source.arguments != nil {
            return "has arguments but no step they go to"
        }
        return nil
    }
}

extension CompiledBand.Edge: Codable {
    private enum Key: String, CodingKey { case param, op, args }

    /// The parameter indices the edge reads.
    package var parameters: [Int] {
        switch self {
        case .number: []
        case .parameter(let index): [index]
        case .negate(let operand): operand.parameters
        case .binary(_, let lhs, let rhs): lhs.parameters + rhs.parameters
        }
    }

    /// Decodes a JSON number, `{"param":index}`, `{"op":"neg","args":[x]}` or
    /// `{"op":"+","args":[lhs,rhs]}` (`+`, `-`, `*`, `/`).
    package init(from decoder: any Decoder) throws {
        if let single = try? decoder.singleValueContainer(), let number = try? single.decode(Double.self) {
            self = .number(number)
            return
        }
        let container = try decoder.container(keyedBy: Key.self)
        if let index = try container.decodeIfPresent(Int.self, forKey: .param) {
            self = .parameter(index)
            return
        }
        let op = try container.decode(String.self, forKey: .op)
        let args = try container.decode([Self].self, forKey: .args)
        if op == "neg", args.count == 1 {
            self = .negate(args[0])
        } else if let binary = Expression.BinaryOperator(rawValue: op), args.count == 2 {
            self = .binary(binary, args[0], args[1])
        } else {
            throw DecodingError.dataCorruptedError(
                forKey: .op, in: container, debugDescription: "unknown op '\(op)' with \(args.count) args")
        }
    }

    /// Encodes the forms `init(from:)` reads.
    package func encode(to encoder: any Encoder) throws {
        switch self {
        case .number(let value):
            var single = encoder.singleValueContainer()
            try single.encode(value)
        case .parameter(let index):
            var container = encoder.container(keyedBy: Key.self)
            try container.encode(index, forKey: .param)
        case .negate(let operand):
            var container = encoder.container(keyedBy: Key.self)
            try container.encode("neg", forKey: .op)
            try container.encode([operand], forKey: .args)
        case .binary(let op, let lhs, let rhs):
            var container = encoder.container(keyedBy: Key.self)
            try container.encode(op.rawValue, forKey: .op)
            try container.encode([lhs, rhs], forKey: .args)
        }
    }
}
