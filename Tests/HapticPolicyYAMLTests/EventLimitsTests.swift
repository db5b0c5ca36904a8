import Foundation
import HapticPolicy
import HapticPolicyCompiler
import HapticPolicyDocument
import HapticPolicyReplay
import Testing

@testable import HapticPolicyYAML

/// Language v3, feature F: budgets that count events (`event:`, `events:`) and events
/// that end their subject (`ends-subject: true`), from the YAML to the session.
@Suite struct EventLimitsTests {
    static let text = """
        policy: ride
        version: 1
        feedback:
          warn: {layer: ui, preset: notification.warning}
          hazard: {layer: ui, preset: notification.error}
          tap: {layer: ui, preset: impact.light}
          near: {layer: ui, preset: impact.medium}
        bands:
          distance:
            hysteresis: 0
            dwell: 1
            levels:
              - {name: near, below: 100, play: near}
              - {name: far, silent: too far to cue}
        events:
          off.route: {layer: ui, screens: [ride, map]}
          hazard.ahead: {layer: ui, screens: [ride]}
          hazard.closure: {layer: ui, screens: [ride]}
          button.tap: {layer: ui, screens: [ride]}
          turn.distance: {layer: ui, screens: [ride], value: number}
          turn.passed: {layer: ui, screens: [ride], ends-subject: true}
        screens:
          ride:
            table:
              off.route: {play: warn}
              hazard.ahead: {play: hazard}
              hazard.closure: {play: hazard}
              button.tap: {play: tap}
              turn.distance:
                - {when: {subject: pinned}, band: distance}
                - {band: distance}
              turn.passed: {play: tap}
          map:
            table:
              off.route: {play: warn}
        budgets:
          - {id: R-1, event: off.route, max: 1, per: 20, enforce: true}
          - {id: R-2, events: [hazard.ahead, hazard.closure], max: 2, per: 60, enforce: true}
          - {id: B-1, each: screen, max: 10, per: 1}
        """

    static func document(_ text: String = EventLimitsTests.text) throws -> PolicyDocument {
        let loaded = load(text)
        #expect(loaded.diagnostics.isEmpty, "\(summary(loaded))")
        return try #require(loaded.document)
    }

    static func policy(_ text: String = EventLimitsTests.text) throws -> Policy {
        let document = try document(text)
        let findings = PolicyValidator.validate(document)
        #expect(findings.isEmpty, "\(findings.map { "\($0.code)@\($0.location.line) \($0.message)" })")
        return try Policy(compiling: document)
    }

    static func session(_ policy: Policy) -> Session {
        var session = Session(policy: policy)
        _ = session.decide(session.event(t: 0, name: "screen.enter", screen: "ride"))
        return session
    }

    static func findings(_ text: String) throws -> [String] {
        let loaded = load(text)
        let validated = loaded.document.map(PolicyValidator.validate) ?? []
        return (loaded.diagnostics + validated).map { "\($0.code)@\($0.location.line):\($0.location.column)" }
    }

    // MARK: front end

    @Test func eventAndEventsDecodeToTheEventsScopeAndEndsSubjectIsRead() throws {
        let document = try Self.document()
        guard case .events(let one) = document.budgets[0].scope, case .events(let two) = document.budgets[1].scope
        else {
            Issue.record("not an events scope: \(document.budgets.map(\.scope))")
            return
        }
        #expect(one.map(\.value) == ["off.route"])
        #expect(one[0].location.line == 37)
        #expect(two.map(\.value) == ["hazard.ahead", "hazard.closure"])
        let passed = try #require(document.events.first { $0.name.value == "turn.passed" })
        #expect(passed.endsSubject?.value == true)
        #expect(passed.endsSubject?.location.line == 21)
        #expect(document.events.first { $0.name.value == "off.route" }?.endsSubject == nil)
    }

