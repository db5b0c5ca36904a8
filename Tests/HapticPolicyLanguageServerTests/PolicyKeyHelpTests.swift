import Foundation
import Testing

@testable import HapticPolicyLanguageServer

/// The language server's help with the keys and values of language v3 (`PolicyKeyHelp`,
/// `YAMLCursor`, `PolicySchema`): what completes where and what hover says, through the
/// server's own `textDocument/completion` and `textDocument/hover` handlers.
@Suite struct PolicyKeyHelpTests {
    static let text = """
        policy: nav
        version: 1
        feedback:
          turn.cue:
            layer: ui
            priority: high
            pattern:
              params:
                side: {default: 0, min: -1, max: 1}
                urgency: {default: 1, min: 1, max: 3}
              events:
                - {type: transient, time: 0, intensity: 0.8, sharpness: 0.5}
            fallback: impact.medium
          hazard: {layer: ui, preset: notification.error, priority: critical}
          tick: {layer: ui, preset: selection, priority: low}
        events:
          turn.distance:
            layer: ui
            screens: [ride]
            value: number
            data:
              direction: {type: string, one-of: [left, right, straight, u-turn]}
          hazard.closure: {layer: ui, screens: [ride], ends-subject: true}
          picker.tick: {layer: ui, screens: [ride]}
        bands:
          turn.distance:
            unit: m
            approach: falling
            levels:
              - {name: now, at-most: 30, play: turn.cue, with: {urgency: 3}}
              - {name: close, at-most: 100, play: turn.cue, with: {urgency: 2}}
              - {name: far, silent: too far to cue}
        screens:
          ride:
            otherwise: {silent: quiet}
            table:
              turn.distance:
                - {when: {data: {direction: {in: [left, u-turn]}}}, band: turn.distance, with: {side: -1}}
                - {when: {data: {direction: right}}, band: turn.distance, with: {side: 1}}
                - {band: turn.distance, with: {side: 0}}
              hazard.closure: {play: hazard}
              picker.tick:
                - {when: {in-gesture: true}, play: tick}
                - {silent: a tick outside a scroll}
        background:
          keeps: {feedback: [hazard], rows: [ride/hazard.closure]}
        budgets:
          - {id: R-1, event: hazard.closure, max: 1, per: 20, enforce: true}

        """

    /// An edit of `text` and where to ask: at the end of the first `at` in the edited text.
    struct Edit: CustomTestStringConvertible, Sendable {
        var what: String
        var old: String
        var new: String
        var at: String
        var testDescription: String { what }

        var edited: String {
            old.isEmpty ? PolicyKeyHelpTests.text : PolicyKeyHelpTests.text.replacingOccurrences(of: old, with: new)
        }

        /// The LSP position (ASCII text: UTF-16 offsets are scalar offsets).
        func position(offset: Int? = nil) -> LSPPosition {
            let lines = edited.components(separatedBy: "\n")
            for (number, line) in lines.enumerated() {
                if let range = line.range(of: at) {
                    let column = line.distance(from: line.startIndex, to: range.upperBound)
                    return LSPPosition(line: number, character: offset.map { column - at.count + $0 } ?? column)
                }
            }
            Issue.record("'\(at)' is not in the edited text")
            return LSPPosition(line: 0, character: 0)
        }
    }

    /// Opens the policy (and lets the server read it whole), changes it to `edit`'s text,
    /// and sends `method` at the edit's position; the result.
    static func ask(_ method: String, _ edit: Edit, offset: Int? = nil) -> Any? {
        let uri = ServerSession.uri
        let run = ServerSession.serve([
            ServerSession.initialize, ServerSession.open(text),
            LSP.request(2, "textDocument/documentSymbol", LSP.DocumentSymbolParams(textDocument: .init(uri: uri))),
            ServerSession.change(edit.edited, version: 2),
            LSP.request(
                3, method,
                LSP.TextDocumentPositionParams(textDocument: .init(uri: uri), position: edit.position(offset: offset))),
            LSP.request(4, "shutdown"), LSP.notification("exit"),
        ])
        return run.messages.first { $0["id"] as? Int == 3 }?["result"]
    }

