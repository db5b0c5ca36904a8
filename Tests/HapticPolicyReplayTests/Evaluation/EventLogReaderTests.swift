import Testing

@testable import HapticPolicy
@testable import HapticPolicyReplay

/// `EventLogReader`: the one place that splits an event log into lines and classifies
/// them, whatever the chunking.
@Suite struct EventLogReaderTests {
    typealias Owned = EventLogReader.OwnedItem

    /// A byte order mark and CRLF on line 1, non-ASCII text, a blank line, a line that is
    /// not JSON, an unclosed string with a cut UTF-8 character, a line out of time order,
    /// a line over the (test) limit of 64 bytes, a blank line of one `\r`, a last line
    /// without `\n`.
    static let limit = 64
    static let log: [UInt8] =
        [0xEF, 0xBB, 0xBF] + Array(#"{"t":0,"event":"screen.enter"}"#.utf8) + [0x0D, 0x0A]
        + Array("{\"t\":1,\"event\":\"plant.found\",\"subject\":\"gr\u{00F8}nn \u{1F331}\"}\n".utf8)
        + Array(" \t\n".utf8)
        + Array("not json\n".utf8)
        + Array(#"{"t":2,"event":""#.utf8) + [0xE2, 0x82] + Array("\n".utf8)
        + Array(#"{"t":0.5,"event":"button.tap"}"#.utf8) + [0x0A]
        + Array(#"{"t":3,"event":"shutter","note":""#.utf8) + Array(repeating: UInt8(ascii: "x"), count: 80)
        + Array("\"}\n".utf8)
        + [0x0D, 0x0A]
        + Array(#"{"t":4,"event":"moisture.sample","value":12}"#.utf8)

    static func read(_ chunks: [[UInt8]], limit: Int = EventLogReaderTests.limit) -> [Owned] {
        var reader = EventLogReader(lineLimit: limit)
        var items: [Owned] = []
        for chunk in chunks {
            chunk.withUnsafeBufferPointer {
                reader.consume($0) {
                    items.append(Owned($0))
                    return true
                }
            }
        }
        reader.finish {
            items.append(Owned($0))
            return true
        }
        return items
    }

    /// What kind of item each is, and its line: a compact view for expectations.
    static func kinds(_ items: [Owned]) -> [String] {
        items.map { item in
            switch item {
            case .record(let line, _, _, _, _): "\(line) record"
            case .blank(let line): "\(line) blank"
            case .invalid(let problem): "\(problem.line) \(problem.reason.rawValue) col \(problem.column)"
            }
        }
    }

    @Test func classifiesEveryLineOnce() throws {
        let items = EventLogReader.items(Self.log, lineLimit: Self.limit)
        #expect(
            Self.kinds(items) == [
                "1 record", "2 record", "3 blank", "4 bad-json col 1", "5 bad-json col 16", "6 time-backwards col 6",
                "7 line-too-long col 1", "8 blank", "9 record",
            ])
        guard case .record(_, let first, let t, let event, let subject) = items[0] else {
            Issue.record("line 1")
            return
        }
        #expect(first.name == "screen.enter")
        #expect(t == Array("0".utf8))
        #expect(event == Array(#""screen.enter""#.utf8), "tokens are located after the byte order mark")
        #expect(subject == nil)
        guard case .record(_, let second, _, _, let secondSubject) = items[1] else {
            Issue.record("line 2")
            return
        }
        #expect(second.subject == "gr\u{00F8}nn \u{1F331}")
        #expect(secondSubject == Array("\"gr\u{00F8}nn \u{1F331}\"".utf8))
        guard case .invalid(let backwards) = items[5] else {
            Issue.record("line 6")
            return
        }
        #expect(backwards.message == "t 0.5 is before the previous line's 1; keep the log in time order")
        #expect(backwards.t == 0.5)
        #expect(backwards.event == "button.tap")
        guard case .invalid(let long) = items[6] else {
            Issue.record("line 7")
            return
        }
        #expect(long.message.contains("longer than 64 bytes"))
        #expect(long.t == nil && long.event == nil)
    }

    @Test(arguments: 0...EventLogReaderTests.log.count)
    func everySplitPointGivesTheSameItems(offset: Int) {
        let whole = EventLogReader.items(Self.log, lineLimit: Self.limit)
        let split = Self.read([Array(Self.log[..<offset]), Array(Self.log[offset...])])
        #expect(split == whole, "split at byte \(offset)")
    }

    @Test func oneByteChunksGiveTheSameItems() {
        let whole = EventLogReader.items(Self.log, lineLimit: Self.limit)
        #expect(Self.read(Self.log.map { [$0] }) == whole)
    }

    @Test func crlfReadsLikeLF() {
        let lf = Array("{\"t\":1,\"event\":\"a\"}\n\n{\"t\":2,\"event\":\"b\",\"subject\":\"s\"}\n".utf8)
        let crlf = Array("{\"t\":1,\"event\":\"a\"}\r\n\r\n{\"t\":2,\"event\":\"b\",\"subject\":\"s\"}\r\n".utf8)
        #expect(Self.kinds(EventLogReader.items(crlf)) == ["1 record", "2 blank", "3 record"])
        #expect(EventLogReader.items(crlf) == EventLogReader.items(lf))
        // A lone `\r` line is blank, however it is chunked.
        #expect(Self.read([[0x0D], [0x0A], [0x0D]]) == [.blank(line: 1), .blank(line: 2)])
    }

    @Test func aByteOrderMarkIsSkippedOnlyAtTheStart() {
        let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
        let line = Array(#"{"t":1,"event":"a"}"#.utf8)
        #expect(Self.kinds(EventLogReader.items(bom + line + [0x0A] + bom + line)) == ["1 record", "2 bad-json col 1"])
        #expect(Self.kinds(EventLogReader.items(bom)) == ["1 blank"])
    }

    @Test func emptyInputHasNoItemsAndEveryNewlineEndsALine() {
        #expect(EventLogReader.items([]).isEmpty)
        #expect(Self.kinds(EventLogReader.items(Array("\n".utf8))) == ["1 blank"])
        #expect(Self.kinds(EventLogReader.items(Array("\n\n".utf8))) == ["1 blank", "2 blank"])
    }

    @Test func timeMayStayButNotGoBackAndInvalidLinesDoNotMoveTheClock() {
        let log = """
            {"t":1,"event":"a"}
            {"t":1,"event":"b"}
            {"t":9,"event":"c"
            {"t":0.5,"event":"d"}
            {"t":2,"event":"e"}
            """
        #expect(
            Self.kinds(EventLogReader.items(Array(log.utf8))) == [
                "1 record", "2 record", "3 bad-json col 19", "4 time-backwards col 6", "5 record",
            ])
    }

    @Test func theLimitIsOnTheBytesBetweenNewlines() {
        let limit = 32
        func line(_ length: Int) -> [UInt8] {
            let head = Array(#"{"t":1,"event":""#.utf8)
            let tail = Array(#""}"#.utf8)
            return head + Array(repeating: UInt8(ascii: "e"), count: length - head.count - tail.count) + tail
        }
        #expect(line(limit).count == limit)
        #expect(Self.kinds(EventLogReader.items(line(limit) + [0x0A], lineLimit: limit)) == ["1 record"])
        #expect(
            Self.kinds(EventLogReader.items(line(limit + 1) + [0x0A], lineLimit: limit)) == ["1 line-too-long col 1"])
        // Without a final newline too, and the `\r` counts.
        #expect(Self.kinds(EventLogReader.items(line(limit), lineLimit: limit)) == ["1 record"])
        #expect(
            Self.kinds(EventLogReader.items(line(limit) + [0x0D, 0x0A], lineLimit: limit)) == ["1 line-too-long col 1"])
    }

    /// An over-long line in the middle, at the real limit: one invalid item, and the
    /// lines after it are read.
    @Test func anOverLongLineInTheMiddleIsOneInvalidItem() {
        let long =
            Array(#"{"t":1,"event":"a","note":""#.utf8)
            + Array(repeating: UInt8(ascii: "x"), count: EventLogReader.maxLineLength) + Array("\"}\n".utf8)
        let log =
            Array("{\"t\":0,\"event\":\"screen.enter\"}\n".utf8) + long
            + Array("{\"t\":2,\"event\":\"b\"}\n\n{\"t\":3,\"event\":\"c\"}".utf8)
        let expected = ["1 record", "2 line-too-long col 1", "3 record", "4 blank", "5 record"]
        #expect(Self.kinds(EventLogReader.items(log)) == expected)
        for size in [1000, 1 << 16, 1 << 20, 3 << 20] {
            let chunks = stride(from: 0, to: log.count, by: size).map { Array(log[$0..<min($0 + size, log.count)]) }
            #expect(Self.kinds(Self.read(chunks, limit: EventLogReader.maxLineLength)) == expected, "chunks of \(size)")
        }
    }

    /// A line that never ends (`/dev/zero`): the reader reports it once, as soon as it is
    /// over the limit, and from then on holds nothing; before that, never more than the limit.
    @Test func aLineThatNeverEndsIsHeldToTheLimit() {
        var reader = EventLogReader()
        var items: [Owned] = []
        let chunk = [UInt8](repeating: 0, count: 48 << 10)
        var largestCarry = 0
        var largestCapacity = 0
        var reportedAfter: Int?
        for index in 0..<100 {
            chunk.withUnsafeBufferPointer {
                reader.consume($0) {
                    items.append(Owned($0))
                    return true
                }
            }
            largestCarry = max(largestCarry, reader.carriedByteCount)
            largestCapacity = max(largestCapacity, reader.carriedCapacity)
            if reportedAfter == nil, !items.isEmpty { reportedAfter = (index + 1) * chunk.count }
        }
        #expect(Self.kinds(items) == ["1 line-too-long col 1"])
        #expect(largestCarry <= EventLogReader.maxLineLength)
        #expect(largestCarry > EventLogReader.maxLineLength - chunk.count, "it did carry up to the limit")
        #expect(largestCapacity <= EventLogReader.maxLineLength + 4096, "the buffer is not grown past the limit")
        #expect(reader.carriedByteCount == 0, "the rest of the line is dropped, not kept")
        #expect(reportedAfter.map { $0 <= EventLogReader.maxLineLength + chunk.count } == true)
        // The next line after the newline is read.
        Array("\n{\"t\":1,\"event\":\"a\"}\n".utf8).withUnsafeBufferPointer {
            reader.consume($0) {
                items.append(Owned($0))
                return true
            }
        }
        #expect(Self.kinds(items) == ["1 line-too-long col 1", "2 record"])
    }

    @Test func stoppingLeavesTheRestOfTheChunkUnread() {
        var reader = EventLogReader()
        var seen: [String] = []
        Array("{\"t\":1,\"event\":\"a\"}\nbad\n{\"t\":2,\"event\":\"b\"}\n".utf8).withUnsafeBufferPointer {
            reader.consume($0) { item in
                seen += Self.kinds([Owned(item)])
                if case .invalid = item { return false }
                return true
            }
        }
        #expect(seen == ["1 record", "2 bad-json col 1"])
        #expect(reader.lineCount == 2)
    }
}