    @Test func twoScopesAreRefusedAtTheSecondOne() throws {
        let text = Self.text.replacingOccurrences(
            of: "{id: R-1, event: off.route,", with: "{id: R-1, event: off.route, layer: ui,")
        let loaded = load(text)
        let conflict = try #require(loaded.diagnostics.first { $0.code == "HP016" })
        #expect(conflict.location.line == 37)
        #expect(conflict.message.contains("'layer' cannot be used together with 'event'"))
    }

    @Test func aBadEndsSubjectOrEventsValueIsLocated() throws {
        let text = Self.text.replacingOccurrences(of: "ends-subject: true", with: "ends-subject: yes")
            .replacingOccurrences(of: "events: [hazard.ahead, hazard.closure]", with: "events: hazard.ahead")
        let loaded = load(text)
        let lines = loaded.diagnostics.map(\.location.line)
        #expect(lines.contains(21), "\(summary(loaded))")
        #expect(lines.contains(38), "\(summary(loaded))")
        #expect(loaded.diagnostics.contains { $0.message.contains("'yes' is not a boolean for 'ends-subject'") })
    }

    // MARK: checks

    @Test func eachMisuseHasItsCheck() throws {
        let unknown = Self.text.replacingOccurrences(of: "event: off.route,", with: "event: off.rout,")
        #expect(try Self.findings(unknown).contains("HP510@37:22"))
        let excepted = Self.text.replacingOccurrences(
            of: "max: 1, per: 20, enforce: true}", with: "max: 1, per: 20, except: {button.tap: a tap}}")
        #expect(try Self.findings(excepted).contains("HP511@37:59"))
        let empty = Self.text.replacingOccurrences(of: "events: [hazard.ahead, hazard.closure]", with: "events: []")
        #expect(try Self.findings(empty).contains("HP512@38:5"))
        let twice = Self.text.replacingOccurrences(
            of: "events: [hazard.ahead, hazard.closure]", with: "events: [hazard.ahead, hazard.ahead]")
        #expect(try Self.findings(twice).contains("HP513@38:38"))
        let silent = Self.text.replacingOccurrences(of: "off.route: {play: warn}", with: "off.route: {silent: quiet}")
        #expect(try Self.findings(silent).contains("HP514@37:22"))
        let band = Self.text.replacingOccurrences(of: "turn.passed: {play: tap}", with: "turn.passed: {band: distance}")
            .replacingOccurrences(
                of: "turn.passed: {layer: ui, screens: [ride], ends-subject: true}",
                with: "turn.passed: {layer: ui, screens: [ride], value: number, ends-subject: true}")
        #expect(try Self.findings(band).contains("HP190@21:74"))
        #expect(try Self.findings(Self.text).isEmpty)
    }

    // MARK: lowering and bundle

    @Test func anEventBudgetIsLoweredAsExceptingEveryOtherEvent() throws {
        let policy = try Self.policy()
        let decide = try #require(policy.content.decide)
        let r1 = try #require(decide.budgets.first { $0.rule.id == "R-1" })
        let offRoute = try #require(decide.events.firstIndex(of: "off.route"))
        #expect(Set(r1.excepted) == Set(decide.events.indices).subtracting([offRoute]))
        #expect(r1.counted == Array(policy.content.feedback.indices))
        #expect(r1.screen == nil && !r1.perScreen && r1.rings == 1)
        #expect(decide.endsSubject == [try #require(decide.events.firstIndex(of: "turn.passed"))])
        #expect(policy.content.events.first { $0.name == "turn.passed" }?.endsSubject == true)
        #expect(policy.content.budgets[0].scope == .events(["off.route"]))
    }

