// Shared by every fuzz target (see scripts/fuzz and Docs/testing.md). Compiled with one
// file of Targets/ into a libFuzzer binary; never part of a SwiftPM product.
import Foundation
import HapticPolicy
import HapticPolicyCompiler
import HapticPolicyExport
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

/// The names of a fuzz input for the emitted-output targets: its lines (UTF-8, invalid
/// bytes replaced), at most eight, none longer than 200 scalars.
func fuzzNames(_ bytes: [UInt8]) -> [String] {
    String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: true).prefix(8)
        .map { String(String.UnicodeScalarView($0.unicodeScalars.prefix(200))) }
}

/// A policy made of the input's names (`hostilePolicyYAML`) and its twin made of plain
/// ones, both compiled; nil when the names make no valid policy. The twin always compiles.
func fuzzHostilePair(_ bytes: [UInt8]) -> (hostile: Policy, plain: Policy, names: [String])? {
    let names = fuzzNames(bytes)
    guard !names.isEmpty, let hostile = fuzzCompile(Array(hostilePolicyYAML(names).utf8)) else { return nil }
    guard let plain = fuzzCompile(Array(plainPolicyYAML(names).utf8)) else {
        preconditionFailure("the plain twin of a hostile policy does not compile")
    }
    return (hostile, plain, names)
}

/// Lexes generated source, failing the run on anything the lexer model refuses.
func fuzzSkeleton(_ source: String, _ language: SourceLanguage) -> SourceSkeleton {
    do throws(EmittedOutputError) {
        return try SourceSkeleton(source, language)
    } catch {
        preconditionFailure("generated \(language) does not lex: \(error)\n\(source)")
    }
}

/// Fails the run unless the hostile output has the skeleton of its plain twin.
func fuzzSameSkeleton(_ hostile: String, _ plain: String, _ language: SourceLanguage) {
    let tokens = fuzzSkeleton(hostile, language).tokens
    precondition(tokens == fuzzSkeleton(plain, language).tokens, "a name changed the \(language) code:\n\(hostile)")
}
