import HapticPolicy

extension Session {
    /// Decides an event given by name (a test step, a replayed or simulated log line).
    public mutating func decide(_ timed: TimedEvent) -> Decision {
        let fields = timed.event
        let built = event(
            t: timed.time, name: fields.name, screen: fields.screen, subject: fields.subject,
            value: fields.value, speaks: fields.speaks ?? false,
            params: fields.params)
        return decide(built)
    }
}
