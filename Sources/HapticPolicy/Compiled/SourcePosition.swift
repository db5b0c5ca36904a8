/// A line and column in one of the policy's source files. The files are named once, by
/// the policy (`Policy.file`, and `PolicyContent.files` for included ones), so a compiled
/// policy holds no path of the machine that compiled it. Encoded as `[line, column]` in
/// the main file, `[line, column, file]` in an included one.
package struct SourcePosition: Sendable, Hashable, Codable {
    /// The 1-based line (0 for values not written in a file).
    package var line: Int
    /// The 1-based column, in Unicode scalars.
    package var column: Int
    /// The file: 0 for the main file, `n` for `PolicyContent.files[n - 1]`.
    package var file: Int

    /// Creates a position.
    package init(line: Int, column: Int, file: Int = 0) {
        self.line = line
        self.column = column
        self.file = file
    }

    /// The position of a location, dropping its file (the main file's).
    package init(_ location: SourceLocation) {
        self.init(line: location.line, column: location.column)
    }

    /// The location of this position in `file`; `.unknown` for a position not in a file.
    package func location(in file: String) -> SourceLocation {
        line == 0 ? .unknown : SourceLocation(file: file, line: line, column: column)
    }

    /// The location of this position in `files` (the main file first, then the included
    /// ones, as `Policy.files` names them); `.unknown` for a position not in a file.
    package func location(in files: [String]) -> SourceLocation {
        guard line != 0, files.indices.contains(file) else { return .unknown }
        return SourceLocation(file: files[file], line: line, column: column)
    }

    /// Decodes `[line, column]` or `[line, column, file]`.
    package init(from decoder: any Decoder) throws {
        var container = try decoder.unkeyedContainer()
        // The length first, at the position's own place, as every runtime refuses it
        // (Docs/bundle-format.md, "What a reader must refuse": a position of four numbers).
        guard let count = container.count, count == 2 || count == 3 else {
            throw DecodingError.dataCorrupted(
                DecodingError.Context(
                    codingPath: decoder.codingPath,
                    debugDescription: "a position is [line, column] or [line, column, file]"))
        }
        line = try container.decode(Int.self)
        column = try container.decode(Int.self)
        file = container.isAtEnd ? 0 : try container.decode(Int.self)
        guard file >= 0 else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "a negative file index")
        }
    }

    /// Encodes `[line, column]`, or `[line, column, file]` outside the main file.
    package func encode(to encoder: any Encoder) throws {
        var container = encoder.unkeyedContainer()
        try container.encode(line)
        try container.encode(column)
        if file != 0 { try container.encode(file) }
    }
}
