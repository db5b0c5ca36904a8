import HapticPolicy

extension TimedEvent {
    /// The event of a log line read by `EventLogParser`.
    public init(_ record: LogRecord) {
        var template = Scenario.EventTemplate(
            name: record.event, screen: record.screen, subject: record.subject, value: record.value,
            speaks: record.speaks ? true : nil, params: record.params)
        template.data = record.data
        self.init(time: record.t, event: template)
    }
}
