import Foundation
import Testing

@testable import HapticPolicyLanguageServer

/// The typed protocol messages (`Protocol/`): what the server writes is escaped by the
/// tools' one rule, unknown fields are ignored, and a message no type reads gets the
/// JSON-RPC error it always got.
@Suite struct ProtocolMessagesTests {
    static func raw(_ json: String) -> [UInt8] {
        MessageReader.frame(Array(json.utf8))
    }

    /// The error codes of the responses `run` holds, in order (nil for a result).
    static func errorCodes(_ run: [[String: Any]]) -> [Int?] {
        run.filter { $0["id"] != nil }.map { ($0["error"] as? [String: Any])?["code"] as? Int }
    }

    @Test func everyStringTheServerWritesIsHardened() throws {
        // The URI comes back in publishDiagnostics, and the policy's name in the finding
        // about it; both hold what valid JSON may carry raw but some readers trip on.
        let uri = "file:///nowhere/a</b\u{2028}c\u{2029}d\u{85}e.yaml"
        let text = "policy: \"g\u{2028}a\u{2029}o\u{85}l</script>\"\nversion: 1\nfoo: 1\n"
        let run = ServerSession.serveRaw([
            ServerSession.initialize, ServerSession.open(text, uri: uri), LSP.request(2, "shutdown"),
            LSP.notification("exit"),
        ])
        let written = String(decoding: run.sent, as: UTF8.self)
        for unsafe in ["\u{2028}", "\u{2029}", "\u{85}", "</"] {
            #expect(!written.contains(unsafe), "\(unsafe.unicodeScalars.map(\.value)) written raw")
        }
        #expect(written.contains(#"a<\/b\u2028c\u2029d\u0085e.yaml"#))
        // The frames' lengths count the escaped bytes: every message reads back, and says
        // what was sent.
        var reader = MessageReader()
        let bodies = reader.feed(run.sent).compactMap { item -> [String: Any]? in
            guard case .message(let body) = item else { return nil }
            return try? JSONSerialization.jsonObject(with: Data(body)) as? [String: Any]
        }
        #expect(bodies.count == 3)
        let params = try #require(bodies.first { $0["method"] != nil }?["params"] as? [String: Any])
        #expect(params["uri"] as? String == uri)
        let messages = (params["diagnostics"] as? [[String: Any]] ?? []).compactMap { $0["message"] as? String }
        #expect(messages.contains { $0.contains("foo") })
    }

    @Test func unknownFieldsAreIgnoredAtEveryLevel() {
        let open = Self.raw(
            #"""
            {"jsonrpc": "2.0", "method": "textDocument/didOpen", "future": 1,
             "params": {"textDocument": {"uri": "file:///nowhere/p.yaml", "languageId": "yaml", "version": 3,
                                          "text": "policy: p\nversion: 1\nfoo: 1\n", "extra": [1, {"a": null}]},
                        "more": {"x": true}}}
            """#)
        let hover = Self.raw(
            #"""
            {"jsonrpc": "2.0", "id": 2, "method": "textDocument/hover", "x": [],
             "params": {"textDocument": {"uri": "file:///nowhere/p.yaml", "y": 1},
                        "position": {"line": 2, "character": 1, "z": "?"}, "workDoneToken": "t"}}
            """#)
        let run = ServerSession.serve([ServerSession.initialize, open, hover, LSP.request(3, "shutdown")])
        let published = run.messages.first { $0["method"] as? String == "textDocument/publishDiagnostics" }
        #expect((published?["params"] as? [String: Any])?["version"] as? Int == 3)
        #expect(Self.errorCodes(run.messages) == [nil, nil, nil])
    }

    @Test func messagesNoTypeReadsGetTheErrorsTheyAlwaysGot() {
        let run = ServerSession.serve([
            ServerSession.initialize,
            Self.raw("{\"id\": 2, "),  // not JSON
            Self.raw("null"), Self.raw("\"text\""), Self.raw("[{\"id\": 3, \"method\": \"shutdown\"}]"),
            Self.raw(#"{"jsonrpc": "2.0", "id": true, "method": "shutdown"}"#),
            Self.raw(#"{"jsonrpc": "2.0", "id": 4}"#),  // neither a method nor a result
            Self.raw(#"{"jsonrpc": "2.0", "id": 5, "result": null}"#),  // a response: ignored
            Self.raw(#"{"jsonrpc": "2.0", "method": 7}"#),  // a method that is no string
            Self.raw(#"{"jsonrpc": "2.0", "id": "six", "method": "textDocument/codeAction", "params": [1]}"#),
            Self.raw(#"{"jsonrpc": "2.0", "id": 7, "method": "textDocument/definition", "params": null}"#),
            Self.raw(
                #"""
                {"jsonrpc": "2.0", "id": 8, "method": "textDocument/hover",
                 "params": {"textDocument": {"uri": "file:///p.yaml"}, "position": {"line": -1, "character": 0}}}
                """#),
            Self.raw(#"{"jsonrpc": "2.0", "id": 9.5, "method": "no/such"}"#),
            Self.raw(#"{"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": 1}}"#),
            LSP.request(10, "shutdown"),
        ])
        let responses = run.messages.map { message in
            (
                message["id"].map { $0 is NSNull ? "null" : "\($0)" },
                (message["error"] as? [String: Any])?["code"] as? Int
            )
        }
        #expect(
            responses.map(\.0) == [
                "1", "null", "null", "null", "null", "null", "null", "null", "six", "7", "8", "9.5", "10",
            ])
        #expect(
            responses.map(\.1) == [
                nil, -32700, -32600, -32600, -32600, -32600, -32600, -32600, -32602, -32602, -32602, -32601, nil,
            ])
    }

    @Test func aMalformedChangeIsSkippedAndTheRestApplied() {
        let change = Self.raw(
            #"""
            {"jsonrpc": "2.0", "method": "textDocument/didChange",
             "params": {"textDocument": {"uri": "file:///nowhere/p.yaml", "version": 2},
                        "contentChanges": [{"nothing": 1}, {"text": "policy: p\nversion: 1\nfoo: 1\n"},
                                           {"range": {"start": {"line": 0}}, "text": "x"}]}}
            """#)
        let run = ServerSession.serve([
            ServerSession.initialize, ServerSession.open("policy: [", version: 1), change, LSP.request(2, "shutdown"),
        ])
        // The open's findings went out first (each read is checked on its own).
        let published = run.messages.last { $0["method"] as? String == "textDocument/publishDiagnostics" }
        let params = published?["params"] as? [String: Any]
        #expect(params?["version"] as? Int == 2)
        // The whole text the second change gave was checked: its unknown key is reported.
        let messages = (params?["diagnostics"] as? [[String: Any]] ?? []).compactMap { $0["message"] as? String }
        #expect(messages.contains { $0.contains("'foo'") }, "\(messages)")
    }

    @Test func requestIDsComeBackAsTheyCame() throws {
        for (json, expected) in [("1", LSP.RequestID.integer(1)), ("\"a\"", .string("a")), ("2.5", .number(2.5))] {
            let decoded = try JSONDecoder().decode(LSP.RequestID.self, from: Data(json.utf8))
            #expect(decoded == expected)
            #expect(String(decoding: try JSONEncoder().encode(decoded), as: UTF8.self) == json)
        }
    }
}
