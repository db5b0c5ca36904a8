import HapticPolicy

/// One event by name at a time, independent of any compiled policy: what `simulate`
/// writes, what test files script, what `diff` replays through two policies.
public struct TimedEvent: Sendable, Hashable {
    /// Seconds from the start of the log, rounded to milliseconds.
    public var time: Double
    /// The event's name and fields.
    public var event: Scenario.EventTemplate
    /// Decimal places used to print a numeric `value` (the sensor's resolution).
    public var valueDecimals: Int?

    /// Creates an event.
    public init(time: Double, event: Scenario.EventTemplate, valueDecimals: Int? = nil) {
        self.time = time
        self.event = event
        self.valueDecimals = valueDecimals
    }
}
