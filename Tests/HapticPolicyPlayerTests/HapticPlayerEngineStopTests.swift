import HapticPolicy
import HapticPolicyCompiler
import HapticPolicyPlayer
import Testing

/// The engine stopped on its own (`stoppedHandler`): when the player starts it again, per
/// reason, and how a running loop (the metronome) comes back, as exact call sequences.
@MainActor
@Suite struct HapticPlayerEngineStopTests {
    /// A metronome at 120 bpm, running, with the calls that started it taken.
    private func runningMetronome() throws -> PlayerRig {
        let rig = try PlayerRig("metronome")
        rig.enter(0, "metronome")
        rig.send(1, "metronome.start", params: ["bpm": 120])
        #expect(rig.take() == ["prepareEngine", "startEngine", "loop click every 0.5"])
        return rig
    }

    @Test func interruptedMetronomeResumesAtTheNextEvent() throws {
        let rig = try runningMetronome()
        rig.output.fire(.stopped(.audioSessionInterrupt))
        #expect(rig.take() == ["notice stopped audioSessionInterrupt"], "a call is on: nothing restarts yet")
        rig.send(40, "button.tap")
        #expect(rig.take() == ["startEngine", "loop click every 0.5"], "the next event restarts and the loop resumes")
        rig.send(41, "button.tap")
        #expect(rig.take() == [], "resumed once")
        rig.send(42, "metronome.stop")
        #expect(rig.take() == ["stopLoop click"], "the resumed loop is the running one")
        #expect(rig.incidents.isEmpty)
    }

    @Test func aNewTempoAfterAnInterruptionReplacesThePausedLoop() throws {
        let rig = try runningMetronome()
        rig.output.fire(.stopped(.audioSessionInterrupt))
        rig.send(40, "metronome.tempo", params: ["bpm": 60])
        #expect(
            rig.take() == [
                "notice stopped audioSessionInterrupt",
                "startEngine", "loop click every 1",
            ], "the old tempo does not come back alongside the new one")
    }

    @Test func stoppedThenStopEventDoesNotResume() throws {
        let rig = try runningMetronome()
        rig.output.fire(.stopped(.audioSessionInterrupt))
        rig.send(40, "metronome.stop")
        rig.send(41, "button.tap")
        #expect(rig.take() == ["notice stopped audioSessionInterrupt"], "no restart, no resume, nothing to stop")
        rig.send(42, "metronome.start")
        #expect(rig.take() == ["startEngine", "loop click every 1"], "a new start needs the engine again")
    }

    @Test func stoppedInBackgroundWaitsForForeground() throws {
        let rig = try runningMetronome()
        rig.send(2, "app.state", value: .string("background"))
        #expect(rig.take() == ["stopLoop click"])
        // Even reasons that restart at once wait while the app is in background.
        rig.output.fire(.stopped(.systemError))
        rig.output.fire(.reset)
        rig.output.fire(.stopped(.applicationSuspended))
        rig.send(3, "metronome.start")
        rig.send(4, "button.tap")
        #expect(
            rig.take() == [
                "notice stopped systemError", "notice reset", "notice stopped applicationSuspended",
            ], "nothing until foreground")
        rig.send(60, "app.state", value: .string("foreground"))
        #expect(rig.take() == ["startEngine"], "restarted on foreground; the metronome was stopped when the app left")
        rig.send(61, "metronome.start")
        #expect(rig.take() == ["loop click every 1"])
    }

    @Test func suspendedWithoutABackgroundEventWaitsForThePlayerToBeNeeded() throws {
        let rig = try runningMetronome()
        rig.output.fire(.stopped(.applicationSuspended))
        rig.send(40, "button.tap")
        #expect(rig.take() == ["notice stopped applicationSuspended"], "suspended: the app is in background")
        rig.send(41, "metronome.tempo", params: ["bpm": 60])
        #expect(rig.take() == ["startEngine", "loop click every 1"], "a play shows the app is back")
    }

    /// What each Core Haptics reason leads to: the calls right after the notice, then at
    /// the next event (a tap the policy silences).
    struct StopCase: Sendable, CustomTestStringConvertible {
        var reason: EngineStopReason
        var atNotice: [String]
        var atNextEvent: [String]
        var testDescription: String { "\(reason)" }
    }

    nonisolated static let resumed = ["startEngine", "loop click every 0.5"]
    nonisolated static let stopCases: [StopCase] = [
        StopCase(reason: .systemError, atNotice: resumed, atNextEvent: []),
        StopCase(reason: .audioSessionInterrupt, atNotice: [], atNextEvent: resumed),
        StopCase(reason: .idleTimeout, atNotice: [], atNextEvent: resumed),
        StopCase(reason: .notifyWhenFinished, atNotice: [], atNextEvent: resumed),
        StopCase(reason: .gameControllerDisconnect, atNotice: [], atNextEvent: resumed),
        StopCase(reason: .unknown, atNotice: [], atNextEvent: resumed),
        StopCase(reason: .engineDestroyed, atNotice: [], atNextEvent: ["prepareEngine"] + resumed),
        StopCase(reason: .applicationSuspended, atNotice: [], atNextEvent: []),
    ]

    @Test func everyReasonIsCovered() {
        #expect(Set(Self.stopCases.map(\.reason)) == Set(EngineStopReason.allCases))
    }

    @Test(arguments: stopCases)
    func restartPerReason(_ stop: StopCase) throws {
        let rig = try runningMetronome()
        rig.output.fire(.stopped(stop.reason))
        #expect(rig.take() == ["notice stopped \(stop.reason)"] + stop.atNotice)
        rig.send(40, "button.tap")
        #expect(rig.take() == stop.atNextEvent)
    }

    @Test func aLoopThatCannotResumeIsDroppedOnceWithAnIncident() throws {
        let rig = try runningMetronome()
        rig.output.failing = [.startEngine]
        rig.output.fire(.stopped(.audioSessionInterrupt))
        rig.send(40, "button.tap")
        rig.send(41, "button.tap")
        #expect(
            rig.take() == ["notice stopped audioSessionInterrupt", "startEngine threw"], "not retried on every event")
        #expect(rig.incidents.last == "loop 'click' did not resume; the engine did not start")
    }
}
