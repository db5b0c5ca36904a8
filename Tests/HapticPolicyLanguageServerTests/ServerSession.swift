import Foundation

@testable import HapticPolicyLanguageServer

/// A session with the server in-process, without the command line: framed messages in,
/// what it sent back out (HapticPolicyCLITests' `LanguageServerTests` runs `lsp` itself).
/// Messages are built from the server's own protocol types (`LSP.request`,
/// `LSP.notification`).
enum ServerSession {
    static let initialize = LSP.request(1, "initialize", LSP.InitializeParams())
    static let uri = "file:///nowhere/p.yaml"

    static func open(_ text: String, version: Int = 1, uri: String = uri) -> [UInt8] {
        LSP.notification(
            "textDocument/didOpen",
            LSP.DidOpenTextDocumentParams(textDocument: .init(uri: uri, version: version, text: text)))
    }

    static func change(_ text: String, version: Int) -> [UInt8] {
        LSP.notification(
            "textDocument/didChange",
            LSP.DidChangeTextDocumentParams(
                textDocument: .init(uri: uri, version: version), contentChanges: [.init(text: text)]))
    }

    /// `method` (hover, completion, definition) at `line` and `character` of `uri`.
    static func at(_ id: Int, _ method: String, uri: String = uri, _ line: Int, _ character: Int) -> [UInt8] {
        LSP.request(
            id, method,
            LSP.TextDocumentPositionParams(
                textDocument: .init(uri: uri), position: LSPPosition(line: line, character: character)))
    }

    /// Runs the server on `chunks` (one read each, split where a read buffer is smaller);
    /// returns the messages it sent and whether it ended as it should.
    static func serve(_ chunks: [[UInt8]]) -> (messages: [[String: Any]], ended: Bool) {
        let run = serveRaw(chunks)
        var messages: [[String: Any]] = []
        var reader = MessageReader()
        for case .message(let body) in reader.feed(run.sent) {
            if let object = try? JSONSerialization.jsonObject(with: Data(body)) as? [String: Any] {
                messages.append(object)
            }
        }
        return (messages, run.ended)
    }

    /// Runs the server on `chunks`; returns the bytes it wrote, as written.
    static func serveRaw(_ chunks: [[UInt8]]) -> (sent: [UInt8], ended: Bool) {
        var sent: [UInt8] = []
        let server = LanguageServer(
            environment: [:], docsURL: nil, version: "0", send: { sent += $0 }, log: { _ in })
        var pending = Array(chunks.reversed())
        let ended = server.serve(
            read: { buffer in
                guard let chunk = pending.popLast() else { return 0 }
                let count = min(chunk.count, buffer.count)
                for index in 0..<count { buffer[index] = chunk[index] }
                if count < chunk.count { pending.append(Array(chunk[count...])) }
                return count
            }, stopped: { false })
        return (sent, ended)
    }
}
