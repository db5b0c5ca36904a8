import Foundation
import Testing

@testable import HapticPolicyCLI

/// The second reference app, `Policies/stride.yaml` (a running coach, split across
/// `Policies/stride/`), decides as issue 14 specifies, through the built tool: its tests
/// cover everything, its scenarios and its demo log replay to their golden decisions
/// and tell the stories, and one compiled bundle decides like the YAML.
@Suite struct StridePolicyTests: ReferenceAppSuite {
    static let policy = "Policies/stride.yaml"
    static let tests = "Policies/stride.tests.yaml"
    static let demo = "Policies/logs/stride-demo.jsonl"
    static let scenarios = ["stride-run", "stride-profile", "stride-levels", "stride-cadence"]

    /// Through the built executable, as a designer runs it.
    @Test func lintIsCleanUnderStrict() throws {
        let result = try runBinary(["lint", Self.policy, "--strict"])
        #expect(result.exitCode == 0, "\(result.stdout)\(result.stderr)")
        #expect(
            result.stderr.hasSuffix("1 policy and 4 included files checked: 0 errors, 0 warnings (ok)\n"),
            "\(result.stderr)")
    }

    @Test func theScenariosAndTheTestFileLintClean() {
        let files = Self.scenarios.map { "Policies/scenarios/\($0).yaml" } + [Self.tests]
        let result = runInProcess(["lint", "--strict"] + files)
        #expect(result.exitCode == 0, "\(result.stdout)\(result.stderr)")
    }

    /// Every cell, feedback, band level and direction, invariant and user level is
    /// covered, and every case passes.
    @Test func testsPassWithFullCoverage() throws {
        let result = try runBinary(["test", Self.tests, "--coverage", "--min-coverage", "100"])
        #expect(result.exitCode == 0, "\(result.stdout)\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        let counted = lines.filter { $0.hasSuffix("%") }
        #expect(counted.count >= 4, "\(result.stdout)")
        for line in counted { #expect(line.hasSuffix(" 100%"), "\(line)") }
        #expect(lines.last?.hasSuffix("passed, 0 failed") == true, "\(result.stdout)")
        for story in [
            "GPS jitter z2 → z3 → z2 within a second does not ring (dwell)",
            "pace 0 is implausible and keeps the zone",
            "a reset without its value is a bad value, not cancelled",
            "pausing stops the loop and confirms in one decision",
            "switching to off and back never rings a stale zone change",
            "heart zones move with max_hr",
        ] {
            let text = (try? String(contentsOfFile: Self.tests, encoding: .utf8)) ?? ""
            #expect(text.contains(story), "the story '\(story)' is a named case")
        }
    }

    // MARK: The demo log

    /// The demo's decisions match the golden file. Re-record deliberately with
    /// `RECORD_GOLDEN=1 swift test --filter StridePolicyTests`.
    @Test func demoDecisionsMatchTheGoldenFile() throws {
        let result = runInProcess(["eval", Self.policy, Self.demo, "--quiet"])
        #expect(result.exitCode == 0, "\(result.stderr)")
        let inputLines = try String(contentsOfFile: Self.demo, encoding: .utf8).split(separator: "\n").count
        #expect(result.stdout.split(separator: "\n").count == inputLines)
        try expectGolden(result.stdout, named: "stride-demo.decisions.jsonl")
    }

    /// GPS jitter at the easy / tempo edge, tempo for one reading within a second, does
    /// not ring: the dwell keeps the zone.
    @Test func demoJitterDoesNotRing() throws {
        let decisions = try Self.demoDecisions()
        let jitter = try #require(decisions.firstIndex { Self.number($0, "value") == 5.86 })
        #expect(decisions[jitter]["reason"] as? String == "dwelling")
        #expect(decisions[jitter + 1]["reason"] as? String == "same-band")
        #expect(Self.band(decisions[jitter + 1])?.to == "easy")
    }

    /// A lost fix (pace 0) is implausible and the zone stays; nothing rings until the
    /// runner really speeds up.
    @Test func demoLostFixKeepsTheZone() throws {
        let decisions = try Self.demoDecisions()
        let zeros = decisions.filter { $0["event"] as? String == "pace.sample" && Self.number($0, "value") == 0 }
        #expect(zeros.count == 2)
        for zero in zeros {
            #expect(zero["reason"] as? String == "implausible")
            #expect(Self.band(zero)?.to == "easy")
        }
    }

    /// Faster zones play `zone.faster`, slower ones `zone.slower`: a lower pace number
    /// is faster. And the fartlek's fourth zone ring within 30 s is silenced by B-2.
    @Test func demoZonesRingInTheirDirectionWithinTheBudget() throws {
        let decisions = try Self.demoDecisions()
        let order = ["interval", "threshold", "tempo", "easy", "recovery"]
        var rings: [Double] = []
        for decision in decisions where decision["event"] as? String == "pace.sample" {
            guard let band = Self.band(decision), let from = band.from, from != band.to,
                let a = order.firstIndex(of: from), let b = order.firstIndex(of: band.to)
            else { continue }
            #expect(decision["feedback"] as? String == (b < a ? "zone.faster" : "zone.slower"), "\(decision)")
            if Self.isPlay(decision) { rings.append(Self.number(decision, "t") ?? 0) }
        }
        let silenced = decisions.filter { $0["reason"] as? String == "over-budget" }
        #expect(silenced.count == 1)
        #expect(silenced.first?["rule"] as? String == "B-2")
        for (index, ring) in rings.enumerated() where index >= 3 { #expect(ring - rings[index - 3] >= 30) }
    }

    /// A reset without its value, or with one the declaration does not list, is a bad
    /// value naming the declaration, never "cancelled"; confirmed plays the thud.
    @Test func demoResetsAreBadValuesUnlessConfirmedOrCancelled() throws {
        let resets = try Self.demoDecisions().filter { $0["event"] as? String == "data.reset" }
        #expect(
            resets.map { $0["reason"] as? String ?? $0["render"] as? String } == [
                "designer", "bad-value", "bad-value", "impact.heavy",
            ])
        #expect(resets[1]["rule"] as? String == "events/data.reset")
    }

    /// The pause stops the cadence loop and confirms the pause in one decision; the
    /// resume plays and starts the loop again at its bpm.
    @Test func demoPauseStopsTheLoopAndConfirmsInOneDecision() throws {
        let decisions = try Self.demoDecisions()
        let pause = try #require(decisions.first { $0["event"] as? String == "workout.paused" })
        #expect(pause["render"] as? String == "impact.medium")
        let stop = try #require((pause["also"] as? [Decision])?.first)
        #expect(stop["action"] as? String == "stop" && stop["feedback"] as? String == "cadence")
        #expect(stop["directives"] as? [String] == ["stop-loop"])
        let resume = try #require(decisions.first { $0["event"] as? String == "workout.resumed" })
        #expect(resume["render"] as? String == "impact.light")
        let loop = try #require((resume["also"] as? [Decision])?.first)
        #expect(loop["action"] as? String == "play" && loop["feedback"] as? String == "cadence")
        #expect(Self.number(loop, "loop").map { abs($0 - 60.0 / 168) < 1e-9 } == true)
    }

    /// While the level is `off` nothing rings but the zones keep moving; back on `full`
    /// the zone the runner is in is no news.
    @Test func demoOffAndBackNeverRingsAStaleZone() throws {
        let decisions = try Self.demoDecisions()
        let off = try #require(
            decisions.firstIndex { $0["event"] as? String == "haptics.level" && $0["value"] as? String == "off" })
        let full = try #require(
            decisions.firstIndex { $0["event"] as? String == "haptics.level" && $0["value"] as? String == "full" })
        let whileOff = decisions[(off + 1)..<full]
        #expect(!whileOff.contains(where: Self.isPlay))
        #expect(whileOff.contains { $0["reason"] as? String == "user-level" && Self.band($0) != nil })
        let nextPace = try #require(decisions[(full + 1)...].first { $0["event"] as? String == "pace.sample" })
        #expect(nextPace["reason"] as? String == "same-band")
    }

    /// The heart warns entering its top zone, and only then; the zones follow the
    /// maximum the profile sets.
    @Test func demoHeartWarnsOnlyIntoTheTopZone() throws {
        let decisions = try Self.demoDecisions()
        let heart = decisions.filter { $0["event"] as? String == "heart.sample" }
        let warnings = heart.filter(Self.isPlay)
        #expect(!warnings.isEmpty)
        for warning in warnings {
            #expect(warning["feedback"] as? String == "heart.high")
            #expect(Self.band(warning)?.to == "z5")
        }
        let changes = heart.filter { Self.band($0).map { $0.from != nil && $0.from != $0.to } ?? false }
        for change in changes where !Self.isPlay(change) {
            #expect(["designer", "user-level"].contains(change["reason"] as? String ?? ""), "\(change)")
        }
    }

    /// `Policies/logs/stride-demo.jsonl` is what `make-stride-demo.py` writes.
    @Test func demoLogIsWhatTheGeneratorWrites() throws {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("stride-\(UUID().uuidString).jsonl")
        defer { try? FileManager.default.removeItem(at: output) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "python3", packageRoot.appendingPathComponent("Policies/logs/make-stride-demo.py").path, output.path,
        ]
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        let generated = try Data(contentsOf: output)
        let committed = try Data(contentsOf: packageRoot.appendingPathComponent(Self.demo))
        #expect(
            generated == committed,
            "run python3 Policies/logs/make-stride-demo.py and commit the log (and re-record its golden decisions)")
    }

    // MARK: Scenarios

    @Test(arguments: scenarios)
    func scenarioDecisionsMatchTheirGoldenFiles(scenario: String) throws {
        let (log, decided) = try Self.simulated(scenario)
        #expect(decided.split(separator: "\n").count == log.split(separator: "\n").count)
        #expect(!decided.contains("\"invalid\""))
        try expectGolden(decided, named: "\(scenario).decisions.jsonl")
    }

    /// The jittery run: every glitch reading is implausible, zone rings never chatter
    /// (no ring back to the zone just left within 5 s) and the heart reaches its top zone.
    @Test func theJitteryRunNeverChattersAndKeepsGlitchesOut() throws {
        let decisions = try Self.simulatedDecisions("stride-run")
        let pace = decisions.filter { $0["event"] as? String == "pace.sample" }
        let zeros = pace.filter { Self.number($0, "value") == 0 }
        #expect(zeros.count == 5)
        #expect(zeros.allSatisfy { $0["reason"] as? String == "implausible" })
        let rings = pace.filter(Self.isPlay).compactMap { d -> (Double, String, String)? in
            guard let band = Self.band(d), let from = band.from, let t = Self.number(d, "t") else { return nil }
            return (t, from, band.to)
        }
        #expect(rings.count >= 6)
        for (a, b) in zip(rings, rings.dropFirst()) {
            #expect(!(b.2 == a.1 && b.0 - a.0 < 5), "chatter \(a) → \(b)")
        }
        #expect(decisions.contains { $0["feedback"] as? String == "heart.high" && Self.isPlay($0) })
    }

    /// The profile change: the same heart rate becomes the top zone when the maximum
    /// drops to 170, and eases off when it rises to 200; a maximum out of range is refused.
    @Test func theProfileChangeMovesTheHeartZones() throws {
        let decisions = try Self.simulatedDecisions("stride-profile")
        let profile = decisions.filter { $0["event"] as? String == "profile.set" }
        #expect(profile.map { $0["reason"] as? String } == ["state", "state", "bad-state"])
        let changes = decisions.compactMap { d -> (Double, String)? in
            guard let band = Self.band(d), let from = band.from, from != band.to, let t = Self.number(d, "t") else {
                return nil
            }
            return (t, band.to)
        }
        #expect(changes.map(\.1) == ["z5", "z4"], "\(changes)")
        #expect(changes.first.map { $0.0 > 60.5 && $0.0 < 65 } == true)
        #expect(changes.last.map { $0.0 > 150.5 && $0.0 < 155 } == true)
        #expect(decisions.filter(Self.isPlay).map { $0["feedback"] as? String } == ["heart.high"])
    }

    /// The level changes: essentials silences the laps but keeps the zones, off keeps
    /// nothing, and back on full the zone changed while off never rings.
    @Test func theLevelChangesSilenceByLevelAndNeverRingStale() throws {
        let decisions = try Self.simulatedDecisions("stride-levels")
        func plays(_ range: ClosedRange<Double>) -> [String] {
            decisions.filter { Self.isPlay($0) && range.contains(Self.number($0, "t") ?? -1) }
                .compactMap { $0["feedback"] as? String }
        }
        #expect(plays(0...100) == ["zone.faster", "lap"])
        #expect(plays(100.5...200) == ["zone.slower"])
        #expect(plays(200.5...300.4) == [])
        #expect(plays(300.5...400) == ["lap", "zone.slower"])
        let laps = decisions.filter { $0["event"] as? String == "lap.completed" }
        #expect(laps.map { $0["reason"] as? String ?? "play" } == ["play", "user-level", "user-level", "play"])
        #expect(laps[1]["rule"] as? String == "user-levels/essentials")
        #expect(laps[2]["rule"] as? String == "user-levels/off")
        let levels = decisions.filter { $0["event"] as? String == "haptics.level" }
        #expect(levels.map { $0["reason"] as? String } == ["state", "state", "state", "bad-state"])
    }

    /// The cadence: set, retempoed, stopped with the pause in one decision, resumed at
    /// its bpm, a bad bpm refused without touching the loop, ended by the summary.
    @Test func theCadenceLoopsStopsAndResumes() throws {
        let decisions = try Self.simulatedDecisions("stride-cadence")
        func at(_ t: Double) throws -> Decision { try #require(decisions.first { Self.number($0, "t") == t }) }
        #expect(try Self.number(at(2), "loop").map { abs($0 - 60.0 / 170) < 1e-9 } == true)
        #expect(try Self.number(at(40), "loop").map { abs($0 - 60.0 / 176) < 1e-9 } == true)
        func also(_ t: Double) throws -> Decision { try #require((try at(t)["also"] as? [Decision])?.first) }
        #expect(try at(60)["render"] as? String == "impact.medium")
        #expect(try also(60)["directives"] as? [String] == ["stop-loop"])
        #expect(try at(62)["render"] as? String == "impact.medium")
        #expect(try also(62)["reason"] as? String == "not-running")
        #expect(try at(90)["render"] as? String == "impact.light")
        #expect(try Self.number(also(90), "loop").map { abs($0 - 60.0 / 168) < 1e-9 } == true)
        #expect(try at(120)["reason"] as? String == "bad-value")
        #expect(try at(121)["reason"] as? String == "bad-value")
        #expect(try at(180)["directives"] as? [String] == ["stop-loop"])
    }

    // MARK: Compile

    /// One bundle file holds the whole policy (its included files too) and decides the
    /// demo log exactly like the YAML.
    @Test func oneCompiledBundleDecidesTheDemoLikeTheYAML() throws {
        let bundle = FileManager.default.temporaryDirectory.appendingPathComponent("stride-\(UUID()).json")
        defer { try? FileManager.default.removeItem(at: bundle) }
        let compiled = runInProcess(["compile", Self.policy, "-o", bundle.path])
        #expect(compiled.exitCode == 0, "\(compiled.stderr)")
        let content = try #require(
            JSONSerialization.jsonObject(with: try Data(contentsOf: bundle).prefix { $0 != 0x0A }) as? [String: Any])
        #expect(content["format"] as? String == "haptic-policy-bundle")
        #expect(content["formatVersion"] as? Int == 7)
        #expect(content["policy"] as? String == "stride")
        let fromYAML = runInProcess(["eval", Self.policy, Self.demo, "--quiet"])
        let fromBundle = runInProcess(["eval", bundle.path, Self.demo, "--quiet"])
        #expect(fromBundle.exitCode == 0, "\(fromBundle.stderr)")
        #expect(!fromYAML.stdout.isEmpty)
        #expect(fromBundle.stdout == fromYAML.stdout)
    }
}
