import HapticPolicy

/// Bands for a continuous signal (H-1): ordered levels, each entered with a feedback or a
/// silence, and a hysteresis so a noisy value near an edge does not chatter.
public struct BandDecl: Sendable, Hashable, Codable {
    /// One level. Every level but the last has an upper edge (`below:`).
    public struct Level: Sendable, Hashable, Codable {
        /// The level's name (`name:`).
        public var name: Located<String>
        /// The exclusive upper edge; nil for the last level (`below:`), and nil when the
        /// edge reads run-time parameters (then `belowExpression` holds it).
        public var below: Located<Double>?
        /// The upper edge as an expression of run-time parameters (`below: 0.6 * max_hr`);
        /// nil when the edge is a plain number (an expression naming no parameter is
        /// folded into `below`).
        package var belowExpression: Located<Expression>?
        /// Each name `belowExpression` was written with, at its own line and column, in
        /// order (for errors about one name); empty for a plain number.
        public var belowNames: [Located<String>] = []
        /// The feedback played on entering this level (`play:`).
        public var play: Located<String>?
        /// Why entering this level is silent (`silent:`); at most one of play/silent.
        public var silent: Located<String>?
        /// What entering it from the level below does (`from-below:`), over `play`/`silent`.
        public var fromBelow: Entry?
        /// What entering it from the level above does (`from-above:`), over `play`/`silent`.
        public var fromAbove: Entry?
        /// Where the level starts.
        public var location: SourceLocation
        /// Whether the upper edge was written `at-most:` (inclusive: the level holds values
        /// up to and including it) rather than `below:` (exclusive). `below` and
        /// `belowExpression` hold the edge either way.
        public var inclusive = false
        /// The template parameters the level gives what it plays (`with:` next to `play:`),
        /// merged with its band row's `with:`.
        public var with: [TemplateArgument] = []

        /// Creates a level.
        package init(
            name: Located<String>, below: Located<Double>?, play: Located<String>? = nil,
            silent: Located<String>? = nil, fromBelow: Entry? = nil, fromAbove: Entry? = nil,
            belowExpression: Located<Expression>? = nil, location: SourceLocation = .unknown
        ) {
            self.belowExpression = belowExpression
            self.fromBelow = fromBelow
            self.fromAbove = fromAbove
            self.name = name
            self.below = below
            self.play = play
            self.silent = silent
            self.location = location
        }
    }

    /// What entering a level does in one direction: plays a feedback or stays silent.
    public struct Entry: Sendable, Hashable, Codable {
        /// The feedback played (`play:`).
        public var play: Located<String>?
        /// Why it is silent (`silent:`).
        public var silent: Located<String>?
        /// Where the entry is written.
        public var location: SourceLocation

        /// Creates an entry.
        public init(play: Located<String>? = nil, silent: Located<String>? = nil, location: SourceLocation = .unknown) {
            self.play = play
            self.silent = silent
            self.location = location
        }
    }

    /// What every change toward one end of the band does (`toward: {interval: ...}`),
    /// for the levels that do not say it themselves.
    public struct Toward: Sendable, Hashable, Codable {
        /// The lowest or highest level's name.
        public var end: Located<String>
        /// What entering a level on the way there does.
        public var entry: Entry

        /// Creates one.
        public init(end: Located<String>, entry: Entry) {
            self.end = end
            self.entry = entry
        }
    }

    /// A plausible range: at least one of its ends.
    public struct Plausible: Sendable, Hashable, Codable {
        /// The smallest plausible value (`min:`), inclusive.
        public var min: Located<Double>?
        /// The largest plausible value (`max:`), inclusive.
        public var max: Located<Double>?
        /// Where `plausible:` is written.
        public var location: SourceLocation

        /// Creates a range.
        public init(min: Located<Double>?, max: Located<Double>?, location: SourceLocation = .unknown) {
            self.min = min
            self.max = max
            self.location = location
        }
    }

