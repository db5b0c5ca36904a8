import Foundation
import Testing

@testable import HapticPolicyCLI

/// What the reference-app suites (stride, ride) share: replaying their demo log and
/// scenarios through the tool and reading the decisions back, each with the `value` and
/// `data` of the event it decided.
protocol ReferenceAppSuite {
    /// The policy file.
    static var policy: String { get }
    /// The demo log.
    static var demo: String { get }
}

extension ReferenceAppSuite {
    typealias Decision = [String: Any]

    static func decisions(_ jsonl: String) throws -> [Decision] {
        try jsonl.split(separator: "\n").map { line in
            try #require(JSONSerialization.jsonObject(with: Data(line.utf8)) as? Decision)
        }
    }

    /// Each decision with the `value` and `data` of the event it decided (a decision
    /// names its input line, not the value), so the stories can be found by what the
    /// app sent.
    static func decisions(_ jsonl: String, log: String) throws -> [Decision] {
        let events = try decisions(log)
        return try decisions(jsonl).map { decision in
            var valued = decision
            let line = try #require((decision["line"] as? NSNumber)?.intValue)
            valued["value"] = events[line - 1]["value"]
            valued["data"] = events[line - 1]["data"]
            return valued
        }
    }

    static func demoDecisions() throws -> [Decision] {
        let result = runInProcess(["eval", policy, demo, "--quiet"])
        #expect(result.exitCode == 0, "\(result.stderr)")
        return try decisions(result.stdout, log: try String(contentsOfFile: demo, encoding: .utf8))
    }

    /// A scenario's decisions at seed 1, each with its event's value.
    static func simulatedDecisions(_ scenario: String) throws -> [Decision] {
        let (log, decided) = try simulated(scenario)
        return try decisions(decided, log: log)
    }

    /// The decision log of a scenario at seed 1: simulate, then eval.
    static func simulated(_ scenario: String) throws -> (log: String, decisions: String) {
        let log = runInProcess(["simulate", policy, "--scenario", scenario, "--seed", "1"])
        #expect(log.exitCode == 0, "\(log.stderr)")
        let decided = runInProcess(["eval", policy, "-", "--quiet"], stdin: log.stdout)
        #expect(decided.exitCode == 0, "\(decided.stderr)")
        return (log.stdout, decided.stdout)
    }

    static func number(_ decision: Decision, _ key: String) -> Double? { (decision[key] as? NSNumber)?.doubleValue }
    static func band(_ decision: Decision) -> (name: String, from: String?, to: String)? {
        guard let band = decision["band"] as? [String: Any], let name = band["name"] as? String,
            let to = band["to"] as? String
        else { return nil }
        return (name, band["from"] as? String, to)
    }
    static func isPlay(_ decision: Decision) -> Bool { decision["action"] as? String == "play" }
}
