import Foundation
import HapticPolicy
import HapticPolicyCompiler
import HapticPolicyReplay
import Testing

@testable import HapticPolicyYAML

/// Bands v2: dwell, plausible range, directions and parameter edges, decided on small
/// policies and on the worked example of `Docs/policy-language.md`.
@Suite struct BandsV2Tests {
    /// A pace band with the given extra band keys (`dwell: 3`), one level per zone.
    static func pacePolicy(_ extra: String) throws -> Policy {
        let text = """
            policy: pace
            version: 1
            feedback:
              tap: {layer: ui, preset: impact.light}
            bands:
              pace:
                hysteresis: 0.1
            \(extra.split(separator: "\n").map { "    " + $0 }.joined(separator: "\n"))
                levels:
                  - {name: fast, below: 5, play: tap}
                  - {name: mid, below: 6, play: tap}
                  - {name: slow, play: tap}
            events:
              pace.sample: {layer: ui, screens: [workout], value: number}
            screens:
              workout:
                table:
                  pace.sample: {band: pace}
            """
        let loaded = load(text)
        #expect(loaded.diagnostics.isEmpty, "\(summary(loaded))")
        let document = try #require(loaded.document)
        let findings = PolicyValidator.validate(document).filter { $0.severity == .error }
        #expect(findings.isEmpty, "\(findings.map(\.message))")
        return try Policy(compiling: document)
    }

    struct Run {
        var session: Session
        init(_ policy: Policy) { session = Session(policy: policy) }
        mutating func send(_ t: Double, _ value: Double, subject: String? = nil, event: String = "pace.sample")
            -> Decision
        {
            let event = session.event(t: t, name: event, screen: "workout", subject: subject, value: .number(value))
            return session.decide(event)
        }
        /// The level of the `pace` band that counts now (no subject).
        func level() -> String? {
            session.bandLevel(band: "pace", event: "pace.sample", subject: nil)
        }
    }

    // MARK: Dwell

    @Test func anExcursionShorterThanTheDwellNeitherRingsNorMovesTheLevel() throws {
        var run = Run(try Self.pacePolicy("dwell: 3"))
        #expect(run.send(0, 5.5).reason == .baseline)
        let away = run.send(1, 4.5)
        #expect(away.action == .silent)
        #expect(away.reason == .dwelling)
        #expect(away.note == "'fast' has held 0 s of the 3 s dwell")
        #expect(away.band == Decision.BandTransition(band: "pace", from: "mid", to: "mid"))
        #expect(run.send(2.5, 4.4).note == "'fast' has held 1.5 s of the 3 s dwell")
        #expect(run.level() == "mid")
        #expect(run.send(3, 5.5).reason == .sameBand)
        // Back in fast: the dwell starts again from this sample.
        #expect(run.send(4, 4.5).reason == .dwelling)
        #expect(run.send(6.9, 4.5).reason == .dwelling)
        let rung = run.send(7, 4.5)
        #expect(rung.action == .play)
        #expect(rung.feedback == "tap")
        #expect(rung.band == Decision.BandTransition(band: "pace", from: "mid", to: "fast"))
        #expect(run.level() == "fast")
        #expect(run.send(8, 4.5).reason == .sameBand)
    }

    @Test func aThirdLevelStartsTheDwellAgain() throws {
        var run = Run(try Self.pacePolicy("dwell: 2"))
        _ = run.send(0, 4.5)
        #expect(run.send(1, 5.5).reason == .dwelling)
        #expect(run.send(2, 6.5).note == "'slow' has held 0 s of the 2 s dwell")
        #expect(run.send(3, 6.5).reason == .dwelling)
        let rung = run.send(4, 6.5)
        #expect(rung.band == Decision.BandTransition(band: "pace", from: "fast", to: "slow"))
    }

    @Test func decimalTimesHoldTheDwellWhenTheyReachIt() throws {
        var run = Run(try Self.pacePolicy("dwell: 3"))
        _ = run.send(9.3, 5.5)
        _ = run.send(9.3, 4.5)
        #expect(run.send(12.3, 4.5).action == .play, "12.3 - 9.3 is a hair under 3 in binary")
    }

