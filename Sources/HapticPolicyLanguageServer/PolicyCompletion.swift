import HapticPolicy

/// Which declared names fit where the cursor is: a value position after a key that takes a
/// name (`play: `, `screens: [camera, `, `cite: `), or an event key in a table.
///
/// It reads the text, not the YAML tree: while a name is being typed the document is
/// often not valid YAML.
enum PolicyCompletion {
    /// What to complete and the span of the partial name under the cursor.
    struct Site: Equatable {
        /// The kind of name that fits.
        var kind: PolicySymbolKind
        /// The 1-based scalar column where the partial name starts (the cursor's when none).
        var startColumn: Int
        /// The partial name typed so far.
        var prefix: String
    }

    /// Value keys of policies and test files whose values are names.
    private static let valueKeys: [String: PolicySymbolKind] = [
        "play": .feedback, "stop": .feedback, "fallback": .feedback, "screen": .screen, "screens": .screen,
        "cite": .invariant, "event": .event, "events": .event, "breaches": .budget,
    ]

    /// Parent keys whose keys are event names (`table:`, `everywhere:`, `except:`).
    private static let eventTables: Set<String> = ["table", "everywhere", "except"]

    /// The site at the cursor: `line` is the cursor's line up to the cursor, `above` the
    /// lines before it (nearest last), for the parent key of a key position. `isTestFile`:
    /// `band:` names a level there, and table keys are not events.
    static func site(line: [Unicode.Scalar], above: [[Unicode.Scalar]], isTestFile: Bool) -> Site? {
        var start = line.count
        while start > 0, isNameScalar(line[start - 1]) { start -= 1 }
        let prefix = String(String.UnicodeScalarView(line[start...]))
        let before = String(String.UnicodeScalarView(line[..<start]))
        guard let key = valueKey(before) else {
            // A key position: only spaces (or a list dash) before the partial name.
            let lead = before.drop { $0 == " " }
            guard lead.isEmpty || lead == "- ", !isTestFile else { return nil }
            let indent = before.count - lead.count
            guard let parent = parentKey(indent: indent, above: above), eventTables.contains(parent) else { return nil }
            return Site(kind: .event, startColumn: start + 1, prefix: prefix)
        }
        if key == "band" { return Site(kind: isTestFile ? .level : .band, startColumn: start + 1, prefix: prefix) }
        // `keeps: {feedback: [` of a user level or of `background:`, flow or block form.
        if key == "feedback", !isTestFile {
            let indent = before.prefix { $0 == " " }.count
            if before.contains("keeps: {") || parentKey(indent: indent, above: above) == "keeps" {
                return Site(kind: .feedback, startColumn: start + 1, prefix: prefix)
            }
            return nil
        }
        guard let kind = valueKeys[key] else { return nil }
        return Site(kind: kind, startColumn: start + 1, prefix: prefix)
    }

    /// The key whose value the cursor is in: `key: ` or `key: [a, ` before it.
    private static func valueKey(_ before: String) -> String? {
        var text = Substring(before)
        while text.last == " " { text.removeLast() }
        if text.last == "," || text.last == "[" {
            // Inside a flow list: the key before the list's unclosed `[`.
            var depth = 0
            var index = text.endIndex
            while index > text.startIndex {
                index = text.index(before: index)
                switch text[index] {
                case "]": depth += 1
                case "[":
                    if depth == 0 {
                        text = text[..<index]
                        while text.last == " " { text.removeLast() }
                        return keyBeforeColon(text)
                    }
                    depth -= 1
                case "{": return nil
                default: break
                }
            }
            return nil
        }
        return keyBeforeColon(text)
    }

    private static func keyBeforeColon(_ text: Substring) -> String? {
        guard text.last == ":" else { return nil }
        let body = text.dropLast()
        let key = body.reversed().prefix { isNameCharacter($0) }
        return key.isEmpty ? nil : String(key.reversed())
    }

    /// The key of the nearest line above indented less than `indent` (`table:`).
    private static func parentKey(indent: Int, above: [[Unicode.Scalar]]) -> String? {
        LinesAbove.parentBody(indent: indent, above: above).flatMap(keyBeforeColon)
    }

    private static func isNameScalar(_ scalar: Unicode.Scalar) -> Bool {
        isNameCharacter(Character(scalar))
    }

    /// Letters, digits, `.`, `-` and `_`: what names in policies are made of.
    private static func isNameCharacter(_ character: Character) -> Bool {
        character.isLetter || character.isNumber || character == "." || character == "-" || character == "_"
    }
}
