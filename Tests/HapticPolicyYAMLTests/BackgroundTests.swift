import Foundation
import HapticPolicy
import HapticPolicyCompiler
import HapticPolicyDocument
import HapticPolicyReplay
import Testing

@testable import HapticPolicyYAML

/// `background:` (language v3): the plays the app in background still makes. A kept preset
/// plays, a kept pattern plays its fallback with reason `background` (the engine is
/// stopped), everything else is silent `background` as without it.
@Suite struct BackgroundTests {
    static let text = """
        policy: ride
        version: 1
        layers:
          ui: {}
          nav: {}
        feedback:
          tap: {layer: ui, preset: impact.light}
          off.route: {layer: nav, preset: notification.warning}
          turn.now:
            layer: nav
            pattern:
              events:
                - {type: transient, time: 0, intensity: 1, sharpness: 0.8}
            fallback: impact.heavy
          hazard:
            layer: nav
            pattern:
              events:
                - {type: transient, time: 0, intensity: 0.9, sharpness: 0.9}
            fallback: impact.rigid
          pulse:
            layer: nav
            pattern:
              events:
                - {type: transient, time: 0}
              loop: 0.5
            fallback: impact.soft
        events:
          button.tap: {layer: ui, screens: all}
          turn.now: {layer: nav, screens: [ride]}
          off.route: {layer: nav, screens: [ride]}
          hazard.ahead: {layer: nav, screens: [ride]}
          pulse.start: {layer: nav, screens: [ride]}
          pulse.stop: {layer: nav, screens: [ride]}
        everywhere:
          button.tap: {play: tap}
        screens:
          ride:
            enter: [prepare-engine]
            table:
              turn.now: {play: turn.now}
              off.route: {play: off.route}
              hazard.ahead: {play: hazard}
              pulse.start: {loop: pulse}
              pulse.stop: {stop: pulse}
        budgets:
          - {id: B-1, each: screen, max: 50, per: 1}
        user-levels:
          set-by: haptics.level
          start: full
          levels:
            full: {keeps: all}
            taps: {keeps: {feedback: [tap]}}
        background:
          keeps: {feedback: [turn.now, off.route, pulse], rows: [ride/hazard.ahead]}
          note: with the phone locked only what the rider must act on plays
        """

    static func policy(_ text: String = BackgroundTests.text) throws -> Policy {
        let loaded = load(text)
        #expect(loaded.diagnostics.isEmpty, "\(summary(loaded))")
        let document = try #require(loaded.document)
        let findings = PolicyValidator.validate(document)
        #expect(findings.isEmpty, "\(findings.map { "\($0.code)@\($0.location.line):\($0.location.column)" })")
        return try Policy(compiling: document)
    }

    /// A session on the ride screen with the engine warm, then in background at t 2.
    static func inBackground(_ policy: Policy) -> Session {
        var session = Session(policy: policy)
        _ = session.decide(session.event(t: 0, name: "screen.enter", screen: "ride"))
        _ = session.decide(session.event(t: 2, name: "app.state", value: .string("background")))
        return session
    }

    static func codes(_ text: String) -> [String] {
        let loaded = load(text)
        let validated = loaded.document.map(PolicyValidator.validate) ?? []
        return (loaded.diagnostics + validated).map { "\($0.code)@\($0.location.line):\($0.location.column)" }
    }

    // MARK: front end

    @Test func theDeclarationReadsKeepsAsAUserLevelsAndItsNote() throws {
        let document = try #require(load(Self.text).document)
        let background = try #require(document.background)
        guard case .some(let feedback, let layers, let rows) = background.keeps else {
            Issue.record("keeps is \(background.keeps)")
            return
        }
        #expect(feedback.map(\.value) == ["turn.now", "off.route", "pulse"])
        #expect(layers.isEmpty)
        #expect(rows.map(\.value) == ["ride/hazard.ahead"])
        #expect(rows.first?.location.line == 55)
        #expect(background.note == "with the phone locked only what the rider must act on plays")
        #expect(background.location.line == 54)
        for (word, expected) in [("all", UserLevelsDecl.Keeps.all), ("none", .none)] {
            let text = Self.text.replacingOccurrences(
                of: "  keeps: {feedback: [turn.now, off.route, pulse], rows: [ride/hazard.ahead]}",
                with: "  keeps: \(word)")
            #expect(try #require(load(text).document).background?.keeps == expected)
        }
        #expect(try #require(load(Self.text.components(separatedBy: "background:\n")[0]).document).background == nil)
    }

