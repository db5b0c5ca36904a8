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
        #expect(lines.contains { $0.hasPrefix("  B-1: ") && $0.contains("rings on screen camera within 10 s (max 6), ") })
        #expect(lines.contains { $0.hasPrefix("  B-2: ") && $0.contains("rings on layer creature within 5 s (max 4), ") })
    }

    @Test func aCalmLogBreaksNothing() {
        let log = runInProcess(["simulate", "Policies/plavo.yaml", "--scenario", "flaky-sensor", "--seed", "3"])
        let result = runInProcess(["eval", "Policies/plavo.yaml", "-"], stdin: log.stdout)
        #expect(result.stderr.contains("budgets: 2 checked, none broken"), "\(result.stderr)")
    }

    @Test func quietHidesTheSummary() {
        let result = runInProcess(["eval", "Policies/plavo.yaml", "-", "--quiet"], stdin: "{\"t\":0,\"event\":\"shutter\"}\n")
        #expect(!result.stderr.contains("budgets"))
    }
}