    static func labels(_ edit: Edit) -> [String] {
        let items = ((ask("textDocument/completion", edit) as? [String: Any])?["items"] as? [[String: Any]]) ?? []
        return items.compactMap { $0["label"] as? String }
    }

    static func hover(_ edit: Edit, offset: Int) -> String {
        let contents = (ask("textDocument/hover", edit, offset: offset) as? [String: Any])?["contents"]
        return (contents as? [String: Any])?["value"] as? String ?? ""
    }

    // MARK: - Completion

    struct Completion: CustomTestStringConvertible, Sendable {
        var edit: Edit
        var expected: [String]
        var testDescription: String { edit.what }
    }

    static let completions: [Completion] = [
        Completion(
            edit: Edit(what: "band approach:", old: "approach: falling", new: "approach: ", at: "approach: "),
            expected: ["falling", "rising"]),
        Completion(
            edit: Edit(what: "a band's keys", old: "    unit: m\n", new: "    unit: m\n    ap\n", at: "    ap"),
            expected: ["approach"]),
        Completion(
            edit: Edit(
                what: "a level's at-most:", old: "{name: far, silent: too far to cue}", new: "{name: far, at",
                at: "{name: far, at"),
            expected: ["at-most"]),
        Completion(
            edit: Edit(
                what: "an event's data:, ends-subject:", old: "picker.tick: {layer: ui, screens: [ride]}",
                new: "picker.tick: {layer: ui, screens: [ride], ", at: "screens: [ride], "),
            expected: ["acknowledge", "data", "ends-subject", "note", "params", "value"]),
        Completion(
            edit: Edit(
                what: "a data field's keys", old: "direction: {type: string, one-of: [left, right, straight, u-turn]}",
                new: "direction: {type: string, ", at: "direction: {type: string, "),
            expected: ["max", "min", "one-of", "required"]),
        Completion(
            edit: Edit(
                what: "a data field's types", old: "direction: {type: string, one-of: [left, right, straight, u-turn]}",
                new: "direction: {type: ", at: "direction: {type: "),
            expected: ["number", "bool", "string"]),
        Completion(
            edit: Edit(
                what: "when: data: the event's fields", old: "{when: {data: {direction: right}}",
                new: "{when: {data: {", at: "{when: {data: {"),
            expected: ["direction"]),
        Completion(
            edit: Edit(
                what: "when: data: a field's one-of strings", old: "{when: {data: {direction: right}}",
                new: "{when: {data: {direction: ", at: "{when: {data: {direction: "),
            expected: ["left", "right", "straight", "u-turn"]),
        Completion(
            edit: Edit(
                what: "when: data: in: a field's one-of strings", old: "{in: [left, u-turn]}", new: "{in: [left, ",
                at: "{in: [left, "),
            expected: ["left", "right", "straight", "u-turn"]),
        Completion(
            edit: Edit(
                what: "a band row's with: the parameters of what its levels play", old: "with: {side: 1}",
                new: "with: {", at: "band: turn.distance, with: {"),
            expected: ["side", "urgency"]),
        Completion(
            edit: Edit(
                what: "a level's with: the parameters of its play", old: "with: {urgency: 3}", new: "with: {u",
                at: "play: turn.cue, with: {u"),
            expected: ["urgency"]),
        Completion(
            edit: Edit(what: "priority:", old: "priority: high", new: "priority: ", at: "    priority: "),
            expected: ["low", "normal", "high", "critical"]),
        Completion(
            edit: Edit(
                what: "background keeps: keys", old: "keeps: {feedback: [hazard], rows: [ride/hazard.closure]}",
                new: "keeps: {", at: "keeps: {"),
            expected: ["feedback", "layers", "rows"]),
        Completion(
            edit: Edit(
                what: "background keeps: rows that play", old: "rows: [ride/hazard.closure]", new: "rows: [ride/h",
                at: "rows: [ride/h"),
            expected: ["ride/hazard.closure"]),
        Completion(
            edit: Edit(
                what: "background keeps: feedback names", old: "{feedback: [hazard]", new: "{feedback: [",
                at: "{feedback: ["),
            expected: ["turn.cue", "hazard", "tick"]),
        Completion(
            edit: Edit(
                what: "background: keys", old: "  keeps: {feedback", new: "  no\n  keeps: {feedback", at: "  no"),
            expected: ["note"]),
        Completion(
            edit: Edit(
                what: "a screen's otherwise: keys", old: "otherwise: {silent: quiet}", new: "otherwise: {",
                at: "otherwise: {"),
            expected: ["cite", "note", "silent"]),
        Completion(
            edit: Edit(what: "a screen's keys", old: "    otherwise: {silent: quiet}\n", new: "    o", at: "    o"),
            expected: ["otherwise"]),
        Completion(
            edit: Edit(
                what: "when: in-gesture: true or false", old: "{when: {in-gesture: true}",
                new: "{when: {in-gesture: ", at: "{when: {in-gesture: "),
            expected: ["true", "false"]),
        Completion(
            edit: Edit(
                what: "when: keys", old: "{when: {in-gesture: true}", new: "{when: {in-", at: "{when: {in-"),
            expected: ["in-gesture"]),
        Completion(
            edit: Edit(
                what: "ends-subject: true", old: "ends-subject: true", new: "ends-subject: ", at: "ends-subject: "),
            expected: ["true", "false"]),
        Completion(
            edit: Edit(
                what: "a budget's event: scope keys", old: "{id: R-1, event: hazard.closure,", new: "{id: R-1, ev",
                at: "{id: R-1, ev"),
            expected: ["event", "events"]),
        Completion(
            edit: Edit(
                what: "a budget's event: names", old: "{id: R-1, event: hazard.closure,", new: "{id: R-1, event: ",
                at: "{id: R-1, event: "),
            expected: ["turn.distance", "hazard.closure", "picker.tick"]),
        Completion(
            edit: Edit(
                what: "acknowledge: codes", old: "  - {id: R-1,", new: "  - {acknowledge: {HP50",
                at: "{acknowledge: {HP50"),
            expected: ["HP501", "HP507"]),
        Completion(
            edit: Edit(what: "the top level's keys not yet written", old: "budgets:", new: "bu", at: "bu"),
            expected: ["budgets"]),
    ]

