import Foundation
import HapticPolicyDocument
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
        #expect(targets["HapticPolicyTesting"] == ["HapticPolicy"], "the app's test kit needs the runtime only")
        #expect(targets["HapticPolicyC"] == ["HapticPolicy"], "the C interface needs the runtime only")
    }

    /// The tooling's layers, lowest first: each may depend on the runtime, the system
    /// libraries it names and the layers below it, never on one above.
    static let toolingLayers: [(target: String, libraries: Set<String>)] = [
        ("HapticPolicyDocument", []),
        ("HapticPolicyCompiler", []),
        ("HapticPolicyReplay", ["CZlib"]),  // zlib reads .jsonl.gz logs; tooling only
        ("HapticPolicyYAML", ["CYAML"]),
        ("HapticPolicyFrontEnd", []),
        ("HapticPolicyExport", []),
        ("HapticPolicyLanguageServer", []),
        ("HapticPolicyCLI", []),
    ]

    /// The document (the files the tools read and write) needs the runtime only; the
    /// compiler checks a document and compiles it, and knows nothing of the replay, the
    /// YAML front end or zlib; the replay reads the compiled policy and logs; the YAML front
    /// end knows the document and the compiler, not the replay.
    @Test func theToolingDependsOnlyDownward() throws {
        let targets = try Self.targets()
        #expect(targets["HapticPolicyDocument"] == ["HapticPolicy"], "the document needs the runtime only")
        #expect(
            Set(try #require(targets["HapticPolicyCompiler"])) == ["HapticPolicy", "HapticPolicyDocument"],
            "the compiler needs the runtime and the document only")
        // The YAML front end reads policies, above the compiler only: the replay's models
        // (test files, scenarios) are read in HapticPolicyFrontEnd.
        #expect(
            Set(try #require(targets["HapticPolicyYAML"]))
                == ["HapticPolicy", "HapticPolicyDocument", "HapticPolicyCompiler", "CYAML"],
            "the YAML front end needs the compiler only")
        for (index, layer) in Self.toolingLayers.enumerated() {
            let dependencies = Set(try #require(targets[layer.target], "\(layer.target)"))
            let below = Set(Self.toolingLayers[..<index].map(\.target))
            #expect(
                dependencies.subtracting(below).subtracting(layer.libraries) == ["HapticPolicy"],
                "\(layer.target) depends on \(dependencies.sorted())")
        }
        // The language server reads policies with the front end `lint` runs; the command
        // line runs the server (`haptic-policy lsp`), never the other way round.
        let server = Set(try #require(targets["HapticPolicyLanguageServer"]))
        #expect(server.contains("HapticPolicyFrontEnd") && !server.contains("HapticPolicyCLI"))
        #expect(targets["HapticPolicyCLI"]?.contains("HapticPolicyLanguageServer") == true)
    }

    /// The most lines of Swift one target holds: past it, the target is split along a
    /// seam (a recorder, a player of its own), never squeezed.
    static let maxTargetLines = 8_000

    /// Targets over `maxTargetLines` today, each with the ceiling it may not pass until it
    /// is split: the runtime holds what an app needs at run time (the content model it
    /// decodes and encodes, the strict bundle reader, the decider, the store); what only
    /// the tools use has moved to HapticPolicyDocument, and what is left is the app's.
    static let targetsAwaitingASplit: [String: Int] = ["HapticPolicy": 8_700]

    /// Lines of Swift (comments included) of every target under `Sources/`, by target:
    /// a folder with a `Package.swift` `path:` of its own (the Apple SDK stand-ins) counts
    /// each of its subfolders as the target it is.
    static func targetLines() throws -> [String: Int] {
        let sources = packageRoot.appendingPathComponent("Sources")
        var lines: [String: Int] = [:]
        let folders = try FileManager.default.contentsOfDirectory(atPath: sources.path)
        for folder in folders {
            let root = sources.appendingPathComponent(folder)
            let files = FileManager.default.enumerator(atPath: root.path)?.compactMap { $0 as? String } ?? []
            for file in files where file.hasSuffix(".swift") {
                let target = folder == "AppleSDKStandIns" ? String(file.prefix { $0 != "/" }) : folder
                let text = try String(contentsOf: root.appendingPathComponent(file), encoding: .utf8)
                lines[target, default: 0] += text.utf8.count { $0 == UInt8(ascii: "\n") }
            }
        }
        return lines
    }

    @Test func noTargetPassesTheLineLimit() throws {
        let lines = try Self.targetLines()
        #expect(lines["HapticPolicy", default: 0] > 1_000, "the count reads the sources")
        for (target, count) in lines.sorted(by: { $0.key < $1.key }) {
            let limit = Self.targetsAwaitingASplit[target] ?? Self.maxTargetLines
            #expect(
                count <= limit,
                "\(target) has \(count) lines of Swift, over \(limit): split it along a seam")
        }
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
        // The budget notes are what the source says of a budget that the compiled policy does
        // not keep (the designer's reasons), handed to the table as it is built.
        #expect(
            try Self.filesNamingTheDocument(
                under: "Sources/HapticPolicyReplay", except: ["Table/PolicyDocument+BudgetNotes.swift"]) == [])
    }

    /// The check above would notice a document type: the validator does name them.
    @Test func theScanFindsDocumentTypesWhereTheyAre() throws {
        #expect(try !Self.filesNamingTheDocument(under: "Sources/HapticPolicyCompiler/Validation").isEmpty)
        #expect(try !Self.filesNamingTheDocument(under: "Sources/HapticPolicyDocument/Model").isEmpty)
        #expect(try !Self.filesNamingTheDocument(under: "Sources/HapticPolicyExport/Import").isEmpty)
    }
}
