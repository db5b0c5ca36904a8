import Foundation
import HapticPolicyTestSupport
import Testing

@testable import HapticPolicy
@testable import HapticPolicyCompiler
@testable import HapticPolicyDocument
@testable import HapticPolicyReplay

@Suite struct EventLogEvaluatorTests {
    private func run(
        _ log: String, format: (Policy) -> any DecisionFormat = { DecisionJSONWriter(policy: $0) },
        chunk: Int = 7, failFast: Bool = false
    ) -> (lines: [String], evaluator: EventLogEvaluator) {
        let policy = EvaluationFixtures.policy
        var evaluator = EventLogEvaluator(policy: policy, format: format(policy), failFast: failFast)
        var out: [UInt8] = []
        evaluator.header(into: &out)
        let bytes = Array(log.utf8)
        var start = 0
        while start < bytes.count {
            evaluator.consume(Array(bytes[start..<min(start + chunk, bytes.count)]), into: &out)
            start += chunk
        }
        evaluator.finish(into: &out)
        let text = String(decoding: out, as: UTF8.self)
        return (text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init), evaluator)
    }

    private func object(_ line: String) throws -> [String: Any] {
        try #require(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
    }

    static let brokenLog = """
        {"t":0,"event":"screen.enter","screen":"camera"}
        {"t":0.5,"event":"plant.found","speaks":true}
        this is not json

        {"t":0.4,"event":"shutter"}
        {"event":"shutter"}
        {"t":1,"event":"shutter"}\r
        {"t":2,"event":"plant.sneezed"}
        {"t":3,"event":"shutter"
        """

    @Test func nLinesInGiveNDecisionsOutEvenWithBrokenLines() throws {
        let (lines, evaluator) = run(Self.brokenLog)
        #expect(lines.count == 9)
        #expect(evaluator.summary.lines == 9)
        #expect(evaluator.invalidCount == 4)
        let objects = try lines.map(object)
        #expect(objects.map { $0["line"] as? Int } == Array(1...9))
        #expect(
            objects.map { $0["action"] as? String } == [
                "silent", "play", "invalid", "silent", "invalid", "invalid", "play", "silent", "invalid",
            ])
        #expect(objects[3]["reason"] as? String == "blank-line")
        #expect(objects[2]["reason"] as? String == "bad-json")
        #expect(objects[2]["column"] as? Int == 1)
        #expect(objects[4]["reason"] as? String == "time-backwards")
        #expect(objects[4]["column"] as? Int == 6)
        #expect(objects[5]["reason"] as? String == "missing-field")
        #expect(objects[7]["reason"] as? String == "unknown-event")
        #expect(objects[8]["reason"] as? String == "bad-json")
    }

    @Test func timeGoingBackwardsPointsAtTheTimeInScalarColumns() throws {
        let (lines, evaluator) = run("{\"t\":5,\"event\":\"shutter\"}\n{\"event\":\"植物\",\"t\":4}\n")
        #expect(evaluator.invalidCount == 1)
        let second = try object(try #require(lines.last))
        #expect(second["reason"] as? String == "time-backwards")
        #expect(second["column"] as? Int == 19)
        #expect(second["event"] as? String == "植物")
    }

    @Test func aByteOrderMarkAtTheStartIsSkipped() {
        let (lines, evaluator) = run("\u{FEFF}{\"t\":0,\"event\":\"screen.enter\",\"screen\":\"camera\"}\n")
        #expect(lines.count == 1)
        #expect(evaluator.invalidCount == 0)
    }

    @Test func anOverLongLineIsOneInvalidDecisionAndTheRestIsDecided() throws {
        let long =
            #"{"t":1,"event":"shutter","note":""# + String(repeating: "x", count: EventLogReader.maxLineLength) + #""}"#
        let log =
            "{\"t\":0,\"event\":\"screen.enter\",\"screen\":\"camera\"}\n" + long
            + "\n\n{\"t\":2,\"event\":\"shutter\"}"
        let (lines, evaluator) = run(log, chunk: 1 << 16)
        #expect(lines.count == 4)
        let objects = try lines.map(object)
        #expect(objects.map { $0["action"] as? String } == ["silent", "invalid", "silent", "play"])
        #expect(objects[1]["line"] as? Int == 2)
        #expect(objects[1]["column"] as? Int == 1)
        #expect(objects[1]["reason"] as? String == "line-too-long")
        #expect((objects[1]["note"] as? String)?.contains("longer than 1048576 bytes") == true)
        #expect(objects[1]["t"] is NSNull)
        #expect(objects[2]["reason"] as? String == "blank-line")
        #expect(evaluator.invalidCount == 1)
        #expect(evaluator.summary.count(.lineTooLong) == 1)
        #expect(evaluator.summary.lines == 4)
        #expect(evaluator.carriedByteCount == 0)
    }

    @Test func chunkingDoesNotChangeTheOutput() {
        let reference = run(Self.brokenLog, chunk: 1 << 20).lines
        for chunk in [1, 2, 3, 5, 64] {
            #expect(run(Self.brokenLog, chunk: chunk).lines == reference)
        }
    }

    @Test func failFastStopsAtTheFirstInvalidLine() {
        let (lines, evaluator) = run(Self.brokenLog, failFast: true)
        #expect(lines.count == 3)
        #expect(evaluator.stopped)
    }

    @Test func jsonlKeysComeInTheDocumentedOrder() throws {
        let (lines, _) = run(#"{"t":0,"event":"screen.enter","screen":"camera"}"#)
        let keys = try #require(lines.first).matches(of: /"([a-z]+)":/).map { String($0.output.1) }
        #expect(
            keys == [
                "line", "t", "event", "screen", "subject", "action", "feedback", "layer", "render",
                "fallback", "reason", "note", "rule", "directives", "band", "params", "loop",
            ])
    }

    @Test func paramsAndLoopComeLastEvenWithExplain() throws {
        let (lines, _) = run(
            #"{"t":0,"event":"screen.enter","screen":"camera"}"#,
            format: { DecisionJSONWriter(policy: $0, explain: true) })
        let keys = try #require(lines.first).matches(of: /"([a-z]+)":/).map { String($0.output.1) }
        #expect(keys.suffix(4) == ["at", "says", "params", "loop"])
    }

    @Test func jsonlCarriesATemplatesParametersAndLoop() throws {
        let log = """
            {"t":0,"event":"screen.enter","screen":"camera"}
            {"t":1,"event":"metronome.start","params":{"bpm":120}}
            {"t":2,"event":"metronome.start"}
            {"t":3,"event":"shutter"}
            """
        let (lines, _) = run(log)
        #expect(lines[1].hasSuffix(#","params":{"bpm":120},"loop":0.5}"#))
        let defaults = try object(lines[2])
        #expect(defaults["params"] as? [String: Double] == ["bpm": 60])
        #expect(defaults["loop"] as? Double == 1)
        #expect(lines[3].hasSuffix(#","params":null,"loop":null}"#))
    }

    @Test func tableShowsATemplatesParametersAndLoopInRenderAligned() throws {
        let log = """
            {"t":0,"event":"screen.enter","screen":"camera"}
            {"t":1,"event":"metronome.start","params":{"bpm":180}}
            {"t":2,"event":"shutter"}
            """
        let (rows, _) = run(log, format: { DecisionTableWriter(policy: $0, explain: true) })
        #expect(rows[3].contains("pattern:metronome bpm=180 loop=0.333s  "))
        // The RULE column starts at the same display column on every row.
        func start(_ row: Int, _ marker: String) throws -> Int {
            displayWidth(String(rows[row][..<(try #require(rows[row].range(of: marker)).lowerBound)]))
        }
        let rule = try start(0, "RULE")
        #expect(try start(3, "camera/metronome.start") == rule)
        #expect(try start(4, "camera/shutter") == rule)
        #expect(try start(3, "pattern:metronome") == start(0, "RENDER"))
    }

    @Test func jsonlEchoesTimeAndCarriesRenderFallbackAndBand() throws {
        let log = """
            {"t":0.000,"event":"screen.enter","screen":"camera"}
            {"t":0.05,"event":"plant.found","speaks":true}
            {"t":1,"event":"moisture.sample","subject":"fern","value":50}
            {"t":2,"event":"moisture.sample","subject":"fern","value":10}
            """
        let (lines, _) = run(log)
        #expect(lines[0].contains(#""t":0.000,"#))
        #expect(lines[0].contains(#""directives":["prepare-engine"]"#))
        let early = try object(lines[1])
        #expect(early["render"] as? String == "impact.rigid")
        #expect(early["fallback"] as? Bool == true)
        #expect(early["reason"] as? String == "engine-cold")
        let change = try object(lines[3])
        #expect(change["render"] as? String == "pattern:soil.dry")
        #expect((change["band"] as? [String: Any])?["from"] as? String == "ok")
        #expect(change["subject"] as? String == "fern")
    }

    @Test func writtenStringsRoundTripThroughJSONEscapes() throws {
        let name = "odd \"quoted\" \\ name\twith\u{1}control and 植物 🌱 and a long tail past eight bytes"
        let line =
            #"{"t":1,"event":"#
            + String(
                decoding: try JSONSerialization.data(withJSONObject: name, options: .fragmentsAllowed), as: UTF8.self)
            + "}"
        let (lines, _) = run(line)
        let decided = try object(try #require(lines.first))
        #expect(decided["event"] as? String == name)
        #expect(decided["reason"] as? String == "unknown-event")
    }

    @Test func explainAddsTheRuleLocationAndInvariantText() throws {
        let log = """
            {"t":0,"event":"screen.enter","screen":"camera"}
            {"t":1,"event":"plant.found"}
            """
        let (lines, _) = run(log, format: { DecisionJSONWriter(policy: $0, explain: true) })
        let mute = try object(lines[1])
        #expect(mute["at"] as? String == "fixture.yaml:10:3")
        #expect(mute["says"] as? [String] == ["H-4: the plant's feedback only accompanies the plant speaking"])
    }

    @Test func tableAlignsColumnsByDisplayWidth() throws {
        var document = EvaluationFixtures.document
        document.everywhere[0].rows[0].silent = Located("タップのたびには鳴らさない")
        let policy = try Policy(compiling: document)
        var evaluator = EventLogEvaluator(policy: policy, format: DecisionTableWriter(policy: policy, explain: true))
        var out: [UInt8] = []
        evaluator.header(into: &out)
        evaluator.consume(
            Array(
                """
                {"t":0,"event":"screen.enter","screen":"camera"}
                {"t":1,"event":"button.tap"}
                {"t":2,"event":"shutter"}

                """.utf8), into: &out)
        let rows = String(decoding: out, as: UTF8.self).split(separator: "\n").map(String.init)
        #expect(rows.count == 5)
        // The RULE column starts at the same display column on every row.
        let starts = rows.enumerated().compactMap { index, row -> Int? in
            guard index != 1 else { return nil }
            let marker =
                index == 0
                ? "RULE" : index == 2 ? "screens/camera" : index == 3 ? "everywhere/button.tap" : "camera/shutter"
            guard let range = row.range(of: marker) else { return nil }
            return displayWidth(String(row[..<range.lowerBound]))
        }
        #expect(starts.count == 4)
        #expect(Set(starts).count == 1)
    }

    @Test func summaryCountsActionsReasonsAndRingsPerScreen() {
        let log = """
            {"t":0,"event":"screen.enter","screen":"camera"}
            {"t":30,"event":"shutter"}
            {"t":60,"event":"shutter"}
            {"t":60,"event":"button.tap"}
            """
        let summary = run(log).evaluator.summary
        #expect(summary.count(.play) == 2)
        #expect(summary.count(.silent) == 2)
        #expect(summary.count(.designer) == 1)
        #expect(summary.byScreen["camera"]?.plays == 2)
        #expect(summary.byScreen["camera"]?.seconds == 60)
        #expect(summary.byScreen["camera"]?.ringsPerMinute == 2)
        #expect(summary.text.contains("camera"))
    }
}

extension EventLogEvaluatorTests {
    /// Times near ±1.8e308 are valid, but the time between them is more than a `Double`
    /// holds: the summary saturates and never prints `inf` or `nan`.
    @Test func theSummaryNeverPrintsInfinity() {
        let log = """
            {"t":-1.7e308,"event":"screen.enter","screen":"camera"}
            {"t":1.7e308,"event":"shutter"}
            {"t":1.7976931348623157e308,"event":"shutter"}
            """
        let summary = run(log).evaluator.summary
        let camera = summary.byScreen["camera"]
        #expect(camera?.seconds == .greatestFiniteMagnitude)
        #expect(camera?.ringsPerMinute.isFinite == true)
        #expect(!summary.text.contains("inf"), "\(summary.text)")
        #expect(!summary.text.contains("nan"), "\(summary.text)")
    }

    /// Two rings a denormal apart: a rate over no measurable time stays finite.
    @Test func aRateOverATinyTimeIsFinite() {
        var counts = EvalSummary.ScreenCounts()
        counts.plays = 2
        counts.seconds = .leastNonzeroMagnitude
        #expect(counts.ringsPerMinute == .greatestFiniteMagnitude)
        var summary = EvalSummary()
        summary.byScreen["camera"] = counts
        #expect(!summary.text.contains("inf"), "\(summary.text)")
    }
}

@Suite struct EvalSummaryTests {
    /// The summary counts by an exhaustive switch per enum; its positions are `allCases`'.
    @Test func countingPositionsAreTheAllCasesPositions() {
        #expect(LoggedAction.allCases.map(\.summaryIndex) == Array(LoggedAction.allCases.indices))
        #expect(Reason.allCases.map(\.summaryIndex) == Array(Reason.allCases.indices))
        #expect(LineProblem.allCases.map(\.summaryIndex) == Array(LineProblem.allCases.indices))
    }

    @Test func everyActionAndReasonIsCountedUnderItself() {
        let log = """
            {"t":0,"event":"screen.enter","screen":"camera"}
            {"t":1,"event":"shutter"}

            oops
            {"t":0.5,"event":"shutter"}
            {"t":2,"event":"plant.sneezed"}
            """
        var evaluator = EventLogEvaluator(
            policy: EvaluationFixtures.policy, format: DecisionJSONWriter(policy: EvaluationFixtures.policy))
        var out: [UInt8] = []
        evaluator.consume(Array(log.utf8), into: &out)
        evaluator.finish(into: &out)
        let summary = evaluator.summary
        #expect(LoggedAction.allCases.map { summary.count($0) } == [1, 3, 0, 2])
        let reasons = Dictionary(
            uniqueKeysWithValues: LoggedReason.allCases.map { ($0, summary.count($0)) }.filter { $0.1 > 0 })
        #expect(
            reasons == [
                .decision(.state): 1, .line(.blankLine): 1, .line(.badJSON): 1, .line(.timeBackwards): 1,
                .decision(.unknownEvent): 1,
            ])
        #expect(
            summary.text.hasPrefix(
                "6 lines: 1 play, 3 silent, 0 stop, 2 invalid\nreasons: unknown-event 1, state 1, bad-json 1, time-backwards 1, blank-line 1"
            ))
    }
}

@Suite struct DirectiveSetTests {
    /// `DirectiveSet` bits follow `Directive.allCases`, and the JSONL writer's table is
    /// built from it: keep them in step.
    @Test func bitsFollowTheDirectiveOrder() {
        #expect(
            Directive.allCases.map(\.rawValue) == [
                "prepare-engine", "restart-engine", "prepare-ticker", "release-ticker", "stop-loop", "interrupt",
            ])
        for (bit, directive) in Directive.allCases.enumerated() {
            #expect(DirectiveSet(directive).rawValue == 1 << UInt8(bit))
        }
        let all = DirectiveSet(rawValue: 0b111111)
        #expect(all.list == Directive.allCases)
    }

    @Test func writerSpellsEveryDirective() {
        let policy = EvaluationFixtures.policy
        let writer = DecisionJSONWriter(policy: policy)
        var out: [UInt8] = []
        writer.write(
            LoggedDecision(
                line: 1, t: 0, event: "x", subject: nil,
                decision: Decision(action: .silent, reason: .state, directives: DirectiveSet(rawValue: 0b11111))),
            into: &out)
        #expect(
            String(decoding: out, as: UTF8.self).contains(
                #""directives":["prepare-engine","restart-engine","prepare-ticker","release-ticker","stop-loop"]"#))
    }

    @Test func writerSpellsEachDirectiveAloneAndAllInOrder() {
        let writer = DecisionJSONWriter(policy: EvaluationFixtures.policy)
        func written(_ directives: DirectiveSet) -> String {
            var out: [UInt8] = []
            writer.write(
                LoggedDecision(
                    line: 1, t: 0, event: "x", subject: nil,
                    decision: Decision(action: .silent, reason: .state, directives: directives)),
                into: &out)
            return String(decoding: out, as: UTF8.self)
        }
        var all: DirectiveSet = []
        for directive in Directive.allCases {
            #expect(written(DirectiveSet(directive)).contains(#""directives":[""# + directive.rawValue + #""]"#))
            all.insert(DirectiveSet(directive))
        }
        let names = Directive.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ",")
        #expect(written(all).contains(#""directives":["# + names + "]"))
        #expect(written([]).contains(#""directives":[]"#))
    }
}
