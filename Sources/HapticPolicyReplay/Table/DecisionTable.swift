import HapticPolicy
import HapticPolicyCompiler

/// The "don't ring here" table of a policy: every screen × event that can occur there,
/// with what it decides, in which layer, why, and which invariant it cites.
///
/// Built from the compiled policy alone (no evaluation), for `haptic-policy table` and reports.
public struct DecisionTable: Sendable, Hashable {
    /// Where a cell's rows come from.
    public enum Origin: String, Sendable, Hashable, Codable {
        /// The screen's own `table:`.
        case screen
        /// The policy-wide `everywhere:` table.
        case everywhere
        /// Nothing decides this pair: a gap the linter reports.
        case gap
        /// The screen's default (`otherwise:`), for an event its table and `everywhere:` leave out.
        case otherwise
    }

    /// What a row does, in table words.
    public enum Action: String, Sendable, Hashable, Codable {
        /// Plays a feedback.
        case play
        /// Plays the band's feedback when the value changes band.
        case band
        /// Stays silent on purpose.
        case silent
        /// Stops a running loop.
        case stop
        /// Only runs directives (ticker begin/end, prepare).
        case directive
        /// Starts (or retempos) a looping pattern (`loop:`).
        case loop
    }

    /// One action of a row that does several things.
    public struct Step: Sendable, Hashable {
        /// What it does: `stop`, `play` or `loop`.
        public var action: Action
        /// The feedback it names (`all` for `stop: all`).
        public var target: String?
        /// The feedback's layer.
        public var layer: Layer?

        /// `stop cadence`, `play pause`, `loop cadence`.
        public var text: String { action.rawValue + (target.map { " " + $0 } ?? "") }
    }

    /// One row of a cell.
    public struct Row: Sendable, Hashable {
        /// The row's condition as written (`speaks = true, value = "confirmed"`), or nil.
        public var condition: String?
        /// What the row does.
        public var action: Action
        /// The feedback (or band) named by the row.
        public var target: String?
        /// The layer of what plays (the event's layer for silences).
        public var layer: Layer?
        /// The designer's reason for a silence.
        public var reason: String?
        /// Cited invariant ids.
        public var cites: [String]
        /// Directives the row adds (`prepare-ticker`, `prepare-engine`, ...).
        public var directives: [String]
        /// The designer's note.
        public var note: String?
        /// Where the row is written.
        public var location: SourceLocation
        /// Every action of a row that does several things, in execution order (stops,
        /// then the play, then the loop; `action` and `target` are its play, else its
        /// loop); empty for a row that does one thing.
        public var steps: [Step] = []
        /// The template parameters the row gives (`with:`), as `bpm = value`; nil when none.
        public var arguments: String?

        /// What the row does in words: `stop cadence, then play pause`, with its
        /// `with:` arguments; nil for a row that does one thing without arguments.
        public var stepsText: String? {
            guard !steps.isEmpty || arguments != nil else { return nil }
            let actions = steps.isEmpty ? [action.rawValue + (target.map { " " + $0 } ?? "")] : steps.map(\.text)
            return actions.joined(separator: ", then ") + (arguments.map { " with " + $0 } ?? "")
        }
    }

    /// One screen × event cell.
    public struct Cell: Sendable, Hashable {
        /// The event.
        public var event: String
        /// The event's layer, when the event is declared.
        public var eventLayer: Layer?
        /// Where the rows come from.
        public var origin: Origin
        /// The rows, first match wins; empty for a gap.
        public var rows: [Row]
        /// Whether the event ends its subject (`ends-subject: true`): once decided, the
        /// session forgets the subject's band levels and dwell clocks.
        public var endsSubject = false

        /// `ends its subject (band state forgotten)` for an event that ends its subject.
        public static let endsSubjectText = "ends its subject (band state forgotten)"
    }

