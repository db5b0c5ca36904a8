import Testing

@testable import HapticPolicyLanguageServer

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

    static func range(_ startLine: Int, _ start: Int, _ endLine: Int, _ end: Int) -> LSPRange {
        LSPRange(
            start: LSPPosition(line: startLine, character: start), end: LSPPosition(line: endLine, character: end))
    }

    static func edited(_ text: String, _ range: LSPRange, _ replacement: String) -> String {
        var document = DocumentText(text)
        document.replace(range, with: replacement)
        return document.text
    }

    @Test func incrementalChangesUseUTF16Ranges() {
        #expect(Self.edited("x: 🌱a\ny: b", Self.range(0, 5, 1, 1), "Z") == "x: 🌱Z: b")
        // A character past the end of a line is the line's end, before its break.
        #expect(Self.edited("ab\r\ncd", Self.range(0, 99, 0, 99), "!") == "ab!\r\ncd")
        #expect(Self.edited("ab\ncd", Self.range(0, 99, 0, 99), "!") == "ab!\ncd")
        #expect(Self.edited("ab\rcd", Self.range(0, 99, 0, 99), "!") == "ab!\rcd")
        // A line past the end is the end of the text; an end before the start is the start.
        #expect(Self.edited("ab\ncd", Self.range(7, 0, 9, 0), "!") == "ab\ncd!")
        #expect(Self.edited("ab\ncd", Self.range(1, 1, 0, 0), "!") == "ab\nc!d")
        // Between the two halves of a surrogate pair is the start of the character.
        #expect(Self.edited("🌱x", Self.range(0, 1, 0, 3), "-") == "-")
        // Joining a `\r` with a `\n` makes one line break of two.
        var document = DocumentText("a\rb")
        #expect(document.lineCount == 2)
        document.replace(Self.range(1, 0, 1, 0), with: "\n")
        #expect(document.text == "a\r\nb" && document.lineCount == 2)
        document.replace(Self.range(0, 1, 1, 0), with: "")
        #expect(document.text == "ab" && document.lineCount == 1)
    }

    @Test func aLongTextIsKeptInChunksOfWholeLines() {
        let line = String(repeating: "x", count: 99) + "\n"
        var document = DocumentText(String(repeating: line, count: 4_000))
        // Six chunks of 656 lines (the first cut at or past 64 KiB), and the rest.
        #expect(document.chunkCount == 7)
        // Typing on one line grows one chunk, which splits past twice the size.
        for _ in 0..<(DocumentText.chunkSize * 2 / 1000 + 1) {
            document.replace(Self.range(10, 5, 10, 5), with: String(repeating: "y", count: 1000))
        }
        #expect(document.chunkCount == 8)
        #expect(document.lineCount == 4_001)
        // Deleting every line break makes one chunk of one line.
        document.replace(Self.range(0, 0, 4_001, 0), with: "z")
        #expect(document.chunkCount == 1 && document.text == "z")
    }

    /// The text and line starts the same edits give when each is applied to the whole
    /// text as UTF-16 code units, by the rules `DocumentText` documents.
    static func reference(_ text: String, _ range: LSPRange, _ replacement: String) -> String {
        let units = Array(text.utf16)
        var starts = [0]
        var index = 0
        while index < units.count {
            if units[index] == 0x0D, index + 1 < units.count, units[index + 1] == 0x0A { index += 1 }
            if units[index] == 0x0A || units[index] == 0x0D { starts.append(index + 1) }
            index += 1
        }
        func offset(_ position: LSPPosition) -> Int {
            guard position.line < starts.count else { return units.count }
            var end = units.count
            if position.line + 1 < starts.count {
                end = starts[position.line + 1] - 1
                if units[end] == 0x0A, end > starts[position.line], units[end - 1] == 0x0D { end -= 1 }
            }
            var offset = min(starts[position.line] + position.character, end)
            if offset < units.count, UTF16.isTrailSurrogate(units[offset]) { offset -= 1 }
            return offset
        }
        let lower = offset(range.start)
        let upper = max(lower, offset(range.end))
        return String(decoding: units[..<lower] + Array(replacement.utf16) + units[upper...], as: UTF16.self)
    }

    /// A fixed sequence of pseudo-random numbers (SplitMix64), so a failure repeats.
    struct Random: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var value = state
            value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
            value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
            return value ^ (value >> 31)
        }
    }

    /// Chunks of one byte, of 8 (edits across them, merges and splits all the time) and
    /// of the server's size.
    @Test(arguments: [1, 2, 3, 4, 5] as [UInt64], [1, 8, DocumentText.chunkSize])
    func randomEditsEqualTheSameEditsOnTheWholeText(seed: UInt64, chunkSize: Int) {
        var random = Random(state: seed)
        let pieces = ["a", "bc", " ", ":", "\n", "\r", "\r\n", "é", "€", "🌱", "𝄞", "\u{2028}", "- x\n"]
        func piece() -> String {
            (0..<Int.random(in: 0...3, using: &random)).map { _ in pieces.randomElement(using: &random) ?? "" }.joined()
        }
        var text = (0..<20).map { _ in piece() }.joined()
        var document = DocumentText(text, chunkSize: chunkSize)
        for step in 0..<2_000 {
            let lines = document.lineCount
            func position() -> LSPPosition {
                LSPPosition(
                    line: Int.random(in: 0...lines, using: &random), character: Int.random(in: 0...8, using: &random))
            }
            let range = LSPRange(start: position(), end: position())
            let replacement = step.isMultiple(of: 97) ? "" : piece()
            text = Self.reference(text, range, replacement)
            document.replace(range, with: replacement)
            #expect(document.text == text, "step \(step) of seed \(seed)")
            #expect(document.lineStarts == TextChunk(Array(text.utf8)).lineStarts, "step \(step) of seed \(seed)")
            #expect(document.lineCount == document.lineStarts.count)
            if document.text != text { return }
        }
    }
}
