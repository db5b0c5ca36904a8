import HapticPolicy
import HapticPolicyCompiler
import HapticPolicyPlayer
import HapticPolicyYAML
import Testing

/// The player carries out a row that does several things in its execution order: the
/// stop first, then the play, then the loop.
@MainActor
@Suite struct SeveralActionsPlayerTests {
    static let text = """
        policy: stride
        version: 1
        feedback:
          pause: {layer: ui, preset: impact.medium}
          cadence:
            layer: creature
            pattern:
              params:
                bpm: {default: 160, min: 100, max: 200}
              events:
                - {type: transient, time: 0, intensity: 1, sharpness: 0.5}
              loop: 60 / bpm
            fallback: none
        events:
          workout.paused: {layer: ui, screens: [workout]}
          workout.resumed: {layer: ui, screens: [workout], value: number}
          cadence.set: {layer: creature, screens: [workout], value: number}
        screens:
          workout:
            enter: [prepare-engine]
            table:
              workout.paused: {stop: cadence, play: pause}
              workout.resumed: {play: pause, loop: cadence, with: {bpm: value}}
              cadence.set: {stop: all, loop: cadence, with: {bpm: value}}
        budgets:
          - {id: B-1, each: screen, max: 6, per: 10}

        """

    @Test func stopsRunBeforeThePlayAndTheLoopAfterIt() throws {
        let document = try #require(PolicyLoader.parse(Array(Self.text.utf8), file: "stride.yaml").document)
        var session = Session(policy: try Policy(compiling: document))
        let output = RecordingOutput()
        let player = HapticPlayer(output: output)
        var seen = 0
        /// The output calls since the last look.
        func fresh() -> [String] {
            defer { seen = output.calls.count }
            return Array(output.calls.dropFirst(seen))
        }
        func send(_ t: Double, _ name: String, _ value: ScalarValue? = nil) {
            player.handle(session.decide(session.event(t: t, name: name, value: value)))
        }
        send(0, "screen.enter", .string("workout"))
        send(1, "workout.resumed", .number(120))
        #expect(fresh() == ["prepareEngine", "startEngine", "preset impact.medium", "loop cadence every 0.5"])
        send(2, "workout.paused")
        #expect(fresh() == ["stopLoop cadence", "preset impact.medium"], "the loop stops before the pause plays")
        send(3, "workout.paused")
        #expect(fresh() == ["preset impact.medium"], "a stop of nothing running does nothing")
        send(4, "cadence.set", .number(150))
        send(5, "cadence.set", .number(100))
        #expect(fresh() == ["loop cadence every 0.4", "stopLoop cadence", "loop cadence every 0.6"])
    }
}