    /// One screen's part of the table.
    public struct Screen: Sendable, Hashable {
        /// The screen name.
        public var name: String
        /// Directives run on entering the screen.
        public var onEnter: [String]
        /// The designer's note.
        public var note: String?
        /// Cells in catalogue order of the events.
        public var cells: [Cell]
    }

    /// A band set as the table shows it: its levels lowest first, with their edges and
    /// what entering each does.
    public struct Band: Sendable, Hashable {
        /// One level.
        public struct Level: Sendable, Hashable {
            /// The level's name.
            public var name: String
            /// The exclusive upper edge; nil for the last level.
            public var below: Double?
            /// The feedback played on entering; nil when entering is silent.
            public var play: String?
            /// The played feedback's layer.
            public var layer: Layer?
            /// The designer's reason when entering is silent.
            public var silent: String?
            /// What entering from the level below does, in a band with directions.
            public var fromBelow: Entry? = nil
            /// What entering from the level above does, in a band with directions.
            public var fromAbove: Entry? = nil
            /// The edge as written when it reads run-time parameters (`0.6 * max_hr`);
            /// `below` is then its value at the parameters' defaults.
            public var edge: String? = nil
            /// Whether the upper edge is inclusive (`at-most:`).
            public var inclusive = false
            /// The template parameters the level gives what it plays (`with:`, as
            /// `urgency = 3`); nil when none.
            public var arguments: String? = nil
        }

        /// What entering a level one way does: play `play`, or be silent for `silent`.
        public struct Entry: Sendable, Hashable {
            /// The feedback played; nil when silent.
            public var play: String?
            /// The designer's reason when silent.
            public var silent: String?
            /// The played feedback's layer.
            public var layer: Layer?

            /// Creates one.
            public init(play: String?, silent: String?, layer: Layer? = nil) {
                self.play = play
                self.silent = silent
                self.layer = layer
            }

            /// `play zone.faster`, `silent: every other zone change`, or `silent` when no
            /// reason is given.
            public var text: String {
                if let play { return "play " + play }
                guard let silent, !silent.isEmpty else { return "silent" }
                return "silent: " + silent
            }
        }

        /// A direction a level is entered from.
        public enum Direction: String, Sendable, Hashable {
            /// From the level below (the value rose into it).
            case fromBelow = "from below"
            /// From the level above (the value fell into it).
            case fromAbove = "from above"
        }

        /// One way into a level and what entering it that way does.
        public struct Way: Sendable, Hashable {
            /// Where the value comes from.
            public var direction: Direction
            /// What entering this way does.
            public var entry: Entry
        }

        /// Whether a level says what entering it does per direction (`from-below:`,
        /// `from-above:` or the band's `toward:`).
        public func isDirected(_ index: Int) -> Bool {
            levels[index].fromBelow != nil || levels[index].fromAbove != nil
        }

        /// Every way level `index` can be entered and what each does: from below unless
        /// it is the lowest level, from above unless it is the highest. A level without
        /// directions does the same both ways (its `play`/`silent`); a direction of a
        /// directed level that says nothing falls back to the level's own, as the
        /// session decides. Empty for a band of one level.
        public func ways(ofLevel index: Int) -> [Way] {
            let level = levels[index]
            let own = Entry(play: level.play, silent: level.silent, layer: level.layer)
            var ways: [Way] = []
            if index > 0, approach != .falling {
                ways.append(Way(direction: .fromBelow, entry: level.fromBelow ?? own))
            }
            if index < levels.count - 1, approach != .rising {
                ways.append(Way(direction: .fromAbove, entry: level.fromAbove ?? own))
            }
            return ways
        }

        /// For the level an approach band starts from when it says neither what it plays
        /// nor why it is silent (it needs neither, `approach:`): why it is never entered
        /// (`never entered: the band starts here and only falls away from it; …`). Nil for
        /// any other level, and for one with a reason of its own to show.
        public func neverEnteredText(ofLevel index: Int) -> String? {
            let level = levels[index]
            guard let approach, levels.count > 1, ways(ofLevel: index).isEmpty, level.play == nil,
                (level.silent ?? "").isEmpty
            else { return nil }
            return approach.startLevelText
        }

