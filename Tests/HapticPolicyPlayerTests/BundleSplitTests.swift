import Foundation
import HapticPolicyDocument
import Testing

@testable import HapticPolicy
@testable import HapticPolicyReplay

/// Format 7's two lines (`Docs/bundle-format.md`, "The two lines"): for every reference
/// policy, merging line 2 into line 1 gives back exactly the content compiled, line 1 holds
/// none of the tools-only members, and line 1 alone decides the same on the sample logs.
@Suite struct BundleSplitTests {
    static let policies = ["plavo", "breathing", "metronome", "ride", "stride"]

    /// Every key of a JSON value, with its path as `PolicyBundle.isToolsOnly` takes it.
    private static func paths(_ tree: BundleTree, _ path: [String] = []) -> [[String]] {
        switch tree {
        case .leaf: []
        case .array(let items): items.flatMap { paths($0, path + ["[]"]) }
        case .object(let members): members.flatMap { [path + [$0.key]] + paths($0.value, path + [$0.key]) }
        }
    }

    /// Line `n` (1 or 2) of a bundle and its `content` value, parsed.
    private static func line(_ n: Int, of bundle: [UInt8]) throws -> (line: [UInt8], content: BundleTree) {
        let lines = bundle.split(separator: 0x0A, omittingEmptySubsequences: false).map(Array.init)
        let line = lines[n - 1]
        let envelope = try BundleTree.parse(line, 0..<line.count)
        return (line, try #require(envelope["content"]))
    }

    @Test(arguments: policies)
    func mergingTheTwoLinesGivesBackTheCompiledContent(_ name: String) throws {
        let compiled = try loadPolicy(name)
        let bundle = PolicyBundle.encode(compiled)
        let (_, runtime) = try Self.line(1, of: bundle)
        let (_, tools) = try Self.line(2, of: bundle)
        // Merged, byte for byte the canonical content, and decoded, the content compiled.
        let merged = try BundleTree.merge(runtime, tools).bytes
        #expect(merged == PolicyBundle.canonicalJSON(compiled.content))
        #expect(try JSONDecoder().decode(PolicyContent.self, from: Data(merged)) == compiled.content)
        #expect(try PolicyBundle.decode(bundle).content == compiled.content)
        // Line 1 has no tools-only member; line 2 holds only them (and the paths to them).
        let runtimePaths = Self.paths(runtime)
        #expect(!runtimePaths.contains(where: PolicyBundle.isToolsOnly), "\(name): a tools-only member in line 1")
        #expect(runtimePaths.contains(["cells", "[]", "rows", "[]", "location"]))
        for path in Self.paths(tools) where !PolicyBundle.isToolsOnly(path) {
            #expect(
                runtimePaths.contains(path) || path.contains(where: { ["invariants", "budgets"].contains($0) }),
                "\(name): line 2 has \(path) that mirrors nothing in line 1")
        }
    }

    @Test(arguments: policies)
    func lineOneAloneDecidesTheSameOnEverySampleLog(_ name: String) throws {
        let compiled = try loadPolicy(name)
        let bundle = PolicyBundle.encode(compiled)
        let runtimeOnly = PolicyBundle.encode(compiled, runtimeOnly: true)
        #expect(bundle.starts(with: runtimeOnly), "line 1 is the runtime-only bundle")
        let (line1, _) = try Self.line(1, of: bundle)
        let fromLine1 = try Policy(bundle: runtimeOnly)
        // What follows line 1 is never read: garbage there loads the same.
        let withGarbage = try Policy(bundle: line1 + Array("\nnot json {\n".utf8))
        #expect(fromLine1.hash == compiled.hash)
        #expect(withGarbage.hash == compiled.hash)
        #expect(fromLine1.content.invariants.isEmpty && fromLine1.content.budgets.isEmpty)
        for log in BundleEquivalenceTests.logs {
            let lines = try [UInt8](Data(contentsOf: log))
            let expected = Self.evaluate(lines, with: compiled)
            #expect(expected == Self.evaluate(lines, with: fromLine1), "\(name) on \(log.lastPathComponent)")
            #expect(expected == Self.evaluate(lines, with: withGarbage), "\(name) on \(log.lastPathComponent)")
        }
    }

    @Test func theToolsRefuseALineTwoOfAnotherLineOne() throws {
        let plavo = PolicyBundle.encode(try loadPolicy("plavo"))
        let metronome = PolicyBundle.encode(try loadPolicy("metronome"))
        let (plavoLine1, _) = try Self.line(1, of: plavo)
        let (metronomeLine2, _) = try Self.line(2, of: metronome)
        let mixed = plavoLine1 + [0x0A] + metronomeLine2 + [0x0A]
        #expect(throws: PolicyBundle.LoadError.self) { try PolicyBundle.decode(mixed) }
        #expect(throws: Never.self) { try Policy(bundle: mixed) }
        do {
            _ = try PolicyBundle.decode(mixed)
        } catch {
            #expect(error.path == "tools")
            #expect(error.description.contains("recompile"))
        }
        // Without line 2 the tools load line 1, with no positions, invariants or budgets.
        let (content, _) = try PolicyBundle.decode(plavoLine1 + [0x0A])
        #expect(content.invariants.isEmpty)
    }

    /// Measures line 1 against the whole bundle (`swift test --filter BundleSplitTests`
    /// prints it).
    @Test(arguments: policies)
    func lineOneIsSmallerThanTheWholeContent(_ name: String) throws {
        let compiled = try loadPolicy(name)
        let (runtime, tools) = PolicyBundle.parts(of: compiled.content)
        let whole = PolicyBundle.canonicalJSON(compiled.content)
        #expect(runtime.count < whole.count)
        print(
            "bundle-split \(name): content \(whole.count) bytes, line 1 content \(runtime.count) bytes "
                + "(\(runtime.count * 100 / whole.count)%), line 2 content \(tools.count) bytes, "
                + "runtime-only file \(PolicyBundle.encode(compiled, runtimeOnly: true).count) bytes")
    }

    private static func evaluate(_ log: [UInt8], with policy: Policy) -> [UInt8] {
        var evaluator = EventLogEvaluator(policy: policy, format: DecisionJSONWriter(policy: policy, explain: false))
        var out: [UInt8] = []
        evaluator.header(into: &out)
        evaluator.consume(log, into: &out)
        evaluator.finish(into: &out)
        return out
    }
}
