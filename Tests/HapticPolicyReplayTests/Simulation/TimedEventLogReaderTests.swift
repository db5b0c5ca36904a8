import Foundation
import HapticPolicyTestSupport
import Testing

@testable import HapticPolicy
@testable import HapticPolicyReplay

/// `TimedEventLog.Reader` reads a log chunk by chunk exactly as `read` reads it whole.
@Suite struct TimedEventLogReaderTests {
    static let log: [UInt8] =
        [0xEF, 0xBB, 0xBF] + Array(#"{"t":0,"event":"screen.enter","screen":"camera"}"#.utf8) + [0x0D, 0x0A]
        + Array("{\"t\":1,\"event\":\"plant.found\",\"subject\":\"gr\u{00F8}nn \u{1F331}\"}\n\n".utf8)
        + Array(#"{"t":2,"event":"#.utf8) + [0x0A]
        + Array(#"{"t":3,"event":"plant.found","subject":""#.utf8) + [0xE2, 0x82] + Array("\"}\n".utf8)
        + Array(#"{"t":0.5,"event":"button.tap"}"#.utf8) + [0x0A]
        + Array(#"{"t":4,"event":"moisture.sample","subject":"ø","value":12}"#.utf8)

    static func read(_ chunks: [[UInt8]]) -> TimedEventLog {
        var reader = TimedEventLog.Reader(file: "log.jsonl")
        for chunk in chunks { chunk.withUnsafeBufferPointer { reader.consume($0) } }
        return reader.finish()
    }

    @Test func readsTheEventsAndLocatesEveryProblem() {
        let log = TimedEventLog.read(Self.log, file: "log.jsonl")
        #expect(log.events.map(\.name) == ["screen.enter", "plant.found", "moisture.sample"])
        #expect(log.events[1].subject == "gr\u{00F8}nn \u{1F331}")
        #expect(log.events.last?.t == 4)
        // The byte order mark and the CRLF leave line 1 readable; the blank line 3 is skipped.
        #expect(log.problems.map(\.location.line) == [4, 5, 6])
        #expect(log.problems.allSatisfy { $0.code == "HP810" })
        #expect(log.problems[2].message.contains("before the previous line's"))
        #expect(log.problems[2].location.column == 6, "at the t, as eval says")
    }

    /// `diff` reports every unreadable line at the line and column, and with the message,
    /// that `eval` gives it.
    @Test func problemsAreTheInvalidDecisionsOfEval() throws {
        let policy = EvaluationFixtures.policy
        var evaluator = EventLogEvaluator(policy: policy, format: DecisionJSONWriter(policy: policy))
        var out: [UInt8] = []
        evaluator.consume(Self.log, into: &out)
        evaluator.finish(into: &out)
        let decisions = try String(decoding: out, as: UTF8.self).split(separator: "\n").map { line in
            try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        }
        let invalid = decisions.filter { $0["action"] as? String == "invalid" }.map { decision in
            "\(decision["line"] as? Int ?? 0):\(decision["column"] as? Int ?? 0): \(decision["note"] as? String ?? "")"
        }
        let problems = TimedEventLog.read(Self.log, file: "log.jsonl").problems.map {
            "\($0.location.line):\($0.location.column): \($0.message)"
        }
        #expect(invalid.count == 3)
        #expect(problems == invalid)
        // Every other line that is not blank is an event.
        let replayed = decisions.filter {
            $0["action"] as? String != "invalid" && $0["reason"] as? String != "blank-line"
        }
        #expect(
            TimedEventLog.read(Self.log, file: "log.jsonl").events.map(\.t)
                == replayed.compactMap { $0["t"] as? Double })
    }

    @Test(arguments: 1..<TimedEventLogReaderTests.log.count)
    func twoChunksSplitAnywhereReadLikeTheWhole(offset: Int) {
        let whole = TimedEventLog.read(Self.log, file: "log.jsonl")
        let split = Self.read([Array(Self.log[..<offset]), Array(Self.log[offset...])])
        #expect(split.events == whole.events, "split at byte \(offset)")
        #expect(split.problems == whole.problems, "split at byte \(offset)")
    }

    @Test func oneByteChunksReadLikeTheWhole() {
        let whole = TimedEventLog.read(Self.log, file: "log.jsonl")
        let bytes = Self.read(Self.log.map { [$0] })
        #expect(bytes.events == whole.events)
        #expect(bytes.problems == whole.problems)
    }

    @Test func anEmptyLogHasNoEventsAndNoProblems() {
        let log = Self.read([])
        #expect(log.events.isEmpty)
        #expect(log.problems.isEmpty)
    }
}
