import HapticPolicy

/// One event by name at a time, its names not yet resolved against a policy: a line of a
/// JSONL event log as read (`eval`'s hot path, `diff`, the report's timeline), an event
/// `simulate` writes, a step a test file scripts.
public struct TimedEvent: Sendable, Hashable {
    /// Seconds since the session began (`t`).
    public var t: Double
    /// The event name (`event`: `plant.found`, `screen.enter`).
    public var name: String
    /// The screen name (`screen`), if given: the screen entered, for `screen.enter`.
    public var screen: String?
    /// The subject (`subject`), such as a plant id, if given.
    public var subject: String?
    /// The value (`value`): number, boolean or string.
    public var value: ScalarValue?
    /// Whether the creature speaks (`speaks`); nil when not given, which decides as false
    /// (`simulate` writes the field only when it is given).
    public var speaks: Bool?
    /// Decimal places `simulate` writes a numeric `value` with (a simulated sensor's
    /// resolution); nil for 6, as for every event read from a log.
    public var valueDecimals: Int8?
    /// Template parameters (`params`), in the order written.
    public var params: [Event.Parameter]
    /// The event's data fields (`data`), in the order written.
    public var data: [Event.Parameter]

    /// Creates an event.
    public init(
        t: Double, name: String, screen: String? = nil, subject: String? = nil, value: ScalarValue? = nil,
        speaks: Bool? = nil, params: [Event.Parameter] = [], data: [Event.Parameter] = [], valueDecimals: Int8? = nil
    ) {
        self.t = t
        self.name = name
        self.screen = screen
        self.subject = subject
        self.value = value
        self.speaks = speaks
        self.valueDecimals = valueDecimals
        self.params = params
        self.data = data
    }

    /// The event of `template` at `t`.
    public init(t: Double, _ template: Scenario.EventTemplate, valueDecimals: Int8? = nil) {
        self.init(
            t: t, name: template.name, screen: template.screen, subject: template.subject, value: template.value,
            speaks: template.speaks, params: template.params, data: template.data, valueDecimals: valueDecimals)
    }
}
