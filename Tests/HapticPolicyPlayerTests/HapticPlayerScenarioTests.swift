import HapticPolicy
import HapticPolicyCompiler
import HapticPolicyDocument
import HapticPolicyPlayer
import Testing

/// The player's lifecycle, scenario by scenario, as the exact calls it makes.
@MainActor
@Suite struct HapticPlayerScenarioTests {
    @Test func cameraWarmsTheEngineOnceWhenItOpens() throws {
        let rig = try PlayerRig("plavo")
        rig.enter(0, "album")
        #expect(rig.take() == [])
        rig.enter(1, "camera")
        #expect(rig.take() == ["prepareEngine", "startEngine"])
        rig.enter(2, "camera")
        #expect(rig.take() == [], "a warm engine is not started again")
    }

    @Test func dryingThroughBandsRingsOncePerBandAndNeverChatters() throws {
        let rig = try PlayerRig("plavo")
        rig.enter(0, "camera")
        #expect(rig.take() == ["prepareEngine", "startEngine"])
        // The demo mock dries 0.6 % per second from 62 % to 30 %, with sensor noise
        // around the 60 % edge.
        var t = 1.0
        var moisture = 62.0
        while moisture > 30 {
            rig.send(t, "moisture.sample", subject: "monstera", value: .number(moisture))
            t += 1
            moisture -= 0.6
        }
        for noisy in [60.4, 59.7, 60.9, 59.5, 61.0] {
            rig.send(t, "moisture.sample", subject: "fern", value: .number(noisy))
            t += 1
        }
        #expect(rig.take() == ["pattern soil.comfortable", "pattern soil.thirsty"])
        #expect(rig.incidents.isEmpty)
    }

    @Test func selectorSpinUsesOneGeneratorPerGesture() throws {
        let rig = try PlayerRig("plavo")
        rig.enter(0, "camera")
        _ = rig.take()
        rig.send(1, "selector.begin")
        for step in 1...4 { rig.send(1 + Double(step) * 0.1, "selector.tick") }
        rig.send(2, "selector.end")
        #expect(
            rig.take() == [
                "makeTicker", "prepareTicker",
                "tick", "prepareTicker",
                "tick", "prepareTicker",
                "tick", "prepareTicker",
                "tick", "prepareTicker",
                "releaseTicker",
            ])
        rig.send(3, "selector.begin")
        rig.send(3.1, "selector.tick")
        rig.send(3.2, "selector.end")
        #expect(rig.take() == ["makeTicker", "prepareTicker", "tick", "prepareTicker", "releaseTicker"])
        #expect(rig.output.tickersCreated == 2)
    }

    @Test func tickOutsideAGesturePlaysThePresetWithoutAGenerator() throws {
        let rig = try PlayerRig("plavo")
        rig.enter(0, "camera")
        _ = rig.take()
        rig.send(1, "selector.tick")
        #expect(rig.take() == ["preset selection"])
        #expect(rig.output.tickersCreated == 0)
    }

    @Test func backgroundAndBackRestartsTheEngineAndReleasesTheTicker() throws {
        let rig = try PlayerRig("plavo")
        rig.enter(0, "camera")
        rig.send(1, "plant.found", speaks: true)
        rig.send(2, "selector.begin")
        #expect(rig.take() == ["prepareEngine", "startEngine", "pattern pulse", "makeTicker", "prepareTicker"])

        rig.send(3, "app.state", value: .string("background"))
        rig.output.fire(.stopped(.applicationSuspended))
        rig.send(4, "plant.found", speaks: true)
        #expect(rig.take() == ["releaseTicker", "notice stopped applicationSuspended"], "nothing plays in background")

        rig.send(10, "app.state", value: .string("foreground"))
        rig.send(10.02, "plant.found", speaks: true)
        rig.send(10.5, "plant.found", speaks: true)
        #expect(
            rig.take() == [
                "startEngine",
                "preset impact.rigid 0.7",  // still warming: pulse falls back to snap
                "pattern pulse",
            ])
    }

    @Test func lowPowerModeFallsBackToPresetsAndBack() throws {
        let rig = try PlayerRig("plavo")
        rig.enter(0, "camera")
        _ = rig.take()
        rig.send(1, "device.lowPower", value: .bool(true))
        rig.send(2, "plant.found", speaks: true)
        rig.send(3, "shutter")
        rig.send(4, "device.lowPower", value: .bool(false))
        rig.send(5, "plant.found", speaks: true)
        #expect(rig.take() == ["preset impact.rigid 0.7", "preset impact.light", "pattern pulse"])
    }

    @Test func engineResetMidPatternRestartsTheEngineAtOnce() throws {
        let rig = try PlayerRig("plavo")
        rig.enter(0, "plant-settings")
        rig.send(1, "plant.farewell", speaks: true)
        rig.output.fire(.reset)
        rig.send(2, "plant.farewell", speaks: true)
        #expect(
            rig.take() == [
                "prepareEngine", "startEngine", "pattern farewell",
                "notice reset", "startEngine",
                "pattern farewell",
            ])
    }

    @Test func engineThatThrowsFallsBackToThePresetThenSilence() throws {
        let rig = try PlayerRig("plavo")
        rig.enter(0, "plant-settings")
        _ = rig.take()
        rig.output.failing = [.playPattern]
        rig.send(1, "plant.farewell", speaks: true)
        #expect(rig.take() == ["pattern farewell threw", "preset impact.soft"])

        rig.output.failing = [.startEngine]
        rig.output.fire(.stopped(.audioSessionInterrupt))
        rig.send(2, "plant.farewell", speaks: true)
        #expect(
            rig.take() == [
                "notice stopped audioSessionInterrupt", "startEngine threw", "preset impact.soft",
            ])
        rig.output.failing = []
        rig.send(3, "plant.farewell", speaks: true)
        #expect(rig.take() == ["startEngine", "pattern farewell"])
        #expect(rig.incidents.count == 4)
    }

    @Test func metronomeLoopsOnTheAdvancedPlayerAndFollowsTheTempo() throws {
        let rig = try PlayerRig("metronome")
        rig.enter(0, "metronome")
        rig.send(1, "metronome.start")
        rig.send(5, "metronome.tempo", params: ["bpm": 120])
        #expect(
            rig.take() == [
                "prepareEngine", "startEngine",
                "loop click every 1",
                "stopLoop click", "loop click every 0.5",
            ])
        rig.output.fire(.reset)
        #expect(rig.take() == ["notice reset", "startEngine", "loop click every 0.5"])
        rig.send(9, "metronome.stop")
        rig.send(10, "metronome.stop")
        #expect(rig.take() == ["stopLoop click"])
    }

    @Test func metronomeStopsWhenTheAppLeavesAndStaysSilentWithoutAFallback() throws {
        let rig = try PlayerRig("metronome")
        rig.enter(0, "metronome")
        rig.send(1, "metronome.start", params: ["bpm": 90])
        rig.send(2, "app.state", value: .string("background"))
        #expect(
            rig.take() == ["prepareEngine", "startEngine", "loop click every 0.6666666666666666", "stopLoop click"])

        rig.send(3, "app.state", value: .string("foreground"))
        rig.output.failing = [.startLoop]
        rig.send(4, "metronome.start")
        #expect(rig.take() == ["startEngine", "loop click every 1 threw"])
        #expect(rig.incidents.last == "'click' has no fallback; stayed silent")
    }
}

