// Shared by every fuzz target (see scripts/fuzz and Docs/testing.md). Compiled with one
// file of Targets/ into a libFuzzer binary; never part of a SwiftPM product.
import Foundation
import HapticPolicy
import HapticPolicyTools
import HapticPolicyYAML

/// The fuzz input as an array.
func fuzzBytes(_ data: UnsafePointer<UInt8>, _ size: Int) -> [UInt8] {
    Array(UnsafeBufferPointer(start: data, count: size))
}

/// A compiled policy to run logs, test files and scenarios against: `Policies/plavo.yaml`
/// (the script runs from the package root), or `HAPTIC_POLICY_FUZZ_POLICY`.
let fuzzPolicy: Policy = {
    let path = ProcessInfo.processInfo.environment["HAPTIC_POLICY_FUZZ_POLICY"] ?? "Policies/plavo.yaml"
    let loaded = PolicyLoader.load(path: path)
    guard let document = loaded.document, let validated = PolicyValidator.check(document).validated else {
        fatalError("fuzz: \(path) is not a usable policy: \(loaded.diagnostics)")
    }
    return PolicyCompiler.compile(validated)
}()

/// Reads, validates and compiles a policy in the policy language, as every command does;
/// nil when it has errors. A policy that compiles must give a bundle that loads back.
func fuzzCompile(_ bytes: [UInt8]) -> Policy? {
    let loaded = PolicyLoader.parse(bytes, file: "fuzz.yaml")
    guard let document = loaded.document, !loaded.diagnostics.contains(where: { $0.severity == .error }) else {
        return nil
    }
    guard let validated = PolicyValidator.check(document).validated else { return nil }
    let policy = PolicyCompiler.compile(validated)
    do {
        let reloaded = try Policy(bundle: policy.bundle)
        precondition(reloaded.hash == policy.hash, "a bundle loads back with another hash")
    } catch {
        preconditionFailure("a compiled policy's bundle does not load: \(error)")
    }
    return policy
}
