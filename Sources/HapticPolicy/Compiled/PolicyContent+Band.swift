extension PolicyContent {
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
            /// Whether the upper edge is inclusive (`at-most:`: the level holds values up to
            /// and including `below`); nil for an exclusive edge (`below:`), and left out then.
            package var inclusive: Bool?
            /// The template parameters the level gives what it plays (`with:` next to
            /// `play:`), merged with the band row's own `with:`; nil when none (left out).
            package var arguments: [Row.Argument]?

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
        /// The one way the level may move (`approach:`); nil for a band that moves both
        /// ways (and left out then).
        package var approach: BandApproach?
        /// Where the band set is declared.
        @ToolsOnly package var location: SourcePosition

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

        /// Whether any edge is inclusive (`at-most:`).
        package var hasInclusiveEdges: Bool { levels.contains { $0.inclusive == true } }
    }
}
