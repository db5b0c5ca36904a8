import Foundation
import HapticPolicy

/// The one reader of JSONL event logs: bytes in, in any chunking, and one item out per
/// line, in order. `eval` (`EventLogEvaluator`), `diff` (`TimedEventLog.Reader`) and the
/// report's session timeline all read logs through it, so they classify every line alike.
///
/// It owns the line rules of `Docs/event-log.md`:
/// - lines end with `\n`; a line, or a UTF-8 character, may straddle two chunks; the last
///   line may lack its `\n`; an empty input has no lines;
/// - a `\r` before the `\n` is ignored, and so is a UTF-8 byte order mark at the start of
///   the input;
/// - a line that is empty or only spaces and tabs is a `blank` item;
/// - a line that is not one JSON object with a number `t` and a string `event` is an
///   `invalid` item with the 1-based column (in Unicode scalars) and a message;
/// - a line whose `t` is smaller than the previous record's is invalid too
///   (`time-backwards`, at the column of its `t`); invalid lines do not move the clock;
/// - a line longer than `maxLineLength` bytes is one invalid item (`line-too-long`),
///   reported as soon as it passes the limit; its bytes up to the next `\n` are dropped
///   unread, so the reader never holds more than the limit, however long the line.
///
/// N lines in give N items out. Records point into the reader's or the chunk's bytes and
/// are valid only during the call that hands them over.
public struct EventLogReader {
    /// The longest line read, in bytes between two newlines (a `\r` and a byte order mark
    /// included): 1 MiB. A real event is well under a kilobyte (the demo log's longest line
    /// is 73 bytes), so 1 MiB leaves room for large `params` or unknown fields a thousand
    /// times over; it is also the chunk size `eval` reads files in, so the partial line it
    /// carries is never larger than one read. Anything longer is not an event log (a
    /// minified JSON array, a binary file, `/dev/zero`), and stopping there keeps the
    /// reader's memory flat.
    public static let maxLineLength = 1 << 20

    /// One line of the log, as the reader classifies it.
    public enum Item {
        /// A readable event line, in time order.
        case record(Record)
        /// An empty line, or only spaces and tabs (1-based line number).
        case blank(line: Int)
        /// A line that cannot be replayed, with where and why.
        case invalid(InvalidLine)
    }

    /// A readable line: the parsed record, its line number and where its tokens are.
    /// `bytes` points into memory the reader does not own past the call that hands the
    /// record over: copy what must be kept.
    public struct Record {
        /// The 1-based line number.
        public let line: Int
        /// The line's bytes, without the `\n`, a `\r` before it or a byte order mark.
        public let bytes: UnsafeBufferPointer<UInt8>
        /// The decoded fields and the byte ranges of `t`, `event` and `subject` in `bytes`.
        public let parsed: EventLogParser.ParsedLine

