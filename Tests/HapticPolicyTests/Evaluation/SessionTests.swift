import HapticPolicyTestSupport
import Testing

@testable import HapticPolicy
@testable import HapticPolicyCompiler
@testable import HapticPolicyDocument

@Suite struct SessionTests {
    // MARK: Screen

    @Test func screenComesFromTheEventElseTheLastScreenEnter() {
        var replay = SessionScript()
        #expect(replay.send("shutter").reason == .noScreen)
        replay.send("screen.enter", screen: "camera")
        #expect(replay.send("shutter").screen == "camera")
        let elsewhere = replay.send("data.reset", screen: "settings", value: .string("confirmed"))
        #expect(elsewhere.screen == "settings")
        #expect(elsewhere.render == .preset(.impactHeavy))
        #expect(replay.send("shutter").screen == "camera")
    }

    @Test func screenEnterAcceptsTheScreenInValue() {
        var replay = SessionScript()
        let entered = replay.send("screen.enter", value: .string("settings"))
        #expect(entered.screen == "settings")
        #expect(entered.reason == .state)
        #expect(replay.session.screen == EvaluationFixtures.policy.screenID("settings"))
    }

    // MARK: H-1 bands

    @Test func firstSampleSetsBaselineSilently() {
        var replay = SessionScript()
        replay.warmCamera()
        let first = replay.send("moisture.sample", subject: "fern", value: .number(50))
        #expect(first.action == .silent)
        #expect(first.reason == .baseline)
        #expect(first.band == Decision.BandTransition(band: "moisture", from: nil, to: "ok"))
    }

    @Test func laterSamplesInTheSameBandAreSilent() {
        var replay = SessionScript()
        replay.warmCamera()
        replay.send("moisture.sample", subject: "fern", value: .number(50))
        for value in [49.0, 45, 30, 55] {
            let decision = replay.send("moisture.sample", subject: "fern", value: .number(value))
            #expect(decision.reason == .sameBand)
            #expect(decision.action == .silent)
        }
    }

    @Test func bandChangePlaysTheNewBandsFeedback() {
        var replay = SessionScript()
        replay.warmCamera()
        replay.send("moisture.sample", subject: "fern", value: .number(30))
        let change = replay.send("moisture.sample", subject: "fern", value: .number(20))
        #expect(change.action == .play)
        #expect(change.feedback == "soil.dry")
        #expect(change.render == .pattern("soil.dry"))
        #expect(change.band == Decision.BandTransition(band: "moisture", from: "ok", to: "dry"))
        #expect(change.rule?.id == "camera/moisture.sample@dry")
        #expect(change.rule?.location.line == 30)
    }

    @Test func enteringASilentLevelIsADesignerSilence() {
        var replay = SessionScript()
        replay.warmCamera()
        replay.send("moisture.sample", value: .number(10))
        let change = replay.send("moisture.sample", value: .number(40))
        #expect(change.reason == .designer)
        #expect(change.note == "comfortable needs no comment")
        #expect(change.band?.to == "ok")
    }

    @Test func hysteresisHoldsNearEdgeInBothDirections() {
        var replay = SessionScript()
        replay.warmCamera()
        // Edge at 25, hysteresis 1.5: from ok, going down needs < 23.5.
        replay.send("moisture.sample", value: .number(30))
        #expect(replay.send("moisture.sample", value: .number(24)).reason == .sameBand)
        #expect(replay.send("moisture.sample", value: .number(23.6)).reason == .sameBand)
        #expect(replay.send("moisture.sample", value: .number(23.4)).band?.to == "dry")
        // Now in dry: going back up needs >= 26.5.
        #expect(replay.send("moisture.sample", value: .number(25)).reason == .sameBand)
        #expect(replay.send("moisture.sample", value: .number(26.4)).reason == .sameBand)
        let up = replay.send("moisture.sample", value: .number(26.5))
        #expect(up.band == Decision.BandTransition(band: "moisture", from: "dry", to: "ok"))
    }

    @Test func noisySensorNearAnEdgeDoesNotChatter() {
        var replay = SessionScript()
        replay.warmCamera()
        replay.send("moisture.sample", value: .number(26))
        var changes = 0
        for step in 0..<200 {
            let noise = [0.9, -0.8, 1.2, -1.1, 0.3][step % 5]
            let decision = replay.send("moisture.sample", value: .number(25 + noise))
            if decision.band?.from != nil, decision.band?.from != decision.band?.to { changes += 1 }
        }
        #expect(changes == 0)
    }

