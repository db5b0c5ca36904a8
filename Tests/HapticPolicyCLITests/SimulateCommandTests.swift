import Foundation
import Testing

@testable import HapticPolicyCLI

@Suite struct SimulateCommandTests {
    static let plavoScenarios = ["drying", "watering", "flaky-sensor", "selector-spin", "session"]

    @Test(arguments: plavoScenarios)
    func sameSeedGivesByteIdenticalLogs(scenario: String) {
        let first = runInProcess(["simulate", "Policies/plavo.yaml", "--scenario", scenario, "--seed", "42"])
        let second = runInProcess(["simulate", "Policies/plavo.yaml", "--scenario", scenario, "--seed", "42"])
        #expect(first.exitCode == 0, "\(first.stderr)")
        #expect(!first.stdout.isEmpty)
        #expect(first.stdout == second.stdout)
    }

    @Test(arguments: ["drying", "watering", "flaky-sensor"])
    func differentSeedsGiveDifferentNoise(scenario: String) {
        let first = runInProcess(["simulate", "Policies/plavo.yaml", "--scenario", scenario, "--seed", "1"])
        let second = runInProcess(["simulate", "Policies/plavo.yaml", "--scenario", scenario, "--seed", "2"])
        #expect(first.stdout != second.stdout)
    }

    /// Every scenario of every reference policy feeds `eval` with no invalid line, one
    /// decision per event.
    @Test(arguments: [
        ("Policies/plavo.yaml", "drying"), ("Policies/plavo.yaml", "watering"),
        ("Policies/plavo.yaml", "flaky-sensor"), ("Policies/plavo.yaml", "selector-spin"),
        ("Policies/plavo.yaml", "session"), ("Policies/breathing.yaml", "breathing"),
        ("Policies/metronome.yaml", "metronome"),
    ])
    func scenarioFeedsEval(policy: String, scenario: String) {
        let log = runInProcess(["simulate", policy, "--scenario", scenario])
        #expect(log.exitCode == 0, "\(log.stderr)")
        let decisions = runInProcess(["eval", policy, "-", "--quiet"], stdin: log.stdout)
        #expect(decisions.exitCode == 0, "\(decisions.stderr)")
        let events = log.stdout.split(separator: "\n").count
        #expect(events > 0)
        #expect(decisions.stdout.split(separator: "\n").count == events)
        #expect(!decisions.stdout.contains("\"invalid\""))
    }

    @Test func dryingCrossesEveryLowerBandOnceWithTheDemoRate() throws {
        let log = runInProcess(["simulate", "Policies/plavo.yaml", "--scenario", "drying", "--seed", "5"])
        let decisions = runInProcess(["eval", "Policies/plavo.yaml", "-", "--quiet"], stdin: log.stdout)
        let plays = try decisions.stdout.split(separator: "\n").compactMap { line -> String? in
            let object = try #require(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            return object["action"] as? String == "play" ? object["feedback"] as? String : nil
        }
        // 85 % falling 0.6 %/s for 140 s: moist, comfortable, thirsty, dry, parched, each once.
        #expect(plays == ["pulse", "soil.moist", "soil.comfortable", "soil.thirsty", "soil.dry", "soil.parched"])
    }

    @Test func durationShortensTheLog() {
        let full = runInProcess(["simulate", "Policies/plavo.yaml", "-s", "drying"])
        let short = runInProcess(["simulate", "Policies/plavo.yaml", "-s", "drying", "--duration", "10"])
        let lines = short.stdout.split(separator: "\n")
        #expect(lines.count == 12)
        #expect(full.stdout.hasPrefix(short.stdout))
    }

    @Test func listShowsTheScenarios() {
        let result = runInProcess(["simulate", "Policies/plavo.yaml", "--list"])
        #expect(result.exitCode == 0)
        for name in Self.plavoScenarios { #expect(result.stdout.contains(name)) }
    }

    @Test(arguments: [
        (["simulate", "Policies/plavo.yaml", "--scenario", "hurricane"], "unknown scenario 'hurricane'"),
        (["simulate", "Policies/plavo.yaml", "--scenario", "drying", "--seed", "-3"], "--seed must be a whole number"),
        (["simulate", "Policies/plavo.yaml", "--scenario", "drying", "--duration", "0"], "--duration must be"),
        (["simulate", "Policies/plavo.yaml"], "missing --scenario"),
    ])
    func usageErrorsExit64(arguments: [String], message: String) {
        let result = runInProcess(arguments)
        #expect(result.exitCode == 64)
        #expect(result.stderr.contains(message), "\(result.stderr)")
    }

    @Test func eventsTheCatalogueLacksAreRefused() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("bad-\(UUID()).yaml")
        try Data(
            "scenario: bad\nduration: 5\nsteps:\n  - {at: 0, event: plant.dance}\n  - {at: 1, event: screen.enter, screen: garden}\n"
                .utf8
        ).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let result = runInProcess(["simulate", "Policies/plavo.yaml", "--scenario", file.path])
        #expect(result.exitCode == 1)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains("event 'plant.dance' is not in the catalogue"))
        #expect(result.stderr.contains("screen 'garden' is not declared"))
        #expect(result.stderr.contains("\(file.path):4:20: error[HP805]"), "\(result.stderr)")
    }

