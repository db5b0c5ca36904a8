import Foundation
import HapticPolicy
import Testing

@testable import HapticPolicyCompiler
@testable import HapticPolicyReplay
@testable import HapticPolicyYAML

/// Band edges that read run-time parameters (`below: 0.6 * max_hr`): decided against the
/// current edges, moved by setting events, proved over the parameters' ranges by lint.
@Suite struct ParametricEdgeTests {
    /// Heart-rate zones at 60/70/80/90 % of `max_hr` (edges 114, 133, 152, 171 at 190).
    static let zones = """
        policy: zones
        version: 1
        feedback:
          heart.high: {layer: ui, preset: notification.warning}
        parameters:
          max_hr: {set-by: profile.set, min: 120, max: 220, default: 190, unit: bpm}
        bands:
          heart:
            unit: bpm
            hysteresis: 2
            levels:
              - {name: z1, below: 0.6 * max_hr, silent: recovery}
              - {name: z2, below: 0.7 * max_hr, silent: easy}
              - {name: z3, below: 0.8 * max_hr, silent: tempo}
              - {name: z4, below: 0.9 * max_hr, silent: threshold}
              - {name: z5, play: heart.high}
        events:
          heart.rate: {layer: ui, screens: [workout], value: number}
        screens:
          workout:
            table:
              heart.rate: {band: heart}
        budgets:
          - {id: B-1, each: screen, max: 6, per: 10}
        """

    /// The same zones for a maximum of 190, as numbers.
    static let constant = zones.replacingOccurrences(of: "0.6 * max_hr", with: "114")
        .replacingOccurrences(of: "0.7 * max_hr", with: "133").replacingOccurrences(of: "0.8 * max_hr", with: "152")
        .replacingOccurrences(of: "0.9 * max_hr", with: "171")
        .replacingOccurrences(
            of: "parameters:\n  max_hr: {set-by: profile.set, min: 120, max: 220, default: 190, unit: bpm}\n", with: "")