    @Test func bandsArePerSubject() {
        var replay = SessionScript()
        replay.warmCamera()
        replay.send("moisture.sample", subject: "fern", value: .number(50))
        #expect(replay.send("moisture.sample", subject: "cactus", value: .number(10)).reason == .baseline)
        #expect(replay.send("moisture.sample", subject: "fern", value: .number(10)).action == .play)
        #expect(replay.send("moisture.sample", subject: "cactus", value: .number(11)).reason == .sameBand)
        let fern = replay.session.subjectID("fern")
        #expect(replay.session.bandLevel(band: "moisture", event: "moisture.sample", subject: fern) == "dry")
    }

    @Test func bandCellWithoutANumberIsSilentBadValue() {
        var replay = SessionScript()
        replay.warmCamera()
        #expect(replay.send("moisture.sample", value: .string("wet")).reason == .badValue)
        #expect(replay.send("moisture.sample").reason == .badValue)
    }

    // MARK: Speech

    @Test func creatureFeedbackNeedsSpeechCitingTheInvariant() {
        var replay = SessionScript()
        replay.warmCamera()
        let mute = replay.send("plant.found")
        #expect(mute.action == .silent)
        #expect(mute.reason == .noSpeech)
        #expect(mute.rule?.id == "H-4")
        #expect(mute.rule?.location.line == 10)
        let spoken = replay.send("plant.found", speaks: true)
        #expect(spoken.action == .play)
        #expect(spoken.render == .pattern("pulse"))
        #expect(spoken.layer == .creature)
        #expect(spoken.rule?.cites == ["H-4"])
    }

    @Test func speechInvariantExemptsTheListedEvents() {
        var replay = SessionScript()
        replay.warmCamera()
        replay.send("moisture.sample", value: .number(50))
        #expect(replay.send("moisture.sample", value: .number(90)).action == .play)
    }

    // MARK: Background

    @Test func backgroundSilencesEverythingAndStopsTheEngine() {
        var replay = SessionScript()
        replay.warmCamera()
        let away = replay.send("app.state", value: .string("background"))
        #expect(away.reason == .state)
        #expect(replay.session.engine == .stopped)
        #expect(replay.send("plant.found", speaks: true).reason == .background)
        #expect(replay.send("shutter").reason == .background)
    }

    @Test func foregroundRestartsTheEngineOnlyIfItHadStarted() {
        var replay = SessionScript()
        replay.send("screen.enter", screen: "settings")
        replay.send("app.state", value: .string("background"))
        #expect(replay.send("app.state", value: .string("foreground")).directives == [])
        replay.send("screen.enter", screen: "camera")
        replay.send("app.state", value: .string("background"))
        let back = replay.send("app.state", value: .string("foreground"))
        #expect(back.directives == .restartEngine)
        #expect(back.directives.list == [.restartEngine])
    }

    @Test func launchingTheAppDoesNotStartTheEngine() {
        let session = Session(policy: EvaluationFixtures.policy)
        #expect(session.engine == .cold)
        #expect(!session.engineEverStarted)
    }

    @Test func backgroundStopsLoopsAndReleasesTheTicker() {
        var replay = SessionScript()
        replay.warmCamera()
        replay.send("metronome.start")
        replay.send("selector.begin")
        let away = replay.send("app.state", value: .string("background"))
        #expect(away.directives == [.stopLoop, .releaseTicker])
        #expect(replay.session.runningLoops.isEmpty)
        #expect(!replay.session.tickerOpen)
    }

    // MARK: Engine warm-up

    @Test func screenEnterPreparesTheEngineWhichWarmsForTheWarmupTime() {
        var replay = SessionScript()
        let enter = replay.send("screen.enter", screen: "camera")
        #expect(enter.directives == .prepareEngine)
        #expect(enter.rule?.id == "screens/camera")
        #expect(replay.session.engine == .warming(until: replay.t + 0.1))
        let early = replay.send("plant.found", after: 0.05, speaks: true)
        #expect(early.action == .play)
        #expect(early.fallback)
        #expect(early.render == .preset(.impactRigid))
        #expect(early.reason == .engineCold)
        let late = replay.send("plant.found", after: 0.05, speaks: true)
        #expect(!late.fallback)
        #expect(late.reason == nil)
        #expect(replay.session.engine == .ready)
    }

    @Test func patternOnAScreenThatNeverWarmedTheEngineFallsBackEngineCold() {
        var replay = SessionScript()
        replay.send("screen.enter", screen: "album")
        let decision = replay.send("plant.found", screen: "camera", speaks: true)
        #expect(decision.reason == .engineCold)
        #expect(decision.fallback)
    }

