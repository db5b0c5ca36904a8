import Testing

@testable import HapticPolicyCLI

/// LSP positions count UTF-16 code units; the front end counts Unicode scalars.
@Suite struct TextLinesTests {
    // "🌱" is one scalar and two UTF-16 units; "植" one scalar, one unit and three bytes.
    let lines = TextLines("a: 1\r\n  silent: 🌱植 x, cite: H-2\rlast\nend")

    @Test func splitsAtEveryLineBreakLSPKnows() {
        #expect(lines.count == 4)
        #expect(lines.text(ofLine: 0) == "a: 1")
        #expect(lines.text(ofLine: 2) == "last")
        #expect(lines.text(ofLine: 3) == "end")
        #expect(lines.text(ofLine: 4) == nil)
    }

    @Test func scalarColumnsBecomeUTF16Offsets() {
        // `cite` starts at scalar column 17 of line 2: after "  silent: " (10), the
        // emoji, 植, " x, " (4).
        let cite = SourcePoint(line: 2, column: 17)
        #expect(
            lines.text(ofLine: 1)?.unicodeScalars.dropFirst(16).prefix(4).map(Character.init) == ["c", "i", "t", "e"])
        #expect(lines.position(cite) == LSPPosition(line: 1, character: 17))
        #expect(lines.point(LSPPosition(line: 1, character: 17)) == cite)
    }

    @Test func anOffsetInsideASurrogatePairIsTheCharactersStart() {
        #expect(lines.point(LSPPosition(line: 1, character: 11)) == SourcePoint(line: 2, column: 11))
        #expect(lines.point(LSPPosition(line: 1, character: 12)) == SourcePoint(line: 2, column: 12))
    }

    @Test func positionsPastTheEndAreClampedOrRefused() {
        #expect(lines.point(LSPPosition(line: 0, character: 99)) == SourcePoint(line: 1, column: 5))
        #expect(lines.point(LSPPosition(line: 9, character: 0)) == nil)
        #expect(lines.position(SourcePoint(line: 1, column: 99)) == LSPPosition(line: 0, character: 4))
        #expect(lines.position(SourcePoint(line: 99, column: 1)) == LSPPosition(line: 3, character: 3))
    }

    @Test func aByteOrderMarkIsAnEditorCharacterTheFrontEndDoesNotCount() {
        let marked = TextLines("\u{FEFF}policy: p\nversion: 1")
        #expect(marked.position(SourcePoint(line: 1, column: 9)) == LSPPosition(line: 0, character: 9))
        #expect(marked.point(LSPPosition(line: 0, character: 9)) == SourcePoint(line: 1, column: 9))
        #expect(marked.position(SourcePoint(line: 2, column: 1)) == LSPPosition(line: 1, character: 0))
    }

    @Test func yamlLineBreaksLSPDoesNotCountShiftTheFrontEndsLinesOnly() {
        // libyaml ends a line at U+2028 (and U+0085, U+2029); LSP does not.
        let text = TextLines("a: \"x\u{2028}y\"\nfoo: 1")
        #expect(text.count == 2)
        #expect(text.position(SourcePoint(line: 2, column: 1)) == LSPPosition(line: 0, character: 6))
        #expect(text.position(SourcePoint(line: 3, column: 1)) == LSPPosition(line: 1, character: 0))
        #expect(text.point(LSPPosition(line: 1, character: 2)) == SourcePoint(line: 3, column: 3))
        #expect(text.point(LSPPosition(line: 0, character: 7)) == SourcePoint(line: 2, column: 2))
        #expect(text.scalars(ofSourceLine: 3).map { String(String.UnicodeScalarView($0)) } == "foo: 1")
    }

    @Test func incrementalChangesUseUTF16Ranges() {
        let text = "x: 🌱a\ny: b"
        let range: [String: Any] = [
            "start": ["line": 0, "character": 5], "end": ["line": 1, "character": 1],
        ]
        #expect(LanguageServer.apply("Z", range: range, to: text) == "x: 🌱Z: b")
        // A character past the end of a line is the line's end, before its break.
        let past: [String: Any] = ["start": ["line": 0, "character": 99], "end": ["line": 0, "character": 99]]
        #expect(LanguageServer.apply("!", range: past, to: "ab\r\ncd") == "ab!\r\ncd")
        #expect(LanguageServer.apply("!", range: past, to: "ab\ncd") == "ab!\ncd")
    }
}
