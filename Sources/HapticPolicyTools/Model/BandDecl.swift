import HapticPolicy

/// Bands for a continuous signal (H-1): ordered levels, each entered with a feedback or a
/// silence, and a hysteresis so a noisy value near an edge does not chatter.
public struct BandDecl: Sendable, Hashable, Codable {
    /// One level. Every level but the last has an upper edge (`below:`).
    public struct Level: Sendable, Hashable, Codable {
        /// The level's name (`name:`).
        public var name: Located<String>
        /// The exclusive upper edge; nil for the last level (`below:`).
        public var below: Located<Double>?
        /// The feedback played on entering this level (`play:`).
        public var play: Located<String>?
        /// Why entering this level is silent (`silent:`); exactly one of play/silent.
        public var silent: Located<String>?
        /// Where the level starts.
        public var location: SourceLocation

        /// Creates a level.
        public init(
            name: Located<String>, below: Located<Double>?, play: Located<String>? = nil,
            silent: Located<String>? = nil, location: SourceLocation = .unknown
        ) {
            self.name = name
            self.below = below
            self.play = play
            self.silent = silent
            self.location = location
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
    /// Levels from lowest to highest (`levels:`).
    public var levels: [Level]
    /// Where the declaration starts.
    public var location: SourceLocation

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