    @Test(arguments: completions) func completes(_ example: Completion) {
        #expect(Self.labels(example.edit) == example.expected)
    }

    /// A key comes with its meaning's first sentence as its detail and the whole as its
    /// documentation, and is written with its `: `.
    @Test func aKeyCarriesItsMeaningAndItsColon() throws {
        let edit = Edit(what: "", old: "    unit: m\n", new: "    unit: m\n    ap\n", at: "    ap")
        let result = try #require(Self.ask("textDocument/completion", edit) as? [String: Any])
        let item = try #require((result["items"] as? [[String: Any]])?.first)
        let detail = item["detail"] as? String
        #expect(detail?.hasPrefix("The one way the level moves (language v3)") == true)
        #expect(detail?.hasSuffix("changes nothing.") == true)
        let documentation = (item["documentation"] as? [String: Any])?["value"] as? String
        #expect(documentation?.hasSuffix("(one given is not used, HP150).") == true)
        #expect((item["textEdit"] as? [String: Any])?["newText"] as? String == "approach: ")
    }

    /// In a test file, keys of policies are not offered.
    @Test func aTestFileGetsNoPolicyKeys() {
        let uri = "file:///nowhere/p.tests.yaml"
        let text = "policy: p.yaml\ncases:\n  - ap"
        let run = ServerSession.serve([
            ServerSession.initialize,
            ServerSession.open(text, uri: uri),
            ServerSession.at(2, "textDocument/completion", uri: uri, 2, 6),
            LSP.request(3, "shutdown"), LSP.notification("exit"),
        ])
        let result = run.messages.first { $0["id"] as? Int == 2 }?["result"] as? [String: Any]
        #expect((result?["items"] as? [Any])?.isEmpty == true)
    }

