import HapticPolicy

/// A JSONL event log read for replay (`diff`): the events, and a located
/// diagnostic for every line that could not be read (those lines are not replayed).
public struct TimedEventLog: Sendable {
    /// The readable events, in order.
    public var events: [TimedEvent]
    /// One error per unreadable line (`file:line:column`, code `HP810`).
    public var problems: [Diagnostic]

    /// Reads a whole log; blank lines are skipped, malformed or backwards lines are reported.
    /// (`Reader` reads one chunk at a time.)
    public static func read(_ bytes: [UInt8], file: String) -> TimedEventLog {
        var reader = Reader(file: file)
        bytes.withUnsafeBufferPointer { reader.consume($0) }
        return reader.finish()
    }
}