        /// The decoded fields.
        public var record: TimedEvent { parsed.record }
        /// The `t` number token, as written.
        public var tToken: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(rebasing: bytes[parsed.tText]) }
        /// The `event` string token, quotes and escapes as written.
        public var eventToken: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(rebasing: bytes[parsed.eventText]) }
        /// The `subject` token (a string or `null`) as written, when the line has one.
        public var subjectToken: UnsafeBufferPointer<UInt8>? {
            parsed.subjectText.map { UnsafeBufferPointer(rebasing: bytes[$0]) }
        }
    }

    /// A line that cannot be replayed.
    public struct InvalidLine: Sendable, Hashable {
        /// The 1-based line number.
        public var line: Int
        /// The 1-based column of the problem, in Unicode scalars.
        public var column: Int
        /// `bad-json`, `missing-field`, `bad-field`, `duplicate-field`, `time-backwards` or
        /// `line-too-long`.
        public var reason: LineProblem
        /// What is wrong and how to fix it.
        public var message: String
        /// The line's `t`, when it could be read.
        public var t: Double?
        /// The line's `event`, when it could be read.
        public var event: String?

        /// Creates an invalid line.
        public init(
            line: Int, column: Int, reason: LineProblem, message: String, t: Double? = nil, event: String? = nil
        ) {
            self.line = line
            self.column = column
            self.reason = reason
            self.message = message
            self.t = t
            self.event = event
        }
    }

    /// Lines read so far (blank, invalid and over-long ones included).
    public private(set) var lineCount = 0
    /// The limit this reader applies (`maxLineLength` unless a test asks for less).
    public let lineLimit: Int
    /// Bytes of an unfinished line held between chunks; never more than `lineLimit`.
    public var carriedByteCount: Int { carry.count }
    /// The capacity of the buffer holding them.
    public var carriedCapacity: Int { carry.capacity }

    /// The unfinished line from the previous chunks.
    private var carry: [UInt8] = []
    /// The names read so far, handed out again when read again (`NameInterner`); made
    /// at the first line, so a reader that reads nothing allocates nothing.
    private var names: NameInterner?
    /// Inside an over-long line already reported: bytes are dropped up to the next `\n`.
    private var skipping = false
    /// The `t` of the last record; a smaller `t` is out of order.
    private var lastT = -Double.infinity

    /// Creates a reader with the standard line limit.
    public init() {
        self.lineLimit = Self.maxLineLength
    }

    /// Creates a reader with a smaller line limit, so tests can show the limit at work
    /// without megabyte lines.
    package init(lineLimit: Int) {
        precondition(lineLimit > 0, "a line limit must be positive")
        self.lineLimit = lineLimit
    }

    /// Reads every line the chunk completes and keeps the unfinished last one. `body` gets
    /// each item in order and returns whether to go on: `false` stops at once, and the rest
    /// of the chunk is not read (for `--fail-fast`; feed no more after that).
    public mutating func consume(_ chunk: UnsafeBufferPointer<UInt8>, _ body: (Item) -> Bool) {
        guard let base = chunk.baseAddress else { return }
        let count = chunk.count
        var start = 0
        while start < count {
            let newline = Self.newline(in: base + start, count - start).map { start + $0 }
            if skipping {
                guard let newline else { return }
                skipping = false
                start = newline + 1
                continue
            }
            let end = newline ?? count
            if carry.isEmpty {
                if end - start > lineLimit {
                    guard tooLong(body) else { return }
                    guard let newline else {
                        skipping = true
                        return
                    }
                    start = newline + 1
                    continue
                }
                guard let newline else {
                    append(UnsafeBufferPointer(rebasing: chunk[start..<end]))
                    return
                }
                guard classify(UnsafeBufferPointer(rebasing: chunk[start..<newline]), body) else { return }
                start = newline + 1
            } else {
                if carry.count + (end - start) > lineLimit {
                    carry.removeAll(keepingCapacity: true)
                    guard tooLong(body) else { return }
                    guard let newline else {
                        skipping = true
                        return
                    }
                    start = newline + 1
                    continue
                }
                append(UnsafeBufferPointer(rebasing: chunk[start..<end]))
                guard let newline else { return }
                guard classifyCarry(body) else { return }
                start = newline + 1
            }
        }
    }

    /// Reads the last line when the input does not end with `\n`.
    public mutating func finish(_ body: (Item) -> Bool) {
        skipping = false
        guard !carry.isEmpty else { return }
        _ = classifyCarry(body)
    }

    /// Reads a whole log given at once and returns its items, copied (for tests and small
    /// inputs; consumers that stream use `consume`).
    package static func items(_ bytes: [UInt8], lineLimit: Int = maxLineLength) -> [OwnedItem] {
        var reader = EventLogReader(lineLimit: lineLimit)
        var items: [OwnedItem] = []
        bytes.withUnsafeBufferPointer { all in
            reader.consume(all) {
                items.append(OwnedItem($0))
                return true
            }
        }
        reader.finish {
            items.append(OwnedItem($0))
            return true
        }
        return items
    }

    /// An item with its record's tokens copied out, to compare and keep.
    package enum OwnedItem: Equatable {
        /// A readable line: its number, fields and the `t`, `event` and `subject` tokens.
        case record(line: Int, record: TimedEvent, t: [UInt8], event: [UInt8], subject: [UInt8]?)
        /// A blank line.
        case blank(line: Int)
        /// A line that cannot be replayed.
        case invalid(InvalidLine)

        /// Copies an item out of the reader's memory.
        package init(_ item: Item) {
            switch item {
            case .record(let r):
                self = .record(
                    line: r.line, record: r.record, t: Array(r.tToken), event: Array(r.eventToken),
                    subject: r.subjectToken.map(Array.init))
            case .blank(let line): self = .blank(line: line)
            case .invalid(let invalid): self = .invalid(invalid)
            }
        }
    }

    /// Appends to the carried line, growing its buffer no further than the limit.
    private mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        let needed = carry.count + bytes.count
        if needed > carry.capacity {
            carry.reserveCapacity(Swift.min(lineLimit, Swift.max(needed, carry.capacity * 2)))
        }
        carry.append(contentsOf: bytes)
    }

    /// Classifies the carried line, then empties the carry (keeping its buffer).
    private mutating func classifyCarry(_ body: (Item) -> Bool) -> Bool {
        var line: [UInt8] = []
        swap(&line, &carry)
        let goOn = line.withUnsafeBufferPointer { classify($0, body) }
        line.removeAll(keepingCapacity: true)
        swap(&line, &carry)
        return goOn
    }

    /// Reports the current line as over-long.
    private mutating func tooLong(_ body: (Item) -> Bool) -> Bool {
        lineCount += 1
        return body(
            .invalid(
                InvalidLine(
                    line: lineCount, column: 1, reason: .lineTooLong,
                    message: "the line is longer than \(lineLimit) bytes, the most one event may take; "
                        + "put one JSON object per line, each ending with a newline (is this file an event log?)")))
    }

    /// Classifies one complete line (without its `\n`).
    @inline(__always)
    private mutating func classify(_ raw: UnsafeBufferPointer<UInt8>, _ body: (Item) -> Bool) -> Bool {
        lineCount += 1
        let lineNumber = lineCount
        var line = raw
        if let last = line.last, last == 0x0D { line = UnsafeBufferPointer(rebasing: line.dropLast()) }
        // A UTF-8 byte order mark some editors put at the start of the file.
        if lineNumber == 1, line.count >= 3, line[0] == 0xEF, line[1] == 0xBB, line[2] == 0xBF {
            line = UnsafeBufferPointer(rebasing: line.dropFirst(3))
        }
        if line.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { return body(.blank(line: lineNumber)) }
        // The JSON reader is used directly (not through `EventLogParser.parse`): no `Result`
        // to wrap and unwrap, so the parsed strings are not copied on the hot path.
        if names == nil { names = NameInterner() }
        var reader = JSONReader(bytes: line, names: names)
        let parsed: EventLogParser.ParsedLine
        do {
            parsed = try reader.readRecord()
        } catch {
            return body(
                .invalid(
                    InvalidLine(
                        line: lineNumber, column: EventLogParser.column(of: error.offset, in: line),
                        reason: error.reason,
                        message: error.message, t: reader.t, event: reader.event)))
        }
        let t = parsed.record.t
        guard t >= lastT else {
            return body(
                .invalid(
                    InvalidLine(
                        line: lineNumber, column: EventLogParser.column(of: parsed.tText.lowerBound, in: line),
                        reason: .timeBackwards,
                        message:
                            "t \(numberText(t)) is before the previous line's \(numberText(lastT)); keep the log in time order",
                        t: t, event: parsed.record.name)))
        }
        lastT = t
        return body(.record(Record(line: lineNumber, bytes: line, parsed: parsed)))
    }

    /// The offset of the first `\n`, if any.
    @inline(__always)
    private static func newline(in pointer: UnsafePointer<UInt8>, _ count: Int) -> Int? {
        // The C library's `memchr` looks at a vector of bytes at a time: the byte loop it
        // replaces took about 400 instructions a line (callgrind, the bench's log).
        guard count > 0, let found = memchr(pointer, 0x0A, count) else { return nil }
        return UnsafeRawPointer(found) - UnsafeRawPointer(pointer)
    }
}
