import HapticPolicy

/// A mock-sensor scenario as data: what the app's sensors and user do over time.
///
/// Scenarios are YAML files (`Policies/scenarios/*.yaml`) so designers add their own;
/// `ScenarioRunner` turns one into an event log for a seed. Times are seconds from the
/// start of the log.
public struct Scenario: Sendable, Hashable {
    /// The scenario's name (`scenario:`), used by `simulate --scenario`.
    public var name: String
    /// What it acts out, for humans (`description:`).
    public var description: String?
    /// The default length in seconds (`duration:`); `--duration` overrides it.
    public var duration: Double
    /// The steps, in the order written; events are merged by time.
    public var steps: [Step]

    /// Creates a scenario.
    public init(name: String, description: String? = nil, duration: Double, steps: [Step]) {
        self.name = name
        self.description = description
        self.duration = duration
        self.steps = steps
    }

    /// One step of a scenario.
    public indirect enum Step: Sendable, Hashable {
        /// One event at a time (`at:` + `event:`).
        case once(at: Double, event: EventTemplate)
        /// The same event at a steady rate (`every:`).
        case periodic(Periodic)
        /// A numeric sensor sampled at a steady rate (`signal:`).
        case signal(Signal)
        /// A block of steps repeated (`repeat:`), times inside relative to each round.
        case repeated(Repeat)
    }

    /// What an emitted event carries besides its time.
    public struct EventTemplate: Sendable, Hashable {
        /// The event name (`plant.found`, `screen.enter`).
        public var name: String
        /// The screen named by the event, for `screen.enter` (`screen:`).
        public var screen: String?
        /// The subject, such as a plant id (`subject:`).
        public var subject: String?
        /// The value carried (`value:`).
        public var value: ScalarValue?
        /// Whether the plant speaks with this event (`speaks:`).
        public var speaks: Bool?
        /// Pattern parameters (`params: {bpm: 90}`), in written order.
        public var params: [Event.Parameter]
        /// The event's data fields (`data: {direction: left}`), in written order.
        public var data: [Event.Parameter] = []

        /// Creates a template.
        public init(
            name: String, screen: String? = nil, subject: String? = nil, value: ScalarValue? = nil,
            speaks: Bool? = nil, params: [Event.Parameter] = []
        ) {
            self.name = name
            self.screen = screen
            self.subject = subject
            self.value = value
            self.speaks = speaks
            self.params = params
        }
    }

    /// The same event repeated at a steady rate.
    public struct Periodic: Sendable, Hashable {
        /// The event emitted each time.
        public var event: EventTemplate
        /// The first time (`from:`, default 0).
        public var from: Double
        /// Seconds between events (`every:`, > 0).
        public var every: Double
        /// How many events at most (`count:`); nil runs to `until` or the end.
        public var count: Int?
        /// Last time allowed (`until:`); nil runs to the end.
        public var until: Double?
        /// Standard deviation of the timing, seconds (`jitter:`, default 0).
        public var jitter: Double

        /// Creates a periodic step.
        public init(
            event: EventTemplate, from: Double = 0, every: Double, count: Int? = nil, until: Double? = nil,
            jitter: Double = 0
        ) {
            self.event = event
            self.from = from
            self.every = every
            self.count = count
            self.until = until
            self.jitter = jitter
        }
    }

    /// A numeric sensor: a level that drifts at `rate`, jumps, wanders, and is read
    /// with Gaussian noise.
    public struct Signal: Sendable, Hashable {
        /// A sudden change of the level (watering).
        public struct Jump: Sendable, Hashable {
            /// When it happens (`at:`).
            public var at: Double
            /// The new level (`to:`).
            public var to: Double

            /// Creates a jump.
            public init(at: Double, to: Double) {
                self.at = at
                self.to = to
            }
        }

        /// A reading forced to a value (a GPS that loses its fix reads 0): the first
        /// `count` readings at or after `at` read `to`, whatever the level, the noise and
        /// the clamp say. The level goes on underneath, and the noise is still drawn, so
        /// every other reading is the one the signal gives without the glitch.
        public struct Glitch: Sendable, Hashable {
            /// When it starts (`at:`), seconds from the start of the signal's round.
            public var at: Double
            /// The value read instead (`to:`), rounded to the signal's `decimals`.
            public var to: Double
            /// How many readings in a row it replaces (`count:`, default 1, at least 1).
            public var count: Int

            /// Creates a glitch.
            public init(at: Double, to: Double, count: Int = 1) {
                self.at = at
                self.to = to
                self.count = count
            }
        }

        /// The event emitted with each reading in `value` (`event:`).
        public var event: String
        /// The subject of every reading (`subject:`).
        public var subject: String?
        /// The data fields every reading carries (`data: {direction: left}`), in written order.
        public var data: [Event.Parameter] = []
        /// The first reading (`from:`, default 0).
        public var from: Double
        /// Last time allowed (`until:`); nil runs to the end.
        public var until: Double?
        /// Seconds between readings (`every:`, default 1).
        public var every: Double
        /// The level at `from` (`start:`).
        public var start: Double
        /// Change of the level per second (`rate:`; drying is negative).
        public var rate: Double
        /// Standard deviation of each reading around the level (`noise:`).
        public var noise: Double
        /// Random-walk strength, per square-root second (`wander:`): the level drifts
        /// around its course, pulled back by `pull`.
        public var wander: Double
        /// How strongly the wander returns to the course, per second (`pull:`).
        public var pull: Double
        /// Sudden level changes (`jumps:`).
        public var jumps: [Jump]
        /// Readings forced to a value (`glitches:`).
        public var glitches: [Glitch]
        /// Readings are clamped to `min...max` (`min:`, `max:`; default 0 and 100).
        public var min: Double
        /// The upper clamp.
        public var max: Double
        /// Decimal places of a reading (`decimals:`, default 1).
        public var decimals: Int

        /// Creates a signal.
        public init(
            event: String, subject: String? = nil, from: Double = 0, until: Double? = nil, every: Double = 1,
            start: Double, rate: Double = 0, noise: Double = 0, wander: Double = 0, pull: Double = 0,
            jumps: [Jump] = [], glitches: [Glitch] = [], min: Double = 0, max: Double = 100, decimals: Int = 1
        ) {
            self.event = event
            self.subject = subject
            self.from = from
            self.until = until
            self.every = every
            self.start = start
            self.rate = rate
            self.noise = noise
            self.wander = wander
            self.pull = pull
            self.jumps = jumps
            self.glitches = glitches
            self.min = min
            self.max = max
            self.decimals = decimals
        }
    }

    /// A block of steps repeated at a steady period.
    public struct Repeat: Sendable, Hashable {
        /// The first round starts here (`from:`, default 0).
        public var from: Double
        /// Seconds between round starts (`every:`, > 0).
        public var every: Double
        /// How many rounds at most (`count:`); nil repeats to the end.
        public var count: Int?
        /// The steps of one round, times relative to the round's start.
        public var steps: [Step]

        /// Creates a repeat block.
        public init(from: Double = 0, every: Double, count: Int? = nil, steps: [Step]) {
            self.from = from
            self.every = every
            self.count = count
            self.steps = steps
        }
    }
}
