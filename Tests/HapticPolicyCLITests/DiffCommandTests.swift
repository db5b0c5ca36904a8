import Foundation
import Testing

@testable import HapticPolicyCLI

@Suite struct DiffCommandTests {
    static let noHysteresis = "Tests/Fixtures/diff/plavo-no-hysteresis.yaml"

    static func temporaryLog(_ text: String) throws -> URL {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("log-\(UUID()).jsonl")
        try Data(text.utf8).write(to: file)
        return file
    }

    /// The acceptance test: removing hysteresis shows up as changed decisions and more
    /// chatter on a flaky sensor.
    @Test(arguments: [1, 2, 3] as [UInt64])
    func removingHysteresisShowsChangesAndChatter(seed: UInt64) throws {
        let log = runInProcess(["simulate", "Policies/plavo.yaml", "--scenario", "flaky-sensor", "--seed", "\(seed)"])
        #expect(log.exitCode == 0)
        let file = try Self.temporaryLog(log.stdout)
        defer { try? FileManager.default.removeItem(at: file) }

        let text = runInProcess(["diff", "Policies/plavo.yaml", Self.noHysteresis, file.path])
        #expect(text.exitCode == 1, "\(text.stderr)")
        #expect(text.stdout.contains("before: silent same-band by camera/moisture.sample"), "\(text.stdout)")
        #expect(text.stdout.contains("after:  play soil."))

        let json = runInProcess(["diff", "--format", "json", "Policies/plavo.yaml", Self.noHysteresis, file.path])
        #expect(json.exitCode == 1)
        let object = try #require(JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let changed = try #require(object["changed"] as? Int)
        let before = try #require(object["chatterBefore"] as? Int)
        let after = try #require(object["chatterAfter"] as? Int)
        #expect(changed > 10)
        #expect(after > before + 10, "chatter \(before) → \(after)")
        let screens = try #require(object["screens"] as? [[String: Any]])
        let camera = try #require(screens.first { $0["screen"] as? String == "camera" })
        let ringsBefore = try #require(camera["ringsBefore"] as? Int)
        let ringsAfter = try #require(camera["ringsAfter"] as? Int)
        #expect(ringsAfter > ringsBefore)
        let changes = try #require(object["changes"] as? [[String: Any]])
        for change in changes {
            #expect(change["event"] as? String == "moisture.sample")
            #expect((change["before"] as? [String: Any])?["rule"] != nil)
            #expect((change["after"] as? [String: Any])?["rule"] != nil)
        }
        let budgets = try #require(object["budgets"] as? [String: [[String: Any]]])
        #expect(budgets["before"]?.isEmpty == true)
        #expect(budgets["after"]?.isEmpty == false)
    }

    @Test func samePolicyChangesNothing() throws {
        let log = runInProcess(["simulate", "Policies/plavo.yaml", "--scenario", "session"])
        let file = try Self.temporaryLog(log.stdout)
        defer { try? FileManager.default.removeItem(at: file) }
        let result = runInProcess(["diff", "Policies/plavo.yaml", "Policies/plavo.yaml", file.path])
        #expect(result.exitCode == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains(", 0 decisions changed"))
        #expect(result.stdout.contains("budgets before: none broken"))
    }

    @Test func stdinLogWorksAndSeveralLogsAdd() throws {
        let log = runInProcess(["simulate", "Policies/plavo.yaml", "--scenario", "watering"])
        let file = try Self.temporaryLog(log.stdout)
        defer { try? FileManager.default.removeItem(at: file) }
        let events = log.stdout.split(separator: "\n").count
        let result = runInProcess(
            ["diff", "Policies/plavo.yaml", Self.noHysteresis, file.path, "-"], stdin: log.stdout)
        #expect(result.stdout.contains("\(events * 2) events in 2 logs"), "\(result.stdout)")
    }

    @Test func unreadableLinesAreReportedWithTheirLocation() throws {
        let file = try Self.temporaryLog(
            "{\"t\":0,\"event\":\"screen.enter\",\"screen\":\"camera\"}\n{\"t\":1,\"event\":\n")
        defer { try? FileManager.default.removeItem(at: file) }
        let result = runInProcess(["diff", "Policies/plavo.yaml", "Policies/plavo.yaml", file.path])
        #expect(result.exitCode == 1)
        #expect(result.stderr.contains("\(file.path):2:"), "\(result.stderr)")
        #expect(result.stderr.contains("[HP810]"))
    }

    @Test func usageErrorsExit64() {
        #expect(runInProcess(["diff", "Policies/plavo.yaml", "Policies/plavo.yaml"]).exitCode == 64)
        #expect(
            runInProcess(["diff", "--format", "xml", "Policies/plavo.yaml", "Policies/plavo.yaml", "x"]).exitCode == 64)
        #expect(
            runInProcess(["diff", "--chatter-window", "0", "Policies/plavo.yaml", "Policies/plavo.yaml", "x"]).exitCode
                == 64)
    }
}