    /// A syntax error does not hide a misspelt name: both are reported in one pass.
    @Test func syntaxAndNameErrorsShowTogether() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("both-\(UUID()).yaml")
        try Data("scenario: both\nduration: 5\nsteps:\n  - {at: 0, event: plant.fonud, subjct: x}\n".utf8).write(
            to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let result = runInProcess(["simulate", "Policies/plavo.yaml", "--scenario", file.path])
        #expect(result.exitCode == 1)
        #expect(result.stdout.isEmpty)
        let headers = result.stderr.split(separator: "\n").filter { !$0.hasPrefix(" ") }.map(String.init)
        #expect(
            headers == [
                "\(file.path):4:20: error[HP805]: event 'plant.fonud' is not in the catalogue of Policies/plavo.yaml (did you mean 'plant.found'?); add it under 'events:' or fix the scenario",
                "\(file.path):4:33: error[HP012]: unknown key 'subjct'; did you mean 'subject'?",
            ], "\(result.stderr)")
    }

    @Test func aBrokenScenarioFileGetsLocatedDiagnostics() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("broken-\(UUID()).yaml")
        try Data(
            "scenario: broken\nduration: 5\nsteps:\n  - signal: {event: moisture.sample, start: 40, evry: 2}\n".utf8
        ).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let result = runInProcess(["simulate", "Policies/plavo.yaml", "--scenario", file.path])
        #expect(result.exitCode == 1)
        #expect(
            result.stderr.contains("\(file.path):4:49: error[HP012]: unknown key 'evry'; did you mean 'every'?"),
            "\(result.stderr)")
    }

    /// The built binary, as a user runs it: simulate piped into eval.
    @Test func builtBinarySimulatesIntoEval() throws {
        let log = try runBinary(["simulate", "Policies/plavo.yaml", "--scenario", "session", "--seed", "9"])
        #expect(log.exitCode == 0, "\(log.stderr)")
        let again = try runBinary(["simulate", "Policies/plavo.yaml", "--scenario", "session", "--seed", "9"])
        #expect(Data(log.stdout.utf8) == Data(again.stdout.utf8))
        let eval = try runBinary(["eval", "Policies/plavo.yaml", "-"], stdin: log.stdout)
        #expect(eval.exitCode == 0, "\(eval.stderr)")
        #expect(eval.stderr.contains("budgets: 2 checked, none broken"), "\(eval.stderr)")
    }
}

extension SimulateCommandTests {
    /// Pins the generator, the noise and the number formatting across versions: a change
    /// here changes every simulated log. Re-record deliberately with
    /// `RECORD_GOLDEN=1 swift test --filter dryingLogMatchesTheGoldenFile`.
    @Test func dryingLogMatchesTheGoldenFile() throws {
        let golden = packageRoot.appendingPathComponent("Tests/Fixtures/simulate/drying-seed7-12s.jsonl")
        let result = runInProcess([
            "simulate", "Policies/plavo.yaml", "-s", "drying", "--seed", "7", "--duration", "12",
        ])
        #expect(result.exitCode == 0)
        if ProcessInfo.processInfo.environment["RECORD_GOLDEN"] == "1" {
            try Data(result.stdout.utf8).write(to: golden)
            return
        }
        #expect(result.stdout == (try String(contentsOf: golden, encoding: .utf8)))
    }
}

/// Scenario loops that cannot hang: the built tool refuses, before it runs, a repeat with
/// a tiny `every` and steps outside the duration (it used to loop for ever) and a scenario
/// that would generate more than 2,000,000 events for the duration asked. `timeout`
/// turns a hang into exit 124 instead of a test that never ends.
@Suite struct SimulateLoopLimitTests {
    static func scenario(_ text: String) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("loop-\(UUID().uuidString).yaml")
        try Data(text.utf8).write(to: url)
        return url
    }

    @Test func aTinyEveryIsALocatedErrorNotAHang() throws {
        let file = try Self.scenario(
            """
            scenario: tiny
            duration: 10
            steps:
              - repeat: {every: 0.000000000000000000001}
                steps:
                  - {at: 20, event: shutter}

            """)
        defer { try? FileManager.default.removeItem(at: file) }
        let result = try runShell(
            "timeout 60 \"$TOOL\" simulate Policies/plavo.yaml -s \(shellQuoted(file.path)); echo \"exit $?\"")
        #expect(result.stdout == "exit 1\n", "\(result.stderr)")
        #expect(
            result.stderr.hasPrefix(
                "\(file.path):4:21: error[HP801]: 'every' must be at least 0.001 s (times are kept to the millisecond), found 1e-21; give a longer period\n"
            ),
            "\(result.stderr)")
    }

    @Test func tooManyEventsForTheDurationIsALocatedError() throws {
        let file = try Self.scenario(
            """
            scenario: fast
            duration: 60
            steps:
              - {at: 0, event: screen.enter, screen: camera}
              - signal: {event: moisture.sample, subject: p, start: 50, every: 0.01}

            """)
        defer { try? FileManager.default.removeItem(at: file) }
        let short = try runBinary(["simulate", "Policies/plavo.yaml", "-s", file.path])
        #expect(short.exitCode == 0, "\(short.stderr)")
        let day = try runShell(
            "timeout 60 \"$TOOL\" simulate Policies/plavo.yaml -s \(shellQuoted(file.path)) --duration 86400 > /dev/null; echo \"exit $?\""
        )
        #expect(day.stdout == "exit 1\n", "\(day.stderr)")
        #expect(
            day.stderr.hasPrefix(
                "\(file.path):5:5: error[HP807]: this step would generate up to 8640001 events in 86400 s (the scenario up to 8640002), over the limit of 2000000;"
            ),
            "\(day.stderr)")
    }
}
