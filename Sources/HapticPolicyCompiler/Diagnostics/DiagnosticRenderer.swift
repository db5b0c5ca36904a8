import HapticPolicy

/// Renders diagnostics as compiler-style text, each with its source line and a caret:
///
///     Policies/x.yaml:12:7: error[HP012]: unknown key 'intensty'; did you mean 'intensity'?
///        12 |       intensty: 0.5
///           |       ^~~~~~~~
///
/// `sources` maps a location's `file` to its text; without it only the header line is
/// printed. The caret is placed by display width, so it lines up under Japanese text,
/// and tabs stay tabs. Every name, message and source line goes through `terminalText`
/// (no raw ESC or BEL from a hostile file); ANSI colour only when `color` is true.
public func renderText(_ diagnostics: [Diagnostic], sources: [String: String], color: Bool) -> String {
    var renderer = DiagnosticRenderer(sources: sources, color: color)
    return diagnostics.map { renderer.render($0) }.joined()
}

/// Splits sources into lines once per file and renders diagnostic blocks.
struct DiagnosticRenderer {
    /// Lines longer than this many scalars are shown as a window around the column.
    static let longLine = 160
    private let sources: [String: String]
    private let color: Bool
    private var lines: [String: [Substring]] = [:]

    init(sources: [String: String], color: Bool) {
        self.sources = sources
        self.color = color
    }

    /// The diagnostic, its snippet, then each note with its snippet, and the reason it is
    /// acknowledged, if it is.
    mutating func render(_ diagnostic: Diagnostic) -> String {
        let label = "\(diagnostic.severity.rawValue)[\(diagnostic.code)]"
        var text = header(diagnostic.location, label: label, style: style(for: diagnostic.severity))
        text += terminalText(diagnostic.message) + "\n" + snippet(at: diagnostic.location)
        for note in diagnostic.notes {
            text += header(note.location, label: "note", style: style(for: .note))
            text += terminalText(note.message) + "\n" + snippet(at: note.location)
        }
        if let reason = diagnostic.acknowledged {
            text += header(reason.location, label: "note", style: style(for: .note))
            text += "acknowledged: " + terminalText(reason.message) + "\n" + snippet(at: reason.location)
        }
        return text
    }

    private func header(_ location: SourceLocation, label: String, style: String) -> String {
        "\(paint(terminalText(location.description) + ":", "1")) \(paint(label + ":", style)) "
    }

    private func style(for severity: Severity) -> String {
        switch severity {
        case .error: "1;31"
        case .warning: "1;33"
        case .note: "1;36"
        }
    }

    private func paint(_ text: String, _ style: String) -> String {
        color ? "\u{1B}[\(style)m\(text)\u{1B}[0m" : text
    }

    /// The source line and the caret line under it, or nothing when the line is unknown.
    private mutating func snippet(at location: SourceLocation) -> String {
        guard let source = sources[location.file] else { return "" }
        if lines[location.file] == nil {
            lines[location.file] = source.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
        }
        guard let fileLines = lines[location.file], location.line >= 1, location.line <= fileLines.count else {
            return ""
        }
        var line = Array(fileLines[location.line - 1].unicodeScalars)
        var start = min(max(location.column - 1, 0), line.count)
        // Control characters in the line are shown by name (`terminalText`), the caret
        // moved with them.
        if line.contains(where: { isUnsafeText($0) && $0 != "\t" }) {
            let head = terminalText(String(String.UnicodeScalarView(line[..<start])), keepTabs: true)
            let tail = terminalText(String(String.UnicodeScalarView(line[start...])), keepTabs: true)
            line = Array(head.unicodeScalars) + Array(tail.unicodeScalars)
            start = head.unicodeScalars.count
        }
        // Show a window of very long lines (minified or generated input) around the column.
        if line.count > Self.longLine {
            let from = max(0, start - Self.longLine / 2)
            let to = min(line.count, from + Self.longLine)
            let head: [Unicode.Scalar] = from > 0 ? ["…"] : []
            let tail: [Unicode.Scalar] = to < line.count ? ["…"] : []
            start = start - from + head.count
            line = head + line[from..<to] + tail
        }
        var padding = ""
        for scalar in line[..<start] {
            padding += scalar == "\t" ? "\t" : String(repeating: " ", count: displayWidth(String(scalar)))
        }
        let token = String(String.UnicodeScalarView(line[start..<tokenEnd(in: line, from: start)]))
        let width = max(1, displayWidth(token))
        let marker = "^" + String(repeating: "~", count: width - 1)
        let number = String(location.line)
        let gutter = String(repeating: " ", count: max(5, number.count + 1))
        let numbered = String(gutter.dropFirst(number.count)) + number
        let shown = line.isEmpty ? "" : " " + String(String.UnicodeScalarView(line))
        return "\(paint(numbered + " |", "34"))\(shown)\n"
            + "\(paint(gutter + " |", "34")) \(padding)\(paint(marker, "1;32"))\n"
    }

    /// The end of the token starting at `start`: a quoted string up to its closing quote,
    /// otherwise up to whitespace, a flow indicator, a comment or `: `.
    private func tokenEnd(in line: [Unicode.Scalar], from start: Int) -> Int {
        guard start < line.count else { return start }
        let first = line[start]
        if first == "'" || first == "\"" {
            var index = start + 1
            while index < line.count {
                if line[index] == "\\", first == "\"" {
                    index += 2
                    continue
                }
                if line[index] == first { return index + 1 }
                index += 1
            }
            return line.count
        }
        var index = start
        while index < line.count {
            let scalar = line[index]
            if scalar.properties.isWhitespace || ",[]{}#".unicodeScalars.contains(scalar) { break }
            if scalar == ":", index + 1 == line.count || line[index + 1].properties.isWhitespace { break }
            index += 1
        }
        return max(index, start + 1)
    }
}
