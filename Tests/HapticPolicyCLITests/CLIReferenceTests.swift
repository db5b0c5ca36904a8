import Foundation
import Testing
@testable import HapticPolicyCLI

/// `Docs/cli.md` stays in step with the tool: a section per command, every option named.
@Suite struct CLIReferenceTests {
    static let reference: String = (try? String(
        contentsOf: packageRoot.appendingPathComponent("Docs/cli.md"), encoding: .utf8)) ?? ""

    /// The text of `## name` up to the next `## `.
    static func section(_ name: String) -> String? {
        let parts = reference.components(separatedBy: "\n## ")
        return parts.first { $0.hasPrefix(name + "\n") }
    }

    @Test(arguments: HapticPolicyTool.subcommands.map(\.spec.name))
    func everyCommandIsDocumented(name: String) throws {
        let section = try #require(Self.section(name), "Docs/cli.md has no '## \(name)' section")
        #expect(section.contains("haptic-policy \(name)"), "the '\(name)' section shows no synopsis")
        #expect(Self.reference.contains("| `\(name)`"), "the command table does not list '\(name)'")
        let spec = try #require(HapticPolicyTool.subcommands.first { $0.spec.name == name }?.spec)
        for option in spec.options {
            #expect(section.contains("--\(option.name)"), "Docs/cli.md '\(name)' does not mention --\(option.name)")
        }
    }

    @Test func documentsNoCommandTheToolLacks() {
        let names = Set(HapticPolicyTool.subcommands.map(\.spec.name))
        let documented = Self.reference.components(separatedBy: "\n## ").dropFirst()
            .compactMap { $0.split(separator: "\n").first.map(String.init) }
        for heading in documented where heading.allSatisfy({ $0.isLetter || $0 == "-" }) {
            #expect(names.contains(heading), "Docs/cli.md documents '\(heading)', which the tool does not have")
        }
    }
}
