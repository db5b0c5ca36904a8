/// A JSONL event log read whole for replay (`diff`): the events, and a located
/// diagnostic for every line that could not be read (those lines are not replayed).
public struct TimedEventLog: Sendable {
    /// The readable events, in order.
    public var events: [TimedEvent]
    /// One error per unreadable line (`file:line:column`, code `HP810`).
    public var problems: [Diagnostic]

    /// Reads a log; blank lines are skipped, malformed or backwards lines are reported.
    public static func read(_ bytes: [UInt8], file: String) -> TimedEventLog {
        var log = TimedEventLog(events: [], problems: [])
        var lineNumber = 0
        var lastT = -Double.infinity
        for rawLine in bytes.split(separator: 0x0A, omittingEmptySubsequences: false) {
            lineNumber += 1
            var line = Array(rawLine)
            if line.last == 0x0D { line.removeLast() }
            if line.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { continue }
            switch EventLogParser.parse(line) {
            case .failure(let error):
                log.problems.append(Diagnostic(
                    code: "HP810", severity: .error, message: error.message,
                    at: SourceLocation(file: file, line: lineNumber, column: error.column)))
            case .success(let record):
                guard record.t >= lastT else {
                    log.problems.append(Diagnostic(
                        code: "HP810", severity: .error,
                        message: "t \(numberText(record.t)) is before the previous line's \(numberText(lastT)); keep the log in time order",
                        at: SourceLocation(file: file, line: lineNumber, column: 1)))
                    continue
                }
                lastT = record.t
                log.events.append(TimedEvent(record))
            }
        }
        return log
    }
}
