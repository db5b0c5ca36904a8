import Foundation
import Testing

@testable import HapticPolicyCLI

/// `eval --reload LINE=POLICY`: the session continues under another policy from a log
/// line on, as `PolicyStore.reload` does in an app.
@Suite struct EvalReloadTests {
    static let policy = "Tests/HapticPolicyCLITests/Fixtures/levels/stride.yaml"
    static let log = "Tests/HapticPolicyCLITests/Fixtures/levels/run.jsonl"
    static let edited = "Tests/HapticPolicyCLITests/Fixtures/reload/edited.yaml"
    static let broken = "Tests/HapticPolicyCLITests/Fixtures/broken.yaml"

    static func lines(_ text: String) -> [Substring] { text.split(separator: "\n") }

    @Test func reloadingTheSamePolicyAtAnyLineChangesNoDecision() {
        // Screen, band levels and the user level all carry over, so swapping in the same
        // policy is invisible whatever the line.
        let plain = runInProcess(["eval", Self.policy, Self.log, "-q"])
        #expect(plain.exitCode == 0, "\(plain.stderr)")
        for line in 1...14 {
            let reloaded = runInProcess(["eval", Self.policy, Self.log, "-q", "--reload", "\(line)=\(Self.policy)"])
            #expect(reloaded.exitCode == 0, "\(reloaded.stderr)")
            #expect(reloaded.stdout == plain.stdout, "reload at line \(line)")
        }
    }

    @Test func decisionsFromTheLineOnCiteTheNewPolicy() throws {
        let plain = Self.lines(runInProcess(["eval", Self.policy, Self.log, "-q"]).stdout)
        let result = try runBinary(["eval", Self.policy, Self.log, "-q", "--reload", "4=\(Self.edited)"])
        #expect(result.exitCode == 0, "\(result.stderr)")
        let reloaded = Self.lines(result.stdout)
        #expect(reloaded.count == 14)
        // Line 3's lap played under the first policy; line 5's lap is silenced by the edit,
        // not by the user level set on line 4 (carried over, it would say `user-level`).
        #expect(reloaded[0..<3] == plain[0..<3])
        #expect(plain[2].contains(#""action":"play","feedback":"lap""#))
        #expect(plain[4].contains(#""reason":"user-level""#))
        #expect(reloaded[4].contains(#""reason":"designer","note":"laps are quiet in this edit""#), "\(reloaded[4])")
        #expect(reloaded[5...] == plain[5...])
    }

    @Test func aPolicyThatFailsToLoadIsRefusedAndTheLastGoodOneDecides() {
        let plain = runInProcess(["eval", Self.policy, Self.log, "-q"])
        let result = runInProcess([
            "eval", Self.policy, Self.log, "-q", "--reload", "2=\(Self.broken)", "--reload", "5=\(Self.edited)",
        ])
        // The refusal is reported, with the policy's own diagnostics, and does not fail the run.
        #expect(result.exitCode == 0, "\(result.stderr)")
        #expect(result.stderr.contains("broken.yaml:"), "\(result.stderr)")
        #expect(
            result.stderr.contains(
                "warning: --reload 2=\(Self.broken) refused: it failed to load (above); the previous policy goes on deciding from line 2"
            ), "\(result.stderr)")
        let decisions = Self.lines(result.stdout)
        #expect(decisions[0..<4] == Self.lines(plain.stdout)[0..<4])
        // Line 5 is a lap under the edit that came next, at line 5.
        #expect(decisions[4].contains(#""note":"laps are quiet in this edit""#), "\(decisions[4])")
    }

    @Test func theSummaryCountsEachScreenByNameAcrossTheReload() {
        // The menu screen is gone from no-menu.yaml: its two decisions before the reload and
        // its three as an unknown screen after it add up under its name.
        let folder = "Conformance/reload/"
        let result = runInProcess([
            "eval", folder + "v1.yaml", folder + "screen-removed/events.jsonl", "--reload", "3=\(folder)no-menu.yaml",
        ])
        #expect(result.exitCode == 0, "\(result.stderr)")
        #expect(result.stderr.contains("  menu     5 decisions, 0 rings"), "\(result.stderr)")
        #expect(result.stderr.contains("  workout  2 decisions, 1 ring"), "\(result.stderr)")
    }

    @Test func aReloadPastTheLastLineIsNamed() {
        let result = runInProcess(["eval", Self.policy, Self.log, "-q", "--reload", "15=\(Self.edited)"])
        #expect(result.exitCode == 0)
        #expect(result.stderr.contains("warning: --reload at line 15 not applied: the log has 14 lines"))
    }

    @Test func usageErrors() {
        let several = runInProcess(["eval", Self.policy, Self.log, Self.log, "--reload", "2=\(Self.edited)"])
        #expect(several.exitCode == 64)
        #expect(several.stderr.contains("error: --reload replays one log, got 2 logs"), "\(several.stderr)")
        let descending = runInProcess([
            "eval", Self.policy, Self.log, "--reload", "5=\(Self.edited)", "--reload", "3=\(Self.policy)",
        ])
        #expect(descending.exitCode == 64)
        #expect(descending.stderr.contains("--reload lines must ascend: '3="), "\(descending.stderr)")
        for bad in ["0=\(Self.edited)", "x=\(Self.edited)", "4=", Self.edited] {
            let result = runInProcess(["eval", Self.policy, Self.log, "--reload", bad])
            #expect(result.exitCode == 64, "\(bad)")
            #expect(result.stderr.contains("--reload needs LINE=POLICY with a line from 1, got '\(bad)'"), "\(bad)")
        }
        let summary = runInProcess(["eval", Self.policy, Self.log, "--summary", "json", "--reload", "2=\(Self.edited)"])
        #expect(summary.exitCode == 64, "\(summary.stderr)")
    }
}
