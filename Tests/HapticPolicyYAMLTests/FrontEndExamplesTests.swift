import Foundation
import HapticPolicy
import HapticPolicyCompiler
import Testing

@testable import HapticPolicyYAML

/// The front end's rules as examples: for each code, a file that must raise it
/// (`Fixtures/yaml/HPxxx-<slug>.fail.yaml`, each expected diagnostic marked with
/// `# expect: HPxxx at line:column`) and its fixed twin (`.pass.yaml`) that must load
/// with no diagnostic at all. HP001 (unreadable) and HP004 (over 1 MiB) are tested in
/// `PolicyLoaderTests` and `YAMLTreeBuilderTests` instead of shipping such files.
@Suite struct FrontEndExamplesTests {
    static let directory = Bundle.module.resourceURL?.appendingPathComponent("Fixtures/yaml")

    static let fixtures: [String] = {
        guard let directory, let names = try? FileManager.default.contentsOfDirectory(atPath: directory.path) else {
            return []
        }
        return names.filter { $0.hasSuffix(".yaml") }.sorted()
    }()

    static let codes = (2...29).filter { $0 != 4 }.map { "HP" + String(format: "%03d", $0) }

    /// `code@line:column` of every diagnostic (`code@file:line:column` in a file the
    /// example includes, the file relative to the fixtures), and the `# expect:` marks.
    static func run(_ name: String) throws -> (found: [String], expected: [String], messages: [String]) {
        let url = try #require(directory?.appendingPathComponent(name))
        let bytes = try [UInt8](Data(contentsOf: url))
        // Named by its path, so its includes are found next to it.
        let result = PolicyLoader.parse(bytes, file: url.path)
        let folder = url.deletingLastPathComponent().path + "/"
        let found = result.diagnostics.map { diagnostic in
            let file = diagnostic.location.file
            let prefix = file == url.path ? "" : String(file.dropFirst(file.hasPrefix(folder) ? folder.count : 0)) + ":"
            return "\(diagnostic.code)@\(prefix)\(diagnostic.location.line):\(diagnostic.location.column)"
        }
        return (found, expectations(in: String(decoding: bytes, as: UTF8.self)), result.diagnostics.map(\.message))
    }

    /// `# expect: HP006 at 22:7` comments as `HP006@22:7` (`at part.yaml:2:1` for a finding
    /// in an included file), in file order.
    static func expectations(in text: String) -> [String] {
        text.components(separatedBy: "# expect: ").dropFirst().compactMap { part in
            let words = part.split(whereSeparator: \.isWhitespace)
            guard words.count >= 3, words[1] == "at" else { return nil }
            return "\(words[0])@\(words[2])"
        }
    }

    @Test(arguments: fixtures.filter { $0.hasSuffix(".fail.yaml") })
    func failingExampleReportsExactlyTheMarkedDiagnostics(_ name: String) throws {
        let (found, expected, messages) = try Self.run(name)
        #expect(!expected.isEmpty, "\(name) marks no expectation")
        #expect(expected.allSatisfy { $0.hasPrefix(name.prefix(5)) }, "\(name) expects another code")
        #expect(found == expected, "\(name): \(messages)")
    }

    @Test(arguments: fixtures.filter { $0.hasSuffix(".pass.yaml") })
    func passingExampleIsClean(_ name: String) throws {
        let (found, expected, messages) = try Self.run(name)
        #expect(expected.isEmpty)
        #expect(found.isEmpty, "\(name): \(messages)")
    }

    @Test(arguments: codes)
    func everyCodeHasBothExamples(_ code: String) {
        #expect(Self.fixtures.contains { $0.hasPrefix(code) && $0.hasSuffix(".fail.yaml") }, "add a failing example")
        #expect(Self.fixtures.contains { $0.hasPrefix(code) && $0.hasSuffix(".pass.yaml") }, "add a passing example")
    }
}
