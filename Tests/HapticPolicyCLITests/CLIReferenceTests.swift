import Foundation
import Testing

@testable import HapticPolicyCLI

/// `Docs/cli.md` stays in step with the tool: a section per command, every option named.
@Suite struct CLIReferenceTests {
    static let reference: String =
        (try? String(
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

    /// The fenced block that starts with `firstLine`, without its fences.
    static func block(startingWith firstLine: String, in text: String) -> String? {
        text.components(separatedBy: "```").first { $0.hasPrefix(firstLine) }.map {
            String($0.dropFirst(firstLine.count))
        }
    }

    /// The `lint` example runs: its policy, linted, prints exactly the transcript shown
    /// (the finding format included), and the README shows the same transcript.
    @Test func lintExampleIsWhatLintPrints() throws {
        let lint = try #require(Self.section("lint"))
        let policy = try #require(Self.block(startingWith: "yaml\n# typo.yaml\n", in: lint))
        let transcript = try #require(Self.block(startingWith: "\n$ haptic-policy lint typo.yaml\n", in: lint))
        let folder = try temporaryFolder("lint-example")
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(policy.utf8).write(to: folder.appendingPathComponent("typo.yaml"))
        let result = try runShell("cd \(shellQuoted(folder.path)) && \"$TOOL\" lint typo.yaml")
        #expect(result.exitCode == 1)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr == transcript, "Docs/cli.md shows another output than lint prints")
        let readme = try String(contentsOf: packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        #expect(readme.contains("$ haptic-policy lint typo.yaml\n" + transcript), "README.md shows another output")
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

/// The compile transcript in `Docs/embedding.md` is what `compile` prints today.
@Suite struct EmbeddingGuideFiguresTests {
    @Test func compileLineMatchesTheRealBundle() throws {
        let guide = try String(contentsOf: packageRoot.appendingPathComponent("Docs/embedding.md"), encoding: .utf8)
        let line = try #require(guide.split(separator: "\n").first { $0.hasPrefix("# compiled plavo (sha256:") })
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("plavo-\(getpid()).bundle.json")
        defer { try? FileManager.default.removeItem(at: output) }
        let result = try runBinary(["compile", "Policies/plavo.yaml", "-o", output.path])
        #expect(result.exitCode == 0, "\(result.stderr)")
        let printed = result.stdout + result.stderr
        let hash = try #require(printed.firstMatch(of: /sha256:([0-9a-f]{64})/)?.1)
        let bytes = try Data(contentsOf: output).count
        #expect(
            line.contains("sha256:\(hash.prefix(8))…\(hash.suffix(12))"),
            "Docs/embedding.md shows another hash than \(hash)")
        #expect(line.hasSuffix(": \(bytes) bytes"), "Docs/embedding.md shows another size than \(bytes) bytes")
    }
}
