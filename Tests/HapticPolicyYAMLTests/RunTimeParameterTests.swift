import Foundation
import HapticPolicy
import HapticPolicyCompiler
import Testing

@testable import HapticPolicyYAML

/// Run-time parameters (`parameters:`) and the setting events that set them: decided like
/// built-in state events, on every screen, never by a table.
@Suite struct RunTimeParameterTests {
    static let text = """
        policy: coach
        version: 1
        feedback:
          tap: {layer: ui, preset: impact.light}
        events:
          button.tap: {layer: ui, screens: [workout, settings]}
          heart.rate: {layer: ui, screens: [workout], value: number}
        screens:
          workout:
            table:
              button.tap: {play: tap}
              heart.rate: {band: effort}
          settings:
            table:
              button.tap: {silent: settings taps are not moments}
        budgets:
          - {id: B-1, each: screen, max: 6, per: 10}
        parameters:
          max_hr: {set-by: profile.set, min: 120, max: 220, default: 190, unit: bpm}
          rest_hr: {set-by: profile.rest, min: 30, max: 100, default: 60}
        bands:
          effort:
            hysteresis: 1
            levels:
              - {name: easy, below: rest_hr + 0.4 * max_hr, silent: an easy effort}
              - {name: hard, silent: a hard effort}
        """

    static func policy(_ text: String = RunTimeParameterTests.text) throws -> Policy {
        let loaded = load(text)
        #expect(loaded.diagnostics.isEmpty, "\(summary(loaded))")
        let document = try #require(loaded.document)
        let findings = PolicyValidator.validate(document)
        #expect(findings.isEmpty, "\(findings.map(\.message))")
        return try Policy(compiling: document)
    }

    @Test func aParameterStartsAtItsDefaultAndItsSettingEventSetsIt() throws {
        var session = Session(policy: try Self.policy())
        #expect(session.parameter("max_hr") == 190)
        #expect(session.parameter("rest_hr") == 60)
        #expect(session.parameter("nope") == nil)
        _ = session.decide(session.event(t: 0, name: "screen.enter", screen: "workout"))
        let set = session.decide(session.event(t: 1, name: "profile.set", value: .number(185)))
        #expect(set.action == .silent)
        #expect(set.reason == .state)
        #expect(set.rule?.id == "parameters/max_hr")
        #expect(set.rule?.location.line == 19)
        #expect(set.screen == "workout")
        #expect(set.note == "max_hr is now 185; band 'effort' edges now 134")
        #expect(session.parameter("max_hr") == 185)
        #expect(session.parameter("rest_hr") == 60)
        let rest = session.decide(session.event(t: 2, name: "profile.rest", value: .number(48)))
        #expect(rest.rule?.id == "parameters/rest_hr")
        #expect(session.parameter("rest_hr") == 48)
        // Catalogue events keep deciding by their table after the setting events' ids.
        #expect(session.decide(session.event(t: 3, name: "button.tap")).feedback == "tap")
    }

    /// A value out of range, of the wrong kind, not finite or missing changes nothing.
    @Test(arguments: [
        ScalarValue.number(300), .number(119.9), .string("185"), .bool(true), .number(.nan), nil,
    ])
    func aBadValueIsABadStateThatChangesNothing(value: ScalarValue?) throws {
        var session = Session(policy: try Self.policy())
        _ = session.decide(session.event(t: 1, name: "profile.set", value: .number(200)))
        let decision = session.decide(session.event(t: 2, name: "profile.set", value: value))
        #expect(decision.reason == .badState)
        #expect(decision.rule?.id == "parameters/max_hr")
        #expect(decision.note?.contains("from 120 to 220") == true)
        #expect(decision.note?.contains("(parameters.max_hr)") == true)
        #expect(decision.note?.hasSuffix("max_hr stays 200") == true)
        #expect(session.parameter("max_hr") == 200)
    }

    @Test func theEndsOfTheRangeAreValues() throws {
        var session = Session(policy: try Self.policy())
        #expect(session.decide(session.event(t: 1, name: "profile.set", value: .number(120))).reason == .state)
        #expect(session.parameter("max_hr") == 120)
        #expect(session.decide(session.event(t: 2, name: "profile.set", value: .number(220))).reason == .state)
        #expect(session.parameter("max_hr") == 220)
    }

    @Test func anEditedPolicyKeepsAParameterWhileItsValueIsStillInRange() throws {
        var session = Session(policy: try Self.policy())
        _ = session.decide(session.event(t: 1, name: "profile.set", value: .number(210)))
        _ = session.decide(session.event(t: 1, name: "profile.rest", value: .number(90)))
        let narrower = Self.text
            .replacingOccurrences(of: "min: 120, max: 220", with: "min: 120, max: 200")
        let continued = Session(policy: try Self.policy(narrower), continuing: session)
        #expect(continued.parameter("max_hr") == 190)
        #expect(continued.parameter("rest_hr") == 90)
    }

    @Test func aPolicyWithParametersDecidesTheSameFromItsBundle() throws {
        let policy = try Self.policy()
        let text = String(decoding: policy.bundle, as: UTF8.self)
        #expect(text.hasPrefix(#"{"format":"haptic-policy-bundle","formatVersion":7,"#))
        let loaded = try Policy(bundle: policy.bundle)
        #expect(loaded.hash == policy.hash)
        #expect(loaded.parameterNames == ["max_hr", "rest_hr"])
        var session = Session(policy: loaded)
        #expect(session.decide(session.event(t: 1, name: "profile.set", value: .number(150))).reason == .state)
        #expect(session.parameter("max_hr") == 150)
        let relabelled = text.replacingOccurrences(of: #""formatVersion":7"#, with: #""formatVersion":3"#)
        #expect(throws: PolicyBundle.LoadError.unsupportedVersion(found: 3, supported: 7)) {
            try Policy(bundle: Array(relabelled.utf8))
        }
    }

    @Test func aDeclarationMissingItsRangeIsReportedAtTheKey() {
        let result = load(Self.text.replacingOccurrences(of: "min: 30, max: 100, ", with: ""))
        #expect(summary(result) == ["HP013@20:3", "HP013@20:3"])
        #expect(result.diagnostics.first?.message.contains("min") == true)
    }
}

extension RunTimeParameterTests {
    @Test func aParameterNamedLikeAConstantIsReportedAtItsName() {
        let result = load("constants:\n  max_hr: 200\n" + Self.text)
        #expect(summary(result).contains("HP231@21:3"))
        #expect(
            result.diagnostics.first { $0.code == "HP231" }?.message.contains("run-time parameter 'max_hr'") == true)
    }
}
