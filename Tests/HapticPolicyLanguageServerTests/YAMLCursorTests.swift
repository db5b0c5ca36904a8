import Testing

@testable import HapticPolicyLanguageServer

/// Where the cursor is, read from the text before it: the path and whether it is at a key
/// or a value, in block and flow style, past block scalars, comments and quoted keys.
@Suite struct YAMLCursorTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var what: String
        /// The text; the cursor is at its end.
        var text: String
        var path: [PolicySchema.Step]
        var position: YAMLCursor.Position
        var prefix = ""
        var testDescription: String { what }
    }

    static let cases: [Case] = [
        Case(what: "the top", text: "policy: x\nba", path: [], position: .key, prefix: "ba"),
        Case(
            what: "a block key under two", text: "bands:\n  turn:\n    unit: m\n    ap",
            path: [.key("bands"), .key("turn")], position: .key, prefix: "ap"),
        Case(
            what: "a blank line keeps its indentation's parent",
            text: "bands:\n  turn:\n    levels:\n      - {name: a}\n    ",
            path: [.key("bands"), .key("turn")], position: .key),
        Case(
            what: "a block value", text: "bands:\n  turn:\n    approach: fa", path: [.key("bands"), .key("turn")],
            position: .value(key: "approach"), prefix: "fa"),
        Case(
            what: "a block value not begun", text: "feedback:\n  tap:\n    priority: ",
            path: [.key("feedback"), .key("tap")], position: .value(key: "priority")),
        Case(
            what: "a flow mapping in a list item", text: "bands:\n  turn:\n    levels:\n      - {name: now, at-",
            path: [.key("bands"), .key("turn"), .key("levels"), .item], position: .key, prefix: "at-"),
        Case(
            what: "a sequence at its key's indentation",
            text: "bands:\n  turn:\n    levels:\n    - {name: now, at-most: 3}\n    - {name: far, ",
            path: [.key("bands"), .key("turn"), .key("levels"), .item], position: .key),
        Case(
            what: "nested flow mappings", text: "screens:\n  s:\n    table:\n      e:\n        - {when: {data: {dir",
            path: [.key("screens"), .key("s"), .key("table"), .key("e"), .item, .key("when"), .key("data")],
            position: .key, prefix: "dir"),
        Case(
            what: "a flow value", text: "x:\n  - {when: {data: {dir: ",
            path: [.key("x"), .item, .key("when"), .key("data")],
            position: .value(key: "dir")),
        Case(
            what: "a flow sequence", text: "background:\n  keeps: {rows: [a/b, c/",
            path: [.key("background"), .key("keeps"), .key("rows"), .item], position: .item, prefix: "c/"),
        Case(
            what: "a flow mapping over lines", text: "feedback:\n  tap: {layer: ui,\n    pri",
            path: [.key("feedback"), .key("tap")], position: .key, prefix: "pri"),
        Case(
            what: "after a closed flow mapping", text: "events:\n  e: {layer: ui, screens: [a]}\n  f:\n    en",
            path: [.key("events"), .key("f")], position: .key, prefix: "en"),
        Case(
            what: "a block scalar's text is not structure",
            text: "description: >\n  a line: with {a brace\n  and [more\nfeedback:\n  tap:\n    la",
            path: [.key("feedback"), .key("tap")], position: .key, prefix: "la"),
        Case(
            what: "a plain scalar over lines", text: "screens:\n  s:\n    note: one\n      two: {three\n    ot",
            path: [.key("screens"), .key("s")], position: .key, prefix: "ot"),
        Case(
            what: "comments", text: "bands:  # the bands\n  # a comment: {\n  turn:  # x\n    ap",
            path: [.key("bands"), .key("turn")], position: .key, prefix: "ap"),
        Case(
            what: "a quoted key", text: "screens:\n  \"my screen\":\n    ot",
            path: [.key("screens"), .key("my screen")],
            position: .key, prefix: "ot"),
    ]

    @Test(arguments: cases) func cursor(_ example: Case) {
        var lines = example.text.components(separatedBy: "\n").map { Array($0.unicodeScalars) }
        let line = lines.removeLast()
        let cursor = YAMLCursor.at(line: line, above: lines)
        #expect(cursor.path == example.path)
        #expect(cursor.position == example.position)
        #expect(cursor.prefix == example.prefix)
        #expect(cursor.startColumn == line.count - example.prefix.unicodeScalars.count + 1)
    }

    /// What a mapping holds before the cursor: its scalar values (what `with:` reads) and
    /// its keys (left out of completion).
    @Test func valuesAndWrittenKeys() {
        let text = "x:\n  - {band: turn.distance, with: {side: 1, "
        var lines = text.components(separatedBy: "\n").map { Array($0.unicodeScalars) }
        let cursor = YAMLCursor.at(line: lines.removeLast(), above: lines)
        #expect(cursor.values.dropLast().last?["band"] == "turn.distance")
        #expect(cursor.values.last?["side"] == "1")
        #expect(cursor.written == ["side"])
    }
}