        /// What entering level `index` does, the same whichever way it is entered; nil
        /// when the directions differ.
        public func uniformEntry(ofLevel index: Int) -> Entry? {
            let level = levels[index]
            let entries = ways(ofLevel: index).map(\.entry)
            guard let first = entries.first else {
                return Entry(play: level.play, silent: level.silent, layer: level.layer)
            }
            return entries.allSatisfy { $0 == first } ? first : nil
        }

        /// The feedback entering level `index` can play, any way, without repeats.
        public func plays(ofLevel index: Int) -> [String] {
            var out: [String] = []
            let entries =
                isDirected(index)
                ? ways(ofLevel: index).map(\.entry) : [Entry(play: levels[index].play, silent: nil)]
            for play in entries.compactMap(\.play) where !out.contains(play) { out.append(play) }
            return out
        }

        /// The band set's name.
        public var name: String
        /// The unit, for people (`%`).
        public var unit: String?
        /// How far past an edge a value must go to leave a level.
        public var hysteresis: Double
        /// Levels from lowest to highest.
        public var levels: [Level]
        /// Seconds a new level must hold before it counts; nil for none.
        public var dwell: Double? = nil
        /// The plausible range's ends (inclusive); both nil when every value is plausible.
        public var plausibleMin: Double? = nil
        /// The plausible range's upper end.
        public var plausibleMax: Double? = nil
        /// The one way the level moves (`approach:`); nil: both ways.
        package var approach: BandApproach? = nil

        /// Whether the band is shown with its v3 words: an approach or an inclusive edge.
        public var showsExactEdges: Bool { approach != nil || levels.contains(where: \.inclusive) }

        /// `2.5–20 min/km`, `0 and above`, or nil when every value is plausible.
        public var plausibleText: String? {
            switch (plausibleMin, plausibleMax) {
            case (let low?, let high?): decimalText(low, decimals: 2) + "–" + amount(high)
            case (let low?, nil): amount(low) + " and above"
            case (nil, let high?): amount(high) + " and below"
            case (nil, nil): nil
            }
        }

        /// The ascending edges, one fewer than the levels (at the parameters' defaults).
        public var edges: [Double] { levels.dropLast().map { $0.below ?? .infinity } }

        /// Each edge for people: `25 %`, or `0.6 * max_hr (114 bpm at the default)` for one
        /// that reads run-time parameters.
        public var edgeTexts: [String] {
            levels.dropLast().map { level in
                let value = (showsExactEdges && level.inclusive ? "≤ " : "") + amount(level.below ?? .infinity)
                return level.edge.map { "\($0) (\(value) at the default)" } ?? value
            }
        }

        /// `25 %`: a value of this band set with at most two decimals and the unit.
        public func amount(_ value: Double) -> String {
            let text = decimalText(value, decimals: 2)
            guard let unit, !unit.isEmpty else { return text }
            return text + " " + unit
        }

        /// The values level `index` holds, ignoring hysteresis: `below 10 %`, `10–25 %`,
        /// `80 % and above`.
        public func values(ofLevel index: Int) -> String {
            let edges = edges
            if edges.isEmpty { return "all values" }
            if showsExactEdges { return exactValues(ofLevel: index) }
            if index == 0 { return "below " + amount(edges[0]) }
            if index >= edges.count { return amount(edges[edges.count - 1]) + " and above" }
            return decimalText(edges[index - 1], decimals: 2) + "–" + amount(edges[index])
        }

