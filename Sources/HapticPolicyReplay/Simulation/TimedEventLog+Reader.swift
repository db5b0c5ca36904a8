import HapticPolicy
import HapticPolicyCompiler

extension TimedEventLog {
    /// Reads a JSONL log chunk by chunk (any chunking: a line, or a UTF-8 character, may
    /// straddle two chunks), holding at most one partial line besides the events read.
    /// Lines are read by `EventLogReader`, exactly as `eval` reads them: blank lines are
    /// skipped; every invalid line (malformed, out of time order, over-long) becomes an
    /// `HP810` error at the line and column `eval` gives, with the same message.
    public struct Reader {
        /// What has been read so far.
        public private(set) var log = TimedEventLog(events: [], problems: [])
        private let file: String
        private var lines = EventLogReader()

        /// Creates a reader; `file` names the log in diagnostics.
        public init(file: String) {
            self.file = file
        }

        /// Reads every complete line of the chunk and keeps the partial last one.
        public mutating func consume(_ chunk: UnsafeBufferPointer<UInt8>) {
            var log = self.log
            self.log = TimedEventLog(events: [], problems: [])
            let file = file
            lines.consume(chunk) { Self.add($0, to: &log, file: file) }
            self.log = log
        }

        /// Reads the last line when it has no trailing newline and returns the log.
        public mutating func finish() -> TimedEventLog {
            var log = self.log
            self.log = TimedEventLog(events: [], problems: [])
            let file = file
            lines.finish { Self.add($0, to: &log, file: file) }
            self.log = log
            return log
        }

        private static func add(_ item: EventLogReader.Item, to log: inout TimedEventLog, file: String) -> Bool {
            switch item {
            case .record(let line):
                log.events.append(line.record)
            case .blank:
                break
            case .invalid(let problem):
                log.problems.append(
                    DiagnosticCode.logLineUnreadable(
                        problem.message, at: SourceLocation(file: file, line: problem.line, column: problem.column)))
            }
            return true
        }
    }
}
