import Foundation
import HapticPolicy
import HapticPolicyCompiler
import HapticPolicyReplay
import Testing

@testable import HapticPolicyYAML

/// Language v3, feature A: inclusive edges (`at-most:`) and approach bands (`approach:
/// falling|rising`): the front end, the checks, the lowered model and the session.
@Suite struct ApproachBandTests {
    /// A turn-distance policy with the given band keys and levels.
    static func text(
        band: String = "approach: falling",
        levels: String = """
        - {name: now, at-most: 30, play: now}
        - {name: close, at-most: 100, play: close}
        - {name: near, below: 300, play: near}
        - {name: far, silent: too far to cue}
        """
    ) -> String {
        """
        policy: ride
        version: 1
        feedback:
          now: {layer: ui, preset: impact.heavy}
          close: {layer: ui, preset: impact.medium}
          near: {layer: ui, preset: impact.light}
        bands:
          turn.distance:
            unit: m
        \(band.split(separator: "\n").map { "    " + $0 }.joined(separator: "\n"))
            levels:
        \(levels.split(separator: "\n").map { "      " + $0 }.joined(separator: "\n"))
        events:
          turn.distance: {layer: ui, screens: [ride], value: number}
        screens:
          ride:
            table:
              turn.distance: {band: turn.distance}
        budgets:
          - {id: B-1, each: screen, max: 6, per: 10}
        """
    }

    static func findings(_ text: String) -> [String] {
        let loaded = load(text)
        guard let document = loaded.document, loaded.diagnostics.isEmpty else { return summary(loaded) }
        // Unused feedback (HP211) is beside the point of these small policies.
        return PolicyValidator.validate(document).filter { $0.code != "HP211" }.map {
            "\($0.code)@\($0.location.line):\($0.location.column)"
        }
    }

    static func policy(_ text: String) throws -> Policy {
        let loaded = load(text)
        #expect(loaded.diagnostics.isEmpty, "\(summary(loaded))")
        let document = try #require(loaded.document)
        let errors = PolicyValidator.validate(document).filter { $0.severity == .error }
        #expect(errors.isEmpty, "\(errors.map(\.message))")
        return try Policy(compiling: document)
    }

    /// Decides `values` one second apart; the reason (or the feedback played) of each.
    static func run(_ policy: Policy, _ values: [Double], dwellAware: Bool = false) -> [String] {
        var session = Session(policy: policy)
        return values.enumerated().map { index, value in
            let event = session.event(
                t: Double(index), name: "turn.distance", screen: "ride", subject: nil, value: .number(value))
            let decision = session.decide(event)
            return decision.action == .play ? (decision.plan?.name ?? "?") : (decision.reason?.rawValue ?? "?")
        }
    }

    // MARK: Front end

    @Test func anApproachBandNeedsNoHysteresisAndLowersWithNone() throws {
        let policy = try Self.policy(Self.text())
        let band = try #require(policy.content.bands.first)
        #expect(band.approach == .falling)
        #expect(band.hysteresis == 0)
        #expect(band.levels.map(\.inclusive) == [true, true, nil, nil])
        #expect(band.levels.map(\.below) == [30, 100, 300, nil])
    }

    @Test func aBandWithoutApproachStillNeedsItsHysteresis() {
        let found = Self.findings(Self.text(band: "dwell: 0"))
        #expect(found.contains { $0.hasPrefix("HP013") }, "\(found)")
    }

    @Test func anUnknownApproachIsReportedWhereItIsWithTheWords() {
        let loaded = load(Self.text(band: "approach: falls"))
        #expect(summary(loaded).contains("HP014@10:15"), "\(summary(loaded))")
        #expect(loaded.diagnostics.first?.message.contains("falling") == true)
    }

    @Test func belowAndAtMostOnOneLevelConflict() {
        let loaded = load(
            Self.text(
                levels: """
                    - {name: now, below: 30, at-most: 30, play: now}
                    - {name: far, silent: too far to cue}
                    """))
        #expect(summary(loaded).contains("HP016@12:32"), "\(summary(loaded))")
    }

    @Test func aNonFiniteAtMostIsNamedByItsKey() {
        let loaded = load(
            Self.text(
                levels: """
                    - {name: now, at-most: .inf, play: now}
                    - {name: far, silent: too far to cue}
                    """))
        #expect(loaded.diagnostics.first?.message.contains("'at-most' must be a finite number") == true)
    }

