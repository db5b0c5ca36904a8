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

    static let waveform = "Tests/Fixtures/diff/plavo-waveform.yaml"

    /// Issue 25: waveform edits change no decision, yet `diff` lists each changed field
    /// (feedback, pattern event, field, old -> new, where), in text and JSON, and exits 1.
    @Test func waveformEditsAreListed() throws {
        let log = runInProcess(["simulate", "Policies/plavo.yaml", "--scenario", "session"])
        #expect(log.exitCode == 0)
        let text = runInProcess(["diff", "Policies/plavo.yaml", Self.waveform, "-"], stdin: log.stdout)
        #expect(text.exitCode == 1, "\(text.stderr)")
        #expect(text.stdout.contains(", 0 decisions changed\nfeedback changed (5 fields):\n"), "\(text.stdout)")
        try expectGolden(text.stdout, named: "diff-waveform.txt")

        let json = runInProcess(
            ["diff", "--format", "json", "Policies/plavo.yaml", Self.waveform, "-"], stdin: log.stdout)
        #expect(json.exitCode == 1)
        try expectGolden(json.stdout, named: "diff-waveform.json")
        let object = try #require(JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let changes = try #require(object["feedbackChanges"] as? [[String: Any]])
        let pulse = try #require(changes.first { $0["feedback"] as? String == "pulse" })
        #expect(pulse["field"] as? String == "event 1 intensity")
        #expect(pulse["before"] as? String == "0.8")
        #expect(pulse["after"] as? String == "0.9")
        #expect(pulse["location"] as? String == Self.waveform + ":54:11")
        let gone = try #require(
            changes.first { $0["feedback"] as? String == "soil.parched" && $0["field"] as? String == "event 3" })
        #expect(gone["after"] is NSNull)

        // The same policy: no feedback change, exit 0 (samePolicyChangesNothing); the
        // edits undone: none either.
        let back = runInProcess(["diff", Self.waveform, Self.waveform, "-"], stdin: log.stdout)
        #expect(back.exitCode == 0)
        #expect(!back.stdout.contains("feedback changed"))
    }

    static let bands = "Tests/Fixtures/diff/plavo-bands.yaml"

    /// Issue 43: a band edge or a budget edited is listed as a change of its own (band or
    /// budget, field, old -> new, where), in text and JSON, beside the decisions it moves,
    /// and the diff exits 1 even when no logged decision changes.
    @Test func bandAndBudgetEditsAreListed() throws {
        let log = runInProcess(["simulate", "Policies/plavo.yaml", "--scenario", "session"])
        #expect(log.exitCode == 0)
        let text = runInProcess(["diff", "Policies/plavo.yaml", Self.bands, "-"], stdin: log.stdout)
        #expect(text.exitCode == 1, "\(text.stderr)")
        #expect(text.stdout.contains("\nbands and budgets changed (6 fields):\n"), "\(text.stdout)")
        #expect(
            text.stdout.contains("  band 'moisture' level dry edge: below 25 -> at most 27 (\(Self.bands):145:9)\n"))
        #expect(text.stdout.contains("  budget 'B-2' max: 4 -> 3 (\(Self.bands):216:5)\n"))
        try expectGolden(text.stdout, named: "diff-bands.txt")

        let json = runInProcess(
            ["diff", "--format", "json", "Policies/plavo.yaml", Self.bands, "-"], stdin: log.stdout)
        #expect(json.exitCode == 1)
        try expectGolden(json.stdout, named: "diff-bands.json")
        let object = try #require(JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let changes = try #require(object["declarationChanges"] as? [[String: Any]])
        let added = try #require(changes.first { $0["name"] as? String == "B-3" })
        #expect(added["kind"] as? String == "budget")
        #expect(added["field"] as? String == "")
        #expect(added["before"] is NSNull)
        #expect(added["after"] as? String == "scope layer ui, max 9, window 60 s")
        let damp = try #require(changes.first { $0["field"] as? String == "level damp" })
        #expect(damp["after"] as? String == "edge below 90, enters play soil.moist")

        // Only the waveform changed: no band or budget line; the same policy: none.
        let waveform = runInProcess(["diff", "Policies/plavo.yaml", Self.waveform, "-"], stdin: log.stdout)
        #expect(!waveform.stdout.contains("bands and budgets changed"))
        let same = runInProcess(["diff", "--format", "json", Self.bands, Self.bands, "-"], stdin: log.stdout)
        #expect(same.exitCode == 0)
        #expect(same.stdout.contains(",\"declarationChanges\":[],"))
    }

    @Test func samePolicyChangesNothing() throws {
        let log = runInProcess(["simulate", "Policies/plavo.yaml", "--scenario", "session"])
        let file = try Self.temporaryLog(log.stdout)
        defer { try? FileManager.default.removeItem(at: file) }
        let result = runInProcess(["diff", "Policies/plavo.yaml", "Policies/plavo.yaml", file.path])
        #expect(result.exitCode == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains(", 0 decisions changed"))
        #expect(!result.stdout.contains("feedback changed"))
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
