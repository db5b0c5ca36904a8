import HapticPolicy
import HapticPolicyCompiler
import HapticPolicyDocument

/// A policy test file (`*.tests.yaml`): cases of events with the decisions they must get.
public struct PolicyTestSuite: Sendable, Hashable {
    /// The test file.
    public var file: String
    /// The policy under test as written (`policy:`), relative to the test file.
    public var policy: Located<String>?
    /// The cases, table rows first, then sequences, in written order.
    public var cases: [PolicyTestCase]
    /// Every name the file uses that its policy must declare, where the name is written
    /// (the loader fills it): what `unknownReferences(in:)` checks.
    public var names: [NameUse]

    /// A name a test file uses, of one kind, at its own line and column.
    public struct NameUse: Sendable, Hashable {
        /// What the name must be in the policy.
        public enum Kind: Sendable, Hashable {
            /// An event of the catalogue or a built-in state event (`event:`).
            case event
            /// A screen (`screen:`).
            case screen
            /// A feedback (`play:`, `stop:`).
            case feedback
            /// A band level (`band:`).
            case bandLevel
            /// A budget id (`breaches:`).
            case budget
        }

        /// What it names.
        public var kind: Kind
        /// The name, where it is written.
        public var name: Located<String>

        /// Creates a use.
        public init(_ kind: Kind, _ name: Located<String>) {
            self.kind = kind
            self.name = name
        }
    }

    /// Creates a suite.
    public init(file: String, policy: Located<String>? = nil, cases: [PolicyTestCase], names: [NameUse] = []) {
        self.file = file
        self.policy = policy
        self.cases = cases
        self.names = names
    }
}

/// One test case: a fresh session, a device, events in order, and expectations.
public struct PolicyTestCase: Sendable, Hashable {
    /// One event of the case and what it must decide (nil: a setup step, not checked).
    public struct Step: Sendable, Hashable {
        /// The event.
        public var event: TimedEvent
        /// What the decision must be.
        public var expectation: PolicyExpectation?
        /// Where the step is written.
        public var location: SourceLocation

        /// Creates a step.
        public init(event: TimedEvent, expectation: PolicyExpectation? = nil, location: SourceLocation = .unknown) {
            self.event = event
            self.expectation = expectation
            self.location = location
        }
    }

    /// The case's name, shown on failure.
    public var name: String
    /// The device state the session starts with (`device:`).
    public var device: DeviceState
    /// The events, in order.
    public var steps: [Step]
    /// Budget ids that must be breached, exactly (`breaches:`); nil: not checked.
    public var breaches: [String]?
    /// Where the case is written.
    public var location: SourceLocation

    /// Creates a case.
    public init(
        name: String, device: DeviceState = DeviceState(), steps: [Step], breaches: [String]? = nil,
        location: SourceLocation = .unknown
    ) {
        self.name = name
        self.device = device
        self.steps = steps
        self.breaches = breaches
        self.location = location
    }
}

/// What one decision must be. Only the fields given are compared.
public struct PolicyExpectation: Sendable, Hashable {
    /// The expected action.
    public enum Outcome: Sendable, Hashable, CustomStringConvertible {
        /// Plays this feedback (`play: pulse`), possibly through its fallback.
        case play(String)
        /// Stays silent for this reason id (`silent: same-band`, `silent: designer`).
        case silent(String)
        /// Stops this loop (`stop: click`), or any loop (`stop: true`).
        case stop(String?)

        /// `play pulse`, `silent same-band`, `stop click`.
        public var description: String {
            switch self {
            case .play(let feedback): "play \(feedback)"
            case .silent(let reason): "silent \(reason)"
            case .stop(let feedback?): "stop \(feedback)"
            case .stop(nil): "stop"
            }
        }
    }

    /// The action and its target.
    public var outcome: Outcome
    /// The rendered primitive (`render: impact.rigid`, `render: pattern:pulse`).
    public var render: String?
    /// The deciding rule id (`rule: camera/plant.found`).
    public var rule: String?
    /// The band level entered (`band: thirsty`).
    public var band: String?
    /// The exact directives, in canonical order (`directives: [prepare-engine]`).
    public var directives: [String]?
    /// The template parameters played with, defaults filled in, compared as an exact map
    /// (`parameters: {bpm: 120}`); `[:]` expects none. Numbers match within
    /// `PolicyExpectation.tolerance`.
    public var parameters: [String: Double]?
    /// The loop period in seconds (`loop: 0.5`), within `PolicyExpectation.tolerance`.
    public var loop: Double?
    /// A loop the same row also stops (`stops: cadence`, `stops: all`): one of the
    /// decision's other actions (`Decision.also`) stopped it.
    public var stops: String?
    /// A loop the same row also starts or retempos (`loops: cadence`): one of the
    /// decision's other actions plays it as a loop.
    public var loops: String?

    /// How far apart an expected and a decided number may be and still match: 1e-9
    /// relative to the larger magnitude (absolute below 1), so `60 / 120` equals `0.5`.
    public static let tolerance = 1e-9

    /// Whether two numbers match within `tolerance`.
    public static func matches(_ expected: Double, _ actual: Double) -> Bool {
        abs(expected - actual) <= tolerance * max(1, abs(expected), abs(actual))
    }

    /// Creates an expectation.
    public init(
        outcome: Outcome, render: String? = nil, rule: String? = nil, band: String? = nil,
        directives: [String]? = nil, parameters: [String: Double]? = nil, loop: Double? = nil
    ) {
        self.outcome = outcome
        self.render = render
        self.rule = rule
        self.band = band
        self.directives = directives
        self.parameters = parameters
        self.loop = loop
    }
}
