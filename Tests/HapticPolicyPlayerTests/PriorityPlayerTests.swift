import HapticPolicy
import HapticPolicyCompiler
import HapticPolicyPlayer
import HapticPolicyYAML
import Testing

/// The player honours what a play of a higher priority cut: it stops the loop
/// (`stop-loop`) and the one-shot pattern (`interrupt`) before it plays.
@MainActor
@Suite struct PriorityPlayerTests {
    static let text = """
        policy: ride
        version: 1
        feedback:
          hazard: {layer: ui, preset: notification.error, priority: critical}
          chime:
            layer: ui
            pattern:
              events:
                - {type: continuous, time: 0, duration: 1}
            fallback: none
          drone:
            layer: ui
            pattern:
              events:
                - {type: continuous, time: 0, duration: 0.2}
              loop: 1
            fallback: none
        events:
          hazard.e: {layer: ui, screens: [nav]}
          chime.e: {layer: ui, screens: [nav]}
          drone.e: {layer: ui, screens: [nav]}
        screens:
          nav:
            enter: [prepare-engine]
            table:
              hazard.e: {play: hazard}
              chime.e: {play: chime}
              drone.e: {loop: drone}
        budgets:
          - {id: B-1, each: screen, max: 6, per: 10}

        """

    @Test func aCriticalPlayStopsTheLoopAndCutsThePatternBeforeItPlays() throws {
        let document = try #require(PolicyLoader.parse(Array(Self.text.utf8), file: "ride.yaml").document)
        var session = Session(policy: try Policy(compiling: document))
        let output = RecordingOutput()
        let player = HapticPlayer(output: output)
        var seen = 0
        func fresh() -> [String] {
            defer { seen = output.calls.count }
            return Array(output.calls.dropFirst(seen))
        }
        func send(_ t: Double, _ name: String, screen: String? = nil) -> Decision {
            let decision = session.decide(session.event(t: t, name: name, screen: screen))
            player.handle(decision)
            return decision
        }
        _ = send(0, "screen.enter", screen: "nav")
        _ = send(0.5, "drone.e")
        _ = send(1, "chime.e")
        #expect(fresh() == ["prepareEngine", "startEngine", "loop drone every 1", "pattern chime"])
        let hazard = send(1.5, "hazard.e")
        #expect(hazard.also.map(\.directives) == [.stopLoop, .interrupt])
        #expect(
            fresh() == ["stopLoop drone", "stopPattern chime", "preset notification.error"],
            "what the hazard cut stops before it plays")
    }
}
