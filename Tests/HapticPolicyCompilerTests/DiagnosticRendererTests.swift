import Testing

@testable import HapticPolicy
@testable import HapticPolicyCompiler

@Suite struct DiagnosticRendererTests {
    static func diagnostic(line: Int, column: Int, file: String = "a.yaml") -> Diagnostic {
        Diagnostic(
            code: "HP999", severity: .warning, message: "look here",
            at: SourceLocation(file: file, line: line, column: column))
    }

    @Test(arguments: [
        // The caret is placed by display width: two columns per Japanese character.
        (
            "reason: 鳴らさない, x\n", 16,
            "  1 | reason: 鳴らさない, x\n      | " + String(repeating: " ", count: 8 + 10 + 2) + "^"
        ),
        // Tabs stay tabs so the terminal expands them the same way in both lines.
        ("\tkey:\tvalue\n", 7, "  1 | \tkey:\tvalue\n      | \t    \t^~~~~"),
        // A quoted scalar is underlined to its closing quote.
        ("a: 'two words' # c\n", 4, "  1 | a: 'two words' # c\n      |    ^~~~~~~~~~~"),
    ])
    func placesCaret(source: String, column: Int, expectedSnippet: String) {
        let rendered = renderText(
            [Self.diagnostic(line: 1, column: column)], sources: ["a.yaml": source], color: false)
        #expect(rendered == "a.yaml:1:\(column): warning[HP999]: look here\n  " + expectedSnippet + "\n")
    }

    @Test func omitsSnippetWithoutSource() {
        let rendered = renderText(
            [Self.diagnostic(line: 9, column: 1), Self.diagnostic(line: 1, column: 1, file: "b.yaml")],
            sources: ["a.yaml": "one line\n"], color: false)
        #expect(rendered == "a.yaml:9:1: warning[HP999]: look here\nb.yaml:1:1: warning[HP999]: look here\n")
    }

    @Test func coloursOnlyWhenAsked() {
        let plain = renderText([Self.diagnostic(line: 1, column: 1)], sources: ["a.yaml": "x\n"], color: false)
        let coloured = renderText([Self.diagnostic(line: 1, column: 1)], sources: ["a.yaml": "x\n"], color: true)
        #expect(!plain.contains("\u{1B}["))
        #expect(coloured.contains("\u{1B}[1;33mwarning[HP999]:\u{1B}[0m"))
    }
}

@Suite struct DiagnosticRendererLongLineTests {
    @Test func showsAWindowOfVeryLongLines() throws {
        let source = String(repeating: "[", count: 100_000)
        let rendered = renderText(
            [DiagnosticRendererTests.diagnostic(line: 1, column: 50_000)], sources: ["a.yaml": source], color: false)
        let lines = rendered.split(separator: "\n")
        #expect(lines.count == 3)
        #expect(lines.allSatisfy { $0.count < 200 })
        let caretLine = try #require(lines.last)
        #expect(
            caretLine.firstIndex(of: "^").map { caretLine.distance(from: caretLine.startIndex, to: $0) } == 8 + 1 + 80)
    }
}
