import Foundation
import HapticPolicy
import Testing

@testable import HapticPolicyLanguageServer

/// The policy schema the language server reads (`PolicySchema`) is `Docs/policy.schema.json`
/// as written, and it knows exactly the keys the reader accepts, object by object: a key the
/// reader takes that the schema lacks would be offered by no editor and explained by no
/// hover, and a key the schema has that the reader refuses would be offered and then fail.
@Suite struct PolicySchemaTests {
    static let root = packageRoot

    @Test func theServersSchemaIsTheDocumentedOne() throws {
        let documented = try String(
            contentsOf: Self.root.appendingPathComponent("Docs/policy.schema.json"), encoding: .utf8)
        // Built in from the file itself (the target's policy.schema.json links to it).
        let same = PolicySchema.builtIn == documented
        #expect(same, "rebuild: the schema is embedded when the language server's target is built")
        #expect(!PolicySchema.shared.keys(at: []).isEmpty)
    }

    /// `PolicyKeyHelpTests.text` with the objects it does not have: a band's `plausible:`,
    /// `engine:`, `layers:`, `parameters:` and `user-levels:`.
    static let text =
        PolicyKeyHelpTests.text.replacingOccurrences(
            of: "    approach: falling\n", with: "    approach: falling\n    plausible: {min: 0, max: 5000}\n")
            + """
            engine: {warmup: 0.1}
            layers:
              ui: {plays: either}
            parameters:
              max_hr: {set-by: profile.set, min: 100, max: 220, default: 180}
            user-levels:
              set-by: haptics.level
              start: full
              levels:
                full: {keeps: all}
                calm: {keeps: {layers: [ui]}}

            """

    /// An object of a policy: an edit of `text` that writes an unknown key in it, and its
    /// path in the schema.
    struct Object: CustomTestStringConvertible, Sendable {
        var what: String
        var old: String
        var new: String
        var path: [PolicySchema.Step]
        /// Keys the reader takes here only to refuse them with a check of their own (the
        /// schema refuses them at once).
        var refused: Set<String> = []
        var testDescription: String { what }
    }

    static let objects: [Object] = [
        Object(what: "the top level", old: "policy: nav\n", new: "policy: nav\nzzzz: 1\n", path: []),
        Object(
            what: "a preset feedback", old: "priority: critical}", new: "priority: critical, zzzz: 1}",
            path: [.key("feedback"), .key("hazard")]),
        Object(
            what: "a pattern feedback", old: "    fallback: impact.medium\n",
            new: "    fallback: impact.medium\n    zzzz: 1\n", path: [.key("feedback"), .key("turn.cue")]),
        Object(
            what: "a pattern", old: "      events:\n        - {type",
            new: "      zzzz: 1\n      events:\n        - {type",
            path: [.key("feedback"), .key("turn.cue"), .key("pattern")]),
        Object(
            what: "a template parameter", old: "side: {default: 0,", new: "side: {zzzz: 1, default: 0,",
            path: [.key("feedback"), .key("turn.cue"), .key("pattern"), .key("params"), .key("side")]),
        Object(
            what: "a pattern event", old: "{type: transient, time: 0,", new: "{type: transient, zzzz: 1, time: 0,",
            path: [.key("feedback"), .key("turn.cue"), .key("pattern"), .key("events"), .item]),
        Object(
            what: "an event", old: "picker.tick: {layer: ui, screens: [ride]}",
            new: "picker.tick: {layer: ui, screens: [ride], zzzz: 1}", path: [.key("events"), .key("picker.tick")]),
        Object(
            what: "an event's data field", old: "one-of: [left, right, straight, u-turn]}",
            new: "one-of: [left, right, straight, u-turn], zzzz: 1}",
            path: [.key("events"), .key("turn.distance"), .key("data"), .key("direction")]),
        Object(
            what: "a band", old: "    unit: m\n", new: "    unit: m\n    zzzz: 1\n",
            path: [.key("bands"), .key("turn.distance")]),
        Object(
            what: "a band level", old: "{name: far, silent: too far to cue}",
            new: "{name: far, silent: too far to cue, zzzz: 1}",
            path: [.key("bands"), .key("turn.distance"), .key("levels"), .item]),
        Object(
            what: "a screen", old: "    otherwise: {silent: quiet}\n",
            new: "    otherwise: {silent: quiet}\n    zzzz: 1\n",
            path: [.key("screens"), .key("ride")]),
        Object(
            what: "a screen's otherwise", old: "{silent: quiet}", new: "{silent: quiet, zzzz: 1}",
            path: [.key("screens"), .key("ride"), .key("otherwise")],
            // Read as a row, then every action but `silent` refused (HP340); `cite:` and `note:` kept.
            refused: ["when", "play", "stop", "ticker", "prepare", "band", "with", "loop"]),
        Object(
            what: "a row", old: "{silent: a tick outside a scroll}", new: "{silent: a tick outside a scroll, zzzz: 1}",
            path: [.key("screens"), .key("ride"), .key("table"), .key("picker.tick"), .item]),
        Object(
            // Not a run-time parameter's name, so an unknown key.
            what: "a condition", old: "{when: {in-gesture: true}", new: "{when: {in-gesture: true, zz-zz: 1}",
            path: [.key("screens"), .key("ride"), .key("table"), .key("picker.tick"), .item, .key("when")]),
        Object(
            what: "a data condition's range or list", old: "{in: [left, u-turn]}", new: "{in: [left, u-turn], zzzz: 1}",
            path: [
                .key("screens"), .key("ride"), .key("table"), .key("turn.distance"), .item, .key("when"),
                .key("data"), .key("direction"),
            ]),
        Object(
            what: "background", old: "  keeps: {feedback", new: "  zzzz: 1\n  keeps: {feedback",
            path: [.key("background")]),
        Object(
            what: "background keeps", old: "rows: [ride/hazard.closure]}", new: "rows: [ride/hazard.closure], zzzz: 1}",
            path: [.key("background"), .key("keeps")]),
        Object(
            what: "a band's plausible range", old: "plausible: {min: 0, max: 5000}",
            new: "plausible: {min: 0, max: 5000, zzzz: 1}",
            path: [.key("bands"), .key("turn.distance"), .key("plausible")]),
        Object(
            what: "engine", old: "engine: {warmup: 0.1}", new: "engine: {warmup: 0.1, zzzz: 1}", path: [.key("engine")]),
        Object(
            what: "a layer", old: "ui: {plays: either}", new: "ui: {plays: either, zzzz: 1}",
            path: [.key("layers"), .key("ui")]),
        Object(
            what: "a run-time parameter", old: "default: 180}", new: "default: 180, zzzz: 1}",
            path: [.key("parameters"), .key("max_hr")]),
        Object(
            what: "user-levels", old: "  start: full\n", new: "  start: full\n  zzzz: 1\n", path: [.key("user-levels")]),
        Object(
            what: "a user level", old: "full: {keeps: all}", new: "full: {keeps: all, zzzz: 1}",
            path: [.key("user-levels"), .key("levels"), .key("full")]),
        Object(
            what: "a user level's keeps", old: "{layers: [ui]}", new: "{layers: [ui], zzzz: 1}",
            path: [.key("user-levels"), .key("levels"), .key("calm"), .key("keeps")]),
        Object(
            what: "a budget", old: "enforce: true}", new: "enforce: true, zzzz: 1}", path: [.key("budgets"), .item]),
    ]

