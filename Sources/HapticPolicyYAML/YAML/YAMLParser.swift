internal import CYAML
import HapticPolicy
import HapticPolicyCompiler

/// A YAML syntax error reported by libyaml, with both of its marks.
package struct YAMLSyntaxError: Error, Sendable, Hashable {
    /// libyaml's problem text ("did not find expected ',' or '}'").
    package var problem: String
    /// Where the problem was found.
    package var problemLocation: SourceLocation
    /// libyaml's context text ("while parsing a flow mapping"), if any.
    package var context: String?
    /// Where the construct named by `context` starts.
    package var contextLocation: SourceLocation?
    /// Whether other text precedes the problem on its line (a stray quote or bracket
    /// after a value, rather than a line at the wrong indentation).
    package var followsText = false
}

/// Owns a libyaml parser and the input bytes it reads, and hands out events one by one.
///
/// The C parser keeps a pointer to its input until it is deleted, so the buffer is
/// allocated here and freed in `deinit`, after `yaml_parser_delete`. Every C event is
/// freed by `next()` before it returns; callers only ever see Swift copies.
package final class YAMLParser {
    private let parser: UnsafeMutablePointer<yaml_parser_t>
    private let input: UnsafeMutableBufferPointer<UInt8>
    private let file: String
    private let byteCount: Int
    private let initialized: Bool

    /// Creates a parser over UTF-8 `bytes` (without a byte order mark).
    package init(bytes: [UInt8], file: String) {
        self.file = file
        parser = .allocate(capacity: 1)
        input = .allocate(capacity: max(bytes.count, 1))
        _ = input.initialize(from: bytes)
        byteCount = bytes.count
        initialized = yaml_parser_initialize(parser) == 1
        if initialized {
            yaml_parser_set_encoding(parser, YAML_UTF8_ENCODING)
            yaml_parser_set_input_string(parser, input.baseAddress, bytes.count)
        }
    }

    deinit {
        if initialized { yaml_parser_delete(parser) }
        parser.deallocate()
        input.deallocate()
    }

    /// The next event, or the syntax error that stops the stream.
    package func next() -> Result<YAMLEvent, YAMLSyntaxError> {
        guard initialized else {
            return .failure(YAMLSyntaxError(problem: "out of memory", problemLocation: location(line: 0, column: 0)))
        }
        var event = yaml_event_t()
        guard yaml_parser_parse(parser, &event) == 1 else { return .failure(currentError()) }
        defer { yaml_event_delete(&event) }
        return .success(convert(event))
    }

    // MARK: - The one place that reads libyaml's marks and unions

    /// libyaml marks are 0-based lines and columns counted in characters (Unicode scalars
    /// for UTF-8 input); ours are 1-based.
    private func location(_ mark: yaml_mark_t) -> SourceLocation {
        location(line: Int(mark.line), column: Int(mark.column))
    }

    private func location(line: Int, column: Int) -> SourceLocation {
        SourceLocation(file: file, line: line + 1, column: column + 1)
    }

    private func convert(_ event: yaml_event_t) -> YAMLEvent {
        let kind: YAMLEvent.Kind
        switch event.type {
        case YAML_STREAM_START_EVENT:
            kind = .streamStart
        case YAML_DOCUMENT_START_EVENT:
            kind = .documentStart(implicit: event.data.document_start.implicit != 0)
        case YAML_DOCUMENT_END_EVENT:
            kind = .documentEnd
        case YAML_ALIAS_EVENT:
            kind = .alias(anchor: string(event.data.alias.anchor) ?? "")
        case YAML_SCALAR_EVENT:
            let scalar = event.data.scalar
            let value =
                scalar.value.map {
                    String(decoding: UnsafeBufferPointer(start: $0, count: scalar.length), as: UTF8.self)
                } ?? ""
            kind = .scalar(
                value: value, style: style(scalar.style), anchor: string(scalar.anchor), tag: string(scalar.tag))
        case YAML_SEQUENCE_START_EVENT:
            let sequence = event.data.sequence_start
            kind = .sequenceStart(anchor: string(sequence.anchor), tag: string(sequence.tag))
        case YAML_SEQUENCE_END_EVENT:
            kind = .sequenceEnd
        case YAML_MAPPING_START_EVENT:
            let mapping = event.data.mapping_start
            kind = .mappingStart(anchor: string(mapping.anchor), tag: string(mapping.tag))
        case YAML_MAPPING_END_EVENT:
            kind = .mappingEnd
        default:
            kind = .streamEnd
        }
        return YAMLEvent(kind: kind, start: location(event.start_mark), end: location(event.end_mark))
    }

    private func style(_ style: yaml_scalar_style_t) -> YAMLScalarStyle {
        switch style {
        case YAML_SINGLE_QUOTED_SCALAR_STYLE: .singleQuoted
        case YAML_DOUBLE_QUOTED_SCALAR_STYLE: .doubleQuoted
        case YAML_LITERAL_SCALAR_STYLE: .literal
        case YAML_FOLDED_SCALAR_STYLE: .folded
        default: .plain
        }
    }

    private func string(_ pointer: UnsafeMutablePointer<yaml_char_t>?) -> String? {
        guard let pointer else { return nil }
        return String(cString: pointer)
    }

    private func currentError() -> YAMLSyntaxError {
        let state = parser.pointee
        let problem = state.problem.map { String(cString: $0) } ?? "unknown error"
        switch state.error {
        case YAML_READER_ERROR:
            // Reader errors carry a byte offset instead of a mark.
            return YAMLSyntaxError(problem: problem, problemLocation: location(byteOffset: state.problem_offset))
        case YAML_SCANNER_ERROR, YAML_PARSER_ERROR:
            let context = state.context.map { String(cString: $0) }
            // At the end of a file without a final line break libyaml reports a line past
            // the last one; point at the end of the text instead.
            let end = location(byteOffset: byteCount)
            let problemLocation = min(location(state.problem_mark), end)
            return YAMLSyntaxError(
                problem: problem, problemLocation: problemLocation,
                context: context, contextLocation: context == nil ? nil : location(state.context_mark),
                followsText: hasText(line: Int(state.problem_mark.line), before: Int(state.problem_mark.column)))
        default:
            return YAMLSyntaxError(problem: problem, problemLocation: location(line: 0, column: 0))
        }
    }

    /// Whether the 0-based `line` has anything but spaces before its 0-based `column`.
    private func hasText(line: Int, before column: Int) -> Bool {
        var index = 0
        var current = 0
        while current < line, index < byteCount {
            if input[index] == 0x0A || (input[index] == 0x0D && (index + 1 == byteCount || input[index + 1] != 0x0A)) {
                current += 1
            }
            index += 1
        }
        var scalars = 0
        while scalars < column, index < byteCount, input[index] != 0x0A, input[index] != 0x0D {
            if input[index] & 0xC0 != 0x80 {
                if input[index] != 0x20, input[index] != 0x09 { return true }
                scalars += 1
            }
            index += 1
        }
        return false
    }

    /// Reader errors carry a byte offset instead of a mark: count lines and scalars up to it.
    private func location(byteOffset: Int) -> SourceLocation {
        let end = min(max(byteOffset, 0), byteCount)
        var line = 0
        var column = 0
        var index = 0
        while index < end {
            let byte = input[index]
            if byte == 0x0A || byte == 0x0D {
                if byte == 0x0D, index + 1 < end, input[index + 1] == 0x0A { index += 1 }
                line += 1
                column = 0
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
            index += 1
        }
        return location(line: line, column: column)
    }
}
