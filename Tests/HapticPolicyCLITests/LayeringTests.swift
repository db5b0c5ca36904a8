import Foundation
import Testing

/// The data path runs one way: the compiled `Policy` is all that downstream code reads,
/// and what an app links holds none of the tooling.
@Suite struct LayeringTests {
    /// The targets of the manifest with their target dependencies, from SwiftPM itself.
    static func targets() throws -> [String: [String]] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        // Its own scratch path: the one of the running `swift test` is locked.
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("describe-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: scratch) }
        process.arguments = ["swift", "package", "--scratch-path", scratch.path, "describe", "--type", "json"]
        process.currentDirectoryURL = packageRoot
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let targets = try #require(object["targets"] as? [[String: Any]])
        var result: [String: [String]] = [:]
        for target in targets {
            guard let name = target["name"] as? String else { continue }
            result[name] = target["target_dependencies"] as? [String] ?? []
        }
        return result
    }

    @Test func theRuntimeAndThePlayerDependOnNoTooling() throws {
        let targets = try Self.targets()
        #expect(targets["HapticPolicy"] == [], "the runtime library depends on nothing of ours")
        let player = Set(try #require(targets["HapticPolicyPlayer"]))
        #expect(player.subtracting(["CoreHaptics", "UIKit"]) == ["HapticPolicy"], "the player needs the runtime only")
        #expect(targets["HapticPolicyTools"] == ["HapticPolicy", "CZlib"], "zlib reads .jsonl.gz logs; tooling only")
    }

    /// Swift files under `directory` (relative to the package root) whose code, comments
    /// aside, names a type of the policy document (`FeedbackDecl`, `PolicyDocument`, ...).
    static func filesNamingTheDocument(under directory: String, except excluded: [String] = []) throws -> [String] {
        let root = packageRoot.appendingPathComponent(directory)
        let files = FileManager.default.enumerator(atPath: root.path)?.compactMap { $0 as? String } ?? []
        var found: [String] = []
        for file in files where file.hasSuffix(".swift") && !excluded.contains(where: file.hasPrefix) {
            let text = try String(contentsOf: root.appendingPathComponent(file), encoding: .utf8)
            let code = text.split(separator: "\n").filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("//") }
            if code.contains(where: { $0.contains(/\b[A-Z][A-Za-z]*Decl\b|\bPolicyDocument\b|\bValidatedPolicy\b/) }) {
                found.append("\(directory)/\(file)")
            }
        }
        return found.sorted()
    }

    @Test func noDocumentTypeIsReadDownstreamOfTheCompiler() throws {
        // AHAP import writes policy text, so it builds declarations; everything else reads
        // the compiled policy.
        #expect(try Self.filesNamingTheDocument(under: "Sources/HapticPolicy") == [])
        #expect(try Self.filesNamingTheDocument(under: "Sources/HapticPolicyPlayer") == [])
        #expect(try Self.filesNamingTheDocument(under: "Sources/HapticPolicyExport", except: ["Import/"]) == [])
        for downstream in ["Logs", "Testing", "Diff", "Table", "Simulation", "Budget"] {
            #expect(
                try Self.filesNamingTheDocument(under: "Sources/HapticPolicyTools/\(downstream)") == [], "\(downstream)"
            )
        }
    }

    /// The check above would notice a document type: the validator does name them.
    @Test func theScanFindsDocumentTypesWhereTheyAre() throws {
        #expect(try !Self.filesNamingTheDocument(under: "Sources/HapticPolicyTools/Validation").isEmpty)
        #expect(try !Self.filesNamingTheDocument(under: "Sources/HapticPolicyExport/Import").isEmpty)
    }
}
