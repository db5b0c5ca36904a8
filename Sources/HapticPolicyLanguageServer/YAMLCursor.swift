/// Where the cursor is in the YAML of a policy: the path of keys and items from the top of
/// the file to the mapping (or sequence) it is in, and whether it is at a key or a value.
///
/// It reads the text before the cursor, not the YAML tree: while a key or a value is being
/// typed the document is often not valid YAML. Block mappings and sequences are followed by
/// their indentation, flow ones (`{...}`, `[...]`) by their brackets, on one line or over
/// several; block scalars and the continuation lines of a plain scalar are skipped.
struct YAMLCursor: Equatable {
    /// What the cursor is on.
    enum Position: Equatable {
        /// A key of the mapping at `path` (or, in a block sequence, an item being typed).
        case key
        /// The value of `key` in the mapping at `path`.
        case value(key: String)
        /// An item of the flow sequence at `path` (whose last step is `.item`).
        case item
    }

    /// The steps from the top of the file to the collection the cursor is in.
    var path: [PolicySchema.Step]
    /// What the cursor is on.
    var position: Position
    /// The partial key or value typed so far.
    var prefix: String
    /// The 1-based scalar column where the prefix starts.
    var startColumn: Int
    /// For each collection along the path (the file's top first, the cursor's last): the
    /// scalar values written in it before the cursor, by key (`play: tap`).
    var values: [[String: String]]
    /// The keys already written in the cursor's mapping.
    var written: Set<String>

    /// The cursor after `above` (the lines before the cursor's, first line first) and
    /// `line` (the cursor's line up to the cursor).
    static func at(line: [Unicode.Scalar], above: [[Unicode.Scalar]]) -> YAMLCursor {
        var scanner = Scanner()
        for text in above { scanner.scan(text, isCursorLine: false) }
        scanner.scan(line, isCursorLine: true)
        return scanner.cursor(line)
    }

