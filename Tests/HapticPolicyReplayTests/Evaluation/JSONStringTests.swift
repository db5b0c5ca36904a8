import Foundation
import HapticPolicy
import Testing

@testable import HapticPolicyReplay

/// The tools' one JSON escaping rule (`JSONString`, `Docs/security.md`): what it escapes,
/// that every escape decodes to the text it stood for, and that eval's byte-level writer
/// (`JSONBytes`) writes exactly what `JSONString.quoted` writes.
@Suite struct JSONStringTests {
    static let rule: [(text: String, literal: String)] = [
        ("plain", #""plain""#),
        ("a\"b\\c", #""a\"b\\c""#),
        ("\n\r\t", #""\n\r\t""#),
        ("\u{0}\u{1}\u{1F}", #""\u0000\u0001\u001f""#),
        ("</script>", #""<\/script>""#),
        ("a/b <b> < /", #""a/b <b> < /""#),
        ("x\u{2028}y\u{2029}z", #""x\u2028y\u2029z""#),
        ("next\u{85}line", #""next\u0085line""#),
        ("über ✓ 🌱", "\"über ✓ 🌱\""),
        ("\u{7F}\u{A0}\u{2027}\u{202A}", "\"\u{7F}\u{A0}\u{2027}\u{202A}\""),
    ]

    @Test(arguments: rule.indices)
    func quotedEscapesByTheRule(_ index: Int) throws {
        let (text, literal) = Self.rule[index]
        #expect(JSONString.quoted(text) == literal)
        #expect(try Self.decoded(literal) == text)
    }

    /// Texts that put every escaped sequence at every offset of an eight-byte word, so the
    /// byte writer's word-at-a-time scan meets each at a word's start, middle and end.
    static let texts: [String] = {
        let needles = [
            "\"", "\\", "\n", "\u{1}", "</", "<", "/", "\u{2028}", "\u{2029}", "\u{85}", "é", "🌱", "\u{7F}",
        ]
        var texts = rule.map(\.text)
        for needle in needles {
            for offset in 0..<17 {
                let before = String(repeating: "a", count: offset)
                texts.append(before + needle + String(repeating: "b", count: 16 - offset))
                texts.append(String(repeating: "<", count: offset) + needle)
            }
        }
        texts.append(String(repeating: "</", count: 40))
        texts.append("\u{E2}\u{80}\u{A8}")  // the scalars, not the bytes, of U+2028
        return texts
    }()

    @Test func theByteWriterWritesWhatQuotedWrites() {
        let bytes = JSONBytes(capacity: 8)
        for text in Self.texts {
            bytes.string(text)
            var out: [UInt8] = []
            bytes.move(into: &out)
            #expect(String(decoding: out, as: UTF8.self) == JSONString.quoted(text), "\(text.debugDescription)")
        }
    }

    /// Eval echoes the `event` and `subject` tokens of a log line as written: with a raw
    /// U+2028 or `</` in them, only those are escaped, and the token decodes as written.
    @Test func anEchoedTokenKeepsItsEscapesAndLosesTheRawSeparators() throws {
        let bytes = JSONBytes(capacity: 8)
        let tokens = [
            #""pl\u00e9in""#, "\"a\u{2028}b</c\u{85}d\u{2029}\\\"<\\/\"", #""<<//""#, #""\/""#,
            // Past eight bytes, with the only raw one in the last, partly read again, word.
            #""abcdefghij</""#, "\"abcdefghi\u{2028}\"", #""abcdefghijklmno""#,
        ]
        for token in tokens {
            Array(token.utf8).withUnsafeBufferPointer { bytes.echo($0) }
            var out: [UInt8] = []
            bytes.move(into: &out)
            let echoed = String(decoding: out, as: UTF8.self)
            #expect(Self.unsafe(in: echoed).isEmpty, "\(echoed)")
            #expect(try Self.decoded(echoed) == (try Self.decoded(token)))
            if Self.unsafe(in: token).isEmpty { #expect(echoed == token) }
        }
    }

    @Test func hardenedEscapesWhatTheEncoderLeftAndDecodesTheSame() throws {
        let value = ["k</": Self.texts]
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let json = String(decoding: try encoder.encode(value), as: UTF8.self)
        let hardened = JSONString.hardened(json)
        #expect(Self.unsafe(in: hardened).isEmpty)
        #expect(try JSONDecoder().decode([String: [String]].self, from: Data(hardened.utf8)) == value)
        #expect(JSONString.hardened("{\"a\":1}") == "{\"a\":1}")
    }

    /// What a consumer of the tools' JSON can trip on, found in `text`.
    static func unsafe(in text: String) -> [String] {
        var found: [String] = []
        if text.contains("</") { found.append("</") }
        for scalar in text.unicodeScalars where ["\u{2028}", "\u{2029}", "\u{85}"].contains(scalar) {
            found.append("U+" + String(scalar.value, radix: 16, uppercase: true))
        }
        return found
    }

    static func decoded(_ literal: String) throws -> String {
        try JSONDecoder().decode(String.self, from: Data(literal.utf8))
    }
}
