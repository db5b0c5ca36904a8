/// A position as the Language Server Protocol counts it: a 0-based line and a 0-based
/// offset in UTF-16 code units (the protocol's default `positionEncoding`, the only one
/// every client supports).
struct LSPPosition: Hashable, Comparable, Codable, Sendable {
    /// The 0-based line.
    var line: Int
    /// The 0-based offset in UTF-16 code units.
    var character: Int

    static func < (lhs: LSPPosition, rhs: LSPPosition) -> Bool {
        (lhs.line, lhs.character) < (rhs.line, rhs.character)
    }

    private enum CodingKeys: String, CodingKey {
        case line, character
    }

    /// Reads a position (3.17, "Position": `line` and `character`, both `uinteger`): a
    /// negative one is not a position.
    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let line = try container.decode(Int.self, forKey: .line)
        let character = try container.decode(Int.self, forKey: .character)
        guard line >= 0, character >= 0 else {
            throw DecodingError.dataCorruptedError(
                forKey: .line, in: container, debugDescription: "a position is never negative")
        }
        self.init(line: line, character: character)
    }

    init(line: Int, character: Int) {
        self.line = line
        self.character = character
    }
}

/// A range of LSP positions, the end exclusive (3.17, "Range").
struct LSPRange: Hashable, Codable, Sendable {
    /// The first position.
    var start: LSPPosition
    /// The position after the last character.
    var end: LSPPosition
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

/// The text of an open document as the editor edits it, kept so that an incremental
/// `didChange` costs time in proportion to the edit, not to the document: the UTF-8
/// bytes in chunks of whole lines (about `chunkSize` bytes each, `TextChunk`), each with
/// the offsets where its lines start, and the number of lines before each chunk. An edit
/// finds its chunk by line (a binary search), its offset within its line, and changes
/// that chunk alone, merging it with a neighbour when a line break between them goes and
/// splitting it when it grows past twice the size. (`TextLines` is built from the text
/// once per check, not per edit.)
///
/// Lines end as `TextLines`' LSP lines do, at `\n`, `\r\n` or `\r`. A position is taken
/// as the protocol counts it (a line, and UTF-16 code units in it) and resolved as the
/// rest of the server resolves one: a line past the end is the end of the text, a
/// character past the end of its line is the line's end (before its break), and an
/// offset between the two halves of a surrogate pair is the start of that character, so
/// an edit always cuts the text between characters and the bytes stay UTF-8.
struct DocumentText {
    /// The size a chunk is split to when it grows past twice it: 64 KiB.
    static let chunkSize = 1 << 16

    /// The chunks, in order. Every chunk but the last ends just after a line break (a
    /// `\n`, or a `\r` that the next chunk does not continue with `\n`), and none but the
    /// last (of an empty text) is empty.
    private var chunks: [TextChunk]
    /// The number of lines before each chunk.
    private var firstLines: [Int] = []
    private let chunkSize: Int

    /// The text of `text`, in chunks of about `chunkSize` bytes.
    init(_ text: String, chunkSize: Int = Self.chunkSize) {
        self.chunkSize = max(chunkSize, 1)
        chunks = TextChunk(Array(text.utf8)).split(self.chunkSize)
        recount()
    }

    /// The text's UTF-8 bytes.
    var bytes: [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(byteCount)
        for chunk in chunks { bytes += chunk.bytes }
        return bytes
    }

    /// The text as a string.
    var text: String { String(decoding: bytes, as: UTF8.self) }

    /// How many bytes the text has.
    var byteCount: Int { chunks.reduce(0) { $0 + $1.bytes.count } }

    /// How many lines the text has (an empty text has one).
    var lineCount: Int { (firstLines.last ?? 0) + chunks[chunks.count - 1].lineStarts.count }

    /// How many chunks hold the text.
    var chunkCount: Int { chunks.count }

    /// The byte offset where each line starts: 0, then the offset after each line break.
    var lineStarts: [Int] {
        var starts = [0]
        var base = 0
        for chunk in chunks {
            starts += chunk.lineStarts.dropFirst().map { $0 + base }
            base += chunk.bytes.count
        }
        return starts
    }

    /// Replaces the text in `range` (an end before the start is the start) with
    /// `replacement`.
    mutating func replace(_ range: LSPRange, with replacement: String) {
        let lower = locate(range.start)
        var upper = locate(range.end)
        if upper < lower { upper = lower }
        if upper.chunk != lower.chunk {
            // An edit across chunks makes them one.
            let merged = chunks[lower.chunk...upper.chunk].flatMap(\.bytes)
            let before = chunks[lower.chunk..<upper.chunk].reduce(0) { $0 + $1.bytes.count }
            chunks.replaceSubrange(lower.chunk...upper.chunk, with: [TextChunk(merged)])
            upper = (lower.chunk, before + upper.offset)
        }
        chunks[lower.chunk].replace(lower.offset..<upper.offset, with: replacement.utf8)
        settle(lower.chunk)
        recount()
    }

