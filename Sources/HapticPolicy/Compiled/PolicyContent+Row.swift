extension PolicyContent {
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
        /// `in-gesture:`: whether a ticker gesture must be open (true) or closed (false);
        /// nil when the condition does not test it (and then left out of the JSON).
        package var inGesture: Bool?
        /// Conditions on the event's data fields (`data: {direction: right}`), in source
        /// order; nil when the condition tests none (and then left out of the JSON).
        package var data: [DataTest]?

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

        /// The rule id decisions made by the row cite (`RuleID`: `workout/lap.completed`,
        /// `plant/plant.found#2`).
        package var rule: String
        /// For a band row, the rule id of each level of its band, in level order
        /// (`workout/pace.sample@tempo`); nil for other rows (and left out of the JSON).
        package var levelRules: [String]?
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
            rule: String, condition: Condition?, action: Action, ticker: TickerStep?, directives: [Directive],
            cites: [String], note: String?, location: SourcePosition, levelRules: [String]? = nil
        ) {
            self.rule = rule
            self.levelRules = levelRules
            self.condition = condition
            self.action = action
            self.ticker = ticker
            self.directives = directives
            self.cites = cites
            self.note = note
            self.location = location
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
        @ToolsOnly package var location: SourcePosition
        /// True for a cell the compiler made from a screen's `otherwise:` (one silent row,
        /// rule `<screen>/otherwise`) for an event its table and `everywhere:` leave out;
        /// nil for a cell the designer wrote (and then left out of the JSON).
        package var otherwise: Bool?

        /// Creates one.
        package init(event: Int, screen: Int?, rows: [Row], location: SourcePosition, otherwise: Bool? = nil) {
            self.event = event
            self.screen = screen
            self.rows = rows
            self.location = location
            self.otherwise = otherwise
        }
    }
}

extension PolicyContent.Row {
    /// What makes a row's extra actions or arguments unusable, or nil.
    var severalActionsInconsistency: String? {
        if let also {
            guard !also.isEmpty else { return "a row lists no extra actions" }
            // Which of them the row's decision is, and in which order they run, is the
            // compiler's (`decide.rows[][].steps` and `main`); a reader checks their kinds.
            var kinds: [Int] = []
            for action in [action] + also {
                switch action {
                case .band, .silent, .none: return "a row combines a band, a silence or nothing with other actions"
                case .stop: kinds.append(0)
                case .play: kinds.append(1)
                case .loop: kinds.append(2)
                }
            }
            guard Set(kinds).count == kinds.count else { return "a row has two actions of one kind" }
        }
        if let arguments {
            let plays = ([action] + (also ?? [])).contains {
                switch $0 {
                case .play, .loop, .band: true
                case .stop, .silent, .none: false
                }
            }
            guard plays else { return "a row gives template parameters but plays nothing" }
            for argument in arguments where argument.name.isEmpty || argument.number?.isFinite == false {
                return "a row gives a template parameter without a name or with a bad number"
            }
            var names = Set<NameKey>()
            for argument in arguments where !names.insert(NameKey(argument.name)).inserted {
                return "a row gives the template parameter '\(argument.name)' twice"
            }
        }
        for test in condition?.data ?? [] {
            if let problem = test.inconsistency { return problem }
        }
        return nil
    }
}
