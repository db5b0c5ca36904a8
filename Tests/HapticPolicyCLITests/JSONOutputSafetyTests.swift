import Foundation
import HapticPolicy
import HapticPolicyExport
import HapticPolicyTestSupport
import Testing

/// Every JSON the tools write escapes U+2028, U+2029, U+0085 and the `/` of `</`
/// (`JSONString`, `Docs/security.md`): a policy, a log and file names holding them go
/// through eval's decisions and summary, lint's JSON and SARIF, the table's JSON and the
/// bundle, and each output (each line of a JSONL stream) is valid JSON that holds none of them
/// raw. Before the one escaper, eval's stream, its summary and lint's JSON held them raw.
@Suite struct JSONOutputSafetyTests {
    static let names = ["e\u{2028}</script>", "l\u{2029}", "s\u{85}</b>", "v</", "w\u{2028}", "x", "y", "z"]

    /// A folder holding the policy and the log, both with hostile file names.
    static func fixture() throws -> (folder: URL, policy: String, log: String) {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("json-safety-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let policy = folder.appendingPathComponent("p\u{2028}<\u{85}.yaml")
        try hostilePolicyYAML(names).write(to: policy, atomically: true, encoding: .utf8)
        let screen = names[2]
        var lines = [#"{"t":0,"event":"screen.enter","screen":"# + escapedForLog(screen) + #""}"#]
        for (index, name) in names.enumerated() {
            let value = names[(index + 3) % names.count]
            lines.append(
                #"{"t":\#(index + 1),"event":""# + escapedForLog(name) + #"","value":""# + escapedForLog(value)
                    + #""}"#)
        }
        lines.append(#"{"t":20,"event":"u\u2028nknown</x"}"#)
        let log = folder.appendingPathComponent("log\u{2029}<.jsonl")
        try (lines.joined(separator: "\n") + "\n").write(to: log, atomically: true, encoding: .utf8)
        return (folder, policy.path, log.path)
    }

    /// `name` in a JSON string of the log, with only what JSON requires escaped (the raw
    /// separators go in, as an app might write them).
    static func escapedForLog(_ name: String) -> String {
        name.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
    }

    static func unsafe(in text: String) -> [String] {
        var found: [String] = []
        if text.contains("</") { found.append("</") }
        for scalar in text.unicodeScalars where ["\u{2028}", "\u{2029}", "\u{85}"].contains(scalar) {
            found.append("U+" + String(scalar.value, radix: 16, uppercase: true))
        }
        return found
    }

    static func expectJSON(_ text: String, lines: Bool, _ what: String) {
        #expect(!text.isEmpty, "\(what) wrote nothing")
        #expect(unsafe(in: text).isEmpty, "\(what): \(unsafe(in: text))")
        let documents = lines ? text.split(separator: "\n").map(String.init) : [text]
        for document in documents {
            #expect(
                (try? JSONSerialization.jsonObject(with: Data(document.utf8), options: [.fragmentsAllowed])) != nil,
                "\(what): not JSON: \(document.prefix(200))")
        }
    }

    @Test func evalLintAndTableWriteNoRawSeparatorOrScriptEnd() throws {
        let (folder, policy, log) = try Self.fixture()
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(Set(Self.unsafe(in: Self.names.joined())) == ["</", "U+2028", "U+2029", "U+85"])

        let decisions = runInProcess(["eval", policy, log, "--format", "jsonl", "--quiet"])
        #expect(decisions.stdout.split(separator: "\n").count == Self.names.count + 2, "\(decisions.stderr)")
        #expect(decisions.stdout.contains(#"\u2028"#) && decisions.stdout.contains(#"<\/"#))
        Self.expectJSON(decisions.stdout, lines: true, "eval --format jsonl")

        let summary = runInProcess(["eval", policy, log, "--format", "none", "--summary", "json"])
        Self.expectJSON(summary.stdout, lines: true, "eval --summary json")

        let lint = runInProcess(["lint", policy, "--format", "json"])
        #expect(lint.stdout.contains(#"\u2028"#), "\(lint.stdout)")
        Self.expectJSON(lint.stdout, lines: false, "lint --format json")

        let sarif = runInProcess(["lint", policy, "--format", "sarif"])
        Self.expectJSON(sarif.stdout, lines: false, "lint --format sarif")

        let table = runInProcess(["table", policy, "--format", "json"])
        #expect(table.exitCode == 0, "\(table.stderr)")
        Self.expectJSON(table.stdout, lines: false, "table --format json")

        // The bundle: escaped, and read back by the runtime as the same policy.
        let bundle = folder.appendingPathComponent("p.bundle.json")
        let compiled = runInProcess(["compile", policy, "-o", bundle.path])
        #expect(compiled.exitCode == 0, "\(compiled.stderr)")
        let bytes = try [UInt8](Data(contentsOf: bundle))
        // Two lines, each one JSON document (Docs/bundle-format.md, "The two lines").
        Self.expectJSON(String(decoding: bytes, as: UTF8.self), lines: true, "compile")
        let loaded = try Policy(bundle: bytes)
        #expect(loaded.screenNames.contains(Self.names[2]))
    }
}
