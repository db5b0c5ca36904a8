import Foundation
import HapticPolicyCompiler
import Testing

@testable import HapticPolicyCLI
@testable import HapticPolicyLanguageServer

/// `haptic-policy lsp` in-process: the lifecycle, errors and the order of what it sends.
@Suite struct LanguageServerTests {
    // Messages are built from the server's own protocol types (`LSP.request`,
    // `LSP.notification`), as in HapticPolicyLanguageServerTests' `ServerSession`.
    static let initialize = LSP.request(1, "initialize", LSP.InitializeParams())
    static let uri = "file:///nowhere/p.yaml"

    static func open(_ text: String, version: Int = 1, uri: String = uri) -> [UInt8] {
        LSP.notification(
            "textDocument/didOpen",
            LSP.DidOpenTextDocumentParams(textDocument: .init(uri: uri, version: version, text: text)))
    }

    static func change(_ text: String, version: Int, uri: String = uri) -> [UInt8] {
        LSP.notification(
            "textDocument/didChange",
            LSP.DidChangeTextDocumentParams(
                textDocument: .init(uri: uri, version: version), contentChanges: [.init(text: text)]))
    }

    /// A message's JSON text, framed as it is (for the malformed ones no type can write).
    static func raw(_ json: String) -> [UInt8] {
        MessageReader.frame(Array(json.utf8))
    }

    /// Runs the server on `chunks` (one read each); returns what it sent and its exit code.
    static func serve(
        _ chunks: [[UInt8]], arguments: [String] = []
    ) -> (messages: [[String: Any]], exitCode: Int32, stderr: String) {
        let result = runInProcess(["lsp"] + arguments, stdinChunks: chunks)
        var messages: [[String: Any]] = []
        var reader = MessageReader()
        for case .message(let body) in reader.feed(Array(result.stdout.utf8)) {
            if let object = try? JSONSerialization.jsonObject(with: Data(body)) as? [String: Any] {
                messages.append(object)
            }
        }
        return (messages, result.exitCode, result.stderr)
    }

    static func errorCode(_ message: [String: Any]) -> Int? {
        (message["error"] as? [String: Any])?["code"] as? Int
    }

    @Test func exitAfterShutdownIsZeroAndWithoutItOne() {
        let clean = Self.serve([Self.initialize, LSP.request(2, "shutdown"), LSP.notification("exit")])
        #expect(clean.exitCode == 0)
        #expect(clean.messages.map { $0["id"] as? Int } == [1, 2])
        #expect(Self.serve([Self.initialize, LSP.notification("exit")]).exitCode == 1)
        #expect(Self.serve([Self.initialize]).exitCode == 1)
        #expect(Self.serve([]).exitCode == 1)
    }

    @Test func requestsOutsideTheLifecycleAreRefused() {
        let run = Self.serve([
            LSP.request(1, "textDocument/hover"), Self.open("policy: x"), Self.initialize, Self.initialize,
            LSP.request(7, "shutdown"), LSP.request(8, "textDocument/hover"), LSP.notification("exit"),
        ])
        // The open before initialize was dropped: no diagnostics were published.
        #expect(run.messages.map { $0["id"] as? Int } == [1, 1, 1, 7, 8])
        #expect(run.messages.map(Self.errorCode) == [-32002, nil, -32600, nil, -32600])
    }

