import Foundation
import Testing

@testable import HapticPolicyCLI

/// Bands v2 end to end, through the built tool: a running app's pace zones with a dwell,
/// a plausible range and directions (`Fixtures/bands/running.yaml`).
@Suite struct BandsV2CommandTests {
    static let policy = "Tests/HapticPolicyCLITests/Fixtures/bands/running.yaml"
    static let log = "Tests/HapticPolicyCLITests/Fixtures/bands/run.jsonl"
    static let tests = "Tests/HapticPolicyCLITests/Fixtures/bands/running.tests.yaml"

    @Test func lintIsClean() {
        let result = runInProcess(["lint", Self.policy, "--strict"])
        #expect(result.exitCode == 0, "\(result.stdout)\(result.stderr)")
    }

    @Test func evalNamesTheNewReasonsInJSONLinesAndCountsThem() throws {
        let result = runInProcess(["eval", Self.policy, Self.log])
        #expect(result.exitCode == 0, "\(result.stderr)")
        let decisions = try result.stdout.split(separator: "\n").map { line in
            try #require(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        }
        #expect(decisions.count == 14)
        let reasons = decisions.map { $0["reason"] as? String ?? ($0["render"] as? String ?? "?") }
        #expect(
            reasons == [
                "state", "baseline", "dwelling", "same-band", "dwelling", "dwelling", "dwelling", "impact.heavy",
                "implausible", "same-band", "dwelling", "dwelling", "dwelling", "impact.soft",
            ])
        #expect(decisions[2]["note"] as? String == "'tempo' has held 0 s of the 3 s dwell")
        #expect(
            decisions[8]["note"] as? String
                == "0 is outside the plausible range of band 'pace' (2.5 to 20); the level stays")
        let band = try #require(decisions[7]["band"] as? [String: Any])
        #expect(band["from"] as? String == "easy" && band["to"] as? String == "tempo")
        #expect(result.stderr.contains("reasons: baseline 1, same-band 2, dwelling 7, implausible 1, state 1"))
    }

    @Test func evalTableShowsTheNewReasons() {
        let result = runInProcess(["eval", Self.policy, Self.log, "--format", "table", "--quiet"])
        #expect(result.exitCode == 0, "\(result.stderr)")
        #expect(result.stdout.contains("dwelling"))
        #expect(result.stdout.contains("implausible"))
        #expect(result.stdout.contains("zone.faster"))
        #expect(result.stdout.contains("zone.slower"))
    }

    @Test func testCoversEveryWayIntoEveryZone() {
        let result = runInProcess(["test", Self.tests, "--coverage", "--min-coverage", "100"])
        #expect(result.exitCode == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("3 passed, 0 failed"), "\(result.stdout)")
        let bands = result.stdout.split(separator: "\n").first {
            $0.trimmingCharacters(in: .whitespaces).hasPrefix("bands ")
        }
        #expect(bands?.contains("8/8") == true && bands?.hasSuffix("100%") == true, "\(result.stdout)")
    }

    @Test func compiledBundleDecidesLikeTheYAML() throws {
        let bundle = FileManager.default.temporaryDirectory.appendingPathComponent("running-\(UUID()).json")
        defer { try? FileManager.default.removeItem(at: bundle) }
        let compiled = runInProcess(["compile", Self.policy, "-o", bundle.path])
        #expect(compiled.exitCode == 0, "\(compiled.stderr)")
        let fromYAML = runInProcess(["eval", Self.policy, Self.log, "--quiet"])
        let fromBundle = runInProcess(["eval", bundle.path, Self.log, "--quiet"])
        #expect(fromBundle.exitCode == 0, "\(fromBundle.stderr)")
        #expect(fromBundle.stdout == fromYAML.stdout)
    }
}

extension BandsV2CommandTests {
    /// A jittery GPS with lost fixes, simulated and evaluated: the zone changes once
    /// (easy → tempo, faster), the glitches are implausible, and no zone chatters.
    @Test(arguments: [1, 2, 3] as [UInt64])
    func aSimulatedJitteryRunRingsOnceAndNeverChatters(seed: UInt64) throws {
        let scenario = "Tests/HapticPolicyCLITests/Fixtures/bands/jittery-run.yaml"
        let simulated = runInProcess(["simulate", Self.policy, "--scenario", scenario, "--seed", "\(seed)"])
        #expect(simulated.exitCode == 0, "\(simulated.stderr)")
        let result = runInProcess(["eval", Self.policy, "-", "--quiet"], stdin: simulated.stdout)
        #expect(result.exitCode == 0, "\(result.stderr)")
        let decisions = try result.stdout.split(separator: "\n").map { line in
            try #require(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        }
        #expect(decisions.filter { $0["reason"] as? String == "implausible" }.count == 2)
        let plays = decisions.filter { $0["action"] as? String == "play" }
        #expect(plays.map { $0["feedback"] as? String } == ["zone.faster"], "seed \(seed)")
    }
}
