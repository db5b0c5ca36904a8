import Foundation
@testable import HapticPolicy
import Testing

/// A policy loaded from its compiled bundle decides exactly like the YAML it came from.
@Suite struct BundleEquivalenceTests {
    static let policies = ["plavo", "breathing", "metronome"]
    static var logs: [URL] {
        let directory = policiesDirectory.appendingPathComponent("logs")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { $0.hasSuffix(".jsonl") }.sorted().map { directory.appendingPathComponent($0) }
    }

    @Test func thereAreSampleLogs() {
        #expect(!Self.logs.isEmpty)
    }

    @Test(arguments: policies)
    func yamlAndBundleDecideIdenticallyOnEverySampleLog(_ name: String) throws {
        let fromYAML = try loadPolicy(name)
        let bundle = PolicyBundle.encode(fromYAML)
        let fromBundle = try Policy(bundle: bundle)
        #expect(fromBundle.hash == fromYAML.hash)
        for log in Self.logs {
            let lines = try [UInt8](Data(contentsOf: log))
            let yamlDecisions = Self.evaluate(lines, with: fromYAML)
            let bundleDecisions = Self.evaluate(lines, with: fromBundle)
            #expect(yamlDecisions.count > 1_000, "\(log.lastPathComponent) writes decision lines")
            #expect(yamlDecisions == bundleDecisions, "\(name) on \(log.lastPathComponent)")
        }
    }

    private static func evaluate(_ log: [UInt8], with policy: Policy) -> [UInt8] {
        var evaluator = EventLogEvaluator(policy: policy, format: DecisionJSONWriter(policy: policy, explain: true))
        var out: [UInt8] = []
        evaluator.header(into: &out)
        evaluator.consume(log, into: &out)
        evaluator.finish(into: &out)
        return out
    }
}