    @Test func dwellIsKeptPerSubject() throws {
        var run = Run(try Self.pacePolicy("dwell: 2"))
        _ = run.send(0, 5.5, subject: "ann")
        _ = run.send(0, 5.5, subject: "bob")
        _ = run.send(1, 4.5, subject: "ann")
        #expect(run.send(2, 4.5, subject: "bob").reason == .dwelling)
        #expect(run.send(3, 4.5, subject: "ann").action == .play)
        #expect(run.send(3.5, 4.5, subject: "bob").reason == .dwelling)
        #expect(run.send(4, 4.5, subject: "bob").action == .play)
    }

    @Test func withoutDwellANewLevelCountsAtOnce() throws {
        var run = Run(try Self.pacePolicy("dwell: 0"))
        _ = run.send(0, 5.5)
        #expect(run.send(1, 4.5).action == .play)
    }

    @Test func dwellSurvivesTheBundleAndAV1BandEncodesAsBefore() throws {
        let policy = try Self.pacePolicy("dwell: 3")
        let text = String(decoding: policy.bundle, as: UTF8.self)
        #expect(text.contains("\"dwell\":3"))
        var run = Run(try Policy(bundle: policy.bundle))
        _ = run.send(0, 5.5)
        #expect(run.send(1, 4.5).reason == .dwelling)
        #expect(run.send(4, 4.5).action == .play)
        // A v1 band's content leaves its dwell out; the lowered band (`decide.bands`) has
        // every default applied, so a runtime reads 0 rather than assuming it.
        let v1 = String(decoding: try Self.pacePolicy("").bundle, as: UTF8.self)
        let decide = try #require(v1.range(of: "\"decide\":"))
        #expect(!v1[..<decide.lowerBound].contains("dwell"))
        #expect(v1[decide.lowerBound...].contains("\"dwell\":0,"))
    }

    /// Every band is written in format 6; the same bytes under an older header are
    /// refused with the older version named, never decided without what it cannot hold.
    @Test(arguments: ["", "dwell: 3", "plausible: {min: 2.5, max: 20}", "toward: {fast: {play: tap}}"])
    func bandsAreWrittenAsFormat6AndRefusedUnderAnOlderHeader(extra: String) throws {
        let text = String(decoding: try Self.pacePolicy(extra).bundle, as: UTF8.self)
        #expect(text.hasPrefix(#"{"format":"haptic-policy-bundle","formatVersion":7,"#))
        for older in [2, 3, 4, 5] {
            let relabelled = text.replacingOccurrences(
                of: #""formatVersion":7"#, with: #""formatVersion":\#(older)"#)
            #expect(throws: PolicyBundle.LoadError.unsupportedVersion(found: older, supported: 7)) {
                try Policy(bundle: Array(relabelled.utf8))
            }
        }
    }

    @Test func aDwellThatIsNotANumberIsReportedWhereItIs() {
        let result = load(
            header + "bands:\n  pace:\n    hysteresis: 0\n    dwell: long\n    levels:\n"
                + "      - {name: a, below: 1, play: t}\n      - {name: b, play: t}\n")
        #expect(summary(result).contains("HP011@6:12"), "\(summary(result))")
    }

    // MARK: Plausible range

    @Test func anImplausibleSampleLeavesTheLevelAndTheDwellUntouched() throws {
        var run = Run(try Self.pacePolicy("dwell: 3\nplausible: {min: 2.5, max: 20}"))
        let glitch = run.send(0, 0)
        #expect(glitch.reason == .implausible, "no baseline from a glitch")
        #expect(glitch.band == nil)
        #expect(glitch.note == "0 is outside the plausible range of band 'pace' (2.5 to 20); the level stays")
        #expect(run.level() == nil)
        #expect(run.send(1, 5.5).reason == .baseline)
        #expect(run.send(2, 4.5).reason == .dwelling)
        let again = run.send(3, 25)
        #expect(again.reason == .implausible)
        #expect(again.band == Decision.BandTransition(band: "pace", from: "mid", to: "mid"))
        // The dwell that started at 2 goes on as if the glitch had not come.
        #expect(run.send(5, 4.5).action == .play)
        #expect(run.level() == "fast")
    }

