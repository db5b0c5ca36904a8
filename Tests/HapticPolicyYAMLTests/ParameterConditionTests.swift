import Foundation
import HapticPolicy
import HapticPolicyCompiler
import Testing

@testable import HapticPolicyYAML

/// Conditions on run-time parameters (`when: {max_hr: {at-least: 200}}`): decided with
/// the session's current value, and reasoned about over the parameter's declared range.
@Suite struct ParameterConditionTests {
    static func text(_ rows: String) -> String {
        """
        policy: coach
        version: 1
        feedback:
          tap: {layer: ui, preset: impact.light}
          thud: {layer: ui, preset: impact.heavy}
        events:
          lap.completed: {layer: ui, screens: [workout], value: number}
        screens:
          workout:
            table:
              lap.completed:
        \(rows.split(separator: "\n").map { "        " + $0 }.joined(separator: "\n"))
        budgets:
          - {id: B-1, each: screen, max: 6, per: 10}
        parameters:
          max_hr: {set-by: profile.set, min: 120, max: 220, default: 190}
        """
    }

    /// Lint findings as `code@line:column`, but for feedback the rows leave unused (HP211).
    static func findings(_ rows: String) throws -> [String] {
        let loaded = load(text(rows))
        let document = try #require(loaded.document, "\(summary(loaded))")
        return summary(loaded)
            + PolicyValidator.validate(document).filter { $0.code != "HP211" }.map {
                "\($0.code)@\($0.location.line):\($0.location.column)"
            }
    }

    static let split = """
        - {when: {max_hr: {at-least: 200}}, play: thud}
        - {when: {max_hr: {below: 200}, value: {above: 5}}, play: tap}
        - {silent: a short lap is told by the coach's voice}
        """

    @Test func theRowFollowsTheParameterAsItIsSet() throws {
        let loaded = load(Self.text(Self.split))
        let document = try #require(loaded.document)
        #expect(PolicyValidator.validate(document).isEmpty, "\(PolicyValidator.validate(document).map(\.message))")
        var session = Session(policy: try Policy(compiling: document))
        _ = session.decide(session.event(t: 0, name: "screen.enter", screen: "workout"))
        #expect(session.decide(session.event(t: 1, name: "lap.completed", value: .number(6))).feedback == "tap")
        #expect(session.decide(session.event(t: 2, name: "lap.completed", value: .number(4))).reason == .designer)
        _ = session.decide(session.event(t: 3, name: "profile.set", value: .number(200)))
        let high = session.decide(session.event(t: 4, name: "lap.completed", value: .number(6)))
        #expect(high.feedback == "thud")
        #expect(high.rule?.id == "workout/lap.completed#1")
        // A bad setting leaves the value, and so the row that decides.
        _ = session.decide(session.event(t: 5, name: "profile.set", value: .number(500)))
        #expect(session.decide(session.event(t: 6, name: "lap.completed", value: .number(6))).feedback == "thud")
        _ = session.decide(session.event(t: 7, name: "profile.set", value: .number(199.5)))
        #expect(session.decide(session.event(t: 8, name: "lap.completed", value: .number(6))).feedback == "tap")
    }

    @Test func aBundleKeepsTheTestsAndIsFormat3() throws {
        let document = try #require(load(Self.text(Self.split)).document)
        let policy = try Policy(compiling: document)
        let loaded = try Policy(bundle: policy.bundle)
        #expect(loaded.hash == policy.hash)
        #expect(String(decoding: policy.bundle, as: UTF8.self).contains(#""parameters":[{"parameter":0"#))
        var session = Session(policy: loaded)
        _ = session.decide(session.event(t: 0, name: "screen.enter", screen: "workout"))
        _ = session.decide(session.event(t: 1, name: "profile.set", value: .number(210)))
        #expect(session.decide(session.event(t: 2, name: "lap.completed", value: .number(6))).feedback == "thud")
    }

    @Test func rowsCoveringTheParametersRangeNeedNoCatchAllRow() throws {
        #expect(
            try Self.findings(
                """
                - {when: {max_hr: {at-least: 200}}, play: thud}
                - {when: {max_hr: {below: 200}}, play: tap}
                """
            ).isEmpty)
        // A number alone is that value exactly; 120 is in the range, so 120-150 is still open.
        let gap = load(
            Self.text(
                """
                - {when: {max_hr: 120}, play: thud}
                - {when: {max_hr: {at-least: 150}}, play: tap}
                """))
        let document = try #require(gap.document)
        let incomplete = PolicyValidator.validate(document).first { $0.code == "HP309" }
        #expect(incomplete?.message.hasPrefix("when 'max_hr' is from 120 to 150 (120 and 150 excluded)") == true)
    }

    @Test func overlapsShadowsAndImpossibleBoundsAreFoundOverTheRange() throws {
        #expect(
            try Self.findings(
                """
                - {when: {max_hr: {at-least: 150}}, play: thud}
                - {when: {max_hr: {at-least: 200}}, play: tap}
                - {silent: otherwise}
                """) == ["HP303@13:11"])
        #expect(
            try Self.findings(
                """
                - {when: {max_hr: {at-least: 150}}, play: thud}
                - {when: {max_hr: {below: 160}}, play: tap}
                """) == ["HP325@13:11"])
        // The parameter never leaves 120-220: after rows covering it, a catch-all never fires.
        #expect(
            try Self.findings(
                """
                - {when: {max_hr: {at-least: 150}}, play: thud}
                - {when: {max_hr: {below: 150}}, play: tap}
                - {silent: otherwise}
                """) == ["HP303@14:11"])
        #expect(
            try Self.findings(
                """
                - {when: {max_hr: {at-most: 100}}, play: thud}
                - {silent: otherwise}
                """) == ["HP275@12:27"])
        // Beside another field, the test is a requirement: the same one twice overlaps.
        #expect(
            try Self.findings(
                """
                - {when: {max_hr: {at-least: 200}, value: 3}, play: thud}
                - {when: {max_hr: {at-least: 200}, value: 3}, play: tap}
                - {silent: otherwise}
                """) == ["HP302@13:11"])
    }

    @Test func aMisspeltParameterOrASetIsReportedWhereItIsWritten() {
        let misspelt = load(Self.text("- {when: {max_h: {above: 130}}, play: tap}\n- {silent: otherwise}"))
        #expect(summary(misspelt) == ["HP012@12:19"])
        #expect(misspelt.diagnostics.first?.message.contains("did you mean 'max_hr'") == true)
        let set = load(Self.text("- {when: {max_hr: {in: [150, 190]}}, play: tap}\n- {silent: otherwise}"))
        #expect(summary(set) == ["HP011@12:27"])
    }

    @Test func aParameterReadOnlyByAConditionIsNotUnused() throws {
        let findings = try Self.findings("- {when: {max_hr: {at-least: 200}}, play: thud}\n- {silent: otherwise}")
        #expect(!findings.contains { $0.hasPrefix("HP241") })
        #expect(findings.isEmpty)
    }
}
