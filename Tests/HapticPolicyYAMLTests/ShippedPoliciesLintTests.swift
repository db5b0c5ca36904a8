import HapticPolicy
import HapticPolicyCompiler
import HapticPolicyDocument
import HapticPolicyYAML
import Testing

/// The policies we ship are the examples designers copy: they load and lint clean under
/// `--strict` (no errors, no warnings).
@Suite struct ShippedPoliciesLintTests {
    static let policies = RepositoryFiles.shippedPolicies()

    @Test func theReferencePoliciesAreShipped() {
        let files = Set(Self.policies.map(\.file))
        #expect(files.isSuperset(of: ["Policies/plavo.yaml", "Policies/breathing.yaml", "Policies/metronome.yaml"]))
    }

    @Test(arguments: policies)
    func policyIsCleanUnderStrict(_ policy: RepositoryFiles.PolicySource) {
        let (document, findings) = RepositoryFiles.lint(policy)
        #expect(document != nil)
        let serious = findings.filter { $0.severity >= .warning }
        #expect(serious.isEmpty, "\(RepositoryFiles.render(serious))")
    }

    @Test func everyShippedPolicyNamesTheSchemaForEditors() {
        for policy in Self.policies {
            #expect(
                policy.text.hasPrefix("# yaml-language-server: $schema=../Docs/policy.schema.json\n"),
                "\(policy.file) should start with the schema modeline")
        }
    }
}

/// What the reference policies must say, from the brief and issue 2.
@Suite struct ReferencePolicyContentTests {
    static func document(_ name: String) throws -> PolicyDocument {
        let source = try #require(RepositoryFiles.shippedPolicies().first { $0.file == "Policies/\(name).yaml" })
        return try #require(RepositoryFiles.lint(source).document)
    }

