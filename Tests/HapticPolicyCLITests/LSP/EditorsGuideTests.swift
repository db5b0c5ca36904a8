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
        // Neovim 0.7 has neither `vim.lsp.start` (0.8) nor `vim.fs.root` (0.10).
        #expect(lua.contains("vim.lsp.start_client({") && lua.contains("vim.lsp.buf_attach_client("))
        #expect(!lua.contains("vim.lsp.start(") && !lua.contains("vim.fs."))
        // Balanced brackets, and every block (`function`, `if`, `while`, `for`) closed by an
        // `end`: Tests/editors/run runs the snippet in Neovim; this checks its shape here.
        for (open, close) in [("(", ")"), ("{", "}"), ("[", "]")] {
            #expect(
                lua.components(separatedBy: open).count == lua.components(separatedBy: close).count, "\(open)\(close)")
        }
        let code = lua.split(separator: "\n").filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("--") }
        let words = code.joined(separator: "\n").split { !$0.isLetter && $0 != "_" }
        let blocks = words.count { ["function", "if", "while", "for"].contains($0) }
        #expect(blocks == words.count { $0 == "end" })
    }

    @Test func emacsSnippetMapsYAMLModesToTheServer() throws {
        let elisp = try #require(Self.blocks("elisp").first)
        #expect(Self.lspCommand && elisp.contains(#"'((yaml-mode yaml-ts-mode) . ("haptic-policy" "lsp"))"#))
        #expect(elisp.contains("(add-to-list 'eglot-server-programs"))
        #expect(elisp.components(separatedBy: "(").count == elisp.components(separatedBy: ")").count)
    }

    @Test func schemaModelinesNameTheShippedSchemas() throws {
        let modelines = Self.blocks("yaml").filter { $0.hasPrefix("# yaml-language-server: $schema=") }
        #expect(modelines.count == 2)
        for (modeline, file) in zip(modelines, ["Policies/stride.yaml", "Policies/stride/workout.yaml"]) {
            // Each path resolves, from the file it is written in, to a schema in Docs/.
            let relative = String(modeline.dropFirst("# yaml-language-server: $schema=".count))
            let folder = packageRoot.appendingPathComponent(file).deletingLastPathComponent()
            let schema = folder.appendingPathComponent(relative).standardizedFileURL
            #expect(FileManager.default.fileExists(atPath: schema.path), "\(relative) from \(file)")
        }
        #expect(modelines.last?.hasSuffix("policy-include.schema.json") == true)
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