    @Test func aV2PolicyLowersWithoutTheNewFields() throws {
        let policy = try Self.policy(
            Self.text(
                band: "hysteresis: 5",
                levels: """
                    - {name: now, below: 30, play: now}
                    - {name: close, below: 100, play: close}
                    - {name: far, silent: too far to cue}
                    """))
        let bytes = String(decoding: PolicyBundle.encode(policy), as: UTF8.self)
        // The content leaves them out; the lowered band (`decide.bands`) writes the defaults.
        let decide = try #require(bytes.range(of: "\"decide\":"))
        #expect(!bytes[..<decide.lowerBound].contains("\"approach\""))
        #expect(!bytes[..<decide.lowerBound].contains("\"inclusive\""))
        #expect(bytes[decide.lowerBound...].contains("\"approach\":0,"))
        #expect(bytes[decide.lowerBound...].contains("\"inclusive\":[false,false]"))
        #expect(bytes.contains("\"formatVersion\":7"))
    }

    @Test func theBundleCarriesApproachAndInclusiveEdgesAndLoadsAgain() throws {
        let policy = try Self.policy(Self.text())
        let bytes = PolicyBundle.encode(policy)
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(text.contains("\"approach\":\"falling\""))
        #expect(text.contains("\"inclusive\":true"))
        let loaded = try toolsPolicy(bundle: bytes)
        #expect(loaded.content == policy.content)
    }

    @Test func aBundleWithAHysteresisOnAnApproachBandIsRefused() throws {
        let policy = try Self.policy(Self.text())
        var content = policy.content
        content.bands[0].hysteresis = 2
        #expect(content.inconsistency?.contains("approach band 'turn.distance' has a hysteresis") == true)
        content.bands[0].hysteresis = 0
        content.bands[0].levels[3].inclusive = true
        #expect(content.inconsistency?.contains("inclusive edge") == true)
    }

    // MARK: Checks

    @Test func aHysteresisOnAnApproachBandIsAWarningAndNotUsed() throws {
        let text = Self.text(band: "approach: falling\nhysteresis: 20")
        #expect(Self.findings(text) == ["HP150@11:17"])
        // Not used: 31 after 30 would need 30 + 20 to leave 'now' in a two-way band.
        let policy = try Self.policy(text)
        #expect(policy.content.bands[0].hysteresis == 0)
        #expect(Self.run(policy, [400, 299, 301]) == ["baseline", "near", "receding"])
    }

    @Test func fromBelowOnAFallingBandAndTowardItsFarEndAreImpossible() {
        let found = Self.findings(
            Self.text(
                band: "approach: falling\ntoward: {far: {play: near}}",
                levels: """
                    - {name: now, at-most: 30, play: now}
                    - {name: close, at-most: 100, from-below: {play: close}, from-above: {play: close}}
                    - {name: far, silent: too far to cue}
                    """))
        #expect(found.filter { $0.hasPrefix("HP134") } == ["HP134@11:14", "HP134@14:49"], "\(found)")
    }

    @Test func fromAboveOnARisingBandIsImpossible() {
        let found = Self.findings(
            Self.text(
                band: "approach: rising",
                levels: """
                    - {name: now, at-most: 30, silent: the start}
                    - {name: close, at-most: 100, play: close, from-above: {play: close}}
                    - {name: far, play: now}
                    """))
        #expect(found == ["HP134@13:62"], "\(found)")
    }

    @Test func onAFallingBandOnlyEnteringFromAboveMustBeDecided() {
        // 'far' is never entered and says nothing: no HP133, and no HP013 from the front end.
        let found = Self.findings(
            Self.text(
                levels: """
                    - {name: now, at-most: 30, from-above: {play: now}}
                    - {name: far}
                    """))
        #expect(found.isEmpty, "\(found)")
    }

    @Test func thePlayOfTheLevelAFallingBandStartsFromIsAWarning() {
        let found = Self.findings(
            Self.text(
                levels: """
                    - {name: now, at-most: 30, play: now}
                    - {name: far, play: near}
                    """))
        #expect(found == ["HP151@13:27"], "\(found)")
    }

    @Test func anAtMostOnTheLastLevelIsMisplacedNamingItsKey() throws {
        let loaded = load(
            Self.text(
                levels: """
                    - {name: now, at-most: 30, play: now}
                    - {name: far, at-most: 300, silent: too far}
                    """))
        let document = try #require(loaded.document)
        let messages = PolicyValidator.validate(document).filter { $0.code == "HP117" }.map(\.message)
        #expect(messages.count == 1)
        #expect(messages.first?.contains("remove `at-most: 300`") == true, "\(messages)")
    }

    @Test func equalEdgesWrittenBelowThenAtMostAreNotAscending() {
        let found = Self.findings(
            Self.text(
                band: "hysteresis: 0",
                levels: """
                    - {name: under, below: 30, play: now}
                    - {name: exactly, at-most: 30, play: close}
                    - {name: over, play: near}
                    """))
        #expect(found.contains("HP116@13:34"), "\(found)")
    }