    static func findings(_ text: String) throws -> [Diagnostic] {
        let loaded = load(text)
        #expect(loaded.diagnostics.isEmpty, "\(summary(loaded))")
        return PolicyValidator.validate(try #require(loaded.document))
    }

    static func policy(_ text: String = ParametricEdgeTests.zones) throws -> Policy {
        let findings = try Self.findings(text)
        #expect(findings.isEmpty, "\(findings.map(\.message))")
        return try Policy(compiling: try #require(load(text).document))
    }

    static func close(_ a: [Double]?, _ b: [Double]) -> Bool {
        guard let a, a.count == b.count else { return false }
        return zip(a, b).allSatisfy { abs($0 - $1) < 1e-9 }
    }

    static func sample(_ session: inout Session, _ t: Double, _ value: Double) -> Decision {
        session.decide(session.event(t: t, name: "heart.rate", screen: "workout", value: .number(value)))
    }

    static func set(_ session: inout Session, _ t: Double, _ value: Double) -> Decision {
        session.decide(session.event(t: t, name: "profile.set", value: .number(value)))
    }

    // MARK: Deciding

    @Test func theZonesMoveWhenTheParameterIsSet() throws {
        var session = Session(policy: try Self.policy())
        #expect(Self.close(session.bandEdges(band: "heart"), [114, 133, 152, 171]))
        #expect(Self.sample(&session, 0, 120).band?.to == "z2")
        // 140 is z3 at 190 (133 + 2 <= 140)...
        #expect(Self.sample(&session, 1, 140).band?.to == "z3")
        let set = Self.set(&session, 2, 150)
        #expect(set.reason == .state)
        #expect(set.note == "max_hr is now 150; band 'heart' edges now 90, 105, 120, 135")
        #expect(Self.close(session.bandEdges(band: "heart"), [90, 105, 120, 135]))
        // ...and past 135 + 2 at 150: the same value now rings the top zone.
        let high = Self.sample(&session, 3, 140)
        #expect(high.band?.from == "z3")
        #expect(high.band?.to == "z5")
        #expect(high.feedback == "heart.high")
    }

    @Test func theLevelThatCountsStaysAtTheSettingEventAndMovesWithHysteresisAfter() throws {
        var session = Session(policy: try Self.policy())
        _ = Self.sample(&session, 0, 180)
        #expect(session.bandLevel(band: "heart", event: "heart.rate", subject: nil) == "z5")
        // At 220 the top edge is 198: 180 is z4 now, but nothing moves until a sample.
        _ = Self.set(&session, 1, 220)
        #expect(session.bandLevel(band: "heart", event: "heart.rate", subject: nil) == "z5")
        // Within the hysteresis of the new edge (198 - 2 = 196): it stays.
        let near = Self.sample(&session, 2, 197)
        #expect(near.reason == .sameBand)
        // Below it: down to z4, entered from above, silent with its reason.
        let down = Self.sample(&session, 3, 180)
        #expect(down.band?.from == "z5")
        #expect(down.band?.to == "z4")
        #expect(down.reason == .designer)
        #expect(down.note == "threshold")
    }

    @Test func aDwellingLevelStillDwellsAcrossAParameterChange() throws {
        let text = Self.zones.replacingOccurrences(of: "hysteresis: 2\n", with: "hysteresis: 2\n    dwell: 2\n")
        var session = Session(policy: try Self.policy(text))
        _ = Self.sample(&session, 0, 125)  // z2
        #expect(Self.sample(&session, 1, 150).reason == .dwelling)  // z3 at 190
        _ = Self.set(&session, 2, 185)  // edges 111, 129.5, 148, 166.5: 150 is z4 now
        let next = Self.sample(&session, 3, 150)
        #expect(next.reason == .dwelling)
        #expect(next.note?.hasPrefix("'z4' has held 0 s") == true, "\(next.note ?? "")")
        #expect(Self.sample(&session, 4, 150).reason == .dwelling)
        #expect(Self.sample(&session, 5, 150).band?.to == "z4")
    }

    @Test func aHotReloadKeepsTheParameterAndRecomputesTheEdges() throws {
        var session = Session(policy: try Self.policy())
        _ = Self.sample(&session, 0, 100)
        _ = Self.set(&session, 1, 170)
        let edited = try Self.policy(Self.zones.replacingOccurrences(of: "0.9 * max_hr", with: "0.95 * max_hr"))
        var continued = Session(policy: edited, continuing: session)
        #expect(continued.parameter("max_hr") == 170)
        #expect(Self.close(continued.bandEdges(band: "heart"), [102, 119, 136, 161.5]))
        #expect(continued.bandLevel(band: "heart", event: "heart.rate", subject: nil) == "z1")
        // 160 would be z5 at 153 + 2, but the edited top edge is 161.5.
        #expect(Self.sample(&continued, 2, 160).band?.to == "z4")
    }

    @Test func aConstantBandKeepsItsEdgesAndHasNoSessionEdges() throws {
        let policy = try Self.policy(Self.constant)
        #expect(policy.parametricEdgeCount == 0)
        #expect(policy.bands[0].isParametric == false)
        #expect(Self.close(policy.bands[0].edges, [114, 133, 152, 171]))
        #expect(Session(policy: policy).bandEdges.isEmpty)
    }

    // MARK: Encoding

    @Test func anEdgeNamingNoParameterIsAPlainNumberAndEncodesAsBefore() throws {
        let base = Self.constant
        let folded = Self.constant.replacingOccurrences(of: "below: 114", with: "below: 2 * 57")
        let a = try #require(load(base).document)
        let b = try #require(load(folded).document)
        #expect(b.bands[0].levels[0].below?.value == 114)
        #expect(b.bands[0].levels[0].belowExpression == nil)
        #expect(b.bands[0].levels.allSatisfy { $0.belowExpression == nil })
        #expect(try Policy(compiling: a).bundle == Policy(compiling: b).bundle)
    }

    @Test func aParametricBandDecidesTheSameFromItsBundle() throws {
        let policy = try Self.policy()
        #expect(policy.content.bands[0].levels[0].edge?.description == "0.6 * max_hr")
        #expect(policy.content.bands[0].levels[0].below == 114)
        let loaded = try toolsPolicy(bundle: policy.bundle)
        #expect(loaded.hash == policy.hash)
        #expect(loaded.content == policy.content)
        var a = Session(policy: policy)
        var b = Session(policy: loaded)
        for (t, value) in [(0.0, 120.0), (1, 140), (3, 160), (4, 175)] {
            if t == 3 {
                #expect(Self.set(&a, 2, 160) == Self.set(&b, 2, 160))
            }
            #expect(Self.sample(&a, t, value) == Self.sample(&b, t, value))
        }
        // A bundle whose edge names no declared parameter is refused.
        let text = String(decoding: policy.bundle, as: UTF8.self)
        #expect(text.contains(#"{"args":[0.6,{"param":"max_hr"}],"op":"*"}"#))
        var content = policy.content
        content.bands[0].levels[0].edge = .parameter("nope")
        #expect(content.inconsistency?.contains("nope") == true)
        content.bands[0].levels[0].edge = .binary(.divide, .parameter("max_hr"), .number(0))
        #expect(content.inconsistency != nil)
    }

    // MARK: Lint

    @Test func edgesThatHoldOverTheWholeRangeAreClean() throws {
        #expect(try Self.findings(Self.zones).isEmpty)
        // A constant edge between parametric ones: 0.5 * 220 + 4 < 120 < 0.8 * 120 + 30 - 4.
        let mixed = Self.zones.replacingOccurrences(of: "below: 0.7 * max_hr", with: "below: 120")
            .replacingOccurrences(of: "below: 0.6 * max_hr", with: "below: 0.5 * max_hr")
            .replacingOccurrences(of: "below: 0.8 * max_hr", with: "below: 0.8 * max_hr + 30")
            .replacingOccurrences(of: "below: 0.9 * max_hr", with: "below: 0.9 * max_hr + 40")
        #expect(try Self.findings(mixed).isEmpty)
    }

    @Test func edgesThatBreakOnlyAtTheLowEndNameTheCounterexample() throws {
        // 0.7 * max_hr - 10 is above 0.6 * max_hr only for max_hr > 100... and wider than
        // 2 * 2 only for max_hr > 140: at 120 the level spans 72-74.
        let text = Self.zones.replacingOccurrences(of: "below: 0.7 * max_hr", with: "below: 0.7 * max_hr - 10")
        let findings = try Self.findings(text)
        #expect(findings.map(\.code) == ["HP141"], "\(findings.map(\.message))")
        let message = try #require(findings.first?.message)
        #expect(message.hasPrefix("with max_hr = 120, level 'z2' of 'heart' spans 72-74 (2 wide)"), "\(message)")
        #expect(findings.first?.location.line == 13)
        // Below the previous edge at the low end: an empty level.
        let empty = Self.zones.replacingOccurrences(of: "below: 0.7 * max_hr", with: "below: 0.75 * max_hr - 20")
        let emptyFindings = try Self.findings(empty)
        #expect(emptyFindings.map(\.code) == ["HP140"], "\(emptyFindings.map(\.message))")
        #expect(
            emptyFindings.first?.message.hasPrefix(
                "with max_hr = 120, level 'z2' of 'heart' is empty: its edge `(0.75 * max_hr) - 20` = 70 is not above the edge `0.6 * max_hr` = 72 of 'z1'"
            ) == true, "\(emptyFindings.first?.message ?? "")")
        // Fine over a range that starts where the edges are sound.
        let narrowed = empty.replacingOccurrences(of: "min: 120", with: "min: 180")
        #expect(try Self.findings(narrowed).isEmpty)
    }

    @Test func nonLinearEdgesAreProvedOnSmallerPartsOfTheRange() throws {
        // max_hr * max_hr / 400 (36 to 121) stays more than twice the hysteresis below
        // 0.7 * max_hr (84 to 154) for every max_hr in 120-220; over the whole range
        // interval arithmetic cannot tell (it forgets both read the same max_hr), over
        // halves of it it can.
        let text = Self.zones.replacingOccurrences(of: "below: 0.6 * max_hr", with: "below: max_hr * max_hr / 400")
        #expect(try Self.findings(text).isEmpty)
    }

    @Test func edgesLintCannotProveNorRefuteAreAWarning() throws {
        // The gap is (max_hr - 170)^2 / 100 + 0.001: positive everywhere, 0.001 at 170, so
        // no sample point refutes it and no split small enough proves it.
        let text = Self.zones.replacingOccurrences(of: "hysteresis: 2", with: "hysteresis: 0")
            .replacingOccurrences(of: "below: 0.6 * max_hr", with: "below: 3.4 * max_hr - 289")
            .replacingOccurrences(of: "below: 0.7 * max_hr", with: "below: max_hr * max_hr / 100 + 0.001")
            .replacingOccurrences(of: "below: 0.8 * max_hr", with: "below: max_hr * max_hr / 100 + 10")
            .replacingOccurrences(of: "below: 0.9 * max_hr", with: "below: max_hr * max_hr / 100 + 20")
        let findings = try Self.findings(text)
        #expect(findings.map(\.code) == ["HP144"], "\(findings.map(\.message))")
        #expect(findings.allSatisfy { $0.severity == .warning })
        #expect(findings.first?.message.contains("could not prove") == true)
        #expect(findings.first?.location.line == 13)
    }

    @Test func aDivisionByARangeContainingZeroIsAnError() throws {
        let text = Self.zones.replacingOccurrences(of: "below: 0.6 * max_hr", with: "below: 100 / (max_hr - 200)")
        let findings = try Self.findings(text)
        #expect(findings.map(\.code) == ["HP143"], "\(findings.map(\.message))")
        #expect(findings.first?.severity == .error)
    }

    @Test func anUnknownNameIsReportedAtItsOwnColumnWithASuggestion() throws {
        // Plain and quoted scalars: the column is the name's.
        let plain = Self.zones.replacingOccurrences(of: "below: 0.7 * max_hr", with: "below: 0.7 * maxhr")
        let findings = try Self.findings(plain)
        #expect(findings.map { "\($0.code)@\($0.location.line):\($0.location.column)" } == ["HP240@13:33"])
        #expect(findings.first?.message.contains("did you mean 'max_hr'?") == true, "\(findings.first?.message ?? "")")
        let quoted = Self.zones.replacingOccurrences(of: "below: 0.7 * max_hr", with: "below: '0.7 * max_hr + rest'")
        let quotedFindings = try Self.findings(quoted)
        #expect(quotedFindings.map { "\($0.code)@\($0.location.line):\($0.location.column)" } == ["HP240@13:43"])
    }

    @Test func aParameterNothingReadsIsAWarningAndAnEdgeReadingItIsARead() throws {
        let text = Self.zones.replacingOccurrences(
            of: "default: 190, unit: bpm}\n",
            with: "default: 190, unit: bpm}\n  rest_hr: {set-by: profile.rest, min: 30, max: 90, default: 60}\n")
        let findings = try Self.findings(text)
        #expect(findings.map(\.code) == ["HP241"])
        #expect(findings.first?.message.contains("'rest_hr'") == true)
        let read = try #require(load(text).document)
        #expect(EdgeChecks.reads(read) == ["max_hr"])
    }

    // MARK: Tools

    @Test func theTableShowsTheEdgeAsWrittenAndItsValueAtTheDefault() throws {
        let table = DecisionTable(try Self.policy())
        #expect(table.bands[0].levels[0].edge == "0.6 * max_hr")
        #expect(table.bands[0].edgeTexts.first == "0.6 * max_hr (114 bpm at the default)")
        #expect(table.bands[0].levels.last?.edge == nil)
    }

    // MARK: The worked example

    /// The table after the `policy: zones` block of the language reference, replayed.
    @Test func theHeartRateZonesExampleDecidesAsItsTableSays() throws {
        let markdown = try String(
            contentsOf: RepositoryFiles.root.appendingPathComponent("Docs/policy-language.md"), encoding: .utf8)
        let source = try #require(
            RepositoryFiles.documentedPolicies().first { ("\n" + $0.text).contains("\npolicy: zones\n") })
        let policy = try Policy(compiling: try #require(load(source.text).document))
        let section = try #require(markdown.components(separatedBy: "##### Heart-rate zones").dropFirst().first)
        let rows = section.components(separatedBy: "\n### ")[0].split(separator: "\n").filter {
            $0.hasPrefix("| ") && $0.dropFirst(2).first?.isNumber == true
        }
        #expect(rows.count >= 10)
        #expect(rows.contains { $0.contains("`profile.set`") })
        var session = Session(policy: policy)
        for row in rows {
            let cells = row.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            let t = try #require(Double(cells[0]))
            let name = cells[1].replacingOccurrences(of: "`", with: "")
            let value = try #require(Double(cells[2]))
            let expected = cells[3].replacingOccurrences(of: "`", with: "").split(separator: " ").map(String.init)
            let decision = session.decide(session.event(t: t, name: name, screen: "workout", value: .number(value)))
            #expect(decision.action.rawValue == expected[0], "\(row)")
            if expected[0] == "play" {
                #expect(decision.feedback == expected[1], "\(row)")
            } else {
                #expect(decision.reason?.rawValue == expected[1], "\(row): \(decision.note ?? "")")
            }
        }
    }
}
