import Testing
@testable import HapticPolicy

@Suite struct EventLogParserTests {
    private func parse(_ text: String) -> Result<LogRecord, LogLineError> {
        EventLogParser.parse(Array(text.utf8))
    }

    @Test func readsEveryKnownField() throws {
        let record = try parse(#"{"t": 1.25, "event": "plant.found", "screen": "camera", "subject": "fern", "value": 42.5, "speaks": true, "params": {"bpm": 120, "mood": "calm"}}"#).get()
        #expect(record == LogRecord(
            t: 1.25, event: "plant.found", screen: "camera", subject: "fern", value: .number(42.5), speaks: true,
            params: [.init(name: "bpm", value: .number(120)), .init(name: "mood", value: .string("calm"))]))
    }

    @Test func ignoresUnknownFieldsOfAnyShape() throws {
        let record = try parse(#"{"t":0,"extra":{"a":[1,2,{"b":null}],"c":"x"},"event":"shutter","n":-1.5e3,"ok":false}"#).get()
        #expect(record.event == "shutter")
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
        #expect(record.event == expected)
    }

    @Test(arguments: [
        ("0", 0.0), ("-0.5", -0.5), ("12.375", 12.375), ("1e3", 1000.0), ("2.5E-2", 0.025),
        ("0.1", 0.1), ("123456789012345678", 123456789012345678.0), ("3.14159265358979323846", 3.141592653589793),
    ])
    func parsesNumbersExactly(text: String, value: Double) throws {
        #expect(try parse(#"{"event":"x","t":"# + text + "}").get().t == value)
    }

    @Test(arguments: [
        (#"{"t": 1, "event": "x""#, 22, Reason.badJSON),
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
    func malformedLinesNameTheColumn(text: String, column: Int, reason: Reason) {
        guard case .failure(let error) = parse(text) else {
            Issue.record("expected a failure for \(text)")
            return
        }
        #expect(error.column == column, "\(error.message)")
        #expect(error.reason == reason)
        #expect(!error.message.isEmpty)
        #expect(error.message.first?.isUppercase == false)
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