    static func pattern(_ name: String, in document: PolicyDocument) throws -> (FeedbackDecl, PatternDecl) {
        let feedback = try #require(document.feedback.first { $0.name.value == name })
        var pattern: PatternDecl?
        if case .pattern(let body) = feedback.body { pattern = body }
        return (feedback, try #require(pattern, "\(name) should be a custom pattern"))
    }

    @Test func plavoHasTheScreensEventsAndFeedbackOfIssue2() throws {
        let plavo = try Self.document("plavo")
        #expect(
            plavo.screens.map(\.name.value)
                == ["camera", "naming", "album", "diary", "plant-settings", "settings", "sensor"])
        #expect(
            Set(plavo.events.map(\.name.value)) == [
                "plant.found", "plant.notFound", "moisture.sample", "shutter", "selector.begin", "selector.tick",
                "selector.end", "plant.meet", "album.empty", "album.scroll", "diary.limitReached", "plant.farewell",
                "data.reset", "sensor.unreachable", "button.tap",
            ])
        let names = Set(plavo.feedback.map(\.name.value))
        #expect(names.isSuperset(of: ["tick", "tap", "thud", "caution", "snap", "meet", "farewell", "pulse"]))
        #expect(plavo.bands.first { $0.name.value == "moisture" }?.levels.count == 6)
    }

    @Test func plavoBansErrorAndWarmsTheEngineOnTheCamera() throws {
        let plavo = try Self.document("plavo")
        let banned = plavo.invariants.filter { $0.kind.value == .bannedPresets }.flatMap { $0.presets.map(\.value) }
        #expect(banned.contains(.notificationError))
        let camera = try #require(plavo.screens.first { $0.name.value == "camera" })
        #expect(camera.onEnter.map(\.value) == [.prepareEngine])
    }

    @Test func plavoSilencesHaveReasonsAndCiteTheRuleBehindThem() throws {
        let plavo = try Self.document("plavo")
        let silences = (plavo.everywhere + plavo.screens.flatMap(\.cells)).flatMap(\.rows).filter { $0.silent != nil }
        #expect(silences.count == 5)
        #expect(silences.allSatisfy { !($0.silent?.value.isEmpty ?? true) })
        // A cancelled reset is silent because nothing happened, not because of a rule.
        #expect(
            silences.filter(\.cites.isEmpty).compactMap(\.silent?.value) == [
                "the reset was cancelled; nothing happened"
            ])
    }

    @Test func breathIsFourSevenEightWithASilentHoldAndTapsAtThePhaseBoundaries() throws {
        let (feedback, breath) = try Self.pattern("breath", in: try Self.document("breathing"))
        let defaults = Dictionary(
            uniqueKeysWithValues: breath.parameters.map { ($0.name.value, $0.defaultValue.value) })
        #expect(defaults == ["inhale": 4, "hold": 7, "exhale": 8])
        #expect(breath.parameters.allSatisfy { ($0.minimum?.value ?? 0) >= 1 })
        #expect(breath.events.map(\.kind.value) == [.continuous, .silence, .continuous])
        let hold = breath.events[1]
        #expect(try hold.duration?.value.evaluate(defaults) == 7)
        #expect(try hold.time.value.evaluate(defaults) == 4)
        #expect(try breath.loop?.value.evaluate(defaults) == 19)
        for event in breath.events where event.kind.value == .continuous {
            #expect(try event.sharpness?.value.evaluate(defaults) == 0.3)
            #expect(event.curves.contains { $0.parameter.value == .intensity })
        }
        guard case .sequence(let steps, _) = feedback.fallback else {
            Issue.record("breath should fall back to a sequence of taps")
            return
        }
        #expect(try steps.map { try $0.at.value.evaluate(defaults) } == [0, 4, 11])
    }

    @Test func metronomeLoopsAClickAtSixtyOverBpm() throws {
        let metronome = try Self.document("metronome")
        let (_, click) = try Self.pattern("click", in: metronome)
        let bpm = try #require(click.parameters.first { $0.name.value == "bpm" })
        #expect(bpm.defaultValue.value == 60)
        #expect(bpm.minimum?.value == 20)
        #expect(bpm.maximum?.value == 300)
        #expect(try click.loop?.value.evaluate(["bpm": 120]) == 0.5)
        let table = try #require(metronome.screens.first).cells
        #expect(table.first { $0.event.value == "metronome.stop" }?.rows.first?.stop?.value == "click")
    }

    /// The second reference app, from issue 14: its screens, layers, events and feedback
    /// by the issue's names, read through its included files.
    @Test func strideHasTheScreensEventsAndFeedbackOfIssue14() throws {
        let stride = try Self.document("stride")
        #expect(Set(stride.screens.map(\.name.value)) == ["workout", "summary", "settings"])
        #expect(stride.layers.map(\.name.value) == ["ui", "coach"])
        #expect(
            Set(stride.events.map(\.name.value)) == [
                "pace.sample", "heart.sample", "lap.completed", "goal.reached", "cadence.set", "workout.paused",
                "workout.resumed", "share.tap", "summary.scroll", "data.reset", "button.tap",
            ])
        let parameter = try #require(stride.parameters.first)
        #expect(parameter.name.value == "max_hr" && parameter.setBy.value == "profile.set")
        #expect(parameter.min.value == 120 && parameter.max.value == 220 && parameter.defaultValue.value == 190)
        func preset(_ name: String) -> Preset? {
            guard case .preset(let preset, _)? = stride.feedback.first(where: { $0.name.value == name })?.body
            else { return nil }
            return preset.value
        }
        #expect(preset("heart.high") == .notificationWarning)
        #expect(preset("pause") == .impactMedium)
        #expect(preset("resume") == .impactLight)
        #expect(preset("thud") == .impactHeavy)
        let (_, lap) = try Self.pattern("lap", in: stride)
        #expect(lap.events.map(\.kind.value) == [.transient, .transient])
        let (goalFeedback, goal) = try Self.pattern("goal", in: stride)
        #expect(goalFeedback.layer.value.rawValue == "coach")
        let swell = try #require(goal.events.first)
        #expect(goal.events.count == 1 && swell.kind.value == .continuous)
        #expect(try #require(swell.duration).value.evaluate([:]) >= 0.8)
        #expect(swell.curves.contains { $0.parameter.value == .intensity })
        let (_, cadence) = try Self.pattern("cadence", in: stride)
        #expect(try cadence.loop?.value.evaluate(["bpm": 170]) == 60.0 / 170)
        let bpm = try #require(cadence.parameters.first { $0.name.value == "bpm" })
        #expect(bpm.minimum?.value == 100 && bpm.maximum?.value == 200)
        let pace = try #require(stride.bands.first { $0.name.value == "pace" })
        #expect(pace.levels.map(\.name.value) == ["interval", "threshold", "tempo", "easy", "recovery"])
        let heart = try #require(stride.bands.first { $0.name.value == "heart" })
        #expect(heart.levels.count == 5)
    }

    /// The third reference app, from issue 23: a cycling navigator whose turn band cues at
    /// 300, 100 and 30 m, with a search screen, read through its included files.
    @Test func rideHasTheScreensEventsAndBandOfIssue23() throws {
        let ride = try Self.document("ride")
        #expect(Set(ride.screens.map(\.name.value)) == ["ride", "search"])
        #expect(ride.layers.map(\.name.value) == ["ui", "nav"])
        #expect(
            Set(ride.events.map(\.name.value)).isSuperset(of: [
                "turn.distance", "turn.passed", "off.route", "hazard.ahead", "hazard.closure", "picker.tick",
            ]))
        let turn = try #require(ride.bands.first { $0.name.value == "turn.distance" })
        #expect(turn.levels.map(\.name.value) == ["now", "close", "near", "far"])
        #expect(turn.levels.compactMap { $0.below?.value } == [30, 100, 300])
        let (_, reroute) = try Self.pattern("reroute", in: ride)
        #expect(reroute.loop != nil)
    }
}
