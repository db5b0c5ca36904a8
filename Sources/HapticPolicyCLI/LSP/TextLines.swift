/// A position as the Language Server Protocol counts it: a 0-based line and a 0-based
/// offset in UTF-16 code units (the protocol's default `positionEncoding`, the only one
/// every client supports).
struct LSPPosition: Hashable, Comparable {
    /// The 0-based line.
    var line: Int
    /// The 0-based offset in UTF-16 code units.
    var character: Int

    static func < (lhs: LSPPosition, rhs: LSPPosition) -> Bool {
        (lhs.line, lhs.character) < (rhs.line, rhs.character)
    }

    /// `{"line": …, "character": …}`.
    var json: [String: Any] { ["line": line, "character": character] }

    /// The position in `object` (`{"line": …, "character": …}`); nil when it is not one.
    init?(json object: Any?) {
        guard let object = object as? [String: Any], let line = object["line"] as? Int,
            let character = object["character"] as? Int, line >= 0, character >= 0
        else { return nil }
        self.init(line: line, character: character)
    }

    init(line: Int, character: Int) {
        self.line = line
        self.character = character
    }
}

/// A range of LSP positions, the end exclusive.
struct LSPRange: Hashable {
    /// The first position.
    var start: LSPPosition
    /// The position after the last character.
    var end: LSPPosition

    /// `{"start": …, "end": …}`.
    var json: [String: Any] { ["start": start.json, "end": end.json] }
}

/// A place in a source file as the front end counts it: a 1-based line and a 1-based
/// column in Unicode scalars (`SourceLocation`, libyaml's marks).
struct SourcePoint: Hashable, Comparable {
    /// The 1-based line.
    var line: Int
    /// The 1-based column, in Unicode scalars.
    var column: Int

    static func < (lhs: SourcePoint, rhs: SourcePoint) -> Bool {
        (lhs.line, lhs.column) < (rhs.line, rhs.column)
    }
}

/// A span of source points, the end exclusive.
struct SourceSpan: Hashable {
    /// The first point.
    var start: SourcePoint
    /// The point after the last character.
    var end: SourcePoint

    /// Whether `point` lies in the span; its end counts, so a cursor just after a name
    /// (where an editor puts it after typing) still finds the name.
    func contains(_ point: SourcePoint) -> Bool {
        start <= point && point <= end
    }
}

/// The lines of a document, to turn the front end's positions (1-based lines, columns in
/// Unicode scalars) into LSP positions (0-based lines, UTF-16 offsets) and back.
///
/// LSP lines end at `\n`, `\r\n` or `\r`. The front end's lines are libyaml's, which
/// also end at U+0085, U+2028 and U+2029 (YAML 1.1 line breaks), so a front-end line is
/// kept as where it starts: an LSP line and a scalar offset in it. A column past the end
/// of its line is the line's end; a UTF-16 offset inside a character (between the two
/// halves of a surrogate pair) is that character's start. A byte order mark that starts
/// the text is a character to the editor but not to the front end (which reads the text
/// without it), so the first front-end line starts after it.
struct TextLines {
    /// Where a front-end line starts, and how many scalars it has.
    private struct SourceLine {
        var line: Int
        var offset: Int
        var count: Int
    }

    private let lines: [[Unicode.Scalar]]
    private let sourceLines: [SourceLine]

    /// Splits `text` into lines.
    init(_ text: String) {
        var lines: [[Unicode.Scalar]] = []
        var sourceLines: [SourceLine] = []
        var current: [Unicode.Scalar] = []
        var sourceStart = text.unicodeScalars.first == "\u{FEFF}" ? 1 : 0
        var afterCarriageReturn = false
        func endSourceLine(at end: Int) {
            sourceLines.append(SourceLine(line: lines.count, offset: sourceStart, count: max(end - sourceStart, 0)))
        }
        for scalar in text.unicodeScalars {
            if afterCarriageReturn {
                afterCarriageReturn = false
                if scalar == "\n" { continue }
            }
            switch scalar {
            case "\n", "\r":
                endSourceLine(at: current.count)
                lines.append(current)
                current = []
                sourceStart = 0
                afterCarriageReturn = scalar == "\r"
            case "\u{85}", "\u{2028}", "\u{2029}":
                endSourceLine(at: current.count)
                current.append(scalar)
                sourceStart = current.count
            default:
                current.append(scalar)
            }
        }
        endSourceLine(at: current.count)
        lines.append(current)
        self.lines = lines
        self.sourceLines = sourceLines
    }

    /// How many lines the text has (an empty text has one, empty).
    var count: Int { lines.count }

    /// The scalars of the 0-based LSP line `index`; nil past the end.
    func scalars(ofLine index: Int) -> [Unicode.Scalar]? {
        lines.indices.contains(index) ? lines[index] : nil
    }

    /// The scalars of the 1-based front-end line `number`; nil past the end.
    func scalars(ofSourceLine number: Int) -> ArraySlice<Unicode.Scalar>? {
        guard sourceLines.indices.contains(number - 1) else { return nil }
        let source = sourceLines[number - 1]
        return lines[source.line][source.offset..<source.offset + source.count]
    }

    /// The 0-based line `index` as text; nil past the end.
    func text(ofLine index: Int) -> String? {
        scalars(ofLine: index).map { String(String.UnicodeScalarView($0)) }
    }

    /// The text of a range within one line; nil when it spans lines or is past the end.
    func text(in range: LSPRange) -> String? {
        guard range.start.line == range.end.line, let line = text(ofLine: range.start.line) else { return nil }
        let units = Array(line.utf16)
        guard range.start.character <= range.end.character, range.end.character <= units.count else { return nil }
        return String(decoding: units[range.start.character..<range.end.character], as: UTF16.self)
    }

