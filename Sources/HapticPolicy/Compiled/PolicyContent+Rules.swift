extension PolicyContent {
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
        @ToolsOnly package var location: SourcePosition

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
            /// The rings of these events (`event:` or `events:`), on any screen.
            case events([String])

            /// What an `events` scope is called in notes and reports: `event off.route`,
            /// `events hazard.ahead, hazard.closure`.
            package static func eventsText(_ names: [String]) -> String {
                (names.count == 1 ? "event " : "events ") + names.joined(separator: ", ")
            }
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
        /// earlier is out, exactly as the decimals read (`SessionClock`: a ring at 1.05 is
        /// out of a 1 s window at 2.05). The one definition the runtime's enforcement
        /// (`Session`) and the tooling's reports (`BudgetMeter`) share.
        @inline(__always)
        package func holds(_ earlier: Double, at time: Double) -> Bool {
            !SessionClock.reached(time - earlier, window)
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
            // Tools-only (`ToolsOnly`): absent from line 1.
            location = try container.decodeIfPresent(SourcePosition.self, forKey: .location) ?? .absentFromLineOne
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
        @ToolsOnly package var location: SourcePosition

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
            @ToolsOnly package var location: SourcePosition

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
        @ToolsOnly package var location: SourcePosition

        /// Creates them.
        package init(setBy: String, start: String, levels: [Level], location: SourcePosition) {
            self.setBy = setBy
            self.start = start
            self.levels = levels
            self.location = location
        }
    }
}