    @Test func aMisspelledOrMissingKeyIsLocatedWithItsFix() throws {
        let misspelled = Self.text.replacingOccurrences(of: "  note: with the phone", with: "  notes: with the phone")
        let loaded = load(misspelled)
        let unknown = try #require(loaded.diagnostics.first)
        #expect(unknown.location.line == 56)
        #expect(unknown.location.column == 3)
        #expect(unknown.message.contains("note"), "\(unknown.message)")
        let missing = Self.text.replacingOccurrences(
            of: "  keeps: {feedback: [turn.now, off.route, pulse], rows: [ride/hazard.ahead]}\n", with: "")
        let refused = try #require(load(missing).diagnostics.first)
        #expect(refused.location.line == 54)
        #expect(refused.message.contains("keeps"), "\(refused.message)")
        let badWord = Self.text.replacingOccurrences(
            of: "  keeps: {feedback: [turn.now, off.route, pulse], rows: [ride/hazard.ahead]}", with: "  keeps: some")
        let word = try #require(load(badWord).diagnostics.first)
        #expect(word.location.line == 55)
        #expect(word.location.column == 10)
        #expect(word.message.contains("all") && word.message.contains("none"), "\(word.message)")
    }

    // MARK: checks

    @Test func eachMisuseHasItsCheck() {
        let unknown = Self.text.replacingOccurrences(
            of: "rows: [ride/hazard.ahead]}", with: "rows: [ride/hazard.ahed], layers: [navigation]}")
        #expect(Self.codes(unknown) == ["HP180@55:58", "HP180@55:86"])
        let nothing = Self.text.replacingOccurrences(
            of: "{feedback: [turn.now, off.route, pulse], rows: [ride/hazard.ahead]}", with: "{rows: []}")
        #expect(Self.codes(nothing) == ["HP181@55:10"])
        let never = Self.text.replacingOccurrences(
            of: "rows: [ride/hazard.ahead]}", with: "rows: [ride/hazard.ahead, ride/pulse.stop]}")
        #expect(Self.codes(never) == ["HP182@55:77"])
        let noFallback = Self.text.replacingOccurrences(
            of: "      loop: 0.5\n    fallback: impact.soft", with: "      loop: 0.5\n    fallback: none")
        #expect(Self.codes(noFallback) == ["HP183@55:43"])
    }

    // MARK: lowering and bundle

    @Test func keepsNoneCompilesToTheContentOfNoBackground() throws {
        let none = try Self.policy(
            Self.text.replacingOccurrences(
                of: "  keeps: {feedback: [turn.now, off.route, pulse], rows: [ride/hazard.ahead]}",
                with: "  keeps: none"))
        let absent = try Self.policy(Self.text.components(separatedBy: "background:\n")[0])
        #expect(none.content.background == nil)
        #expect(none.content.decide?.background == nil)
        #expect(none.hash == absent.hash)
        #expect(!String(decoding: absent.bundle, as: UTF8.self).contains("\"background\""))
    }

    @Test func theBundleCarriesTheResolvedKeepsAndDecidesTheSame() throws {
        let policy = try Self.policy()
        let decide = try #require(policy.content.decide?.background)
        #expect(decide.rule.id == "background")
        #expect(decide.feedback.map { policy.content.feedback[$0].name } == ["off.route", "turn.now", "pulse"])
        #expect(decide.ruleSlots.map { policy.content.decide?.ruleSlots[$0] } == ["ride/hazard.ahead"])
        let text = String(decoding: policy.bundle, as: UTF8.self)
        #expect(text.hasPrefix(#"{"format":"haptic-policy-bundle","formatVersion":7,"#))
        let loaded = try toolsPolicy(bundle: policy.bundle)
        #expect(loaded.content == policy.content)
        var session = Self.inBackground(loaded)
        #expect(session.decide(session.event(t: 3, name: "off.route")).action == .play)
        // Content naming a feedback it does not have is refused.
        var content = policy.content
        content.background?.keeps.feedback.append("nope")
        #expect(content.inconsistency?.contains("nope") == true)
    }

    // MARK: the session

    @Test func aKeptPresetPlaysAndWhatIsNotKeptIsSilentBackground() throws {
        var session = Self.inBackground(try Self.policy())
        let route = session.decide(session.event(t: 3, name: "off.route"))
        #expect(route.action == .play)
        #expect(route.reason == nil)
        #expect(!route.fallback)
        let tap = session.decide(session.event(t: 4, name: "button.tap"))
        #expect(tap.action == .silent)
        #expect(tap.reason == .background)
        #expect(tap.note == nil)
    }

    @Test func aKeptPatternPlaysItsFallbackWithReasonBackground() throws {
        var session = Self.inBackground(try Self.policy())
        let turn = session.decide(session.event(t: 3, name: "turn.now"))
        #expect(turn.action == .play)
        #expect(turn.fallback)
        #expect(turn.reason == .background)
        #expect(turn.render == .preset(.impactHeavy))
        // Kept by its row.
        let hazard = session.decide(session.event(t: 4, name: "hazard.ahead"))
        #expect(hazard.fallback && hazard.reason == .background)
        // Background comes before the device's own reasons.
        session.device.supportsHaptics = false
        #expect(session.decide(session.event(t: 5, name: "turn.now")).reason == .background)
    }