    @Test func aLevelAtMostTheMinimumIsStillPlausible() {
        let found = Self.findings(
            Self.text(
                band: "approach: falling\nplausible: {min: 0, max: 5000}",
                levels: """
                    - {name: there, at-most: 0, play: now}
                    - {name: far, silent: too far to cue}
                    """))
        #expect(found.isEmpty, "\(found)")
        let below = Self.findings(
            Self.text(
                band: "approach: falling\nplausible: {min: 0, max: 5000}",
                levels: """
                    - {name: there, below: 0, play: now}
                    - {name: far, silent: too far to cue}
                    """))
        #expect(below.contains { $0.hasPrefix("HP132") }, "\(below)")
    }

    // MARK: Session

    @Test func anInclusiveEdgeHoldsItsOwnValue() throws {
        let policy = try Self.policy(Self.text())
        #expect(
            Self.run(policy, [400, 300, 299, 100.5, 100, 30.01, 30]) == [
                "baseline", "same-band", "near", "same-band", "close", "same-band", "now",
            ])
    }

    @Test func aBounceOfAnySizeIsRecedingAndTheLevelStays() throws {
        let policy = try Self.policy(Self.text())
        #expect(
            Self.run(policy, [400, 250, 4000, 101, 90, 4999, 100, 25, 31]) == [
                "baseline", "near", "receding", "same-band", "close", "receding", "same-band", "now", "receding",
            ])
    }

    @Test func aRisingBandOnlyRises() throws {
        let policy = try Self.policy(
            Self.text(
                band: "approach: rising",
                levels: """
                    - {name: low, at-most: 30, silent: the start}
                    - {name: mid, at-most: 100, play: close}
                    - {name: high, play: now}
                    """))
        #expect(
            Self.run(policy, [10, 30, 31, 5, 100, 101, 50]) == [
                "baseline", "same-band", "close", "receding", "same-band", "now", "receding",
            ])
    }

    @Test func aRecedingSampleKeepsAPendingDwell() throws {
        let policy = try Self.policy(Self.text(band: "approach: falling\ndwell: 2"))
        // t 0: near; t 1: close pending; t 2: a bounce to far (kept); t 3: close has held 2 s.
        #expect(Self.run(policy, [250, 90, 500, 95]) == ["baseline", "dwelling", "receding", "close"])
        // Back in the level that counts ends the excursion, as in any band.
        #expect(
            Self.run(policy, [250, 90, 250, 95, 95, 95]) == [
                "baseline", "dwelling", "same-band", "dwelling", "dwelling", "close",
            ])
    }

    @Test func theRecedingNoteNamesBothLevelsAndTheDirection() throws {
        let policy = try Self.policy(Self.text())
        var session = Session(policy: policy)
        var last: Decision?
        for (t, value) in [(0.0, 400.0), (1, 250), (2, 350)] {
            last = session.decide(
                session.event(t: t, name: "turn.distance", screen: "ride", subject: nil, value: .number(value)))
        }
        #expect(last?.reason == .receding)
        #expect(last?.note == "'far' is behind 'near': band 'turn.distance' only falls, so the level stays")
        #expect(last?.band == Decision.BandTransition(band: "turn.distance", from: "near", to: "near"))
    }

    @Test func anInclusiveEdgeWithHysteresisKeepsItsValueOnBothSides() throws {
        let policy = try Self.policy(
            Self.text(
                band: "hysteresis: 5",
                levels: """
                    - {name: slow, at-most: 30, play: now}
                    - {name: fast, play: near}
                    """))
        // Up: past 30 + 5 (35 stays, 35.5 moves); down: at or under 30 - 5 (25.5 stays, 25 moves).
        #expect(Self.run(policy, [20, 35, 35.5, 25.5, 25]) == ["baseline", "same-band", "near", "same-band", "now"])
    }

    @Test func coverageCountsTheLevelsAnApproachBandCanEnterAndReceding() throws {
        let policy = try Self.policy(Self.text())
        var coverage = PolicyCoverage(policy: policy)
        #expect(
            coverage.bands.all == [
                "turn.distance.now", "turn.distance.close", "turn.distance.near", "turn.distance receding",
            ])
        var session = Replay(policy: policy)
        for (t, value) in [(0.0, 400.0), (1, 250), (2, 350)] {
            let event = TimedEvent(t: t, name: "turn.distance", screen: "ride", value: .number(value))
            coverage.record(session.decide(event), for: event)
        }
        #expect(coverage.bands.hit == ["turn.distance.near", "turn.distance receding"])
        #expect(coverage.bands.missed == ["turn.distance.now", "turn.distance.close"])
    }
}