    @Test func justBackFromBackgroundPatternsFallBackWhileTheEngineRestarts() {
        var replay = SessionScript()
        replay.warmCamera()
        replay.send("app.state", value: .string("background"))
        replay.send("app.state", value: .string("foreground"))
        #expect(replay.send("plant.found", after: 0.01, speaks: true).reason == .engineCold)
        #expect(replay.send("plant.found", after: 0.2, speaks: true).reason == nil)
    }

    // MARK: Device

    @Test(arguments: [
        ("device.supportsHaptics", false, Reason.noCoreHaptics),
        ("device.lowPower", true, Reason.lowPower),
    ])
    func deviceLimitsMakePatternsRenderTheirFallback(event: String, value: Bool, reason: Reason) {
        var replay = SessionScript()
        replay.warmCamera()
        replay.send(event, value: .bool(value))
        let decision = replay.send("plant.found", speaks: true)
        #expect(decision.action == .play)
        #expect(decision.render == .preset(.impactRigid))
        #expect(decision.fallback)
        #expect(decision.reason == reason)
        #expect(replay.send("shutter").render == .preset(.impactLight))
    }

    @Test func hapticsSettingOffSilencesEverything() {
        var replay = SessionScript()
        replay.warmCamera()
        replay.send("device.hapticsEnabled", value: .bool(false))
        #expect(replay.send("shutter").reason == .hapticsDisabled)
        #expect(replay.send("plant.found", speaks: true).reason == .hapticsDisabled)
        replay.send("device.hapticsEnabled", value: .bool(true))
        #expect(replay.send("shutter").action == .play)
    }

    @Test func patternWithoutFallbackIsSilentNoFallbackNeverAnError() {
        var replay = SessionScript()
        replay.warmCamera()
        replay.send("device.lowPower", value: .bool(true))
        let decision = replay.send("plant.farewell", speaks: true)
        #expect(decision.action == .silent)
        #expect(decision.reason == .noFallback)
        #expect(decision.feedback == "farewell")
    }

    @Test func stateEventWithAWrongValueIsSilentBadState() {
        var replay = SessionScript()
        #expect(replay.send("device.lowPower", value: .string("yes")).reason == .badState)
        #expect(replay.send("app.state", value: .string("asleep")).reason == .badState)
        #expect(replay.send("screen.enter").reason == .badState)
    }

    // MARK: Ticker

    @Test func tickerGesturePreparesTicksAndReleases() {
        var replay = SessionScript()
        replay.warmCamera()
        let begin = replay.send("selector.begin")
        #expect(begin.directives == .prepareTicker)
        #expect(begin.reason == .directiveOnly)
        for _ in 0..<3 {
            let tick = replay.send("selector.tick", after: 0.05)
            #expect(tick.action == .play)
            #expect(tick.render == .preset(.selection))
            #expect(tick.directives == .prepareTicker)
            #expect(tick.reason == nil)
        }
        let end = replay.send("selector.end")
        #expect(end.directives == .releaseTicker)
        #expect(!replay.session.tickerOpen)
    }

    @Test func tickOutsideAGestureStillPlaysAndSaysSo() {
        var replay = SessionScript()
        replay.warmCamera()
        let tick = replay.send("selector.tick")
        #expect(tick.action == .play)
        #expect(tick.reason == .tickOutsideGesture)
        #expect(tick.directives == [])
        #expect(tick.note?.contains("outside") == true)
    }

    // MARK: Templates and loops

    @Test func templateParametersInRangePlayAndStartALoop() {
        var replay = SessionScript()
        replay.warmCamera()
        let start = replay.send("metronome.start", params: [.init(name: "bpm", value: .number(120))])
        #expect(start.action == .play)
        #expect(replay.session.runningLoops.map(\.feedback) == ["metronome"])
        #expect(replay.session.runningLoops.first?.period == 0.5)
    }

    @Test func metronomeAt120BPMSaysItsParametersAndHalfSecondLoop() {
        var replay = SessionScript()
        replay.warmCamera()
        let start = replay.send("metronome.start", params: [.init(name: "bpm", value: .number(120))])
        #expect(start.parameters == [Event.Parameter(name: "bpm", value: .number(120))])
        #expect(start.loopPeriod == 0.5)
    }