    /// The LSP position of a front-end point. Lines past the end are the end of the text.
    func position(_ point: SourcePoint) -> LSPPosition {
        let index = max(point.line - 1, 0)
        guard index < sourceLines.count else {
            let last = lines.count - 1
            return LSPPosition(line: last, character: utf16Length(lines[last][...]))
        }
        let source = sourceLines[index]
        let scalars = source.offset + min(max(point.column - 1, 0), source.count)
        return LSPPosition(line: source.line, character: utf16Length(lines[source.line][..<scalars]))
    }

    /// The LSP range of a front-end span.
    func range(_ span: SourceSpan) -> LSPRange {
        LSPRange(start: position(span.start), end: position(span.end))
    }

    /// The front-end point of an LSP position; nil when its line is past the end of the
    /// text. An offset past the end of the line is the line's end.
    func point(_ position: LSPPosition) -> SourcePoint? {
        guard lines.indices.contains(position.line) else { return nil }
        var units = 0
        var offset = 0
        for scalar in lines[position.line] {
            let width = scalar.utf16.count
            if units + width > position.character { break }
            units += width
            offset += 1
        }
        // The last front-end line that starts on this LSP line at or before the offset.
        guard
            let index = sourceLines.lastIndex(where: { $0.line == position.line && $0.offset <= offset })
                ?? sourceLines.firstIndex(where: { $0.line == position.line })
        else { return nil }
        let source = sourceLines[index]
        return SourcePoint(line: index + 1, column: min(max(offset - source.offset, 0), source.count) + 1)
    }

    private func utf16Length(_ scalars: ArraySlice<Unicode.Scalar>) -> Int {
        scalars.reduce(0) { $0 + $1.utf16.count }
    }
}

/// The text of an open document as the editor edits it: its UTF-8 bytes and the byte
/// offset where each LSP line starts, both changed in place by an edit (`replace`), so an
/// incremental `didChange` costs time in proportion to the edit and the line it is on,
/// not to the document. (`TextLines` is built from it once per check, not per edit.)
///
/// Lines end as `TextLines`' LSP lines do, at `\n`, `\r\n` or `\r`. A position is taken
/// as the protocol counts it (a line, and UTF-16 code units in it) and resolved as the
/// rest of the server resolves one: a line past the end is the end of the text, a
/// character past the end of its line is the line's end (before its break), and an
/// offset between the two halves of a surrogate pair is the start of that character, so
/// an edit always cuts the text between characters and the bytes stay UTF-8.
struct DocumentText {
    /// The text's UTF-8 bytes.
    private(set) var bytes: [UInt8]
    /// The byte offset where each line starts: 0, then the offset after each line break.
    private(set) var lineStarts: [Int]

    /// The text of `text`.
    init(_ text: String) {
        bytes = Array(text.utf8)
        lineStarts = [0]
        if !bytes.isEmpty {
            for offset in 1...bytes.count where isLineStart(offset) { lineStarts.append(offset) }
        }
    }

    /// The text as a string.
    var text: String { String(decoding: bytes, as: UTF8.self) }

    /// How many lines the text has (an empty text has one).
    var lineCount: Int { lineStarts.count }

    /// The byte offset of an LSP position (UTF-16 code units), found within its line.
    func offset(of position: LSPPosition) -> Int {
        guard position.line < lineStarts.count else { return bytes.count }
        let start = lineStarts[position.line]
        var end = bytes.count
        if position.line + 1 < lineStarts.count {
            // Before the line's break: `\n`, `\r` or `\r\n`.
            end = lineStarts[position.line + 1] - 1
            if bytes[end] == 0x0A, end > start, bytes[end - 1] == 0x0D { end -= 1 }
        }
        var offset = start
        var units = 0
        while offset < end {
            let lead = bytes[offset]
            let width = lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
            let utf16Width = width == 4 ? 2 : 1
            if units + utf16Width > position.character { break }
            units += utf16Width
            offset += width
        }
        return min(offset, end)
    }

    /// Replaces the text in `range` (an end before the start is the start) with
    /// `replacement`, updating the line starts around the edit and moving the later ones.
    mutating func replace(_ range: LSPRange, with replacement: String) {
        let lower = offset(of: range.start)
        let upper = max(lower, offset(of: range.end))
        let inserted = replacement.utf8.count
        bytes.replaceSubrange(lower..<upper, with: replacement.utf8)
        // Whether an offset starts a line depends on the bytes on either side of it: those
        // from `lower` to the end of the inserted text are found again, later ones move.
        let first = firstLineStart(atLeast: max(lower, 1))
        let past = firstLineStart(atLeast: upper + 1)
        var found: [Int] = []
        if lower + inserted >= 1 {
            for offset in max(lower, 1)...(lower + inserted) where isLineStart(offset) { found.append(offset) }
        }
        lineStarts.replaceSubrange(first..<past, with: found)
        let delta = inserted - (upper - lower)
        if delta != 0 {
            for index in (first + found.count)..<lineStarts.count { lineStarts[index] += delta }
        }
    }

    /// Replaces the whole text.
    mutating func replaceAll(with text: String) {
        self = DocumentText(text)
    }

    /// The index of the first line start at or after `offset`.
    private func firstLineStart(atLeast offset: Int) -> Int {
        var low = 0
        var high = lineStarts.count
        while low < high {
            let middle = (low + high) / 2
            if lineStarts[middle] < offset { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// Whether a line starts at `offset` (1 through `bytes.count`): after `\n`, or after a
    /// `\r` that no `\n` follows.
    private func isLineStart(_ offset: Int) -> Bool {
        let before = bytes[offset - 1]
        return before == 0x0A || before == 0x0D && (offset == bytes.count || bytes[offset] != 0x0A)
    }
}