    @Test func aKeptPatternWithoutFallbackIsSilentNoFallback() throws {
        let text = Self.text.replacingOccurrences(
            of: "    fallback: impact.rigid", with: "    fallback: none")
        let loaded = load(text)
        let document = try #require(loaded.document)
        var session = Self.inBackground(try Policy(compiling: document))
        let hazard = session.decide(session.event(t: 3, name: "hazard.ahead"))
        #expect(hazard.action == .silent)
        #expect(hazard.reason == .noFallback)
        #expect(hazard.note == "'hazard' cannot play (background) and has no fallback")
    }

    @Test func aKeptLoopPlaysItsFallbackOnceAndRunningLoopsStillStop() throws {
        let policy = try Self.policy()
        var session = Session(policy: policy)
        _ = session.decide(session.event(t: 0, name: "screen.enter", screen: "ride"))
        #expect(session.decide(session.event(t: 1, name: "pulse.start")).loopPeriod == 0.5)
        let away = session.decide(session.event(t: 2, name: "app.state", value: .string("background")))
        #expect(away.directives.contains(.stopLoop))
        let start = session.decide(session.event(t: 3, name: "pulse.start"))
        #expect(start.action == .play && start.fallback && start.reason == .background)
        #expect(start.loopPeriod == nil)
        let back = session.decide(session.event(t: 4, name: "app.state", value: .string("foreground")))
        #expect(back.directives.contains(.restartEngine))
        #expect(session.decide(session.event(t: 5, name: "pulse.stop")).reason == .notRunning)
    }

    @Test func theHapticsSettingAndTheUserLevelStillRefuseAfterTheBackgroundGate() throws {
        var session = Self.inBackground(try Self.policy())
        session.device.hapticsEnabled = false
        #expect(session.decide(session.event(t: 3, name: "off.route")).reason == .hapticsDisabled)
        #expect(session.decide(session.event(t: 4, name: "button.tap")).reason == .background)
        session.device.hapticsEnabled = true
        _ = session.decide(session.event(t: 5, name: "haptics.level", value: .string("taps")))
        let route = session.decide(session.event(t: 6, name: "off.route"))
        #expect(route.reason == .userLevel)
        #expect(route.rule?.id == "user-levels/taps")
        #expect(session.decide(session.event(t: 7, name: "button.tap")).reason == .background)
    }

    @Test func inForegroundNothingChanges() throws {
        var with = Session(policy: try Self.policy())
        var without = Session(policy: try Self.policy(Self.text.components(separatedBy: "background:\n")[0]))
        for (t, name) in [
            (0.0, "screen.enter"), (1, "turn.now"), (2, "off.route"), (3, "hazard.ahead"), (4, "button.tap"),
        ] {
            let a = with.decide(with.event(t: t, name: name, screen: name == "screen.enter" ? "ride" : nil))
            let b = without.decide(without.event(t: t, name: name, screen: name == "screen.enter" ? "ride" : nil))
            #expect(a == b, "\(name)")
        }
    }

    // MARK: tooling

    @Test func theTableSaysWhatRingsInBackground() throws {
        let table = DecisionTable(try Self.policy())
        let background = try #require(table.background)
        #expect(background.keeps == "feedback turn.now, off.route, pulse; rows ride/hazard.ahead")
        #expect(background.rings == ["ride/turn.now", "ride/off.route", "ride/hazard.ahead", "ride/pulse.start"])
        #expect(background.silences == ["everywhere/button.tap"])
        #expect(background.note == "with the phone locked only what the rider must act on plays")
        #expect(DecisionTable(try Self.policy(Self.text.components(separatedBy: "background:\n")[0])).background == nil)
    }

    @Test func coverageCountsEachKeptPlayUntilItPlaysInBackground() throws {
        let policy = try Self.policy()
        var coverage = PolicyCoverage(policy: policy)
        let tally = try #require(coverage.tallies.first { $0.kind == "background" })
        #expect(
            tally.all == [
                "background keeps turn.now at ride/turn.now", "background keeps off.route at ride/off.route",
                "background keeps hazard at ride/hazard.ahead", "background keeps pulse at ride/pulse.start",
            ])
        var session = Self.inBackground(policy)
        let event = TimedEvent(t: 3, name: "off.route")
        coverage.record(
            session.decide(session.event(t: 3, name: "off.route")), for: event, userLevel: "full", inBackground: true)
        coverage.record(
            session.decide(session.event(t: 4, name: "turn.now")), for: event, userLevel: "full", inBackground: false)
        let after = try #require(coverage.tallies.first { $0.kind == "background" })
        #expect(after.hit == ["background keeps off.route at ride/off.route"])
        let plain = PolicyCoverage(policy: try Self.policy(Self.text.components(separatedBy: "background:\n")[0]))
        #expect(!plain.tallies.contains { $0.kind == "background" })
    }
}
