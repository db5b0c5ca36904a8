import HapticPolicy
import HapticPolicyCompiler
import HapticPolicyPlayer
import HapticPolicyYAML
import Testing

/// A pattern's sounds reach the output in the same plan as its taps, so they play on one
/// clock; `Policy.playsAudio` tells the app to make an engine that plays them.
@MainActor
@Suite struct AudioPlaybackTests {
    static let text = """
        policy: audible
        version: 1
        engine: {haptics-only: false}
        feedback:
          beat:
            layer: creature
            pattern:
              params:
                bpm: {default: 120, min: 30, max: 240}
              events:
                - {type: transient, time: 0, intensity: 1, sharpness: 0.9}
                - {type: audio-custom, time: 0, sound: click.caf, volume: 0.8}
              loop: 60 / bpm
            fallback: none
        events:
          metronome.start: {layer: creature, screens: [home]}
        screens:
          home:
            enter: [prepare-engine]
            table:
              metronome.start: {play: beat}
        budgets:
          - {id: B-1, each: screen, max: 6, per: 10}

        """

    @Test func theLoopCarriesItsClickToTheOutput() throws {
        let document = try #require(PolicyLoader.parse(Array(Self.text.utf8), file: "audible.yaml").document)
        let policy = try Policy(compiling: document)
        #expect(policy.playsAudio)
        var session = Session(policy: policy)
        let output = RecordingOutput()
        let player = HapticPlayer(output: output)
        player.handle(session.decide(session.event(t: 0, name: "screen.enter", value: .string("home"))))
        player.handle(session.decide(session.event(t: 1, name: "metronome.start")))
        #expect(output.calls == ["prepareEngine", "startEngine", "loop beat every 0.5"])
        let plan = try #require(output.plans.first)
        #expect(plan.events.map(\.audio?.sound) == [nil, "click.caf"])
        #expect(plan.events.last?.audio?.volume == 0.8)
        #expect(plan.events.last?.time == 0)
    }
}