/// The player plays what the decision says, not what it would work out again.
@MainActor
@Suite struct HapticPlayerReadsTheDecisionTests {
    @Test func aLoopRunsAtTheDecisionsPeriodWithItsParameters() throws {
        let policy = try loadPolicy("metronome")
        let click = try #require(policy.feedback(named: "click"))
        let output = RecordingOutput()
        let player = HapticPlayer(output: output)
        player.handle(Decision(action: .silent, directives: .prepareEngine))
        // A period the template would not give for these parameters (60 / 120 = 0.5).
        player.handle(
            Decision(
                action: .play, plan: click, render: .pattern("click"),
                parameters: [Event.Parameter(name: "bpm", value: .number(120))], loopPeriod: 0.75))
        #expect(output.calls.suffix(1) == ["loop click every 0.75"])
    }

    @Test func aPresetFallbackPlaysTheFallbacksIntensity() throws {
        let policy = try loadPolicy("plavo")
        let meet = try #require(policy.feedback(named: "meet"))
        guard case .preset(let step)? = meet.fallback else {
            Issue.record("meet falls back to one preset")
            return
        }
        let output = RecordingOutput()
        let player = HapticPlayer(output: output)
        player.handle(
            Decision(action: .play, plan: meet, render: .preset(step.preset), fallback: true, reason: .lowPower))
        #expect(
            output.calls == ["preset \(step.preset.rawValue)" + (step.intensity.map { " \(numberText($0))" } ?? "")])
    }
}

/// Fallback sequences and loops of a template with several parameters.
@MainActor
@Suite struct HapticPlayerSequenceTests {
    @Test func breathLoopsWhenItCanAndTapsThePhasesWhenItCannot() throws {
        let rig = try PlayerRig("breathing")
        rig.enter(0, "guide")
        rig.send(1, "breath.start", params: ["inhale": 3])
        rig.send(2, "breath.stop")
        #expect(rig.take() == ["prepareEngine", "startEngine", "loop breath every 18", "stopLoop breath"])

        rig.send(3, "device.lowPower", value: .bool(true))
        rig.send(4, "breath.start", params: ["inhale": 3])
        #expect(rig.take() == ["preset impact.soft 0.6", "preset impact.soft 0.6", "preset impact.soft 0.6"])
        #expect(rig.delays == [3, 10])
    }
}

/// The player fed by a `PolicyStore` while the policy is reloaded underneath it.
@MainActor
@Suite struct HapticPlayerReloadTests {
    @Test func aReloadedPolicyPlaysItsOwnPatternsAndTheLoopGoesOn() throws {
        let original = try loadPolicy("metronome")
        var softer = try loadDocument("metronome")
        let click = try #require(softer.feedback.firstIndex { $0.name.value == "click" })
        guard case .pattern(var pattern) = softer.feedback[click].body else {
            Issue.record("click is not a pattern")
            return
        }
        pattern.events[0].intensity = Located(.number(0.4))
        softer.feedback[click].body = .pattern(pattern)

        let store = PolicyStore(original)
        let output = RecordingOutput()
        let player = HapticPlayer(output: output)
        player.handle(store.decide(t: 0, event: "screen.enter", value: .string("metronome")))
        player.handle(store.decide(t: 1, event: "metronome.start", params: ["bpm": 120]))
        #expect(store.reload(softer).applied)
        #expect(store.snapshot.runningLoops.map(\.feedback) == ["click"], "the loop carries across the swap")
        let tempo = store.decide(t: 2, event: "metronome.tempo", params: ["bpm": 120])
        #expect(tempo.policyHash != original.hash)
        player.handle(tempo)
        player.handle(store.decide(t: 3, event: "metronome.stop"))

        #expect(
            output.calls == [
                "prepareEngine", "startEngine", "loop click every 0.5",
                "stopLoop click", "loop click every 0.5", "stopLoop click",
            ])
        #expect(output.plans.map { $0.events[0].intensity } == [1, 0.4], "the new policy's click plays after the swap")
    }
}
