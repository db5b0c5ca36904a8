import HapticPolicyTestSupport
import Testing

@testable import HapticPolicy
@testable import HapticPolicyReplay

@Suite struct EventLogParserTests {
    private func parse(_ text: String) -> Result<TimedEvent, LogLineError> {
        EventLogParser.parse(Array(text.utf8))
    }

    @Test func readsEveryKnownField() throws {
        let record = try parse(
            #"{"t": 1.25, "event": "plant.found", "screen": "camera", "subject": "fern", "value": 42.5, "speaks": true, "params": {"bpm": 120, "mood": "calm"}}"#
        ).get()
        #expect(
            record
                == TimedEvent(
                    t: 1.25, name: "plant.found", screen: "camera", subject: "fern", value: .number(42.5),
                    speaks: true,
                    params: [.init(name: "bpm", value: .number(120)), .init(name: "mood", value: .string("calm"))]))
    }

    @Test func ignoresUnknownFieldsOfAnyShape() throws {
        let record = try parse(
            #"{"t":0,"extra":{"a":[1,2,{"b":null}],"c":"x"},"event":"shutter","n":-1.5e3,"ok":false}"#
        ).get()
        #expect(record.name == "shutter")
        #expect(record.t == 0)
    }

    @Test(arguments: [
        (#""\u00e9t\u00E9""#, "été"),
        (#""\ud83c\udf31 sprout""#, "🌱 sprout"),
        (#""a\"b\\c\/d\n\t""#, "a\"b\\c/d\n\t"),
        (#""植物""#, "植物"),
    ])
    func decodesStringEscapes(json: String, expected: String) throws {
        let record = try parse(#"{"t":1,"event":"#.dropLast(0) + json + "}").get()
        #expect(record.name == expected)
    }

    @Test(arguments: [
        ("0", 0.0), ("-0.5", -0.5), ("12.375", 12.375), ("1e3", 1000.0), ("2.5E-2", 0.025),
        ("0.1", 0.1), ("123456789012345678", 123456789012345678.0), ("3.14159265358979323846", 3.141592653589793),
    ])
    func parsesNumbersExactly(text: String, value: Double) throws {
        #expect(try parse(#"{"event":"x","t":"# + text + "}").get().t == value)
    }

    @Test(arguments: [
        (#"{"t": 1, "event": "x""#, 22, LineProblem.badJSON),
        (#"{"t": 01, "event": "x"}"#, 8, .badJSON),
        (#"{"t": 1, "event": "x",}"#, 23, .badJSON),
        (#"{"t": 1 "event": "x"}"#, 9, .badJSON),
        (#"{"t": 1, "event": "x\q"}"#, 21, .badJSON),
        (#"{"t": 1, "event": "\ud83c"}"#, 26, .badJSON),
        (#"{"event": "x"}"#, 1, .missingField),
        (#"{"t": 2}"#, 1, .missingField),
        (#"{"t": "2", "event": "x"}"#, 7, .badField),
        (#"{"t": 1, "event": "x", "speaks": "yes"}"#, 34, .badField),
        (#"{"t": 1, "event": "x"} trailing"#, 24, .badJSON),
        (#"[1, 2]"#, 1, .badJSON),
        (#"{"t": 1, "event": "植物", "value": tru}"#, 34, .badJSON),
    ])
    func malformedLinesNameTheColumn(text: String, column: Int, reason: LineProblem) {
        guard case .failure(let error) = parse(text) else {
            Issue.record("expected a failure for \(text)")
            return
        }
        #expect(error.column == column, "\(error.message)")
        #expect(error.reason == reason)
        #expect(!error.message.isEmpty)
        #expect(error.message.first?.isUppercase == false)
    }

    /// A field written twice is not taken last-wins: the line is invalid, at the second
    /// name, whether the name is spelled plainly or with escapes.
    @Test(arguments: [
        (#"{"t":6,"event":"x","t":9}"#, 20, "'t'"),
        (#"{"event":"x","t":1,"event":"y"}"#, 20, "'event'"),
        (#"{"t":1,"event":"x","value":1,"v\u0061lue":2}"#, 30, "'value'"),
        (#"{"t":1,"event":"x","extra":1,"extra":2}"#, 30, "'extra'"),
        (#"{"t":1,"event":"x","params":{"bpm":1,"bpm":2}}"#, 38, "'bpm'"),
        (#"{"t":1,"event":"植物","screen":"a","screen":"b"}"#, 34, "'screen'"),
    ])
    func aFieldWrittenTwiceIsInvalidAtTheSecondName(text: String, column: Int, name: String) {
        guard case .failure(let error) = parse(text) else {
            Issue.record("expected a failure for \(text)")
            return
        }
        #expect(error.reason == .duplicateField)
        #expect(error.column == column, "\(error.message)")
        #expect(error.message.contains(name), "\(error.message)")
    }

    /// A line just under 1 MiB whose `data` holds ~90,000 distinct keys, then `tail`.
    private func wideDataLine(_ tail: String) -> String {
        var line = #"{"t":1,"event":"turn","data":{"#
        var n = 0
        while line.utf8.count < EventLogReader.maxLineLength - 64 {
            line += n == 0 ? #""k\#(n)":0"# : #","k\#(n)":0"#
            n += 1
        }
        return line + tail + "}}"
    }

    /// The duplicate check of `data` and `params` is linear: a scan of the names read so
    /// far per name took ~30 s for one such line.
    @Test func aOneMebibyteLineOfDistinctDataKeysIsReadInLinearTime() throws {
        let clock = ContinuousClock()
        let started = clock.now
        let record = try parse(wideDataLine("")).get()
        let twice = wideDataLine(#","k7":1"#)
        let refused = parse(twice)
        let elapsed = clock.now - started
        print("EventLogParserTests: two ~1 MiB data lines read in \(elapsed)")
        #expect(record.data.count > 80_000)
        #expect(record.data.first?.name == "k0")
        guard case .failure(let error) = refused else {
            Issue.record("expected duplicate-field")
            return
        }
        #expect(error.reason == .duplicateField)
        #expect(error.message == "data field 'k7' is written twice in 'data'; keep one")
        #expect(error.column == twice.utf8.count - #","k7":1}}"#.utf8.count + 2)
        #expect(elapsed < .seconds(10), "two 1 MiB lines took \(elapsed)")
    }

    /// Different fields, and the same name nested in different objects, are not duplicates.
    @Test func distinctFieldsAreNotDuplicates() throws {
        let record = try parse(#"{"t":1,"event":"x","extra":{"t":2,"event":"y"},"params":{"t":3}}"#).get()
        #expect(record.t == 1)
        #expect(record.name == "x")
    }

    @Test func invalidUTF8InAStringIsAnError() {
        let line: [UInt8] = Array(#"{"t":1,"event":"ab"#.utf8) + [0xFF, 0xC3] + Array(#""}"#.utf8)
        guard case .failure(let error) = EventLogParser.parse(line) else {
            Issue.record("expected a failure")
            return
        }
        #expect(error.reason == .badJSON)
        #expect(error.column == 16)
        #expect(error.message.contains("UTF-8"))
    }

    /// A number beyond the largest `Double` reads as infinity: refused wherever it is, with
    /// the column of the number (`bad-field` in a known field, `bad-json` elsewhere), where
    /// `value` and `params` used to take it and ring a band with +∞.
    @Test(arguments: [
        (#"{"t": 1e400, "event": "x"}"#, 7, LineProblem.badField),
        (#"{"t": 1, "event": "x", "value": 1e400}"#, 33, .badField),
        (#"{"t": 1, "event": "x", "value": -1.5e309}"#, 33, .badField),
        (#"{"t": 1, "event": "x", "params": {"bpm": 1e999}}"#, 42, .badField),
        (#"{"t": 1, "event": "x", "extra": [0, 1e400]}"#, 37, .badJSON),
    ])
    func nonFiniteNumbersAreInvalidWithTheirColumn(text: String, column: Int, reason: LineProblem) {
        guard case .failure(let error) = parse(text) else {
            Issue.record("expected a failure for \(text)")
            return
        }
        #expect(error.column == column, "\(error.message)")
        #expect(error.reason == reason)
        #expect(error.message.contains("too large"), "\(error.message)")
    }

    /// The largest finite numbers are still numbers.
    @Test func theLargestFiniteNumbersAreAccepted() throws {
        #expect(
            try parse(#"{"t": 1, "event": "x", "value": 1.7976931348623157e308}"#).get().value
                == .number(.greatestFiniteMagnitude))
        #expect(try parse(#"{"t": -1.7976931348623157e308, "event": "x"}"#).get().t == -.greatestFiniteMagnitude)
    }

    /// Invalid UTF-8 inside a field name that is not one of the known fields (the fast
    /// path matches names on bytes) is refused at the name's opening quote.
    @Test func invalidUTF8InAnUnknownFieldNameIsAnError() {
        let line: [UInt8] = Array(#"{"t":1,"event":"x","k"#.utf8) + [0xC3, 0x28] + Array(#"y":1}"#.utf8)
        guard case .failure(let error) = EventLogParser.parse(line) else {
            Issue.record("expected a failure")
            return
        }
        #expect(error.reason == .badJSON)
        #expect(error.column == 20)
        #expect(error.message.contains("UTF-8"))
        // Valid UTF-8 in an unknown name is fine.
        #expect((try? parse(#"{"t":1,"event":"x","植物":1}"#).get())?.name == "x")
    }

    @Test func deepNestingIsAnErrorNotACrash() {
        let text = #"{"t":1,"event":"x","deep":"# + String(repeating: "[", count: 10_000) + "}"
        guard case .failure(let error) = parse(text) else {
            Issue.record("expected a failure")
            return
        }
        #expect(error.message.contains("nested"))
    }
}

@Suite struct EventLogFuzzTests {
    /// A deterministic generator, so a failure reproduces.
    struct Generator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return state >> 33
        }
        mutating func below(_ n: Int) -> Int { Int(next() % UInt64(n)) }
    }

    static let seeds = [
        #"{"t":1.5,"event":"plant.found","screen":"camera","subject":"fern","speaks":true}"#,
        #"{"t":2,"event":"moisture.sample","value":-12.5e-1,"params":{"bpm":120,"deep":[1,{"a":null}]}}"#,
        #"{"t":3,"event":"\u690d\u7269 \ud83c\udf31","value":"a\"b\\c"}"#,
    ]

    /// Mutated lines (bytes flipped, dropped, duplicated, truncated) never crash or hang,
    /// and every line still gets exactly one decision.
    @Test func mutatedLinesAlwaysGetOneDecisionEach() {
        var random = Generator(state: 20_261_130)
        var log: [UInt8] = []
        var lineCount = 0
        let alphabet = Array(#"{}[]":,.-+eE0123456789tfnul\ "#.utf8) + [0x00, 0x1F, 0x7F, 0xC3, 0xFF]
        for _ in 0..<3000 {
            var bytes = Array(Self.seeds[random.below(Self.seeds.count)].utf8)
            for _ in 0..<(1 + random.below(4)) where !bytes.isEmpty {
                let at = random.below(bytes.count)
                switch random.below(4) {
                case 0: bytes[at] = alphabet[random.below(alphabet.count)]
                case 1: bytes.remove(at: at)
                case 2: bytes.insert(alphabet[random.below(alphabet.count)], at: at)
                default: bytes.removeLast(random.below(bytes.count))
                }
            }
            bytes.removeAll { $0 == 0x0A }
            log += bytes + [0x0A]
            lineCount += 1
        }
        let policy = EvaluationFixtures.policy
        var evaluator = EventLogEvaluator(policy: policy, format: DecisionJSONWriter(policy: policy))
        var out: [UInt8] = []
        evaluator.consume(log, into: &out)
        evaluator.finish(into: &out)
        #expect(evaluator.lineCount == lineCount)
        #expect(out.count(where: { $0 == 0x0A }) == lineCount)
        #expect(evaluator.invalidCount > 0)
        #expect(evaluator.invalidCount < lineCount)
    }
}
