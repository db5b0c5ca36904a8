import HapticPolicy
import HapticPolicyCompiler
import Testing

@testable import HapticPolicyYAML

@Suite struct YAMLTreeBuilderTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var bytes: [UInt8]
        var expected: String
        var limits = ParseLimits.default
        var testDescription: String { name }

        init(_ name: String, _ text: String, _ expected: String, limits: ParseLimits = .default) {
            self.name = name
            self.bytes = Array(text.utf8)
            self.expected = expected
            self.limits = limits
        }

        init(_ name: String, bytes: [UInt8], _ expected: String) {
            self.name = name
            self.bytes = bytes
            self.expected = expected
        }
    }

    static let failing: [Case] = [
        Case("empty file", "", "HP002@1:1"),
        Case("only comments", "# nothing yet\n\n", "HP002@1:1"),
        Case("only a document marker", "---\n", "HP002@1:1"),
        Case("invalid utf-8 byte", bytes: Array("policy: p\nnote: caf".utf8) + [0xE9, 0x0A], "HP003@2:10"),
        Case("utf-16 surrogate encoded as utf-8", bytes: Array("a: ".utf8) + [0xED, 0xA0, 0x80], "HP003@1:4"),
        Case("over the size limit", header, "HP004@1:1", limits: ParseLimits(maxBytes: 8)),
        Case("unclosed flow mapping", "a: {b: 1\nc: 2\n", "HP005@2:2"),
        Case("unclosed flow list", "a: [1, 2\n", "HP005@2:1"),
        Case("unclosed flow list without a final line break", "a: [1, 2", "HP005@1:9"),
        Case("unclosed quote", "a: 'text\n", "HP005@2:1"),
        Case("bad indentation", "a:\n  b: 1\n c: 2\n", "HP005@3:2"),
        Case("tab indentation", "a:\n\tb: 1\n", "HP005@2:1"),
        Case("quote inside single quotes", "a: 'it's'\n", "HP005@1:8"),
        Case("stray closing bracket", "{a: 1}}\n", "HP005@1:7"),
        Case("unknown escape", "a: \"x\\q\"\n", "HP005@1:6"),
        Case("alias without a name", "a: *\n", "HP005@1:5"),
        Case("control character", "a: b\u{01}\n", "HP005@1:5"),
        Case("undefined alias", "a: *nowhere\n", "HP005@1:4"),
        Case("duplicate key", "policy: a\nversion: 1\npolicy: b\n", "HP006@3:1"),
        Case("duplicate quoted key", "a: 1\n'a': 2\n", "HP006@2:1"),
        Case("nesting too deep", String(repeating: "[", count: 100) + String(repeating: "]", count: 100), "HP007@1:65"),
        Case("nesting too deep with a low limit", "a: {b: {c: 1}}\n", "HP007@1:8", limits: ParseLimits(maxDepth: 2)),
        Case("too many nodes", "[1, 2, 3, 4]\n", "HP008@1:11", limits: ParseLimits(maxNodes: 4)),
        Case("two documents", "policy: a\n---\npolicy: b\n", "HP009@2:1"),
        Case("two documents after an end marker", "policy: a\n...\n---\npolicy: b\n", "HP009@3:1"),
        Case("unsupported local tag", "policy: !thing p\n", "HP010@1:9"),
        Case("unsupported standard tag", "policy: !!binary cA==\n", "HP010@1:9"),
        Case("sequence tag on a mapping", "a: !!seq {b: 1}\n", "HP010@1:4"),
    ]

    @Test(arguments: failing)
    func rejects(_ item: Case) {
        let result = PolicyLoader.parse(item.bytes, file: "test.yaml", limits: item.limits)
        // Decoding codes (HP011 and up) may follow; the structural one must come first.
        let structural = summary(result).filter { $0.prefix(5) <= "HP010" }
        #expect(structural == [item.expected], "\(summary(result))")
    }

    @Test(arguments: failing)
    func messagesNameTheFix(_ item: Case) {
        let result = PolicyLoader.parse(item.bytes, file: "test.yaml", limits: item.limits)
        for diagnostic in result.diagnostics {
            #expect(diagnostic.message.first?.isUppercase == false, "\(diagnostic.message)")
            #expect(diagnostic.message.contains("; ") || diagnostic.message.contains(": "), "\(diagnostic.message)")
        }
    }

    @Test(arguments: [
        ("plain", "a: 1\n"),
        ("byte order mark", "\u{FEFF}a: 1\n"),
        ("crlf line ends", "a: 1\r\nb: 2\r\n"),
        ("standard tags", "a: !!str 1\nb: !!int 2\nc: !!map {d: 1}\n"),
        ("anchors and aliases", "a: &x [1, 2]\nb: *x\n"),
        ("explicit document", "---\na: 1\n...\n"),
        ("japanese", "名前: 植物\n"),
    ])
    func accepts(name: String, text: String) throws {
        // Structural codes end at HP010; decoding codes (unknown keys here) come after.
        let result = load(text)
        #expect(result.diagnostics.filter { $0.code <= "HP010" }.isEmpty, "\(summary(result))")
        #expect(result.document != nil)
    }

    @Test func syntaxErrorNotesTheContextMark() throws {
        let result = load("a: {b: 1\nc: 2\n")
        let diagnostic = try #require(result.diagnostics.first)
        #expect(result.document == nil)
        #expect(diagnostic.notes.map(\.message) == ["the flow mapping that starts here is never closed"])
        #expect(diagnostic.notes.map(\.location.line) == [1])
        #expect(diagnostic.notes.map(\.location.column) == [4])
    }

    @Test(arguments: [
        ("a: 'it's'\n", "unexpected text after the value"),
        ("a:\n  b: 1\n c: 2\n", "expected a key at this indentation"),
        ("a: b\nc\n", "expected ':' after the key"),
        ("{a: 1}}\n", "after the end of the policy"),
        ("a: \"x\\q\"\n", "write '\\\\' for a backslash"),
        ("a: *\n", "need a name"),
    ])
    func explainsSyntaxErrorsInDesignersWords(text: String, phrase: String) throws {
        let diagnostic = try #require(load(text).diagnostics.first)
        #expect(diagnostic.code == "HP005")
        #expect(diagnostic.message.contains(phrase), "\(diagnostic.message)")
    }

    @Test func duplicateKeyNotesTheFirstKey() throws {
        let diagnostic = try #require(load("a: 1\nb: {x: 1, x: 2}\n").diagnostics.first { $0.code == "HP006" })
        #expect(diagnostic.code == "HP006")
        #expect(diagnostic.location.column == 11)
        #expect(diagnostic.notes.map { "\($0.location.line):\($0.location.column)" } == ["2:5"])
    }

    /// libyaml counts columns in characters; ours are Unicode scalars, 1-based.
    @Test func columnsCountUnicodeScalars() throws {
        let diagnostic = try #require(load("植物: {a: 1, a: 2}\n").diagnostics.first { $0.code == "HP006" })
        #expect(diagnostic.code == "HP006")
        #expect(diagnostic.location.column == 12)
        let afterEmoji = try #require(load("🌱: [1\n").diagnostics.first)
        #expect(afterEmoji.notes.first?.location.column == 4)
    }

    @Test func nodeKeepsStyleTagAndLocations() throws {
        let outcome = YAMLTreeBuilder.build(
            YAMLParser(bytes: Array("a: 'x'\nb: !!str 1\n".utf8), file: "t"), file: "t", limits: .default)
        let pairs = try #require(outcome.root?.pairs)
        #expect(pairs[0].value.content == .scalar("x", .singleQuoted))
        #expect(pairs[0].value.location == SourceLocation(file: "t", line: 1, column: 4))
        #expect(pairs[1].key.location == SourceLocation(file: "t", line: 2, column: 1))
        #expect(pairs[1].value.tag == "tag:yaml.org,2002:str")
    }

    static var billionLaughs: String {
        var text = "a0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol]\n"
        for level in 1...9 {
            let refs = Array(repeating: "*a\(level - 1)", count: 9).joined(separator: ", ")
            text += "a\(level): &a\(level) [\(refs)]\n"
        }
        return text
    }

    @Test func rejectsBillionLaughs() {
        #expect(summary(load(Self.billionLaughs)).first?.hasPrefix("HP008@") == true)
    }

    @Test func rejectsHundredThousandDeepNesting() {
        let text = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        #expect(summary(load(text)) == ["HP007@1:65"])
        let block = (0..<100_000).map { String(repeating: " ", count: $0 % 2) + "- " }.joined()
        #expect(summary(load(block)).first?.hasPrefix("HP007@") == true)
    }

    @Test func rejectsFiveMebibyteFile() {
        let bytes = [UInt8](repeating: UInt8(ascii: "#"), count: 5 << 20)
        let result = PolicyLoader.parse(bytes, file: "big.yaml")
        #expect(summary(result) == ["HP004@1:1"])
    }
}
