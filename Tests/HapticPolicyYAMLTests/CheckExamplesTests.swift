import Foundation
import HapticPolicy
import HapticPolicyCompiler
import HapticPolicyYAML
import Testing

/// The specification of the static checks: for every code, a policy that must trigger it
/// (`Fixtures/checks/HPxxx-<slug>.fail.yaml`, each expected finding marked on its line with
/// `# expect: HPxxx at line:column`) and a policy that must not (`.pass.yaml`, which must
/// load and validate with no finding at all).
@Suite struct CheckExamplesTests {
    static let directory: URL? = Bundle.module.resourceURL?.appendingPathComponent("Fixtures/checks")

    static let fixtures: [String] = {
        guard let directory, let names = try? FileManager.default.contentsOfDirectory(atPath: directory.path) else {
            return []
        }
        return names.filter { $0.hasSuffix(".yaml") }.sorted()
    }()

    /// Loads and validates one fixture: `code@line:column` of every finding, loader and
    /// validator alike, in report order.
    static func findings(_ name: String) throws -> (found: [String], expected: [String], messages: [String]) {
        let directory = try #require(Self.directory)
        let data = try Data(contentsOf: directory.appendingPathComponent(name))
        let text = String(decoding: data, as: UTF8.self)
        let result = PolicyLoader.parse([UInt8](data), file: name)
        let validated = result.document.map(PolicyValidator.validate) ?? []
        let all = (result.diagnostics + validated).sorted { ($0.location, $0.code) < ($1.location, $1.code) }
        return (
            all.map { "\($0.code)@\($0.location.line):\($0.location.column)" }, expectations(in: text),
            all.map { "\($0.code)@\($0.location.line):\($0.location.column) \($0.message)" }
        )
    }

    /// `# expect: HP301 at 14:7` comments, as `HP301@14:7`, sorted by position.
    static func expectations(in text: String) -> [String] {
        var result: [(line: Int, column: Int, code: String)] = []
        for part in text.components(separatedBy: "# expect: ").dropFirst() {
            let words = part.split(whereSeparator: \.isWhitespace)
            guard words.count >= 3, words[1] == "at" else { continue }
            let position = words[2].split(separator: ":").compactMap { Int($0) }
            guard position.count == 2 else { continue }
            result.append((position[0], position[1], String(words[0])))
        }
        return result.sorted { ($0.line, $0.column, $0.code) < ($1.line, $1.column, $1.code) }
            .map { "\($0.code)@\($0.line):\($0.column)" }
    }

    @Test func fixturesAreFound() {
        #expect(Self.fixtures.count >= 2 * DiagnosticRegistry.codes(of: .validation).filter(\.hasFixtureExamples).count)
    }

    @Test(arguments: fixtures.filter { $0.hasSuffix(".fail.yaml") })
    func failingExampleReportsExactlyTheMarkedFindings(_ name: String) throws {
        let (found, expected, messages) = try Self.findings(name)
        let code = String(name.prefix(5))
        #expect(!expected.isEmpty, "\(name) marks no expectation")
        #expect(expected.allSatisfy { $0.hasPrefix(code) }, "\(name) expects another code than \(code)")
        #expect(found == expected, "\(name):\n\(messages.joined(separator: "\n"))")
    }

    /// Messages are lowercase and name a fix (after a colon or semicolon, or as "did you mean").
    @Test(arguments: fixtures.filter { $0.hasSuffix(".fail.yaml") })
    func messagesAreLowercaseAndNameTheFix(_ name: String) throws {
        let directory = try #require(Self.directory)
        let data = try Data(contentsOf: directory.appendingPathComponent(name))
        let document = try #require(PolicyLoader.parse([UInt8](data), file: name).document)
        for finding in PolicyValidator.validate(document) {
            #expect(finding.message.first?.isUppercase == false, "\(finding.code): \(finding.message)")
            #expect(
                finding.message.contains(": ") || finding.message.contains("; "), "\(finding.code): \(finding.message)")
            #expect(!finding.message.hasSuffix("."), "\(finding.code): \(finding.message)")
        }
    }

    @Test(arguments: fixtures.filter { $0.hasSuffix(".pass.yaml") })
    func passingExampleIsClean(_ name: String) throws {
        let (found, expected, messages) = try Self.findings(name)
        #expect(expected.isEmpty, "\(name) is a passing example but marks expectations")
        #expect(found.isEmpty, "\(name):\n\(messages.joined(separator: "\n"))")
    }

    @Test(
        arguments: DiagnosticRegistry.codes(of: .validation).filter(\.hasFixtureExamples).map {
            "\($0.code)-\($0.slug)"
        })
    func everyCodeHasBothExamples(_ stem: String) {
        #expect(Self.fixtures.contains("\(stem).fail.yaml"), "add Fixtures/checks/\(stem).fail.yaml")
        #expect(Self.fixtures.contains("\(stem).pass.yaml"), "add Fixtures/checks/\(stem).pass.yaml")
    }

    @Test func everyExampleBelongsToACatalogueCode() {
        let stems = Set(
            DiagnosticRegistry.codes(of: .validation).filter(\.hasFixtureExamples).map { "\($0.code)-\($0.slug)" })
        for name in Self.fixtures {
            let stem = name.replacingOccurrences(of: ".fail.yaml", with: "").replacingOccurrences(
                of: ".pass.yaml", with: "")
            #expect(stems.contains(stem), "\(name) matches no validation code in DiagnosticRegistry")
        }
    }
}

extension DiagnosticCode {
    /// Whether the code's examples are YAML fixtures here (a few mistakes only a document
    /// built in code can make have their example elsewhere).
    var hasFixtureExamples: Bool {
        if case .policy(.file, _) = example { true } else { false }
    }
}