    /// Whether `scalar` can be part of a key or a value being completed: letters, digits and
    /// `.`, `-`, `_`, and the `/`, `#`, `@` of a row id.
    static func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
        let character = Character(scalar)
        return character.isLetter || character.isNumber || "._-/#@".unicodeScalars.contains(scalar)
    }

    private struct Frame {
        /// The step into this collection from its parent (nil: the same step as the block
        /// frame it is the inline value of, or the file's top).
        var step: PolicySchema.Step?
        /// A block frame's column (of its key or dash); -1 for the file's top.
        var indent: Int
        /// For a flow collection: whether it is a mapping.
        var flowMapping: Bool?
        /// In a flow mapping: the key whose value is being read.
        var key: String?
        var values: [String: String] = [:]
        var written: Set<String> = []
    }

    private struct Scanner {
        var frames = [Frame(step: nil, indent: -1)]
        /// Lines indented deeper than this are the text of a scalar (a block scalar, or a
        /// plain scalar that goes on over lines), not structure.
        var scalarIndent: Int?
        /// At the cursor: the key the cursor is the value of, in block style.
        var blockValueKey: String?
        var token = ""

        var inFlow: Bool { frames.last?.flowMapping != nil }

        mutating func scan(_ line: [Unicode.Scalar], isCursorLine: Bool) {
            var index = 0
            blockValueKey = nil
            if inFlow {
                flow(line, from: 0)
                return
            }
            while index < line.count, line[index] == " " { index += 1 }
            let blank = index == line.count || line[index] == "#"
            if blank && !isCursorLine { return }
            if let deeper = scalarIndent {
                if index > deeper && !isCursorLine { return }
                scalarIndent = nil
            }
            let dash = index < line.count && line[index] == "-" && (index + 1 == line.count || line[index + 1] == " ")
            while let top = frames.last, top.indent >= 0, top.flowMapping == nil {
                if top.indent > index || (top.indent == index && !(dash && top.step != .item)) {
                    frames.removeLast()
                } else {
                    break
                }
            }
            // Each `- ` opens an item.
            while index < line.count, line[index] == "-", index + 1 == line.count || line[index + 1] == " " {
                frames.append(Frame(step: .item, indent: index))
                index += 1
                while index < line.count, line[index] == " " { index += 1 }
            }
            guard index < line.count else { return }
            if line[index] == "{" || line[index] == "[" {
                flow(line, from: index)
                return
            }
            // `key:` then a value, a flow collection, or nothing (a block value).
            let keyColumn = index
            guard let (key, after) = Self.key(line, from: index) else {
                token = String(String.UnicodeScalarView(line[index...]))
                return
            }
            frames[frames.count - 1].written.insert(key)
            var rest = after
            while rest < line.count, line[rest] == " " { rest += 1 }
            if rest == line.count || line[rest] == "#" {
                frames.append(Frame(step: .key(key), indent: keyColumn))
                if isCursorLine { blockValueKey = key }
                token = ""
                return
            }
            if line[rest] == "{" || line[rest] == "[" {
                frames.append(Frame(step: .key(key), indent: keyColumn))
                flow(line, from: rest)
                return
            }
            var value = String(String.UnicodeScalarView(line[rest...]))
            if let comment = value.range(of: " #") { value = String(value[..<comment.lowerBound]) }
            while value.last == " " { value.removeLast() }
            frames[frames.count - 1].values[key] = value
            if isCursorLine {
                blockValueKey = key
                token = value
            } else {
                // A block scalar (`|`, `>`) or a plain scalar may go on over deeper lines.
                scalarIndent = keyColumn
            }
        }

        /// A key at `index` (plain or quoted) and the index after its `:`.
        static func key(_ line: [Unicode.Scalar], from index: Int) -> (String, Int)? {
            var end = index
            var quote: Unicode.Scalar?
            if line[index] == "\"" || line[index] == "'" {
                quote = line[index]
                end += 1
                while end < line.count, line[end] != quote { end += 1 }
                guard end < line.count else { return nil }
                end += 1
                guard end < line.count, line[end] == ":" else { return nil }
                let key = String(String.UnicodeScalarView(line[(index + 1)..<(end - 1)]))
                return (key, end + 1)
            }
            while end < line.count {
                if line[end] == ":", end + 1 == line.count || line[end + 1] == " " {
                    let key = String(String.UnicodeScalarView(line[index..<end]))
                    return (key.trimmingTrailingSpaces, end + 1)
                }
                if line[end] == "#", end > index, line[end - 1] == " " { return nil }
                end += 1
            }
            return nil
        }

        /// Reads flow collections from `start` to the end of the line (or of the part
        /// before the cursor).
        mutating func flow(_ line: [Unicode.Scalar], from start: Int) {
            var index = start
            var quote: Unicode.Scalar?
            while index < line.count {
                let scalar = line[index]
                defer { index += 1 }
                if let open = quote {
                    if scalar == open { quote = nil } else { token.unicodeScalars.append(scalar) }
                    continue
                }
                switch scalar {
                case "\"", "'":
                    quote = scalar
                case "{", "[":
                    let step: PolicySchema.Step?
                    if let top = frames.last, let mapping = top.flowMapping {
                        step = mapping ? top.key.map { .key($0) } : .item
                    } else {
                        step = nil
                    }
                    frames.append(Frame(step: step, indent: frames.last?.indent ?? 0, flowMapping: scalar == "{"))
                    token = ""
                case "}", "]":
                    endValue()
                    if inFlow { frames.removeLast() }
                    token = ""
                    if !inFlow { return }
                case ",":
                    endValue()
                    if inFlow { frames[frames.count - 1].key = nil }
                    token = ""
                case ":"
                where frames.last?.flowMapping == true && frames.last?.key == nil
                    && (index + 1 == line.count || " ,}]".unicodeScalars.contains(line[index + 1])):
                    let key = token.trimmingSpaces
                    frames[frames.count - 1].key = key
                    frames[frames.count - 1].written.insert(key)
                    token = ""
                case "#" where index == 0 || line[index - 1] == " ":
                    return
                default:
                    token.unicodeScalars.append(scalar)
                }
            }
        }

        /// A scalar value ends in a flow mapping: keep it by its key.
        private mutating func endValue() {
            guard let top = frames.last, top.flowMapping == true, let key = top.key else { return }
            let value = token.trimmingSpaces
            if !value.isEmpty { frames[frames.count - 1].values[key] = value }
        }

        func cursor(_ line: [Unicode.Scalar]) -> YAMLCursor {
            var start = line.count
            while start > 0, YAMLCursor.isWordScalar(line[start - 1]) { start -= 1 }
            let prefix = String(String.UnicodeScalarView(line[start...]))
            let position: Position
            if let top = frames.last, let mapping = top.flowMapping {
                position = mapping ? (top.key.map { .value(key: $0) } ?? .key) : .item
            } else if let key = blockValueKey {
                position = .value(key: key)
            } else {
                position = .key
            }
            var path = frames.compactMap(\.step)
            var values = frames.map(\.values)
            var written = frames.last?.written ?? []
            if case .value(let key) = position, blockValueKey != nil, frames.last?.step == .key(key),
                frames.last?.flowMapping == nil
            {
                // `key: ` at the end of a block line opened a frame for a block value: the
                // cursor is the value of `key` in the mapping that holds it.
                path.removeLast()
                values.removeLast()
                written = frames.dropLast().last?.written ?? []
            }
            if case .item = position, path.last != .item { path.append(.item) }
            return YAMLCursor(
                path: path, position: position, prefix: prefix, startColumn: start + 1, values: values,
                written: written)
        }
    }
}

extension String {
    fileprivate var trimmingTrailingSpaces: String {
        var text = Substring(self)
        while text.last == " " { text.removeLast() }
        return String(text)
    }

    fileprivate var trimmingSpaces: String {
        String(trimmingTrailingSpaces.drop { $0 == " " })
    }
}