    @Test func aTempoChangeSaysTheNewValues() {
        var replay = SessionScript()
        replay.warmCamera()
        replay.send("metronome.start", params: [.init(name: "bpm", value: .number(120))])
        let change = replay.send("metronome.start", params: [.init(name: "bpm", value: .number(150))])
        #expect(change.parameters == [Event.Parameter(name: "bpm", value: .number(150))])
        #expect(change.loopPeriod == 0.4)
        #expect(replay.session.runningLoops.map(\.period) == [0.4])
    }

    @Test func aTemplatePlayedWithoutParametersSaysItsDefaults() {
        var replay = SessionScript()
        replay.warmCamera()
        let start = replay.send("metronome.start")
        #expect(start.parameters == [Event.Parameter(name: "bpm", value: .number(60))])
        #expect(start.loopPeriod == 1)
    }

    @Test func aPlayThatIsNotATemplateHasNoParametersNorLoop() {
        var replay = SessionScript()
        replay.warmCamera()
        let shutter = replay.send("shutter")
        #expect(shutter.action == .play)
        #expect(shutter.parameters == nil)
        #expect(shutter.loopPeriod == nil)
        let pulse = replay.send("plant.found", speaks: true)
        #expect(pulse.render == .pattern("pulse"))
        #expect(pulse.parameters == nil)
        #expect(pulse.loopPeriod == nil)
    }

    @Test func aTemplateRenderingItsFallbackStartsNoLoopButSaysItsParameters() {
        var replay = SessionScript()
        replay.send("screen.enter", after: 0, screen: "camera")
        let cold = replay.send("metronome.start", after: 0.01, params: [.init(name: "bpm", value: .number(120))])
        #expect(cold.fallback)
        #expect(cold.parameters == [Event.Parameter(name: "bpm", value: .number(120))])
        #expect(cold.loopPeriod == nil)
        #expect(replay.session.runningLoops.isEmpty)
    }

    @Test(arguments: [
        (Event.Parameter(name: "bpm", value: .number(500)), "bpm 500 is above the maximum 200; use 30 to 200"),
        (Event.Parameter(name: "bpm", value: .number(10)), "bpm 10 is below the minimum 30; use 30 to 200"),
        (Event.Parameter(name: "bpm", value: .string("fast")), "parameter 'bpm' must be a number; use 30 to 200"),
        (Event.Parameter(name: "tempo", value: .number(100)), "'metronome' has no parameter 'tempo'; use bpm"),
    ])
    func badParametersSayWhichParameterAndRange(parameter: Event.Parameter, note: String) {
        var replay = SessionScript()
        replay.warmCamera()
        let decision = replay.send("metronome.start", params: [parameter])
        #expect(decision.reason == .badParams)
        #expect(decision.note == note)
        #expect(decision.parameters == nil)
        #expect(decision.loopPeriod == nil)
    }

    @Test(arguments: [
        [Event.Parameter(name: "bpm", value: .number(500))],
        [Event.Parameter(name: "bpm", value: .number(10))],
        [Event.Parameter(name: "bpm", value: .string("fast"))],
        [Event.Parameter(name: "tempo", value: .number(100))],
    ])
    func outOfRangeParametersAreSilentBadParams(params: [Event.Parameter]) {
        var replay = SessionScript()
        replay.warmCamera()
        let decision = replay.send("metronome.start", params: params)
        #expect(decision.action == .silent)
        #expect(decision.reason == .badParams)
        #expect(decision.note != nil)
        #expect(replay.session.runningLoops.isEmpty)
    }

    @Test func stopEventStopsTheRunningLoop() {
        var replay = SessionScript()
        replay.warmCamera()
        replay.send("metronome.start")
        let stop = replay.send("metronome.stop")
        #expect(stop.action == .stop)
        #expect(stop.feedback == "metronome")
        #expect(stop.directives == .stopLoop)
        #expect(replay.session.runningLoops.isEmpty)
        #expect(replay.send("metronome.stop").reason == .notRunning)
    }

    // MARK: Unknown and undeclared

    @Test func eventNotInTheCatalogueIsSilentUnknownEvent() {
        var replay = SessionScript()
        replay.warmCamera()
        let decision = replay.send("plant.sneezed")
        #expect(decision.action == .silent)
        #expect(decision.reason == .unknownEvent)
        #expect(decision.screen == "camera")
    }

    @Test func cataloguedEventWithNoDecisionOnThisScreenIsSilentUndeclared() {
        var replay = SessionScript()
        replay.send("screen.enter", screen: "album")
        let decision = replay.send("shutter")
        #expect(decision.reason == .undeclared)
        #expect(decision.note?.contains("album") == true)
    }