        /// The values that leave level `index` once in it, hysteresis included:
        /// `up at 26.5 %, down below 8.5 %`.
        public func leaving(level index: Int) -> String {
            let edges = edges
            if showsExactEdges { return exactLeaving(level: index) }
            var ways: [String] = []
            if index < edges.count { ways.append("up at " + amount(edges[index] + hysteresis)) }
            if index > 0 { ways.append("down below " + amount(edges[index - 1] - hysteresis)) }
            return ways.joined(separator: ", ")
        }
    }

    /// A user level (`user-levels:`) as the table shows it: what it keeps, and which
    /// rules ring under it.
    public struct UserLevel: Sendable, Hashable {
        /// The level's name.
        public var name: String
        /// What it keeps, as written: `all`, `none`, `feedback goal; layers coach; rows workout/lap.completed`.
        public var keeps: String
        /// The designer's note.
        public var note: String?
        /// The rules whose plays ring under it (`workout/pace.sample@tempo` for a band level).
        public var rings: [String]
        /// The rules whose plays it silences (`user-level`).
        public var silences: [String]
    }

    /// The user levels, in source order; empty when the policy has none.
    public var userLevels: [UserLevel] = []
    /// The setting event picking the user level, and the level a session starts at.
    public var userLevelEvent: String?
    /// The level a session starts at.
    public var startLevel: String?
    /// What the app in background still plays (`background:`); nil when it keeps nothing.
    public var background: Background?

    /// An event's declared payload, in words.
    public struct Payload: Sendable, Hashable {
        /// The event.
        public var event: String
        /// `value: one of confirmed, cancelled`, `param bpm: a number from 20 to 300 (optional)`.
        public var fields: [String]

        /// Creates one.
        public init(event: String, fields: [String]) {
            self.event = event
            self.fields = fields
        }
    }

    /// Events that declare their payload (`value: {type: ...}`, `params:`), in catalogue order.
    public var payloads: [Payload] = []
    /// The feedback whose `priority:` is not `normal`, in declaration order, highest
    /// first; empty when the policy has none (Docs/decision-order.md, section 9).
    public var priorities: [(feedback: String, priority: Priority)] {
        feedbackPriorities.sorted { $0.priority > $1.priority }.map { ($0.feedback, $0.priority) }
    }
    /// `priorities` in declaration order.
    var feedbackPriorities: [FeedbackPriority] = []

    /// A feedback's priority.
    struct FeedbackPriority: Sendable, Hashable {
        var feedback: String
        var priority: Priority
    }
    /// Screens in source order.
    public var screens: [Screen]
    /// Band sets in source order.
    public var bands: [Band]
    /// Invariant id → the designer's statement, for citing.
    public var invariants: [String: String]
    /// The rate budgets (`budgets:`), in source order.
    public var budgets: [Budget] = []