    /// The keys the reader lists for an unknown key in the object (HP012: "valid keys in
    /// … are a, b, c"); nil when it reports none.
    static func readerKeys(_ object: Object) -> Set<String>? {
        let text = Self.text.replacingOccurrences(of: object.old, with: object.new)
        guard text != Self.text else { return nil }
        let workspace = PolicyWorkspace(environment: [:])
        workspace.open(uri: "untitled:nav", text: text, version: 1)
        let finding = workspace.analysis("untitled:nav")?.diagnostics.first {
            $0.code == "HP012" && $0.message.contains("'zz")
        }
        guard let message = finding?.message, let list = message.range(of: " are ") else { return nil }
        return Set(message[list.upperBound...].components(separatedBy: ", "))
    }

    /// The HP340 finding for the object written as `{play: tick}` (`play` is one of
    /// `object.refused`).
    static func refusal(_ object: Object) -> Diagnostic? {
        let key = "play"
        let text = Self.text.replacingOccurrences(of: object.old, with: "{\(key): tick}")
        let workspace = PolicyWorkspace(environment: [:])
        workspace.open(uri: "untitled:nav", text: text, version: 1)
        return workspace.analysis("untitled:nav")?.diagnostics.first {
            $0.code == "HP340" && $0.message.contains("'\(key)'")
        }
    }

    @Test(arguments: objects) func theSchemaHasExactlyTheKeysTheReaderAccepts(_ object: Object) throws {
        if object.refused.contains("play") {
            #expect(Self.refusal(object) != nil, "the reader does not refuse `play:` in \(object.what)")
        }
        let reader = try #require(Self.readerKeys(object), "the reader reported no unknown key in \(object.what)")
        let schema = Set(PolicySchema.shared.keys(at: object.path).map(\.name))
        // `acknowledge:` is read apart, before the decoder (`AcknowledgementReader`).
        let read = reader.subtracting(["acknowledge"]).subtracting(object.refused)
        let written = schema.subtracting(["acknowledge"])
        // A run-time parameter's name in a condition is a key of the schema's patterns.
        let lacking = read.subtracting(written).filter {
            PolicySchema.shared.description(of: $0, at: object.path) == nil
        }
        #expect(lacking.isEmpty, "the schema lacks \(lacking.sorted())")
        #expect(written.subtracting(read).isEmpty, "the reader refuses \(written.subtracting(read).sorted())")
        for key in PolicySchema.shared.keys(at: object.path) {
            #expect(!key.description.isEmpty, "\(key.name) in \(object.what) has no description")
        }
    }
}
