import Foundation

@testable import HapticPolicyLanguageServer

/// A session with the server in-process, without the command line: framed messages in,
/// what it sent back out (HapticPolicyCLITests' `LanguageServerTests` runs `lsp` itself).
enum ServerSession {
    static func frame(_ object: [String: Any]) -> [UInt8] {
        let data = (try? JSONSerialization.data(withJSONObject: object)) ?? Data()
        return MessageReader.frame([UInt8](data))
    }

    static func request(_ id: Int, _ method: String, _ params: [String: Any] = [:]) -> [UInt8] {
        frame(["jsonrpc": "2.0", "id": id, "method": method, "params": params])
    }

    static func notification(_ method: String, _ params: [String: Any] = [:]) -> [UInt8] {
        frame(["jsonrpc": "2.0", "method": method, "params": params])
    }

    static let initialize = request(1, "initialize", ["capabilities": [String: Any]()])
    static let uri = "file:///nowhere/p.yaml"

    static func open(_ text: String, version: Int = 1) -> [UInt8] {
        notification(
            "textDocument/didOpen",
            ["textDocument": ["uri": uri, "languageId": "yaml", "version": version, "text": text]])
    }

    static func change(_ text: String, version: Int) -> [UInt8] {
        notification(
            "textDocument/didChange",
            ["textDocument": ["uri": uri, "version": version], "contentChanges": [["text": text]]])
    }

    /// Runs the server on `chunks` (one read each, split where a read buffer is smaller);
    /// returns the messages it sent and whether it ended as it should.
    static func serve(_ chunks: [[UInt8]]) -> (messages: [[String: Any]], ended: Bool) {
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
        var messages: [[String: Any]] = []
        var reader = MessageReader()
        for case .message(let body) in reader.feed(sent) {
            if let object = try? JSONSerialization.jsonObject(with: Data(body)) as? [String: Any] {
                messages.append(object)
            }
        }
        return (messages, ended)
    }
}