    @Test func theBundleKeepsTheNewFieldsAndAPolicyWithoutThemHasNone() throws {
        let policy = try Self.policy()
        let bytes = policy.bundle
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(text.hasPrefix(#"{"format":"haptic-policy-bundle","formatVersion":7,"#))
        #expect(text.contains(#"{"events":["off.route"],"kind":"events"}"#))
        #expect(text.contains(#""endsSubject":true"#))
        #expect(text.contains(#""endsSubject":["#))
        let reloaded = try toolsPolicy(bundle: bytes)
        #expect(reloaded.content == policy.content)
        var session = Self.session(reloaded)
        _ = session.decide(session.event(t: 1, name: "off.route"))
        #expect(session.decide(session.event(t: 2, name: "off.route")).reason == .overBudget)

        let plain = try Self.policy(
            Self.text.replacingOccurrences(of: ", ends-subject: true", with: "")
                .replacingOccurrences(of: "event: off.route", with: "screen: ride")
                .replacingOccurrences(of: "events: [hazard.ahead, hazard.closure]", with: "layer: ui"))
        let plainText = String(decoding: plain.bundle, as: UTF8.self)
        #expect(!plainText.contains("endsSubject"))
        #expect(!plainText.contains(#""kind":"events""#))
    }

    @Test func aVersion4BundleIsRefusedWithTheRecompileMessage() throws {
        let bytes = try Self.policy().bundle
        let old = String(decoding: bytes, as: UTF8.self).replacingOccurrences(
            of: #""formatVersion":7"#, with: #""formatVersion":4"#)
        #expect(throws: PolicyBundle.LoadError.unsupportedVersion(found: 4, supported: 7)) {
            try Policy(bundle: Array(old.utf8))
        }
        #expect(PolicyBundle.LoadError.unsupportedVersion(found: 4, supported: 7).description.contains("recompile"))
    }

    // MARK: runtime

    @Test func anEventBudgetCountsItsEventOnEveryScreenAndNothingElse() throws {
        var session = Self.session(try Self.policy())
        #expect(session.decide(session.event(t: 1, name: "off.route")).played == "warn")
        for i in 0..<5 {
            #expect(session.decide(session.event(t: 1.1 + Double(i) * 0.1, name: "button.tap")).played == "tap")
        }
        _ = session.decide(session.event(t: 2, name: "screen.enter", screen: "map"))
        let over = session.decide(session.event(t: 3, name: "off.route"))
        #expect(over.action == .silent)
        #expect(over.reason == .overBudget)
        #expect(over.rule?.id == "R-1")
        #expect(over.rule?.location.line == 37)
        #expect(over.note == "R-1 already counts 1 ring on event off.route within 20 s (max 1)")
        #expect(session.decide(session.event(t: 21, name: "off.route")).played == "warn")
    }

    @Test func anEventsBudgetCountsItsEventsTogether() throws {
        var session = Self.session(try Self.policy())
        #expect(session.decide(session.event(t: 1, name: "hazard.ahead")).played == "hazard")
        #expect(session.decide(session.event(t: 2, name: "hazard.closure")).played == "hazard")
        let over = session.decide(session.event(t: 3, name: "hazard.ahead"))
        #expect(over.note == "R-2 already counts 2 rings on events hazard.ahead, hazard.closure within 60 s (max 2)")
        #expect(session.decide(session.event(t: 61.5, name: "hazard.closure")).played == "hazard")
    }

    @Test func anEndingEventForgetsItsSubjectAfterItPlays() throws {
        var session = Self.session(try Self.policy())
        let turn = session.subjectID("turn-1")
        func distance(_ t: Double, _ value: Double, _ subject: SubjectID?) -> Decision {
            session.decide(
                Event(t: t, event: session.policy.eventID("turn.distance")!, subject: subject, value: .number(value)))
        }
        #expect(distance(1, 250, turn).reason == .baseline)
        #expect(distance(2, 80, turn).reason == .dwelling)
        #expect(distance(3, 80, turn).played == "near")
        #expect(session.bandLevel(band: "distance", event: "turn.distance", subject: turn) == "near")
        let passed = session.decide(
            Event(t: 4, event: session.policy.eventID("turn.passed")!, subject: turn))
        #expect(passed.played == "tap")
        #expect(!session.holds(turn))
        #expect(session.endedSubjectCount == 1)
        #expect(session.forgottenSubjectCount == 0)
        // The old id is now no subject; the name is a new subject, at a baseline.
        #expect(distance(5, 250, turn).reason == .baseline)
        let again = session.subjectID("turn-1")
        #expect(again != turn)
        #expect(distance(6, 250, again).reason == .baseline)
    }

    @Test func aPendingDwellIsForgottenAndOtherSubjectsKeepTheirState() throws {
        var session = Self.session(try Self.policy())
        let one = session.subjectID("one")
        let two = session.subjectID("two")
        let e = session.policy.eventID("turn.distance")!
        _ = session.decide(Event(t: 1, event: e, subject: one, value: .number(250)))
        _ = session.decide(Event(t: 1, event: e, subject: two, value: .number(250)))
        #expect(session.decide(Event(t: 2, event: e, subject: one, value: .number(80))).reason == .dwelling)
        #expect(session.decide(Event(t: 2, event: e, subject: two, value: .number(80))).reason == .dwelling)
        _ = session.decide(Event(t: 2.5, event: session.policy.eventID("turn.passed")!, subject: one))
        let fresh = session.subjectID("one")
        #expect(session.decide(Event(t: 3.5, event: e, subject: fresh, value: .number(80))).reason == .baseline)
        #expect(session.decide(Event(t: 3.5, event: e, subject: two, value: .number(80))).played == "near")
        #expect(session.subjectCount == 2 + session.policy.subjectNames.count)
    }

    @Test func aPinnedSubjectKeepsItsSlotAndLosesItsBandState() throws {
        var session = Self.session(try Self.policy())
        let pinned = session.subjectID("pinned")
        let e = session.policy.eventID("turn.distance")!
        _ = session.decide(Event(t: 1, event: e, subject: pinned, value: .number(250)))
        #expect(session.bandLevel(band: "distance", event: "turn.distance", subject: pinned) == "far")
        _ = session.decide(Event(t: 2, event: session.policy.eventID("turn.passed")!, subject: pinned))
        #expect(session.holds(pinned))
        #expect(session.endedSubjectCount == 0)
        #expect(session.bandLevel(band: "distance", event: "turn.distance", subject: pinned) == nil)
        #expect(session.decide(Event(t: 3, event: e, subject: pinned, value: .number(80))).reason == .baseline)
    }

    @Test func anEndingEventWithoutASubjectForgetsNothing() throws {
        var session = Self.session(try Self.policy())
        let e = session.policy.eventID("turn.distance")!
        _ = session.decide(Event(t: 1, event: e, value: .number(250)))
        #expect(session.decide(Event(t: 2, event: session.policy.eventID("turn.passed")!)).played == "tap")
        #expect(session.bandLevel(band: "distance", event: "turn.distance", subject: nil) == "far")
    }

    @Test func theMeterReportsAnEventBudgetByItsEvents() throws {
        let budget = PolicyContent.Budget(id: "R-9", scope: .events(["off.route"]), max: 1, window: 10)
        var meter = BudgetMeter(budgets: [budget])
        #expect(meter.record(time: 1, screen: "ride", layer: .ui, event: "off.route").isEmpty)
        #expect(meter.record(time: 2, screen: "map", layer: .ui, event: "button.tap").isEmpty)
        #expect(meter.record(time: 3, screen: "ride", layer: .ui).isEmpty)
        let over = meter.record(time: 4, screen: "map", layer: .ui, event: "off.route")
        #expect(over.map(\.scope) == ["event off.route"])
        #expect(over.map(\.count) == [2])
    }
}

extension Decision {
    /// The feedback a decision played, or nil when it is silent.
    fileprivate var played: String? { action == .play ? feedback : nil }
}
