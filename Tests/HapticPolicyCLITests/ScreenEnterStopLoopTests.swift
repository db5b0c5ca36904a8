import Foundation
import HapticPolicy
import HapticPolicyCompiler
import HapticPolicyYAML
import Testing

/// A screen whose `enter:` says `stop-loop` stops what loops when it opens (a run's
/// summary ends the cadence): the directive used to be accepted by lint and then ignored.
@Suite struct ScreenEnterStopLoopTests {
    static let policyText = """
        policy: loops
        version: 1
        feedback:
          click:
            layer: creature
            pattern:
              events:
                - {type: transient, time: 0, intensity: 1, sharpness: 0.8}
              loop: 0.5
            fallback: none
        events:
          beat.start: {layer: creature, screens: [beat]}
          button.tap: {layer: ui, screens: all}
        screens:
          beat:
            enter: [prepare-engine]
            table:
              beat.start: {play: click}
              button.tap: {silent: taps are not beats}
          done:
            enter: [stop-loop]
            table:
              button.tap: {silent: taps are not beats}
          other:
            table:
              button.tap: {silent: taps are not beats}
        budgets:
          - {id: B-1, each: screen, max: 4, per: 10}
        """

    static func policy() throws -> Policy {
        let document = try #require(PolicyLoader.parse(Array(policyText.utf8), file: "loops.yaml").document)
        let validated = try #require(PolicyValidator.check(document).validated)
        return PolicyCompiler.compile(validated)
    }

    static func decide(_ screens: [String]) throws -> (Decision, Session) {
        var session = Session(policy: try policy())
        _ = session.decide(session.event(t: 0, name: "screen.enter", screen: "beat"))
        let start = session.decide(session.event(t: 1, name: "beat.start"))
        #expect(start.action == .play && session.runningLoops.count == 1)
        var last = start
        for (index, screen) in screens.enumerated() {
            last = session.decide(session.event(t: 2 + Double(index), name: "screen.enter", screen: screen))
        }
        return (last, session)
    }

    @Test func enteringAStopLoopScreenStopsTheRunningLoop() throws {
        let (entered, session) = try Self.decide(["done"])
        #expect(entered.reason == .state)
        #expect(entered.directives == .stopLoop)
        #expect(session.runningLoops.isEmpty)
    }

    @Test func anotherScreenLeavesTheLoopRunning() throws {
        let (entered, session) = try Self.decide(["other"])
        #expect(entered.directives == [])
        #expect(session.runningLoops.count == 1)
    }

    @Test func nothingToStopSaysNoDirective() throws {
        let (entered, _) = try Self.decide(["done", "beat", "done"])
        #expect(entered.directives == [])
    }
}
