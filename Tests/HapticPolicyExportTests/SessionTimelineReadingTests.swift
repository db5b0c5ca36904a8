import Foundation
import HapticPolicy
import HapticPolicyCompiler
import HapticPolicyDocument
import HapticPolicyReplay
import HapticPolicyYAML
import Testing

@testable import HapticPolicyExport

/// The report's session timeline reads a log as `eval` does (`EventLogReader`): the same
/// lines are events, the same lines are invalid with the same line, column and message,
/// and its budget entries are the `BudgetMeter`'s.
@Suite struct SessionTimelineReadingTests {
    static let bom: [UInt8] = [0xEF, 0xBB, 0xBF]

    /// A camera visit: the plant found while speaking, two shutters.
    static let visit = """
        {"t":0,"event":"screen.enter","screen":"camera"}
        {"t":1,"event":"plant.found","subject":"monstera","speaks":true}
        {"t":2,"event":"shutter"}

        {"t":3,"event":"shutter"}

        """

    /// One decision of `eval` reduced to what the timeline shows.
    struct Outcome: Equatable, CustomStringConvertible {
        var time: Double
        var event: String
        var what: String
        var description: String { "\(time) \(event) \(what)" }
    }

    /// `eval`'s decisions: plays and silences with their screen, invalid lines with the
    /// timeline's wording; blank lines are left out, as the timeline leaves them out.
    static func evaluated(_ log: [UInt8], document: PolicyDocument, policy: Policy) throws -> [Outcome] {
        var evaluator = EventLogEvaluator(policy: policy, format: DecisionJSONWriter(policy: policy))
        var out: [UInt8] = []
        evaluator.consume(log, into: &out)
        evaluator.finish(into: &out)
        return try String(decoding: out, as: UTF8.self).split(separator: "\n").compactMap { line in
            let decision = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            let lineNumber = decision["line"] as? Int ?? 0
            let t = decision["t"] as? Double
            let event = decision["event"] as? String
            switch decision["action"] as? String {
            case "invalid":
                // Only the wording is compared: an unreadable line has no time of its own.
                return Outcome(
                    time: 0, event: event ?? "(line \(lineNumber))",
                    what:
                        "invalid line \(lineNumber), column \(decision["column"] as? Int ?? 0): \(decision["note"] as? String ?? "")"
                )
            case "play":
                return Outcome(
                    time: t ?? -1, event: event ?? "", what: "play on \(decision["screen"] as? String ?? "-")")
            default:
                guard decision["reason"] as? String != "blank-line" else { return nil }
                return Outcome(
                    time: t ?? -1, event: event ?? "", what: "silent on \(decision["screen"] as? String ?? "-")")
            }
        }
    }

    /// The timeline's entries in the same terms (budget entries are not decisions).
    static func timeline(_ log: [UInt8], policy: Policy) -> [Outcome] {
        ReportTimelineEntry.session(policy: policy, log: log).compactMap { entry in
            switch entry.kind {
            case .budget: return nil
            case .play: return Outcome(time: entry.time, event: entry.event, what: "play on \(entry.screen ?? "-")")
            case .band where !entry.detail.contains(": silent ("):
                return Outcome(time: entry.time, event: entry.event, what: "play on \(entry.screen ?? "-")")
            case .other where entry.detail.hasPrefix("invalid line "):
                return Outcome(time: 0, event: entry.event, what: entry.detail)
            default: return Outcome(time: entry.time, event: entry.event, what: "silent on \(entry.screen ?? "-")")
            }
        }
    }

    static func expectAgreement(_ log: [UInt8], sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
        let document = try Shipped.policy("plavo")
        let policy = try Policy(compiling: document)
        let eval = try evaluated(log, document: document, policy: policy)
        let report = timeline(log, policy: policy)
        #expect(report == eval, sourceLocation: sourceLocation)
    }

    @Test func aLogStartingWithAByteOrderMarkReadsAsEvalReadsIt() throws {
        let log = Self.bom + Array(Self.visit.utf8)
        try Self.expectAgreement(log)
        let document = try Shipped.policy("plavo")
        let entries = ReportTimelineEntry.session(policy: try Policy(compiling: document), log: log)
        #expect(!entries.contains { $0.detail.hasPrefix("invalid") })
        #expect(entries.filter { $0.kind == .play }.map(\.screen) == ["camera", "camera", "camera"])
    }

    @Test func aLineGoingBackInTimeIsInvalidAsInEval() throws {
        let log = Array((Self.visit + #"{"t":2.5,"event":"shutter"}"# + "\n" + #"{"t":4,"event":"shutter"}"#).utf8)
        try Self.expectAgreement(log)
        let document = try Shipped.policy("plavo")
        let entries = ReportTimelineEntry.session(policy: try Policy(compiling: document), log: log)
        #expect(
            entries.filter { $0.detail.hasPrefix("invalid") }.map(\.detail)
                == ["invalid line 6, column 6: t 2.5 is before the previous line's 3; keep the log in time order"])
        #expect(entries.filter { $0.kind == .play }.map(\.time) == [1, 2, 3, 4])
    }

    @Test func crlfBrokenAndOverLongLinesReadAsEvalReadsThem() throws {
        let long =
            #"{"t":3.5,"event":"shutter","note":""# + String(repeating: "x", count: EventLogReader.maxLineLength)
            + #""}"#
        let log =
            Self.visit.replacingOccurrences(of: "\n", with: "\r\n") + "not json\r\n" + long + "\n"
            + #"{"t":4,"event":"shutter"}"#
        try Self.expectAgreement(Array(log.utf8))
    }

    @Test func theDemoSessionReadsAsEvalReadsIt() throws {
        let log = try #require(
            FileManager.default.contents(atPath: Shipped.root.appendingPathComponent("Policies/logs/demo.jsonl").path))
        try Self.expectAgreement(Array(log))
    }

    /// Budget entries mark every ring the meter says put a budget over its maximum, inside
    /// the breach `eval` reports.
    @Test func budgetEntriesAreTheMetersOverruns() throws {
        let document = try Shipped.policy("plavo")
        let policy = try Policy(compiling: document)
        let shutters = (0..<9).map { #"{"t":\#(2 + $0),"event":"shutter"}"# }
        let log = Array(
            ([#"{"t":0,"event":"screen.enter","screen":"camera"}"#] + shutters).joined(separator: "\n").utf8)
        let entries = ReportTimelineEntry.session(policy: policy, log: log)
        let budget = entries.filter { $0.kind == .budget }
        #expect(budget.map(\.detail) == [7, 8, 9].map { "\($0) rings in 10 s, over the budget of 6" })
        #expect(budget.map(\.time) == [8, 9, 10])
        #expect(budget.allSatisfy { $0.cites == ["B-1"] && $0.screen == "camera" })
        var evaluator = EventLogEvaluator(policy: policy, format: DecisionJSONWriter(policy: policy))
        evaluator.budgetMeter = BudgetMeter(policy: policy)
        var out: [UInt8] = []
        evaluator.consume(log, into: &out)
        evaluator.finish(into: &out)
        let breaches = evaluator.budgetMeter?.breaches ?? []
        #expect(breaches.map(\.description) == ["B-1: 9 rings on screen camera within 10 s (max 6), 2 s to 10 s"])
    }
}
