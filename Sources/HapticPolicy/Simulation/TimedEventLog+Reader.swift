extension TimedEventLog {
    /// Reads a JSONL log chunk by chunk (any chunking: a line, or a UTF-8 character, may
    /// straddle two chunks), holding at most one partial line besides the events read.
    /// Same line rules as `EventLogEvaluator`: lines end with `\n` (a `\r` before it is
    /// ignored), a UTF-8 byte order mark at the start is skipped, a last line without
    /// `\n` counts, blank lines are skipped.
    public struct Reader {
        /// What has been read so far.
        public private(set) var log = TimedEventLog(events: [], problems: [])
        private let file: String
        private var carry: [UInt8] = []
        private var lineNumber = 0
        private var lastT = -Double.infinity

        /// Creates a reader; `file` names the log in diagnostics.
        public init(file: String) {
            self.file = file
        }

        /// Reads every complete line of the chunk and keeps the partial last one.
        public mutating func consume(_ chunk: UnsafeBufferPointer<UInt8>) {
            var start = 0
            while let newline = chunk[start...].firstIndex(of: 0x0A) {
                if carry.isEmpty {
                    readLine(UnsafeBufferPointer(rebasing: chunk[start..<newline]))
                } else {
                    carry.append(contentsOf: UnsafeBufferPointer(rebasing: chunk[start..<newline]))
                    let line = carry
                    carry.removeAll(keepingCapacity: true)
                    line.withUnsafeBufferPointer { readLine($0) }
                }
                start = newline + 1
            }
            carry.append(contentsOf: UnsafeBufferPointer(rebasing: chunk[start...]))
        }

        /// Reads the last line when it has no trailing newline and returns the log.
        public mutating func finish() -> TimedEventLog {
            if !carry.isEmpty {
                let line = carry
                carry.removeAll()
                line.withUnsafeBufferPointer { readLine($0) }
            }
            return log
        }

        private mutating func readLine(_ raw: UnsafeBufferPointer<UInt8>) {
            lineNumber += 1
            var line = raw
            if let last = line.last, last == 0x0D { line = UnsafeBufferPointer(rebasing: line.dropLast()) }
            if lineNumber == 1, line.count >= 3, line[0] == 0xEF, line[1] == 0xBB, line[2] == 0xBF {
                line = UnsafeBufferPointer(rebasing: line.dropFirst(3))
            }
            if line.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { return }
            switch EventLogParser.parse(line) {
            case .failure(let error):
                log.problems.append(DiagnosticCode.logLineUnreadable(
                    error.message, at: SourceLocation(file: file, line: lineNumber, column: error.column)))
            case .success(let parsed):
                let record = parsed.record
                guard record.t >= lastT else {
                    log.problems.append(DiagnosticCode.logLineUnreadable(
                        "t \(numberText(record.t)) is before the previous line's \(numberText(lastT)); keep the log in time order",
                        at: SourceLocation(file: file, line: lineNumber, column: 1)))
                    return
                }
                lastT = record.t
                log.events.append(TimedEvent(record))
            }
        }
    }
}
