import Testing

@testable import HapticPolicy
@testable import HapticPolicyReplay

/// The reader hands a name read again out as the `String` it made the first time
/// (`NameInterner`), and matches known field names by loading eight bytes
/// (`JSONReader.knownKey`). Neither may change what a line reads as.
@Suite struct NameInternerTests {
    /// Each line read alone (a fresh reader, no names kept) and all in one reader (names
    /// kept from line to line) give the same items.
    static func expectSameAsFresh(_ lines: [String], sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        let log = Array(lines.joined(separator: "\n").utf8)
        let together = EventLogReader.items(log)
        var alone: [EventLogReader.OwnedItem] = []
        for (index, line) in lines.enumerated() {
            // Earlier lines as blanks keep line numbers and leave `t` unset.
            let padded = Array((String(repeating: "\n", count: index) + line).utf8)
            alone.append(EventLogReader.items(padded).last!)
        }
        #expect(together == alone, sourceLocation: sourceLocation)
    }

    @Test func aRepeatedNameReadsTheSame() {
        Self.expectSameAsFresh([
            #"{"t":0,"event":"plant.found","screen":"camera","subject":"fern"}"#,
            #"{"t":1,"event":"plant.found","screen":"camera","subject":"fern"}"#,
            #"{"t":2,"event":"moisture.sample","subject":"fern","value":30}"#,
            #"{"t":3,"event":"moisture.sample","subject":"fernz","value":30}"#,
            #"{"t":4,"event":"moisture.sample","subject":"fern","value":30}"#,
        ])
    }

    @Test func escapesAndTheirDecodedTextAreNotConfused() {
        let lines = [
            #"{"t":0,"event":"pl\u0061nt.found"}"#,
            #"{"t":1,"event":"plant.found"}"#,
            #"{"t":2,"event":"pl\u0061nt.found"}"#,
            #"{"t":3,"event":"say \"hi\""}"#,
            #"{"t":4,"event":"say \"hi\""}"#,
            #"{"t":5,"event":"back\\"}"#,
            #"{"t":6,"event":"back\\"}"#,
        ]
        Self.expectSameAsFresh(lines)
        let items = EventLogReader.items(Array(lines.joined(separator: "\n").utf8))
        let events = items.map { item -> String? in
            if case .record(_, let record, _, _, _) = item { record.name } else { nil }
        }
        #expect(
            events == [
                "plant.found", "plant.found", "plant.found", "say \"hi\"", "say \"hi\"", "back\\", "back\\",
            ])
    }

    @Test func aBadNameIsRefusedEveryTime() {
        // Invalid UTF-8 and a control character are never kept, so never handed out.
        var log: [UInt8] = []
        for t in 0..<3 {
            log += Array(#"{"t":\#(t),"event":"a"#.utf8) + [0xC3] + Array("\"}\n".utf8)
            log += Array(#"{"t":\#(t),"event":"b"#.utf8) + [0x01] + Array("\"}\n".utf8)
        }
        let items = EventLogReader.items(log)
        #expect(items.count == 6)
        for item in items {
            guard case .invalid(let problem) = item else {
                Issue.record("expected an invalid line, got \(item)")
                continue
            }
            #expect(problem.reason == .badJSON)
        }
    }

    @Test func longNamesAndManyNamesStillReadRight() {
        // Names longer than the interner keeps, and more names than it has slots.
        let long = String(repeating: "n", count: NameInterner.maxNameLength + 5)
        var lines = [#"{"t":0,"event":"\#(long)"}"#, #"{"t":1,"event":"\#(long)"}"#]
        for i in 0..<600 { lines.append(#"{"t":\#(i + 2),"event":"e\#(i % 300)","subject":"s\#(i % 7)"}"#) }
        Self.expectSameAsFresh(lines)
    }

    @Test func everyKnownFieldNameIsMatchedByItsWord() {
        let known: [(String, JSONReader.Key)] = [
            ("t", .t), ("event", .event), ("screen", .screen), ("subject", .subject), ("value", .value),
            ("speaks", .speaks), ("params", .params), ("data", .data),
        ]
        func word(_ text: String) -> UInt64 {
            var bytes = Array(text.utf8)
            bytes += Array(repeating: UInt8(ascii: ":"), count: max(0, 8 - bytes.count))
            return bytes.prefix(8).enumerated().reduce(0) { $0 | UInt64($1.element) << (8 * UInt64($1.offset)) }
        }
        for (name, key) in known {
            let found = JSONReader.knownKey(word(name + "\""))
            #expect(found?.0 == key && found?.1 == name.utf8.count, "\(name)")
        }
        // Near misses are not known fields: longer, shorter, another case, another quote.
        for other in ["tt\"", "events\"", "subjects", "Screen\"", "dat\"", "value'", "speak\"", "param\"", "e\""] {
            #expect(JSONReader.knownKey(word(other)) == nil, "\(other)")
        }
    }
}