    @Test func badMessagesGetErrorsAndTheServerGoesOn() {
        let run = Self.serve([
            Self.initialize,
            MessageReader.frame(Array("{\"jsonrpc\": \"2.0\", \"id\": 2, ".utf8)),
            MessageReader.frame([0xFF, 0xFE, 0x00]),
            MessageReader.frame(Array("[1, 2]".utf8)),
            Self.raw(#"{"jsonrpc": "2.0", "id": ["no"], "method": "shutdown"}"#),
            LSP.request(3, "no/suchMethod"),
            LSP.notification("no/suchNotification"),
            // A hover without a position.
            LSP.request(4, "textDocument/hover", LSP.DocumentSymbolParams(textDocument: .init(uri: Self.uri))),
            LSP.request(5, "shutdown"), LSP.notification("exit"),
        ])
        #expect(run.messages.map(Self.errorCode) == [nil, -32700, -32700, -32600, -32600, -32601, -32602, nil])
        #expect(run.exitCode == 0)
    }

    @Test func messagesSplitAcrossReadsAreReadWhole() {
        let stream = Self.initialize + LSP.request(2, "shutdown") + LSP.notification("exit")
        let chunks = stride(from: 0, to: stream.count, by: 7).map { Array(stream[$0..<min($0 + 7, stream.count)]) }
        let run = Self.serve(chunks)
        #expect(run.messages.count == 2)
        #expect(run.exitCode == 0)
    }

    @Test func aBurstOfChangesIsCheckedOnceAtItsLastText() throws {
        let burst = Self.open("policy: [") + Self.change("policy: {", version: 2) + Self.change("", version: 3)
        let run = Self.serve([Self.initialize, burst, LSP.request(2, "shutdown"), LSP.notification("exit")])
        let published = run.messages.filter { $0["method"] as? String == "textDocument/publishDiagnostics" }
        #expect(published.count == 1)
        let params = try #require(published.first?["params"] as? [String: Any])
        #expect(params["version"] as? Int == 3)
        let codes = (params["diagnostics"] as? [[String: Any]])?.compactMap { $0["code"] as? String }
        #expect(codes == ["HP002"])
    }

    @Test func diagnosticsOfAChangeGoOutBeforeTheAnswerToALaterRequest() {
        let text = "policy: p\nversion: 1\n"
        let batch =
            Self.open(text)
            + LSP.request(
                2, "textDocument/hover",
                LSP.TextDocumentPositionParams(
                    textDocument: .init(uri: Self.uri), position: .init(line: 500, character: 0)))
        let run = Self.serve([Self.initialize, batch, LSP.request(3, "shutdown"), LSP.notification("exit")])
        #expect(run.messages.count == 4)
        #expect(run.messages[1]["method"] as? String == "textDocument/publishDiagnostics")
        #expect(run.messages[2]["id"] as? Int == 2)
        #expect(run.messages[2].keys.contains("result") && run.messages[2]["result"] is NSNull)
    }

    @Test func codesLinkToTheDocsURLTheClientOrTheCommandLineGives() throws {
        func href(_ initialize: [UInt8], arguments: [String]) throws -> String? {
            let run = Self.serve(
                [initialize, Self.open("policy: p\nversion: 1\nfoo: 1\n"), LSP.request(2, "shutdown")],
                arguments: arguments)
            let published = try #require(
                run.messages.first { $0["method"] as? String == "textDocument/publishDiagnostics" })
            let diagnostic = try #require(
                ((published["params"] as? [String: Any])?["diagnostics"] as? [[String: Any]])?.first)
            return (diagnostic["codeDescription"] as? [String: Any])?["href"] as? String
        }
        let page = "https://example.com/haptics/checks.md"
        #expect(try href(Self.initialize, arguments: ["--docs-url", page, "--stdio"])?.hasPrefix(page + "#hp") == true)
        let options = LSP.request(
            1, "initialize", LSP.InitializeParams(initializationOptions: .init(docsURL: "https://x.test/c.md")))
        #expect(try href(options, arguments: ["--docs-url", page])?.hasPrefix("https://x.test/c.md#hp") == true)
        let root = LSP.request(1, "initialize", LSP.InitializeParams(rootUri: packageRoot.absoluteString))
        let checks = packageRoot.appendingPathComponent("Docs/checks.md").absoluteString
        #expect(try href(root, arguments: [])?.hasPrefix(checks + "#hp") == true)
        // Without a page to link to, a finding has no codeDescription.
        #expect(try href(Self.initialize, arguments: []) == nil)
    }

    @Test func everyCodeHasAnAnchorInTheChecksPage() throws {
        let page = try String(
            contentsOf: packageRoot.appendingPathComponent("Docs/checks.md"), encoding: .utf8)
        for code in DiagnosticRegistry.all {
            let anchor = DiagnosticRegistry.anchor(of: code.code)
            #expect(
                page.contains("<a id=\"\(anchor)\"></a>") || page.contains("\n### \(code.code)\n"),
                "\(code.code) has no #\(anchor) in Docs/checks.md")
        }
    }
}
