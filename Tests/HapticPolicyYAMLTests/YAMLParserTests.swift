import HapticPolicy
import HapticPolicyCompiler
import Testing

@testable import HapticPolicyYAML

/// The libyaml wrapper: events copied out of C with 1-based marks.
@Suite struct YAMLParserTests {
    static func events(_ text: String) -> [YAMLEvent] {
        let parser = YAMLParser(bytes: Array(text.utf8), file: "t")
        var events: [YAMLEvent] = []
        while case .success(let event) = parser.next() {
            events.append(event)
            if event.kind == .streamEnd { break }
        }
        return events
    }

    static func at(_ line: Int, _ column: Int) -> HapticPolicy.SourceLocation {
        HapticPolicy.SourceLocation(file: "t", line: line, column: column)
    }

    @Test func copiesEveryEventKind() {
        #expect(
            Self.events("a: &x [1, 'b']\nc: *x\nd: !!str \"e\"\n").map(\.kind) == [
                .streamStart, .documentStart(implicit: true), .mappingStart(anchor: nil, tag: nil),
                .scalar(value: "a", style: .plain, anchor: nil, tag: nil),
                .sequenceStart(anchor: "x", tag: nil),
                .scalar(value: "1", style: .plain, anchor: nil, tag: nil),
                .scalar(value: "b", style: .singleQuoted, anchor: nil, tag: nil),
                .sequenceEnd,
                .scalar(value: "c", style: .plain, anchor: nil, tag: nil),
                .alias(anchor: "x"),
                .scalar(value: "d", style: .plain, anchor: nil, tag: nil),
                .scalar(value: "e", style: .doubleQuoted, anchor: nil, tag: "tag:yaml.org,2002:str"),
                .mappingEnd, .documentEnd, .streamEnd,
            ])
    }

    @Test func marksAreOneBased() {
        let quoted = Self.events("a: &x [1, 'b']\n")[6]
        #expect(quoted.start == Self.at(1, 11))
        #expect(quoted.end == Self.at(1, 14))
    }

    @Test func blockScalarStyles() {
        let kinds = Self.events("a: |\n  x\nb: >\n  y\n").map(\.kind)
        #expect(kinds.contains(.scalar(value: "x\n", style: .literal, anchor: nil, tag: nil)))
        #expect(kinds.contains(.scalar(value: "y\n", style: .folded, anchor: nil, tag: nil)))
    }

    @Test func scannerErrorCarriesBothMarks() throws {
        let parser = YAMLParser(bytes: Array("a: [1\n".utf8), file: "t")
        var failure: YAMLSyntaxError?
        for _ in 0..<10 {
            if case .failure(let error) = parser.next() {
                failure = error
                break
            }
        }
        let error = try #require(failure)
        #expect(error.problem == "did not find expected ',' or ']'")
        #expect(error.problemLocation == Self.at(2, 1))
        #expect(error.context == "while parsing a flow sequence")
        #expect(error.contextLocation == Self.at(1, 4))
    }

    /// Reader errors carry a byte offset; it becomes a line and a column in scalars.
    @Test func readerErrorOffsetBecomesLocation() throws {
        let parser = YAMLParser(bytes: Array("植物: ok\r\nb: x\u{01}\n".utf8), file: "t")
        var failure: YAMLSyntaxError?
        for _ in 0..<10 {
            if case .failure(let error) = parser.next() {
                failure = error
                break
            }
        }
        #expect(failure?.problemLocation == Self.at(2, 5))
    }
}
