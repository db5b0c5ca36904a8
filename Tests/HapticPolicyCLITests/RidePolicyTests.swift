import Foundation
import Testing

@testable import HapticPolicyCLI

/// The third reference app, `Policies/ride.yaml` (a cycling navigator, split across
/// `Policies/ride/`), decides as issue 23 asks, through the built tool: its tests cover
/// everything, its scenarios and its demo log replay to their golden decisions and tell
/// the issue's stories, and one compiled bundle decides like the YAML.
@Suite struct RidePolicyTests: ReferenceAppSuite {
    static let policy = "Policies/ride.yaml"
    static let tests = "Policies/ride.tests.yaml"
    static let demo = "Policies/logs/ride-demo.jsonl"
    static let scenarios = ["ride-turns", "ride-reroute", "ride-locked", "ride-search"]

    static func event(_ decision: Decision) -> String { decision["event"] as? String ?? "" }
    static func reason(_ decision: Decision) -> String? { decision["reason"] as? String }
    /// The decision at `t` (of `event`, when several events come at that time).
    static func at(_ decisions: [Decision], _ t: Double, event name: String? = nil) throws -> Decision {
        try #require(
            decisions.first { number($0, "t") == t && (name == nil || event($0) == name) },
            "no decision at \(t) s")
    }

    /// The levels each turn rang at (`near`, `close`, `now`), in order, by subject.
    static func cues(_ decisions: [Decision]) -> [String: [String]] {
        var cues: [String: [String]] = [:]
        for decision in decisions where event(decision) == "turn.distance" && isPlay(decision) {
            cues[decision["subject"] as? String ?? "", default: []].append(band(decision)?.to ?? "")
        }
        return cues
    }

    /// Through the built executable, as a designer runs it.
    @Test func lintIsCleanUnderStrict() throws {
        let result = try runBinary(["lint", Self.policy, "--strict"])
        #expect(result.exitCode == 0, "\(result.stdout)\(result.stderr)")
        #expect(
            result.stderr.hasSuffix(
                "1 policy and 3 included files checked: 0 errors, 0 warnings, 1 acknowledged (ok)\n"),
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
        #expect(counted.count >= 5, "\(result.stdout)")
        for line in counted { #expect(line.hasSuffix(" 100%"), "\(line)") }
        #expect(lines.last?.hasSuffix("passed, 0 failed") == true, "\(result.stdout)")
        let text = (try? String(contentsOfFile: Self.tests, encoding: .utf8)) ?? ""
        for story in [
            "coming up to a turn rings near, close and now, once each",
            "moving away from a turn is never a cue",
            "each turn is its own subject and starts afresh",
            "a road closure cuts whatever plays, and nothing plays over it",
            "the turn's direction chooses the side of the sweep",
            "the edges are the designer's own, inclusive",
            "the picker ticks through one gesture",
            "off-route warns at most once in 20 s (R-1)",
            "a passed turn is forgotten, so the same subject starts afresh",
        ] {
            #expect(text.contains(story), "the story '\(story)' is a named case")
        }
    }

    // MARK: The demo log

    /// The demo's decisions match the golden file. Re-record deliberately with
    /// `RECORD_GOLDEN=1 swift test --filter RidePolicyTests`.
    @Test func demoDecisionsMatchTheGoldenFile() throws {
        let result = runInProcess(["eval", Self.policy, Self.demo, "--quiet"])
        #expect(result.exitCode == 0, "\(result.stderr)")
        let inputLines = try String(contentsOfFile: Self.demo, encoding: .utf8).split(separator: "\n").count
        #expect(result.stdout.split(separator: "\n").count == inputLines)
        #expect(!result.stdout.contains("\"invalid\""))
        try expectGolden(result.stdout, named: "ride-demo.decisions.jsonl")
    }

    /// Each turn's cues come nearer, never back: near before close before now, a glitch
    /// of 9999 m is implausible, and moving away from a turn never rings.
    @Test func demoCuesComeInOrderAndNeverOnTheWayAway() throws {
        let decisions = try Self.demoDecisions()
        let order = ["near", "close", "now"]
        for (turn, cues) in Self.cues(decisions) {
            let ranks = cues.compactMap { order.firstIndex(of: $0) }
            #expect(ranks.count == cues.count, "\(turn): \(cues)")
            #expect(ranks == ranks.sorted(), "\(turn) rang \(cues)")
        }
        #expect(Self.cues(decisions)["turn-1"]?.first == "near")
        #expect(Self.cues(decisions)["turn-1"]?.last == "now")
        let glitches = decisions.filter { Self.event($0) == "turn.distance" && Self.number($0, "value") == 9999 }
        #expect(glitches.count == 1)
        #expect(glitches.allSatisfy { Self.reason($0) == "implausible" })
        let levels = ["now", "close", "near", "far"]
        for decision in decisions where Self.event(decision) == "turn.distance" {
            guard let band = Self.band(decision), let from = band.from, from != band.to,
                let a = levels.firstIndex(of: from), let b = levels.firstIndex(of: band.to), b > a
            else { continue }
            #expect(!Self.isPlay(decision), "a cue moving away: \(decision)")
        }
    }

    /// The missed turn: off-route warns, the reroute pulse loops until the route is
    /// found, and the road closure later cuts off the pulse that runs then.
    @Test func demoOffRouteReroutesAndTheClosureCutsThePulse() throws {
        let decisions = try Self.demoDecisions()
        let offRoute = decisions.filter { Self.event($0) == "off.route" }
        #expect(offRoute.first.map(Self.isPlay) == true)
        // R-1: the second warning 8 s later is over the per-event budget.
        #expect(Self.reason(offRoute[1]) == "over-budget" && offRoute[1]["rule"] as? String == "R-1")
        // R-2: the third hazard report within a minute is over the shared budget.
        let hazards = decisions.filter { Self.event($0) == "hazard.ahead" }
        #expect(hazards.map { Self.reason($0) ?? "play" } == ["play", "over-budget", "play"])
        #expect(hazards[1]["rule"] as? String == "R-2")
        let found = try #require(decisions.first { Self.event($0) == "route.found" })
        let stop = try #require((found["also"] as? [Decision])?.first)
        #expect(stop["action"] as? String == "stop" && stop["feedback"] as? String == "reroute")
        #expect(stop["note"] as? String == "cut by 'route.found' (normal)")
        let closure = try #require(decisions.first { Self.event($0) == "hazard.closure" })
        #expect(closure["render"] as? String == "pattern:hazard.closure")
        let stopped = try #require((closure["also"] as? [Decision])?.first)
        #expect(stopped["action"] as? String == "stop")
        #expect(stopped["directives"] as? [String] == ["stop-loop"])
        #expect(stopped["note"] as? String == "cut by 'hazard.closure' (critical)")
        // The rider left the route while a turn cue (high) still played: the warning yields.
        let outranked = decisions.filter { Self.reason($0) == "outranked" }
        #expect(outranked.map(Self.event) == ["off.route"])
        // A bounce away from a turn is `receding`, never a cue.
        #expect(decisions.contains { Self.reason($0) == "receding" })
    }

    /// The picker ticks once per result inside a scroll; typing and the list are quiet.
    @Test func demoSearchIsQuietButForThePicker() throws {
        let decisions = try Self.demoDecisions()
        let search = decisions.prefix { Self.event($0) != "screen.enter" || $0["screen"] as? String != "ride" }
        let plays = search.filter(Self.isPlay).map { $0["feedback"] as? String ?? "" }
        #expect(Set(plays) == ["picker.tick", "confirm"], "\(plays)")
        #expect(
            search.filter { Self.event($0) == "search.typed" }.allSatisfy {
                $0["rule"] as? String == "search/otherwise"
            })
        // The tick after the finger lifted is the list settling: silent, not a tick outside a gesture.
        let settling = try #require(search.first { $0["rule"] as? String == "search/picker.tick#2" })
        #expect(Self.reason(settling) == "designer")
    }

    /// While the phone is locked only what the background keeps plays (turn now,
    /// off-route, the closure), through its fallback as the engine is stopped; back in
    /// the foreground every cue comes again.
    @Test func demoLockedPhone() throws {
        let decisions = try Self.demoDecisions()
        let locked = try #require(
            decisions.firstIndex { Self.event($0) == "app.state" && $0["value"] as? String == "background" })
        let unlocked = try #require(
            decisions.firstIndex { Self.event($0) == "app.state" && $0["value"] as? String == "foreground" })
        let whileLocked = decisions[(locked + 1)..<unlocked]
        let kept = whileLocked.filter(Self.isPlay)
        #expect(kept.map { $0["feedback"] as? String ?? "" } == ["turn.now", "off.route"], "\(kept)")
        #expect(kept.map { $0["render"] as? String ?? "" } == ["impact.heavy", "notification.warning"])
        #expect(whileLocked.contains { !Self.isPlay($0) && Self.reason($0) == "background" })
        #expect(decisions[(unlocked + 1)...].contains(where: Self.isPlay))
    }

    /// `Policies/logs/ride-demo.jsonl` is what `make-ride-demo.py` writes.
    @Test func demoLogIsWhatTheGeneratorWrites() throws {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("ride-\(UUID().uuidString).jsonl")
        defer { try? FileManager.default.removeItem(at: output) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "python3", packageRoot.appendingPathComponent("Policies/logs/make-ride-demo.py").path, output.path,
        ]
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        let generated = try Data(contentsOf: output)
        let committed = try Data(contentsOf: packageRoot.appendingPathComponent(Self.demo))
        #expect(
            generated == committed,
            "run python3 Policies/logs/make-ride-demo.py and commit the log (and re-record its golden decisions)")
    }

    // MARK: Scenarios

    @Test(arguments: scenarios)
    func scenarioDecisionsMatchTheirGoldenFiles(scenario: String) throws {
        let (log, decided) = try Self.simulated(scenario)
        #expect(decided.split(separator: "\n").count == log.split(separator: "\n").count)
        #expect(!decided.contains("\"invalid\""))
        try expectGolden(decided, named: "\(scenario).decisions.jsonl")
    }

    /// Three turns on a jittery GPS: each rings near, close and now at most once, in
    /// that order; glitches are implausible; a turn that starts inside 300 m is a
    /// baseline there, so its first cue is close.
    @Test func theTurnsRingOncePerLevelInOrder() throws {
        let decisions = try Self.simulatedDecisions("ride-turns")
        let cues = Self.cues(decisions)
        #expect(cues["turn-1"] == ["near", "close", "now"], "\(cues)")
        #expect(cues["turn-2"] == ["close", "now"], "\(cues)")
        #expect(cues["turn-3"] == ["near", "close", "now"], "\(cues)")
        // Each turn's direction sets the side of its cues: turn-1 left, turn-2 right, turn-3 a u-turn.
        let sides = decisions.filter { Self.event($0) == "turn.distance" && Self.isPlay($0) }.map {
            "\($0["subject"] as? String ?? "") \(($0["params"] as? [String: Any])?["side"] as? Double ?? 9)"
        }
        #expect(Set(sides) == ["turn-1 -1.0", "turn-2 1.0", "turn-3 -1.0"], "\(sides)")
        let glitches = decisions.filter { Self.number($0, "value") == 9999 }
        #expect(glitches.count == 3)
        #expect(glitches.allSatisfy { Self.reason($0) == "implausible" })
        #expect(decisions.last.map(Self.isPlay) == true)
    }

    /// The missed turn: no cue on the way away, off-route, the pulse, the closure.
    @Test func theRerouteStory() throws {
        let decisions = try Self.simulatedDecisions("ride-reroute")
        let away = decisions.filter { d in
            Self.event(d) == "turn.distance" && (Self.number(d, "t") ?? 0) > 60
        }
        #expect(!away.contains(where: Self.isPlay))
        #expect(try Self.at(decisions, 75.2)["feedback"] as? String == "off.route")
        // The pulse would start while the off-route warning (normal) still plays: the
        // low pulse yields, and nothing loops until the route is found.
        #expect(try Self.reason(Self.at(decisions, 75.5)) == "outranked")
        #expect(try Self.at(decisions, 84)["rule"] as? String == "R-1")  // the second warning within 20 s
        let found = try Self.at(decisions, 88)
        #expect(found["also"] == nil)  // nothing pulsed, so nothing is cut
        let closure = try Self.at(decisions, 113)
        #expect(closure["render"] as? String == "pattern:hazard.closure")
        // The outranked pulse at 75.5 s never rang, so the reroute at 110 s is within R-2
        // and pulses, and the closure (critical) cuts it.
        #expect(try Self.number(Self.at(decisions, 110), "loop") == 2)
        let cut = try #require((closure["also"] as? [Decision])?.first)
        #expect(cut["feedback"] as? String == "reroute" && cut["directives"] as? [String] == ["stop-loop"])
        #expect(try Self.reason(Self.at(decisions, 140)) == "designer")
    }

    /// The locked phone: background stops the pulse and silences all but what it keeps:
    /// off-route and the closure play, the near cue does not.
    @Test func theLockedPhoneStory() throws {
        let decisions = try Self.simulatedDecisions("ride-locked")
        #expect(try Self.at(decisions, 40, event: "app.state")["directives"] as? [String] == ["stop-loop"])
        let locked = decisions.filter { (40.5...99.9).contains(Self.number($0, "t") ?? 0) }
        #expect(locked.filter(Self.isPlay).map { $0["feedback"] as? String ?? "" } == ["off.route", "hazard.closure"])
        #expect(try Self.at(decisions, 70, event: "off.route")["render"] as? String == "notification.warning")
        #expect(try Self.at(decisions, 90, event: "hazard.closure")["render"] as? String == "notification.error")
        #expect(locked.contains { !Self.isPlay($0) && Self.reason($0) == "background" })
        #expect(try Self.isPlay(Self.at(decisions, 155)))
    }

    /// The search: ticks inside the spins play, typing is quiet, and the cues level
    /// silences the controls.
    @Test func theSearchStory() throws {
        let decisions = try Self.simulatedDecisions("ride-search")
        let ticks = decisions.filter { Self.event($0) == "picker.tick" && (Self.number($0, "t") ?? 0) < 30 }
        #expect(ticks.filter(Self.isPlay).count >= 36)
        #expect(decisions.filter { Self.event($0) == "search.typed" }.allSatisfy { Self.reason($0) == "designer" })
        #expect(!decisions.contains { Self.reason($0) == "tick-outside-gesture" })
        let chosen = try Self.at(decisions, 55)
        #expect(Self.reason(chosen) == "user-level")
        #expect(chosen["rule"] as? String == "user-levels/cues")
    }

    // MARK: Compile

    /// One bundle file holds the whole policy (its included files too) and decides the
    /// demo log exactly like the YAML.
    @Test func oneCompiledBundleDecidesTheDemoLikeTheYAML() throws {
        let bundle = FileManager.default.temporaryDirectory.appendingPathComponent("ride-\(UUID()).json")
        defer { try? FileManager.default.removeItem(at: bundle) }
        let compiled = runInProcess(["compile", Self.policy, "-o", bundle.path])
        #expect(compiled.exitCode == 0, "\(compiled.stderr)")
        let content = try #require(
            JSONSerialization.jsonObject(with: try Data(contentsOf: bundle).prefix { $0 != 0x0A }) as? [String: Any])
        #expect(content["format"] as? String == "haptic-policy-bundle")
        #expect(content["policy"] as? String == "ride")
        let fromYAML = runInProcess(["eval", Self.policy, Self.demo, "--quiet"])
        let fromBundle = runInProcess(["eval", bundle.path, Self.demo, "--quiet"])
        #expect(fromBundle.exitCode == 0, "\(fromBundle.stderr)")
        #expect(!fromYAML.stdout.isEmpty)
        #expect(fromBundle.stdout == fromYAML.stdout)
    }
}