    @Test func unknownScreenIsSilentUnknownScreen() {
        var replay = SessionScript()
        let enter = replay.send("screen.enter", screen: "garden")
        #expect(enter.reason == .unknownScreen)
        #expect(enter.screen == "garden")
        #expect(replay.send("shutter").reason == .unknownScreen)
    }

    // MARK: Tables

    @Test func firstMatchingRowWinsAndItsRuleIsCited() {
        var replay = SessionScript()
        replay.send("screen.enter", screen: "settings")
        let confirmed = replay.send("data.reset", value: .string("confirmed"))
        #expect(confirmed.render == .preset(.impactHeavy))
        #expect(confirmed.rule?.id == "settings/data.reset#1")
        let cancelled = replay.send("data.reset", value: .string("cancelled"))
        #expect(cancelled.reason == .designer)
        #expect(cancelled.note == "the reset was cancelled")
        #expect(cancelled.rule?.id == "settings/data.reset#2")
        #expect(cancelled.rule?.location.line == 63)
    }

    @Test func everywhereCellsApplyOnEveryScreen() {
        var replay = SessionScript()
        for screen in ["camera", "settings", "album"] {
            let decision = replay.send("button.tap", screen: screen)
            #expect(decision.reason == .designer)
            #expect(decision.rule?.id == "everywhere/button.tap")
            #expect(decision.rule?.cites == ["U-1"])
        }
    }

    @Test func idsFromElsewhereAreDecidedNotCrashed() {
        var session = Session(policy: EvaluationFixtures.policy)
        let shutter = EvaluationFixtures.policy.eventID("shutter") ?? .unknown
        let sample = EvaluationFixtures.policy.eventID("moisture.sample") ?? .unknown
        let enter = EvaluationFixtures.policy.eventID("screen.enter") ?? .unknown
        #expect(session.decide(Event(t: 0, event: EventID(rawValue: 999))).reason == .unknownEvent)
        #expect(session.decide(Event(t: 0, event: EventID(rawValue: -7))).reason == .unknownEvent)
        #expect(session.decide(Event(t: 0, event: shutter, screen: ScreenID(rawValue: 42))).reason == .unknownScreen)
        #expect(session.decide(Event(t: 0, event: enter, screen: ScreenID(rawValue: -3))).reason == .unknownScreen)
        let camera = EvaluationFixtures.policy.screenID("camera")
        #expect(
            session.decide(
                Event(t: 1, event: sample, screen: camera, subject: SubjectID(rawValue: Int.max), value: .number(5))
            ).reason == .baseline)
        #expect(
            session.decide(
                Event(t: 2, event: sample, screen: camera, subject: SubjectID(rawValue: -9), value: .number(5))
            ).reason == .sameBand)
        #expect(
            session.bandLevel(band: "moisture", event: "moisture.sample", subject: SubjectID(rawValue: -9)) == "dry")
    }

    @Test func decidingIsDeterministic() {
        func run() -> [Decision] {
            var replay = SessionScript()
            replay.warmCamera()
            return (0..<50).map { replay.send("moisture.sample", value: .number(Double(($0 * 37) % 100))) }
        }
        #expect(run() == run())
    }

    // MARK: Compiling

    @Test func compilingRefusesUnknownNamesWithLocatedDiagnostics() {
        var document = EvaluationFixtures.document
        document.screens[0].cells[0].rows[0].play = Located(
            "pulsar", at: SourceLocation(file: "fixture.yaml", line: 52, column: 20))
        #expect(throws: PolicyCompileError.self) { try Policy(compiling: document) }
        do {
            _ = try Policy(compiling: document)
        } catch {
            #expect(error.diagnostics.count == 1)
            #expect(error.diagnostics.first?.severity == .error)
            #expect(error.diagnostics.first?.location.line == 52)
            #expect(error.diagnostics.first?.message.contains("pulsar") == true)
        }
    }

    @Test func namesResolveToDenseIds() {
        let policy = EvaluationFixtures.policy
        #expect(policy.eventID("screen.enter") == EventID(rawValue: 0))
        #expect(policy.eventID("plant.found").map { policy.eventName($0) } == "plant.found")
        #expect(policy.eventID("nope") == nil)
        #expect(policy.screenID("camera") == ScreenID(rawValue: 0))
        #expect(policy.screenName(.unknown) == nil)
        #expect(policy.invariantText("U-1") == "no haptic on every tap")
    }
}