    /// The band set's name (the key under `bands:`).
    public var name: Located<String>
    /// The unit, for humans (`unit:`).
    public var unit: String?
    /// How far past an edge the value must go to leave a band (`hysteresis:`).
    public var hysteresis: Located<Double>
    /// Seconds a new level must hold before it counts (`dwell:`); nil: it counts at once.
    public var dwell: Located<Double>?
    /// The values a sample can plausibly have (`plausible: {min:, max:}`, both inclusive):
    /// outside them a sample is a bad value; nil: every number is plausible.
    public var plausible: Plausible?
    /// What changes toward the lowest or highest level do (`toward:`).
    public var toward: [Toward] = []
    /// Levels from lowest to highest (`levels:`).
    public var levels: [Level]
    /// Where the declaration starts.
    public var location: SourceLocation
    /// The one way the level may move (`approach: falling|rising`); nil: both ways.
    package var approach: Located<BandApproach>?
    /// Whether `hysteresis:` was written: an approach band may leave it out (then
    /// `hysteresis` is 0 at the band's name).
    public var hysteresisWritten = true

    /// Creates a band set.
    public init(
        name: Located<String>, unit: String? = nil, hysteresis: Located<Double>, dwell: Located<Double>? = nil,
        plausible: Plausible? = nil, levels: [Level], location: SourceLocation = .unknown
    ) {
        self.plausible = plausible
        self.name = name
        self.unit = unit
        self.hysteresis = hysteresis
        self.dwell = dwell
        self.levels = levels
        self.location = location
    }
}

extension BandApproach {
    /// What an approach band's starting level does when it says neither what it plays nor
    /// why it is silent (it needs neither): it is never entered. The decision table, the
    /// report and the language server's hover say it in these words.
    package var startLevelText: String {
        "never entered: the band starts here and only \(self == .falling ? "falls" : "rises") away from it; "
            + "the first sample sets the level silently (baseline)"
    }
}

extension BandDecl {
    /// Whether level `index` is an approach band's starting level that is never entered
    /// (no way in, `canEnter`) and says neither `play:` nor `silent:`: then its text is
    /// `BandApproach.startLevelText`.
    package func isUnenteredStart(_ index: Int) -> Bool {
        approach != nil && levels.count > 1 && !canEnter(index, up: true) && !canEnter(index, up: false)
            && levels[index].play == nil && (levels[index].silent?.value ?? "").isEmpty
    }

    /// Whether any level's edge reads a run-time parameter.
    public var isParametric: Bool { levels.contains { $0.belowExpression != nil } }

    /// The key the edge of level `index` is written with: `at-most` or `below`.
    public func edgeKey(_ index: Int) -> String { levels[index].inclusive ? "at-most" : "below" }

    /// Whether level `index` can be entered from below (`up`) or from above: every
    /// level but the lowest from below and but the highest from above, and on an approach
    /// band only in its one direction.
    public func canEnter(_ index: Int, up: Bool) -> Bool {
        guard up ? index > 0 : index < levels.count - 1 else { return false }
        guard let approach else { return true }
        return up == (approach.value == .rising)
    }

    /// What entering level `index` does, from below (`up`) or from above: its
    /// `from-below:`/`from-above:`, else its `play:`/`silent:`, else the band's `toward:`
    /// the end it moves to; nil when nothing decides it.
    public func entry(_ index: Int, up: Bool) -> Entry? {
        let level = levels[index]
        if let entry = up ? level.fromBelow : level.fromAbove { return entry }
        if level.play != nil || level.silent != nil {
            return Entry(play: level.play, silent: level.silent, location: level.location)
        }
        guard let end = up ? levels.last : levels.first else { return nil }
        return toward.first { $0.end.value == end.name.value }?.entry
    }

    /// Every feedback the band names, with the level it plays on (for `toward:`, the end
    /// it names), in the order written: each level's `play`, `from-below`, `from-above`,
    /// then `toward`.
    public var plays: [(feedback: Located<String>, level: String)] {
        var out: [(feedback: Located<String>, level: String)] = []
        for level in levels {
            for play in [level.play, level.fromBelow?.play, level.fromAbove?.play].compactMap({ $0 }) {
                out.append((play, level.name.value))
            }
        }
        for toward in self.toward {
            if let play = toward.entry.play { out.append((play, toward.end.value)) }
        }
        return out
    }
}