    /// Builds the table of a compiled policy. `budgetNotes`, by budget id, adds what only
    /// the policy's source says of its budgets (`PolicyDocument.budgetNotes`): the
    /// reasons of the excepted events and the acknowledged warnings; none for a bundle.
    public init(_ policy: Policy, budgetNotes: [String: Budget.Notes] = [:]) {
        let content = policy.content
        var invariants: [String: String] = [:]
        for invariant in content.invariants where invariants[invariant.id] == nil {
            invariants[invariant.id] = invariant.text ?? invariant.kind.rawValue
        }
        self.invariants = invariants
        feedbackPriorities = content.feedback.filter { $0.priority != .normal }.map {
            FeedbackPriority(feedback: $0.name, priority: $0.priority)
        }
        payloads = content.events.compactMap { event in
            guard let payload = event.payload else { return nil }
            func text(_ field: PolicyContent.Payload.Field, _ label: String) -> String {
                "\(label): \(field.expectation)" + (field.required ? "" : " (optional)")
            }
            var fields = payload.value.map { [text($0, "value")] } ?? []
            if let params = payload.params {
                fields += params.isEmpty ? ["no params"] : params.map { text($0, "param " + $0.name) }
            }
            // The event's `data:` fields, which the payload check covers like `params`.
            fields += (payload.data ?? []).map { text($0, "data " + $0.name) }
            return Payload(event: event.name, fields: fields)
        }
        bands = content.bands.map { band in
            let entry = { (entry: PolicyContent.Band.Entry?) in
                entry.map {
                    Band.Entry(
                        play: $0.play.map { content.feedback[$0].name }, silent: $0.silent,
                        layer: $0.play.map { content.feedback[$0].layer })
                }
            }
            return Band(
                name: band.name, unit: band.unit, hysteresis: band.hysteresis,
                levels: band.levels.map { level in
                    Band.Level(
                        name: level.name, below: level.below, play: level.play.map { content.feedback[$0].name },
                        layer: level.play.map { content.feedback[$0].layer }, silent: level.silent,
                        fromBelow: entry(level.fromBelow), fromAbove: entry(level.fromAbove),
                        edge: level.edge?.description, inclusive: level.inclusive == true,
                        arguments: level.arguments.map { Self.describe($0) })
                }, dwell: band.dwell, plausibleMin: band.plausible?.min, plausibleMax: band.plausible?.max,
                approach: band.approach)
        }
        let bandLayer: [Layer?] = content.bands.map { band in
            band.plays.first.map { content.feedback[$0].layer }
        }

        func row(_ row: PolicyContent.Row, eventLayer: Layer?) -> Row {
            var directives = row.directives.map(\.rawValue)
            // The ticker step's directive, as the session gives it (`TickerStep.directive`).
            if let step = row.ticker { directives.insert(step.directive.rawValue, at: 0) }
            let action: Action
            let target: String?
            let layer: Layer?
            var reason: String?
            switch row.action {
            case .play(let f):
                (action, target, layer) = (.play, content.feedback[f].name, content.feedback[f].layer)
            case .band(let b):
                (action, target, layer) = (.band, content.bands[b].name, bandLayer[b])
            case .silent(let text):
                (action, target, layer) = (.silent, nil, eventLayer)
                reason = text
            case .stop(let f):
                (action, target, layer) = (
                    .stop, f.map { content.feedback[$0].name } ?? "all", f.map { content.feedback[$0].layer }
                )
                directives.append(Directive.stopLoop.rawValue)
            case .none:
                (action, target, layer) = (.directive, nil, eventLayer)
            case .loop(let f):
                (action, target, layer) = (.loop, content.feedback[f].name, content.feedback[f].layer)
            }
            var steps: [Step] = []
            if row.also != nil {
                steps = row.steps.compactMap { step in
                    switch step {
                    case .stop(let f):
                        Step(
                            action: .stop, target: f.map { content.feedback[$0].name } ?? "all",
                            layer: f.map { content.feedback[$0].layer })
                    case .play(let f):
                        Step(action: .play, target: content.feedback[f].name, layer: content.feedback[f].layer)
                    case .loop(let f):
                        Step(action: .loop, target: content.feedback[f].name, layer: content.feedback[f].layer)
                    case .band, .silent, .none: nil
                    }
                }
                if steps.contains(where: { $0.action == .stop }), !directives.contains(Directive.stopLoop.rawValue) {
                    directives.append(Directive.stopLoop.rawValue)
                }
            }
            return Row(
                condition: row.condition.map(Self.describe), action: action, target: target, layer: layer,
                reason: reason, cites: row.cites, directives: directives, note: row.note,
                location: policy.location(row.location), steps: steps,
                arguments: row.arguments.map { Self.describe($0) })
        }

        var own: [[Int: PolicyContent.Cell]] = Array(repeating: [:], count: content.screens.count)
        var everywhere: [Int: PolicyContent.Cell] = [:]
        for cell in content.cells {
            if let screen = cell.screen { own[screen][cell.event] = cell } else { everywhere[cell.event] = cell }
        }
        screens = content.screens.enumerated().map { s, screen in
            var cells: [Cell] = []
            for (e, event) in content.events.enumerated() {
                let occursHere = event.screens?.contains(s) ?? true
                guard occursHere || own[s][e] != nil else { continue }
                var cell: Cell
                if let declared = own[s][e] {
                    cell = Cell(
                        event: event.name, eventLayer: event.layer,
                        origin: declared.otherwise == true ? .otherwise : .screen,
                        rows: declared.rows.map { row($0, eventLayer: event.layer) })
                } else if let declared = everywhere[e] {
                    cell = Cell(
                        event: event.name, eventLayer: event.layer, origin: .everywhere,
                        rows: declared.rows.map { row($0, eventLayer: event.layer) })
                } else {
                    cell = Cell(event: event.name, eventLayer: event.layer, origin: .gap, rows: [])
                }
                cell.endsSubject = event.endsSubject == true
                cells.append(cell)
            }
            return Screen(name: screen.name, onEnter: screen.enter.map(\.rawValue), note: screen.note, cells: cells)
        }
        userLevels = Self.userLevels(policy)
        userLevelEvent = content.userLevels?.setBy
        startLevel = content.userLevels?.start
        background = Self.background(policy)
        budgets = Self.budgets(policy, notes: budgetNotes)
    }

