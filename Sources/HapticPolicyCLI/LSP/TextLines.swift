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
/// Lines end at `\n`, `\r\n` or `\r`, as both LSP and libyaml count them. A column past
/// the end of its line is the line's end; a UTF-16 offset inside a character (between the
/// two halves of a surrogate pair) is that character's start. A byte order mark that
/// starts the text is a character to the editor but not to the front end (which reads
/// the text without it), so the first line's columns step over it.
struct TextLines {
    private let lines: [[Unicode.Scalar]]
    private let byteOrderMarks: Int

    /// Splits `text` into lines.
    init(_ text: String) {
        var lines: [[Unicode.Scalar]] = []
        var current: [Unicode.Scalar] = []
        var afterCarriageReturn = false
        for scalar in text.unicodeScalars {
            if afterCarriageReturn {
                afterCarriageReturn = false
                if scalar == "\n" { continue }
            }
            switch scalar {
            case "\n":
                lines.append(current)
                current = []
            case "\r":
                lines.append(current)
                current = []
                afterCarriageReturn = true
            default:
                current.append(scalar)
            }
        }
        lines.append(current)
        self.lines = lines
        self.byteOrderMarks = text.unicodeScalars.first == "\u{FEFF}" ? 1 : 0
    }

    /// How many lines the text has (an empty text has one, empty).
    var count: Int { lines.count }

    /// The scalars of the 0-based line `index`; nil past the end.
    func scalars(ofLine index: Int) -> [Unicode.Scalar]? {
        lines.indices.contains(index) ? lines[index] : nil
    }

    /// The 0-based line `index` as text; nil past the end.
    func text(ofLine index: Int) -> String? {
        scalars(ofLine: index).map { String(String.UnicodeScalarView($0)) }
    }

    /// The LSP position of a front-end point. Lines past the end are the end of the text.
    func position(_ point: SourcePoint) -> LSPPosition {
        let index = max(point.line - 1, 0)
        guard index < lines.count else {
            let last = lines.count - 1
            return LSPPosition(line: last, character: utf16Length(lines[last][...]))
        }
        let line = lines[index]
        let skipped = index == 0 ? byteOrderMarks : 0
        let scalars = min(max(point.column - 1, 0) + skipped, line.count)
        return LSPPosition(line: index, character: utf16Length(line[..<scalars]))
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
        var column = 1
        for scalar in lines[position.line] {
            let width = scalar.utf16.count
            if units + width > position.character { break }
            units += width
            column += 1
        }
        let skipped = position.line == 0 ? byteOrderMarks : 0
        return SourcePoint(line: position.line + 1, column: max(column - skipped, 1))
    }

    private func utf16Length(_ scalars: ArraySlice<Unicode.Scalar>) -> Int {
        scalars.reduce(0) { $0 + $1.utf16.count }
    }
}
