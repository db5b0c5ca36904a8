import Foundation
import HapticPolicy
import HapticPolicyCompiler
import HapticPolicyReplay
import HapticPolicyYAML
import Testing

/// An enforced budget (`enforce: true`): the ring beyond `max` is decided silent in the
/// runtime's `Session`, citing the budget, and every surface shows it; the tooling's
/// budget reports agree with the enforcement (one window).
@Suite struct EnforcedBudgetTests {
    static let directory = "Tests/HapticPolicyCLITests/Fixtures/budgets/"
    static let policy = packageRoot.appendingPathComponent(directory + "enforced.yaml").path
    static let log = packageRoot.appendingPathComponent(directory + "enforced.jsonl").path

    /// The fixture policy, or the same policy with the budget only reported.
    static func compiled(enforced: Bool) throws -> Policy {
        var text = try String(contentsOfFile: policy, encoding: .utf8)
        if !enforced { text = text.replacingOccurrences(of: "    enforce: true\n", with: "") }
        let document = try #require(PolicyLoader.parse(Array(text.utf8), file: "enforced.yaml").document)
        let validated = try #require(PolicyValidator.check(document).validated)
        return PolicyCompiler.compile(validated)
    }

    static let times: [Double] = [1, 2, 3, 4, 5, 11, 11.5]
    static let events = ["shutter", "shutter", "shutter", "shutter", "button.tap", "shutter", "shutter"]

    static func decide(_ policy: Policy) -> [Decision] {
        var session = Session(policy: policy)
        _ = session.decide(session.event(t: 0, name: "screen.enter", screen: "camera"))
        return zip(times, events).map { session.decide(session.event(t: $0, name: $1)) }
    }

    @Test func theRingBeyondMaxIsSilentCitingTheBudgetAndIsNotCounted() throws {
        let decisions = Self.decide(try Self.compiled(enforced: true))
        #expect(decisions.map(\.action) == [.play, .play, .play, .silent, .play, .play, .silent])
        #expect(decisions.map(\.reason) == [nil, nil, nil, .overBudget, nil, nil, .overBudget])
        #expect(decisions[3].rule?.id == "B-1")
        #expect(decisions[3].note == "B-1 already counts 3 rings on screen camera within 10 s (max 3)")
        #expect(decisions[3].feedback == "tap")
    }

    @Test func aReportedBudgetStillPlaysEveryRing() throws {
        let decisions = Self.decide(try Self.compiled(enforced: false))
        #expect(decisions.allSatisfy { $0.action == .play })
    }

    /// The meter overruns on exactly the ring the session silences, and finds nothing
    /// over an enforced session's rings: one definition of the window.
    @Test func theToolingsReportAgreesWithTheEnforcement() throws {
        let reported = try Self.compiled(enforced: false)
        var meter = BudgetMeter(policy: reported)
        var firstOverrun: Double?
        for (time, (decision, event)) in zip(Self.times, zip(Self.decide(reported), Self.events)) {
            if !meter.record(decision, at: time, event: event).isEmpty, firstOverrun == nil { firstOverrun = time }
        }
        let enforced = try Self.compiled(enforced: true)
        let decisions = Self.decide(enforced)
        let firstSilenced = zip(Self.times, decisions).first { $0.1.reason == .overBudget }?.0
        #expect(firstOverrun == 4)
        #expect(firstSilenced == firstOverrun)
        var enforcedMeter = BudgetMeter(policy: enforced)
        for (time, (decision, event)) in zip(Self.times, zip(decisions, Self.events)) {
            enforcedMeter.record(decision, at: time, event: event)
        }
        #expect(enforcedMeter.breaches.isEmpty)
    }

