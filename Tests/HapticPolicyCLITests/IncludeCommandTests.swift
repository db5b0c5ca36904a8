import Foundation
import Testing

@testable import HapticPolicyCLI
@testable import HapticPolicyLanguageServer

/// `include:` through the command line: findings in an included file printed with its
/// path, line, column and source line; one reproducible bundle; rule locations in `eval`
/// and `table`; the language server publishing an included file's findings for its URI;
/// `watch` following an included file.
@Suite struct IncludeCommandTests {
    static let head = "policy: p\nversion: 1\ninclude: [sub/part.yaml]\n"
    static let rest = """
        events:
          button.tap: {layer: ui, screens: [home]}
        screens:
          home:
            table:
              button.tap: {play: tap}
        budgets:
          - {id: B-1, each: screen, max: 6, per: 10}

        """

    /// A folder holding `main.yaml` and `sub/part.yaml` (`part` is its text).
    static func folder(part: String) throws -> URL {
        let folder = try temporaryFolder("include")
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("sub"), withIntermediateDirectories: true)
        try Data((head + rest).utf8).write(to: folder.appendingPathComponent("main.yaml"))
        try Data(part.utf8).write(to: folder.appendingPathComponent("sub/part.yaml"))
        return folder
    }

    static let goodPart = "feedback:\n  tap: {layer: ui, preset: impact.light}\n"
    static let badPart = "feedback:\n  tap: {layer: ui, preset: impact.light, intensity: 1.5}\n"

    @Test func lintPrintsAFindingInAnIncludedFileWithItsLineAndCountsTheFile() throws {
        let folder = try Self.folder(part: Self.badPart)
        defer { try? FileManager.default.removeItem(at: folder) }
        let main = folder.appendingPathComponent("main.yaml").path
        let result = runInProcess(["lint", main])
        #expect(result.exitCode == 1)
        let part = folder.appendingPathComponent("sub/part.yaml").path
        #expect(result.stderr.contains("\(part):2:53: error[HP101]"), "\(result.stderr)")
        #expect(result.stderr.contains("    2 |   tap: {layer: ui, preset: impact.light, intensity: 1.5}"))
        #expect(result.stderr.contains("1 policy and 1 included file checked: 1 error, 0 warnings (failed)"))
        let json = runInProcess(["lint", "--format", "json", main])
        #expect(json.stdout.contains("\"file\" : \"\(part)\""), "\(json.stdout)")
    }

    @Test func theBundleHasOneHashFromAnyWorkingDirectory() throws {
        let folder = try Self.folder(part: Self.goodPart)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = shellQuoted(folder.path)
        let result = try runShell(
            "cd \(path) && \"$TOOL\" compile main.yaml -o a.json && cd sub && \"$TOOL\" compile ../main.yaml -o ../b.json"
                + " && cd / && \"$TOOL\" compile \(path)/./main.yaml -o \(path)/c.json")
        #expect(result.exitCode == 0, "\(result.stderr)")
        let a = try Data(contentsOf: folder.appendingPathComponent("a.json"))
        #expect(a == (try Data(contentsOf: folder.appendingPathComponent("b.json"))))
        #expect(a == (try Data(contentsOf: folder.appendingPathComponent("c.json"))))
        let text = String(decoding: a, as: UTF8.self)
        #expect(text.contains("\"formatVersion\":7"))
        #expect(text.contains("\"files\":[\"sub/part.yaml\"]"))
        #expect(!text.contains(folder.path))
    }

    @Test func evalAndTableNameTheIncludedFileOfARule() throws {
        let folder = try Self.folder(
            part: Self.goodPart + "screens:\n  home:\n    table:\n      button.tap: {play: tap}\n")
        defer { try? FileManager.default.removeItem(at: folder) }
        // The screen moves to the included file.
        try Data(
            (Self.head + "events:\n  button.tap: {layer: ui, screens: [home]}\n"
                + "budgets:\n  - {id: B-1, each: screen, max: 6, per: 10}\n").utf8
        )
        .write(to: folder.appendingPathComponent("main.yaml"))
        let main = folder.appendingPathComponent("main.yaml").path
        let part = folder.appendingPathComponent("sub/part.yaml").path
        let log =
            "{\"t\":0,\"event\":\"screen.enter\",\"screen\":\"home\"}\n{\"t\":1,\"event\":\"button.tap\",\"screen\":\"home\"}\n"
        let eval = runInProcess(["eval", "--format", "table", "--explain", main, "-"], stdin: log)
        #expect(eval.exitCode == 0, "\(eval.stderr)")
        #expect(eval.stdout.contains("home/button.tap"), "\(eval.stdout)")
        #expect(eval.stdout.contains("\(part):6:19"), "\(eval.stdout)")
        let table = runInProcess(["table", "--format", "json", main])
        #expect(table.stdout.contains("\"file\" : \"\(part)\""), "\(table.stdout)")
        // From the bundle, the included file is named next to the bundle's main file.
        let bundle = folder.appendingPathComponent("p.json").path
        #expect(runInProcess(["compile", main, "-o", bundle]).exitCode == 0)
        let fromBundle = runInProcess(["eval", "--format", "table", "--explain", bundle, "-"], stdin: log)
        #expect(fromBundle.stdout.contains(" sub/part.yaml:6:19"), "\(fromBundle.stdout)")
    }

    @Test func theLanguageServerPublishesAnIncludedFilesFindingsForItsURI() throws {
        let folder = try Self.folder(part: Self.badPart)
        defer { try? FileManager.default.removeItem(at: folder) }
        let main = folder.appendingPathComponent("main.yaml")
        let open = LanguageServerTests.open(Self.head + Self.rest, uri: main.absoluteString)
        let run = LanguageServerTests.serve([
            LanguageServerTests.initialize, open, LSP.request(2, "shutdown"), LSP.notification("exit"),
        ])
        let published = run.messages.filter { $0["method"] as? String == "textDocument/publishDiagnostics" }
            .compactMap { $0["params"] as? [String: Any] }
        let partURI = folder.appendingPathComponent("sub/part.yaml").absoluteString
        let forMain = try #require(published.first { $0["uri"] as? String == main.absoluteString })
        #expect((forMain["diagnostics"] as? [Any])?.isEmpty == true)
        let forPart = try #require(published.first { $0["uri"] as? String == partURI }, "\(published)")
        let diagnostics = try #require(forPart["diagnostics"] as? [[String: Any]])
        #expect(diagnostics.compactMap { $0["code"] as? String } == ["HP101"])
        let range = try #require(diagnostics.first?["range"] as? [String: Any])
        let start = try #require(range["start"] as? [String: Any])
        #expect(start["line"] as? Int == 1)
        #expect(start["character"] as? Int == 52)
    }

    @Test func anOpenIncludedFileIsCheckedAsPartOfItsPolicyOnItsUnsavedText() throws {
        let folder = try Self.folder(part: Self.goodPart)
        defer { try? FileManager.default.removeItem(at: folder) }
        let main = folder.appendingPathComponent("main.yaml").absoluteString
        let part = folder.appendingPathComponent("sub/part.yaml").absoluteString
        func open(_ uri: String, _ text: String) -> [UInt8] { LanguageServerTests.open(text, uri: uri) }
        // The part's buffer, not the file on disk, has the mistake.
        let edit = LanguageServerTests.change(Self.badPart, version: 2, uri: part)
        let run = LanguageServerTests.serve([
            LanguageServerTests.initialize, open(main, Self.head + Self.rest) + open(part, Self.goodPart),
            LSP.request(
                2, "textDocument/hover",
                LSP.TextDocumentPositionParams(textDocument: .init(uri: main), position: .init(line: 0, character: 0))),
            edit, LSP.request(3, "shutdown"), LSP.notification("exit"),
        ])
        let published = run.messages.filter { $0["method"] as? String == "textDocument/publishDiagnostics" }
            .compactMap { $0["params"] as? [String: Any] }
        func codes(_ params: [String: Any]) -> [String] {
            (params["diagnostics"] as? [[String: Any]] ?? []).compactMap { $0["code"] as? String }
        }
        // Opened clean: no "missing policy" for the part, which is no policy of its own.
        let first = published.filter { $0["uri"] as? String == part }
        #expect(first.first.map(codes) == [], "\(published)")
        // After the edit, the part's finding is published for it, and its policy checked again.
        #expect(first.last.map(codes) == ["HP101"], "\(published)")
        #expect(published.filter { $0["uri"] as? String == main }.count == 2, "\(published)")
    }
}