    // MARK: - Hover

    struct Hover: CustomTestStringConvertible, Sendable {
        var what: String
        var at: String
        var offset: Int
        var expected: [String]
        var testDescription: String { what }
    }

    static let hovers: [Hover] = [
        Hover(what: "approach:", at: "approach: falling", offset: 2, expected: ["**`approach`**", "`receding`"]),
        Hover(what: "at-most:", at: "at-most: 30", offset: 2, expected: ["**`at-most`**", "Inclusive upper edge"]),
        Hover(what: "an event's data:", at: "    data:", offset: 5, expected: ["**`data`**", "besides its value"]),
        Hover(
            what: "ends-subject:", at: "ends-subject: true", offset: 2,
            expected: ["**`ends-subject`**", "forgets its subject"]),
        Hover(
            what: "in-gesture:", at: "in-gesture: true", offset: 2,
            expected: ["**`in-gesture`**", "ticker gesture must be open"]),
        Hover(what: "otherwise:", at: "otherwise: {", offset: 2, expected: ["**`otherwise`**", "a silence only"]),
        Hover(what: "silent: in otherwise:", at: "{silent: quiet}", offset: 2, expected: ["**`silent`**"]),
        Hover(
            what: "background keeps:", at: "  keeps: {feedback", offset: 3,
            expected: ["**`keeps`**", "What the app in background still plays"]),
        Hover(
            what: "rows: in keeps:", at: "rows: [ride/", offset: 1, expected: ["**`rows`**", "Rule ids"]),
        Hover(
            what: "priority:", at: "priority: high", offset: 2, expected: ["**`priority`**", "`outranked`"]),
        Hover(
            what: "a budget's event:", at: "event: hazard.closure, max", offset: 2,
            expected: ["**`event`**", "this event only"]),
        Hover(
            what: "a priority value, in this policy", at: "priority: high", offset: 12,
            expected: [
                "**priority `high`**", "`turn.cue` at it", "cuts, while they still play: `tick` (low)",
                "`outranked` while one of these plays: `hazard` (critical)",
            ]),
        Hover(
            what: "a data field tested in a row", at: "data: {direction: right", offset: 10,
            expected: [
                "**data field `direction`** of event `turn.distance`", "one of left, right, straight, u-turn",
                "tested by: `ride/turn.distance#1`, `ride/turn.distance#2`",
            ]),
        Hover(
            what: "a data field's declaration", at: "      direction: {type", offset: 8,
            expected: ["**data field `direction`** of event `turn.distance`", "tested by:"]),
        Hover(
            what: "a data field's value", at: "direction: right", offset: 12,
            expected: ["**`direction` = `right`**", "of `turn.distance`"]),
        Hover(
            what: "a with: parameter", at: "with: {side: 1", offset: 8,
            expected: ["**template parameter `side`** of `turn.cue`", "default 0, -1 to 1"]),
        Hover(
            what: "an approach value", at: "approach: falling", offset: 12,
            expected: ["**`approach: falling`**", "only toward the lowest"]),
        Hover(
            what: "a budget's id:", at: "  - {id: R-1", offset: 5,
            expected: ["**`id`**", "breach reports"]),
    ]

    @Test(arguments: hovers) func hoverExplains(_ example: Hover) {
        let text = Self.hover(Edit(what: example.what, old: "", new: "", at: example.at), offset: example.offset)
        for part in example.expected {
            #expect(text.contains(part), "\(text)")
        }
    }

    /// A word that is neither a key nor a value the schema or the policy gives a meaning
    /// to has no hover.
    @Test func freeTextHasNoHover() {
        #expect(Self.hover(Edit(what: "", old: "", new: "", at: "too far to cue"), offset: 5).isEmpty)
    }
}
