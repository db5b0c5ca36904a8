import Foundation
import Testing

@testable import HapticPolicyCLI

/// `eval`'s summary ends with the budget section: each breach with its window.
@Suite struct EvalBudgetSummaryTests {
    @Test func breachesAreListedWithTheirWindow() {
        let log = runInProcess(["simulate", "Policies/plavo.yaml", "--scenario", "flaky-sensor", "--seed", "3"])
        let result = runInProcess(["eval", "Tests/Fixtures/diff/plavo-no-hysteresis.yaml", "-"], stdin: log.stdout)
        #expect(result.exitCode == 0, "\(result.stderr)")
        let lines = result.stderr.split(separator: "\n").map(String.init)
        let header = lines.firstIndex { $0.hasPrefix("budgets: ") && $0.hasSuffix("breaches") }
        #expect(header != nil, "\(result.stderr)")
        #expect(
            lines.contains { $0.hasPrefix("  B-1: ") && $0.contains("rings on screen camera within 10 s (max 6), ") })
        #expect(
            lines.contains { $0.hasPrefix("  B-2: ") && $0.contains("rings on layer creature within 5 s (max 4), ") })
    }

    @Test func aCalmLogBreaksNothing() {
        let log = runInProcess(["simulate", "Policies/plavo.yaml", "--scenario", "flaky-sensor", "--seed", "3"])
        let result = runInProcess(["eval", "Policies/plavo.yaml", "-"], stdin: log.stdout)
        #expect(result.stderr.contains("budgets: 2 checked, none broken"), "\(result.stderr)")
    }

    /// B-1 excepts `selector.tick`: a spin of the plant-name selector is the control
    /// itself, so the `selector-spin` scenario and the demo session keep within budget.
    @Test(arguments: [1, 7])
    func aSelectorSpinBreaksNothing(seed: Int) {
        let log = runInProcess(["simulate", "Policies/plavo.yaml", "--scenario", "selector-spin", "--seed", "\(seed)"])
        #expect(log.stdout.contains("selector.tick"))
        let result = runInProcess(["eval", "Policies/plavo.yaml", "-"], stdin: log.stdout)
        #expect(result.stderr.contains("budgets: 2 checked, none broken"), "\(result.stderr)")
    }

    @Test func theDemoSessionBreaksNothing() {
        let result = runInProcess(["eval", "Policies/plavo.yaml", "Policies/logs/demo.jsonl"])
        #expect(result.stderr.hasSuffix("budgets: 2 checked, none broken\n"), "\(result.stderr)")
    }

    @Test func shuttersAmidASpinStillBreakB1() {
        let ticks = (0..<30).map { "{\"t\":\(1 + Double($0) / 10),\"event\":\"selector.tick\"}\n" }.joined()
        let shutters = (0..<7).map { "{\"t\":\(5 + $0),\"event\":\"shutter\"}\n" }.joined()
        let log =
            "{\"t\":0,\"event\":\"screen.enter\",\"screen\":\"camera\"}\n{\"t\":0.5,\"event\":\"selector.begin\"}\n"
            + ticks + "{\"t\":4.5,\"event\":\"selector.end\"}\n" + shutters
        let result = runInProcess(["eval", "Policies/plavo.yaml", "-"], stdin: log)
        #expect(
            result.stderr.contains(
                "budgets: 1 breach\n  B-1: 7 rings on screen camera within 10 s (max 6), 5 s to 11 s"),
            "\(result.stderr)")
    }

    @Test func quietHidesTheSummary() {
        let result = runInProcess(
            ["eval", "Policies/plavo.yaml", "-", "--quiet"], stdin: "{\"t\":0,\"event\":\"shutter\"}\n")
        #expect(!result.stderr.contains("budgets"))
    }
}
