import HapticPolicy
import HapticPolicyCompiler
import Testing

@testable import HapticPolicyYAML

/// What a designer sees in the terminal, compared verbatim.
@Suite struct RenderedDiagnosticsTests {
    @Test func rendersUnknownKeyWithCaret() throws {
        let text = header + "feedback:\n  tap:\n    layer: ui\n    preset: impact.light\n    intensty: 0.5\n"
        let result = PolicyLoader.parse(Array(text.utf8), file: "Policies/x.yaml")
        let source = try #require(result.source)
        let rendered = renderText(result.diagnostics, sources: ["Policies/x.yaml": source], color: false)
        #expect(
            rendered == """
                Policies/x.yaml:7:5: error[HP012]: unknown key 'intensty'; did you mean 'intensity'?
                    7 |     intensty: 0.5
                      |     ^~~~~~~~

                """)
    }

    @Test func rendersSyntaxErrorWithContextNote() throws {
        let text = "policy: p\nversion: 1\nengine: {warmup: 0.1\n"
        let result = PolicyLoader.parse(Array(text.utf8), file: "x.yaml")
        let rendered = renderText(result.diagnostics, sources: ["x.yaml": try #require(result.source)], color: false)
        #expect(
            rendered == """
                x.yaml:4:1: error[HP005]: yaml syntax error: expected ',' or '}' in the flow mapping; close it with '}' or separate entries with ','
                    4 |
                      | ^
                x.yaml:3:9: note: the flow mapping that starts here is never closed
                    3 | engine: {warmup: 0.1
                      |         ^

                """)
    }

    @Test func rendersDuplicateKeyUnderJapaneseText() throws {
        let text = "policy: p\nversion: 1\ndescription: {植物: 1, 植物: 2}\n"
        let result = PolicyLoader.parse(Array(text.utf8), file: "x.yaml")
        let rendered = renderText(result.diagnostics, sources: ["x.yaml": try #require(result.source)], color: false)
        #expect(
            rendered == """
                x.yaml:3:14: error[HP011]: expected text for 'description', found a mapping; replace it with text
                    3 | description: {植物: 1, 植物: 2}
                      |              ^
                x.yaml:3:22: error[HP006]: duplicate key '植物'; a key may appear once in a mapping, remove or rename one
                    3 | description: {植物: 1, 植物: 2}
                      |                        ^~~~
                x.yaml:3:15: note: '植物' is first set here
                    3 | description: {植物: 1, 植物: 2}
                      |               ^~~~

                """)
    }
}
