import Foundation
import Testing

@testable import HapticPolicy
@testable import HapticPolicyReplay

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
        // Read as the tools read it (both lines) and told where its source is, a bundle
        // explains with the same locations and invariant texts.
        let (content, hash) = try PolicyBundle.decode(bundle)
        let located = Policy(content: content, file: fromYAML.file, hash: hash)
        #expect(fromBundle.hash == fromYAML.hash)
        #expect(fromBundle.file == "\(name).yaml", "a bundle names its source by base name")
        for log in Self.logs {
            let lines = try [UInt8](Data(contentsOf: log))
            let yamlDecisions = Self.evaluate(lines, with: fromYAML, explain: false)
            #expect(yamlDecisions.count > 1_000, "\(log.lastPathComponent) writes decision lines")
            #expect(
                yamlDecisions == Self.evaluate(lines, with: fromBundle, explain: false),
                "\(name) on \(log.lastPathComponent)")
            #expect(
                Self.evaluate(lines, with: fromYAML, explain: true)
                    == Self.evaluate(lines, with: located, explain: true),
                "\(name) on \(log.lastPathComponent), explained")
        }
    }

    private static func evaluate(_ log: [UInt8], with policy: Policy, explain: Bool) -> [UInt8] {
        var evaluator = EventLogEvaluator(policy: policy, format: DecisionJSONWriter(policy: policy, explain: explain))
        var out: [UInt8] = []
        evaluator.header(into: &out)
        evaluator.consume(log, into: &out)
        evaluator.finish(into: &out)
        return out
    }
}