    /// A long burst keeps deciding by the sliding window: one ring per window slot.
    @Test func aLongBurstRingsAtMostMaxPerWindow() throws {
        let policy = try Self.compiled(enforced: true)
        var session = Session(policy: policy)
        _ = session.decide(session.event(t: 0, name: "screen.enter", screen: "camera"))
        let shutter = try #require(policy.eventID("shutter"))
        var rings: [Double] = []
        for step in 1...20_000 {
            let t = Double(step) * 0.25
            if session.decide(Event(t: t, event: shutter)).action == .play { rings.append(t) }
        }
        // Every 10 s window holds at most 3 rings, and the budget is used to the full.
        for (index, t) in rings.enumerated() where index >= 3 { #expect(rings[index - 3] <= t - 10) }
        #expect(rings.count == 3 * 500)
    }

    /// A hot reload keeps counting an unchanged enforced budget, and starts a changed one afresh.
    @Test func aReloadKeepsCountingAnUnchangedBudget() throws {
        let policy = try Self.compiled(enforced: true)
        var session = Session(policy: policy)
        _ = session.decide(session.event(t: 0, name: "screen.enter", screen: "camera"))
        for t in [1.0, 2, 3] { _ = session.decide(session.event(t: t, name: "shutter")) }
        var same = Session(policy: try Self.compiled(enforced: true), continuing: session)
        #expect(same.decide(same.event(t: 4, name: "shutter")).reason == .overBudget)
        let text = try String(contentsOfFile: Self.policy, encoding: .utf8).replacingOccurrences(
            of: "max: 3", with: "max: 4")
        let document = try #require(PolicyLoader.parse(Array(text.utf8), file: "enforced.yaml").document)
        let changed = PolicyCompiler.compile(try #require(PolicyValidator.check(document).validated))
        var afresh = Session(policy: changed, continuing: session)
        for t in [4.0, 5, 6, 7] { #expect(afresh.decide(afresh.event(t: t, name: "shutter")).action == .play) }
        #expect(afresh.decide(afresh.event(t: 8, name: "shutter")).reason == .overBudget)
    }

    @Test func evalShowsTheReasonInEveryFormat() throws {
        let jsonl = runInProcess(["eval", Self.policy, Self.log, "--format", "jsonl"])
        #expect(jsonl.exitCode == 0, "\(jsonl.stderr)")
        let lines = jsonl.stdout.split(separator: "\n")
        #expect(lines.count == 8)
        #expect(lines[4].contains("\"action\":\"silent\",\"feedback\":\"tap\""))
        #expect(lines[4].contains("\"reason\":\"over-budget\""))
        #expect(lines[4].contains("\"rule\":\"B-1\""))
        #expect(jsonl.stderr.contains("over-budget 2"), "\(jsonl.stderr)")
        #expect(jsonl.stderr.contains("none broken"), "\(jsonl.stderr)")
        let table = runInProcess(["eval", Self.policy, Self.log, "--format", "table"])
        let row = table.stdout.split(separator: "\n").first { $0.hasPrefix("5 ") }
        #expect(row?.contains("over-budget") == true, "\(table.stdout)")
        #expect(row?.contains("B-1 already counts 3 rings") == true, "\(table.stdout)")
    }

    @Test func testExpectationsNameTheReasonAndTheBudget() {
        let path = packageRoot.appendingPathComponent(Self.directory + "enforced.tests.yaml").path
        let result = runInProcess(["test", path])
        #expect(result.exitCode == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("1 passed, 0 failed"))
    }

    @Test func diffFromReportedToEnforcedListsTheSilencedRings() throws {
        let reported = try temporaryFolder("budget-diff").appendingPathComponent("reported.yaml")
        let text = try String(contentsOfFile: Self.policy, encoding: .utf8)
        try text.replacingOccurrences(of: "    enforce: true\n", with: "").write(
            to: reported, atomically: true, encoding: .utf8)
        let result = runInProcess(["diff", reported.path, Self.policy, Self.log])
        #expect(result.exitCode == 1, "\(result.stderr)")
        #expect(result.stdout.contains("over-budget"), "\(result.stdout)")
    }

    @Test func anEnforcedBudgetSurvivesTheBundle() throws {
        let result = runInProcess(["compile", Self.policy, "-o", "-"])
        #expect(result.stdout.hasPrefix("{\"format\":\"haptic-policy-bundle\",\"formatVersion\":7,"))
        #expect(result.stdout.contains("\"enforced\":true"))
        let (content, hash) = try PolicyBundle.decode(Array(result.stdout.utf8))
        #expect(content.budgets.map(\.enforced) == [true])
        // A runtime reads the enforced budget from line 1's decide tables alone.
        let loaded = try Policy(bundle: Array(result.stdout.utf8))
        #expect(loaded.hash == hash && loaded.content.decide?.budgets.count == 1)
        #expect(Self.decide(loaded).map(\.reason) == Self.decide(try Self.compiled(enforced: true)).map(\.reason))
        let reported = PolicyBundle.encode(try Self.compiled(enforced: false))
        #expect(!String(decoding: reported, as: UTF8.self).contains("\"enforced\":"))
    }
}