    @Test func bothEndsArePlausibleAndEitherMayBeLeftOut() throws {
        var run = Run(try Self.pacePolicy("plausible: {min: 2.5, max: 20}"))
        #expect(run.send(0, 2.5).reason == .baseline)
        #expect(run.send(1, 20).action == .play)
        var low = Run(try Self.pacePolicy("plausible: {min: 2.5}"))
        #expect(low.send(0, 1000).reason == .baseline)
        #expect(
            low.send(1, 2.4).note == "2.4 is outside the plausible range of band 'pace' (at least 2.5); the level stays"
        )
        var high = Run(try Self.pacePolicy("plausible: {max: 20}"))
        #expect(high.send(0, 21).note?.contains("(at most 20)") == true)
    }

    @Test func aPlausibleRangeWithoutEndsIsReportedWhereItIs() {
        let result = load(
            header + "bands:\n  pace:\n    hysteresis: 0\n    plausible: {}\n    levels:\n"
                + "      - {name: a, below: 1, play: t}\n      - {name: b, play: t}\n")
        #expect(summary(result).contains("HP013@6:16"), "\(summary(result))")
    }

    @Test func implausibleSamplesAreCountedInTheSummaryAndNamedInBothFormats() throws {
        let policy = try Self.pacePolicy("dwell: 1\nplausible: {min: 2.5, max: 20}")
        let log = [0.0, 5.5, 0, 4.5, 0, 4.5].enumerated().map { index, value in
            "{\"t\":\(index),\"event\":\"pace.sample\",\"screen\":\"workout\",\"value\":\(value)}\n"
        }.joined()
        for format in [DecisionJSONWriter(policy: policy) as any DecisionFormat, DecisionTableWriter(policy: policy)] {
            var evaluator = EventLogEvaluator(policy: policy, format: format)
            var out: [UInt8] = []
            evaluator.header(into: &out)
            evaluator.consume(Array(log.utf8), into: &out)
            evaluator.finish(into: &out)
            let text = String(decoding: out, as: UTF8.self)
            #expect(text.contains("implausible"), "\(text)")
            #expect(text.contains("dwelling"), "\(text)")
            let summary = evaluator.summary
            #expect(summary.count(.implausible) == 3)
            #expect(summary.count(.dwelling) == 1)
            #expect(summary.text.contains("reasons: baseline 1, dwelling 1, implausible 3"), "\(summary.text)")
        }
    }

    // MARK: Directions

    /// Pace zones where a smaller number is faster: `toward` names the fast end.
    static let towardBands = """
        toward:
          fast: {play: faster}
          slow: {play: slower}
        """

    static func directedPolicy(_ band: String, levels: String) throws -> Policy {
        let text = """
            policy: pace
            version: 1
            feedback:
              faster: {layer: ui, preset: impact.heavy}
              slower: {layer: ui, preset: impact.soft}
              top: {layer: ui, preset: impact.rigid}
            bands:
              pace:
                hysteresis: 0.1
            \(band.split(separator: "\n").map { "    " + $0 }.joined(separator: "\n"))
                levels:
            \(levels.split(separator: "\n").map { "      " + $0 }.joined(separator: "\n"))
            events:
              pace.sample: {layer: ui, screens: [workout], value: number}
            screens:
              workout:
                table:
                  pace.sample: {band: pace}
            """
        let loaded = load(text)
        #expect(loaded.diagnostics.isEmpty, "\(summary(loaded))")
        let document = try #require(loaded.document)
        let findings = PolicyValidator.validate(document).filter { $0.severity == .error }
        #expect(findings.isEmpty, "\(findings.map(\.message))")
        return try Policy(compiling: document)
    }

    @Test func towardAnEndPlaysItsFeedbackWhicheverWayTheNumbersGo() throws {
        let policy = try Self.directedPolicy(
            Self.towardBands, levels: "- {name: fast, below: 5}\n- {name: mid, below: 6}\n- {name: slow}")
        var run = Run(policy)
        _ = run.send(0, 6.5)
        #expect(run.send(1, 5.5).feedback == "faster")
        #expect(run.send(2, 4.5).feedback == "faster")
        #expect(run.send(3, 5.5).feedback == "slower")
        let slower = run.send(4, 6.5)
        #expect(slower.feedback == "slower")
        #expect(slower.rule?.id == "workout/pace.sample@slow")
    }

    @Test func aLevelsOwnDirectionWinsOverItsPlayWhichWinsOverToward() throws {
        let policy = try Self.directedPolicy(
            Self.towardBands,
            levels: """
                - {name: fast, below: 5}
                - {name: mid, below: 6, play: top, from-above: {silent: easing into mid is not news}}
                - {name: slow}
                """)
        var run = Run(policy)
        _ = run.send(0, 4.5)
        #expect(run.send(1, 5.5).feedback == "top", "from below: the level's play")
        #expect(run.send(2, 6.5).feedback == "slower", "toward slow")
        let down = run.send(3, 5.5)
        #expect(down.action == .silent)
        #expect(down.reason == .designer)
        #expect(down.note == "easing into mid is not news")
    }

    @Test func onlyEnteringTheTopFromBelowPlays() throws {
        let policy = try Self.directedPolicy(
            "",
            levels: """
                - {name: low, below: 5, silent: calmer}
                - {name: high, from-below: {play: top}}
                """)
        var run = Run(policy)
        _ = run.send(0, 4)
        #expect(run.send(1, 6).feedback == "top")
        #expect(run.send(2, 4).note == "calmer")
    }

    @Test func coverageCountsEachWayIntoEachLevelOfABandWithDirections() throws {
        let policy = try Self.directedPolicy(
            Self.towardBands, levels: "- {name: fast, below: 5}\n- {name: mid, below: 6}\n- {name: slow}")
        var coverage = PolicyCoverage(policy: policy)
        #expect(
            coverage.bands.all == [
                "pace.fast from above", "pace.mid from below", "pace.mid from above", "pace.slow from below",
            ])
        var session = Replay(policy: policy)
        for (t, value) in [(0.0, 6.5), (1, 5.5), (2, 4.5)] {
            let event = TimedEvent(t: t, name: "pace.sample", screen: "workout", value: .number(value))
            coverage.record(session.decide(event), for: event)
        }
        #expect(coverage.bands.hit == ["pace.mid from above", "pace.fast from above"])
        #expect(coverage.bands.missed == ["pace.mid from below", "pace.slow from below"])
    }

    @Test func directionsSurviveTheBundleAndAV1BandEncodesWithoutThem() throws {
        let policy = try Self.directedPolicy(
            Self.towardBands, levels: "- {name: fast, below: 5}\n- {name: mid, below: 6}\n- {name: slow}")
        var run = Run(try Policy(bundle: policy.bundle))
        _ = run.send(0, 6.5)
        #expect(run.send(1, 5.5).feedback == "faster")
        #expect(run.send(2, 6.5).feedback == "slower")
        let v1 = try Self.pacePolicy("")
        #expect(!String(decoding: v1.bundle, as: UTF8.self).contains("from"))
    }

    @Test func aDirectionWithBothPlayAndSilentIsReportedWhereItIs() {
        let result = load(
            header + "bands:\n  pace:\n    hysteresis: 0\n    levels:\n"
                + "      - {name: a, below: 1, play: t}\n      - {name: b, from-below: {play: t, silent: no}}\n")
        #expect(summary(result).contains("HP016@8:41"), "\(summary(result))")
    }

    // MARK: The worked example

    /// Every table after a `policy: running` block of the language reference, replayed on
    /// that policy: each row's decision is what the evaluator decides.
    @Test func theRunningExampleDecidesAsItsTablesSay() throws {
        let markdown = try String(
            contentsOf: RepositoryFiles.root.appendingPathComponent("Docs/policy-language.md"), encoding: .utf8)
        let source = try #require(
            RepositoryFiles.documentedPolicies().first { $0.text.contains("\npolicy: running\n") })
        let document = try #require(PolicyLoader.parse(Array(source.text.utf8), file: "running.yaml").document)
        let policy = try Policy(compiling: document)
        let section = try #require(markdown.components(separatedBy: "### A running app").dropFirst().first)
        let rows = section.components(separatedBy: "\n### ")[0].split(separator: "\n").filter {
            $0.hasPrefix("| ") && $0.dropFirst(2).first?.isNumber == true
        }
        #expect(rows.count >= 7)
        var session = Session(policy: policy)
        for row in rows {
            let cells = row.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            let t = try #require(Double(cells[0]))
            let name = cells[1].replacingOccurrences(of: "`", with: "")
            let value = try #require(Double(cells[2]))
            let expected = cells[3].replacingOccurrences(of: "`", with: "").split(separator: " ").map(String.init)
            let decision = session.decide(
                session.event(t: t, name: name, screen: "workout", value: .number(value)))
            #expect(decision.action.rawValue == expected[0], "\(row)")
            if expected[0] == "play" {
                #expect(decision.feedback == expected[1], "\(row)")
            } else {
                #expect(decision.reason?.rawValue == expected[1], "\(row): \(decision.note ?? "")")
            }
        }
    }
}