    /// Replaces the whole text.
    mutating func replaceAll(with text: String) {
        self = DocumentText(text, chunkSize: chunkSize)
    }

    /// The chunk and the offset in it of an LSP position. An offset at the start of a
    /// chunk is taken as the end of the one before, so each offset has one place.
    private func locate(_ position: LSPPosition) -> (chunk: Int, offset: Int) {
        let last = chunks.count - 1
        guard position.line < lineCount else { return (last, chunks[last].bytes.count) }
        var low = 0
        var high = last
        while low < high {
            let middle = (low + high + 1) / 2
            if firstLines[middle] <= position.line { low = middle } else { high = middle - 1 }
        }
        let offset = chunks[low].offset(ofLine: position.line - firstLines[low], character: position.character)
        if offset == 0, low > 0 { return (low - 1, chunks[low - 1].bytes.count) }
        return (low, offset)
    }

    /// Restores the chunks' invariants after an edit of chunk `index`: merged with a
    /// neighbour when the line break between them went (or it is empty), split when it
    /// grew past twice the chunk size.
    private mutating func settle(_ index: Int) {
        var index = index
        if index > 0, !breaksAfter(index - 1) {
            merge(index - 1)
            index -= 1
        }
        if index + 1 < chunks.count, !breaksAfter(index) { merge(index) }
        if chunks[index].bytes.count > 2 * chunkSize {
            chunks.replaceSubrange(index...index, with: chunks[index].split(chunkSize))
        }
    }

    /// Whether chunk `index` ends just after a line break, given the chunk after it.
    private func breaksAfter(_ index: Int) -> Bool {
        guard let last = chunks[index].bytes.last else { return false }
        return last == 0x0A || last == 0x0D && chunks[index + 1].bytes.first != 0x0A
    }

    /// Makes chunks `index` and `index + 1` one.
    private mutating func merge(_ index: Int) {
        let merged = TextChunk(chunks[index].bytes + chunks[index + 1].bytes)
        chunks.replaceSubrange(index...index + 1, with: [merged])
    }

    /// Counts the lines before each chunk again.
    private mutating func recount() {
        firstLines.removeAll(keepingCapacity: true)
        var lines = 0
        for chunk in chunks {
            firstLines.append(lines)
            // The offset after a chunk's last break starts the next chunk's first line.
            lines += chunk.lineStarts.count - 1
        }
    }
}

/// A piece of a document's text (`DocumentText`): its UTF-8 bytes and the offset where
/// each of its lines starts, both changed in place by an edit of it.
struct TextChunk {
    /// The bytes.
    private(set) var bytes: [UInt8]
    /// The offset where each line starts: 0, then the offset after each line break (its
    /// end, when it ends with one).
    private(set) var lineStarts: [Int]

    /// The chunk of `bytes`.
    init(_ bytes: [UInt8]) {
        self.bytes = bytes
        lineStarts = [0]
        if !bytes.isEmpty {
            for offset in 1...bytes.count where isLineStart(offset) { lineStarts.append(offset) }
        }
    }

    /// The offset of the `character`th UTF-16 code unit of line `line` (0-based), found
    /// within the line: clamped to its end (before its break), and at the start of a
    /// character whose surrogate pair it would split. The end for a line past the last.
    func offset(ofLine line: Int, character: Int) -> Int {
        guard line < lineStarts.count else { return bytes.count }
        let start = lineStarts[line]
        var end = bytes.count
        if line + 1 < lineStarts.count {
            // Before the line's break: `\n`, `\r` or `\r\n`.
            end = lineStarts[line + 1] - 1
            if bytes[end] == 0x0A, end > start, bytes[end - 1] == 0x0D { end -= 1 }
        }
        var offset = start
        var units = 0
        while offset < end {
            let lead = bytes[offset]
            let width = lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
            let utf16Width = width == 4 ? 2 : 1
            if units + utf16Width > character { break }
            units += utf16Width
            offset += width
        }
        return min(offset, end)
    }

    /// Replaces the bytes in `range` with `replacement`, finding the line starts around
    /// the edit again and moving the later ones.
    mutating func replace(_ range: Range<Int>, with replacement: String.UTF8View) {
        let (lower, upper) = (range.lowerBound, range.upperBound)
        let inserted = replacement.count
        bytes.replaceSubrange(range, with: replacement)
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

    /// The chunk in pieces of at least `size` bytes (but the last), each cut just after
    /// a line break; one piece when it has no break to cut at.
    func split(_ size: Int) -> [TextChunk] {
        var pieces: [TextChunk] = []
        var start = 0
        for offset in lineStarts where offset - start >= size && offset < bytes.count {
            pieces.append(TextChunk(Array(bytes[start..<offset])))
            start = offset
        }
        pieces.append(TextChunk(Array(bytes[start...])))
        return pieces
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