    private static func userLevels(_ policy: Policy) -> [UserLevel] {
        guard let declared = policy.userLevels else { return [] }
        let points = policy.playPoints
        return declared.levels.enumerated().map { l, level in
            var rings: [String] = []
            var silences: [String] = []
            for point in points {
                if policy.keeps(level: l, point) {
                    if rings.last != point.rule { rings.append(point.rule) }
                } else if silences.last != point.rule {
                    silences.append(point.rule)
                }
            }
            return UserLevel(
                name: level.name, keeps: keepsText(level.keeps), note: level.note, rings: rings, silences: silences)
        }
    }

    /// `all`, `none`, or `feedback a, b; layers coach; rows workout/lap.completed`.
    static func keepsText(_ keeps: PolicyContent.UserLevels.Keeps) -> String {
        if keeps.all { return "all" }
        if keeps.keepsNothing { return "none" }
        var parts: [String] = []
        if !keeps.feedback.isEmpty { parts.append("feedback " + keeps.feedback.joined(separator: ", ")) }
        if !keeps.layers.isEmpty { parts.append("layers " + keeps.layers.map(\.rawValue).joined(separator: ", ")) }
        if !keeps.rows.isEmpty { parts.append("rows " + keeps.rows.joined(separator: ", ")) }
        return parts.joined(separator: "; ")
    }

    /// `bpm = value, depth = 0.5`.
    package static func describe(_ arguments: [PolicyContent.Row.Argument]) -> String {
        arguments.map { $0.name + " = " + ($0.number.map { numberText($0) } ?? "value") }.joined(separator: ", ")
    }

    private static func describe(_ condition: PolicyContent.Condition) -> String {
        var parts: [String] = []
        if let speaks = condition.speaks { parts.append("speaks = \(speaks)") }
        if let value = condition.value { parts.append("value = \(value)") }
        if let subject = condition.subject { parts.append("subject = \"\(subject)\"") }
        if let open = condition.inGesture { parts.append("in-gesture = \(open)") }
        if let range = condition.range { parts.append("value " + range.text) }
        if let oneOf = condition.oneOf {
            parts.append("value in [" + oneOf.map(\.description).joined(separator: ", ") + "]")
        }
        for test in condition.data ?? [] {
            // `data.direction in ["left", "u-turn"]`, `data.direction = "right"`, `data.lanes at-least 3`.
            if let value = test.value { parts.append("data.\(test.field) = \(value)") }
            if let range = test.range { parts.append("data.\(test.field) " + range.text) }
            if let oneOf = test.oneOf {
                parts.append("data.\(test.field) in [" + oneOf.map(\.description).joined(separator: ", ") + "]")
            }
        }
        return parts.joined(separator: ", ")
    }
}
