import Foundation
import Testing

@testable import HapticPolicyCLI

/// The editor set-ups in `Docs/editors.md` start the server the tool has.
@Suite struct EditorsGuideTests {
    static let guide =
        (try? String(contentsOf: packageRoot.appendingPathComponent("Docs/editors.md"), encoding: .utf8)) ?? ""

    /// The code blocks fenced with ```` ```language ````.
    static func blocks(_ language: String) -> [String] {
        guide.components(separatedBy: "```\(language)\n").dropFirst().compactMap {
            $0.components(separatedBy: "\n```").first
        }
    }

    static let lspCommand = HapticPolicyTool.subcommands.contains { $0.spec.name == "lsp" }

    @Test func vsCodeSettingsAreJSONThatStartTheServer() throws {
        let blocks = Self.blocks("json")
        #expect(blocks.count == 1)
        let block = try #require(blocks.first)
        let object = try JSONSerialization.jsonObject(with: Data(block.utf8))
        let settings = try #require(object as? [String: Any])
        #expect(settings["glspc.server.command"] as? String == "haptic-policy")
        let arguments = try #require(settings["glspc.server.commandArguments"] as? [String])
        #expect(Self.lspCommand && arguments == ["lsp"])
        #expect(settings["glspc.server.languageId"] as? [String] == ["yaml"])
    }

    @Test func neovimSnippetStartsTheServer() throws {
        let lua = try #require(Self.blocks("lua").first)
        #expect(Self.lspCommand && lua.contains(#"cmd = { "haptic-policy", "lsp" }"#))
        #expect(lua.contains("vim.lsp.start({"))
        // Balanced brackets, and every `function` closed by an `end`: the snippet is not
        // run here (no Neovim), so at least its shape is checked.
        for (open, close) in [("(", ")"), ("{", "}"), ("[", "]")] {
            #expect(
                lua.components(separatedBy: open).count == lua.components(separatedBy: close).count, "\(open)\(close)")
        }
        let words = lua.split { !$0.isLetter && $0 != "_" }
        #expect(words.count { $0 == "function" } == words.count { $0 == "end" })
    }

    @Test func installLinesBuildThePackagesExecutable() throws {
        let lines = try #require(Self.blocks("sh").first).split(separator: "\n")
        let manifest = try String(contentsOf: packageRoot.appendingPathComponent("Package.swift"), encoding: .utf8)
        #expect(manifest.contains(#".executable(name: "haptic-policy""#))
        #expect(lines.first == "swift build -c release --product haptic-policy")
        #expect(lines.last?.hasPrefix("cp .build/release/haptic-policy ") == true)
    }

    @Test func theGuideIsLinkedFromTheCommandReference() throws {
        let reference = try String(contentsOf: packageRoot.appendingPathComponent("Docs/cli.md"), encoding: .utf8)
        #expect(reference.contains("[editors.md](editors.md)"))
    }
}
