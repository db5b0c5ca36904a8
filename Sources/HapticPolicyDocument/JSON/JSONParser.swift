import HapticPolicy

/// The tools' one JSON parser (summaries, AHAP and clip imports, exports read back, the
/// language server's messages and its policy schema): it remembers where every value and
/// key was written (1-based line and column, counted in Unicode scalars), for located
/// diagnostics. `JSONNode.decode` reads `Decodable` types from what it parsed.
/// Depth is limited so hostile input cannot exhaust the stack.
package struct JSONParser {
    /// A syntax error with its location.
    package struct SyntaxError: Error, Sendable, Hashable {
        /// Lowercase message naming the fix.
        package var message: String
        /// Where the problem is.
        package var location: SourceLocation
    }

    private let scalars: [Unicode.Scalar]
    private let file: String
    private var index = 0
    private var line = 1
    private var column = 1
    private var depth = 0
    private static let maxDepth = 256
    /// Whether a comma before `}` or `]` is taken (and recorded) instead of refused.
    private var tolerateTrailingCommas = false
    /// Where each trailing comma taken was written.
    private var trailingCommas: [SourceLocation] = []

    private init(_ text: String, file: String) {
        self.scalars = Array(text.unicodeScalars)
        self.file = file
    }

    /// Parses a whole document: one value, then only whitespace.
    package static func parse(_ text: String, file: String) throws(SyntaxError) -> JSONNode {
        var parser = JSONParser(text, file: file)
        return try parser.document()
    }

    /// Parses a whole document as `parse` does, but takes a comma before `}` or `]` (as
    /// Core Haptics reads an AHAP file) and gives where each one was written.
    package static func parseTakingTrailingCommas(_ text: String, file: String) throws(SyntaxError) -> (
        node: JSONNode, trailingCommas: [SourceLocation]
    ) {
        var parser = JSONParser(text, file: file)
        parser.tolerateTrailingCommas = true
        let node = try parser.document()
        return (node, parser.trailingCommas)
    }

    private mutating func document() throws(SyntaxError) -> JSONNode {
        skipWhitespace()
        let node = try parseValue()
        skipWhitespace()
        if index < scalars.count {
            throw error("unexpected '\(scalars[index])' after the end of the document; remove it")
        }
        return node
    }

    /// After a comma: whether `closer` follows, a trailing comma this parser takes (it is
    /// then recorded at `comma` and consumed with the closer).
    private mutating func tookTrailingComma(at comma: SourceLocation, before closer: Unicode.Scalar) -> Bool {
        guard tolerateTrailingCommas, index < scalars.count, scalars[index] == closer else { return false }
        trailingCommas.append(comma)
        advance()
        depth -= 1
        return true
    }

    private var here: SourceLocation { SourceLocation(file: file, line: line, column: column) }

    private func error(_ message: String, at location: SourceLocation? = nil) -> SyntaxError {
        SyntaxError(message: message, location: location ?? here)
    }

    private mutating func advance() {
        if scalars[index] == "\n" {
            line += 1
            column = 1
        } else {
            column += 1
        }
        index += 1
    }

    private mutating func skipWhitespace() {
        while index < scalars.count {
            switch scalars[index] {
            case " ", "\t", "\n", "\r": advance()
            default: return
            }
        }
    }

    private mutating func parseValue() throws(SyntaxError) -> JSONNode {
        guard index < scalars.count else { throw error("the document ends where a value was expected; add a value") }
        let start = here
        switch scalars[index] {
        case "{": return try parseObject()
        case "[": return try parseArray()
        case "\"": return JSONNode(.string(try parseString()), at: start)
        case "t":
            try expectWord("true")
            return JSONNode(.bool(true), at: start)
        case "f":
            try expectWord("false")
            return JSONNode(.bool(false), at: start)
        case "n":
            try expectWord("null")
            return JSONNode(.null, at: start)
        case "-", "0"..."9": return JSONNode(.number(try parseNumber()), at: start)
        case let c:
            throw error(
                "unexpected '\(c)' where a value was expected; use a number, a string in double quotes, an object or an array"
            )
        }
    }

    private mutating func expectWord(_ word: String) throws(SyntaxError) {
        let start = here
        for expected in word.unicodeScalars {
            guard index < scalars.count, scalars[index] == expected else {
                throw error("unknown word; did you mean '\(word)'? (strings need double quotes)", at: start)
            }
            advance()
        }
    }

    private mutating func enter(_ start: SourceLocation) throws(SyntaxError) {
        depth += 1
        if depth > Self.maxDepth {
            throw error("nesting deeper than \(Self.maxDepth) levels; flatten the document", at: start)
        }
    }

    private mutating func parseObject() throws(SyntaxError) -> JSONNode {
        let start = here
        try enter(start)
        advance()  // {
        var members: [JSONNode.Member] = []
        skipWhitespace()
        if index < scalars.count, scalars[index] == "}" {
            advance()
            depth -= 1
            return JSONNode(.object(members), at: start)
        }
        while true {
            skipWhitespace()
            guard index < scalars.count else {
                throw error("the object that starts at \(start.line):\(start.column) is never closed; add '}'")
            }
            guard scalars[index] == "\"" else {
                throw error(
                    "expected a key in double quotes, found '\(scalars[index])'; quote the key (a trailing comma is not allowed)"
                )
            }
            let keyLocation = here
            let key = try parseString()
            skipWhitespace()
            guard index < scalars.count, scalars[index] == ":" else {
                throw error("expected ':' after the key '\(key)'")
            }
            advance()
            skipWhitespace()
            let value = try parseValue()
            members.append(JSONNode.Member(key, value, keyLocation: keyLocation))
            skipWhitespace()
            guard index < scalars.count else {
                throw error("the object that starts at \(start.line):\(start.column) is never closed; add '}'")
            }
            if scalars[index] == "," {
                let comma = here
                advance()
                skipWhitespace()
                if tookTrailingComma(at: comma, before: "}") { return JSONNode(.object(members), at: start) }
                continue
            }
            if scalars[index] == "}" {
                advance()
                depth -= 1
                return JSONNode(.object(members), at: start)
            }
            throw error(
                "expected ',' or '}' in the object that starts at \(start.line):\(start.column), found '\(scalars[index])'"
            )
        }
    }

    private mutating func parseArray() throws(SyntaxError) -> JSONNode {
        let start = here
        try enter(start)
        advance()  // [
        var items: [JSONNode] = []
        skipWhitespace()
        if index < scalars.count, scalars[index] == "]" {
            advance()
            depth -= 1
            return JSONNode(.array(items), at: start)
        }
        while true {
            skipWhitespace()
            if index < scalars.count, scalars[index] == "]" {
                throw error("trailing comma before ']'; remove the comma")
            }
            items.append(try parseValue())
            skipWhitespace()
            guard index < scalars.count else {
                throw error("the array that starts at \(start.line):\(start.column) is never closed; add ']'")
            }
            if scalars[index] == "," {
                let comma = here
                advance()
                skipWhitespace()
                if tookTrailingComma(at: comma, before: "]") { return JSONNode(.array(items), at: start) }
                continue
            }
            if scalars[index] == "]" {
                advance()
                depth -= 1
                return JSONNode(.array(items), at: start)
            }
            throw error(
                "expected ',' or ']' in the array that starts at \(start.line):\(start.column), found '\(scalars[index])'"
            )
        }
    }

    private mutating func parseString() throws(SyntaxError) -> String {
        let start = here
        advance()  // opening quote
        var out = String.UnicodeScalarView()
        while true {
            guard index < scalars.count else {
                throw error("the string that starts at \(start.line):\(start.column) is never closed; add '\"'")
            }
            let c = scalars[index]
            if c == "\"" {
                advance()
                return String(out)
            }
            if c == "\n" {
                throw error(
                    "line break inside the string that starts at \(start.line):\(start.column); close it with '\"' or write \\n"
                )
            }
            if c == "\\" {
                advance()
                guard index < scalars.count else { continue }
                let escape = scalars[index]
                switch escape {
                case "\"": out.append("\"")
                case "\\": out.append("\\")
                case "/": out.append("/")
                case "b": out.append("\u{08}")
                case "f": out.append("\u{0C}")
                case "n": out.append("\n")
                case "r": out.append("\r")
                case "t": out.append("\t")
                case "u":
                    let escapeStart = here
                    var code: UInt32 = 0
                    for _ in 0..<4 {
                        advance()
                        guard index < scalars.count, let digit = UInt32(String(scalars[index]), radix: 16)
                        else { throw error("'\\u' needs four hex digits", at: escapeStart) }
                        code = code * 16 + digit
                    }
                    // Lone surrogates become U+FFFD; pairs are joined.
                    if (0xD800...0xDBFF).contains(code), index + 6 < scalars.count, scalars[index + 1] == "\\",
                        scalars[index + 2] == "u",
                        let low = UInt32(
                            String(String.UnicodeScalarView(scalars[(index + 3)...(index + 6)])), radix: 16),
                        (0xDC00...0xDFFF).contains(low)
                    {
                        for _ in 0..<6 { advance() }
                        code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                    }
                    out.append(Unicode.Scalar(code) ?? "\u{FFFD}")
                default:
                    throw error("unknown escape '\\\(escape)' in a string; use \\\\ for a backslash")
                }
                advance()
                continue
            }
            out.append(c)
            advance()
        }
    }

    private mutating func parseNumber() throws(SyntaxError) -> Double {
        let start = here
        var text = ""
        while index < scalars.count {
            let c = scalars[index]
            guard c == "-" || c == "+" || c == "." || c == "e" || c == "E" || ("0"..."9").contains(c) else { break }
            text.unicodeScalars.append(c)
            advance()
        }
        guard let value = Double(text), value.isFinite else {
            throw error("'\(text)' is not a number", at: start)
        }
        return value
    }
}
