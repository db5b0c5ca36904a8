import HapticPolicy
import HapticPolicyCompiler

// HP012 unknown key, HP013 missing required key, HP016 keys that exclude each other,
// HP017 a known key that does not apply here.

extension PolicyDecoder {
    /// The entries of one mapping whose keys were checked against the allowed set.
    package struct Fields {
        /// One entry: the key text, the key node and the value node.
        package struct Entry {
            package var name: String
            package var key: YAMLNode
            package var value: YAMLNode
        }

        /// Entries with allowed keys, in source order.
        package var entries: [Entry]
        /// Where the mapping starts.
        package var location: SourceLocation
        /// Allowed keys that an unknown key was probably meant to be ("did you mean").
        var suggested: Set<String> = []
        /// Whether the mapping uses a merge key, so any key may be hidden in it.
        var mergesKeys = false

        /// Whether a missing `key` was already explained by an unknown key.
        func explainsMissing(_ keys: [String]) -> Bool {
            mergesKeys || keys.contains { suggested.contains($0) }
        }

        /// The entry for `name`.
        package func entry(_ name: String) -> Entry? { entries.first { $0.name == name } }
        /// The value for `name`.
        package subscript(_ name: String) -> YAMLNode? { entry(name)?.value }
        /// Whether `name` is present.
        package func has(_ name: String) -> Bool { entry(name) != nil }
    }

    /// Reads a mapping whose keys must come from `keys`. Reports unknown keys (with "did
    /// you mean"), non-text keys and missing `required` keys (at `owner`, the declaration's
    /// key, when given). Nil when `node` is not a mapping (reported once). `acknowledges`:
    /// the object may carry `acknowledge:`, which `AcknowledgementReader` took out before,
    /// so an unknown key's list of valid keys names it too.
    package mutating func fields(
        _ node: YAMLNode, of what: String, keys: [String], required: [String] = [], owner: SourceLocation? = nil,
        valueOf key: String? = nil, acknowledges: Bool = false
    ) -> Fields? {
        // `key:` with nothing after it reads as an empty mapping.
        let pairs = CoreSchema.resolve(node) == .null ? [] : node.pairs
        guard let pairs else {
            if let key {
                wrongType(expected: "a mapping", for: key, found: node)
            } else {
                var diagnostic = Self.notAMapping(what, found: describe(node), at: node.location)
                if node.isKeyWithoutSpace {
                    diagnostic.message =
                        "expected a mapping for \(what), found \(describe(node)); "
                        + "put a space after ':' to write a key and its value"
                }
                report(diagnostic)
            }
            return nil
        }
        var fields = Fields(entries: [], location: node.location)
        for (index, pair) in pairs.enumerated() {
            guard let name = pair.key.scalarText else {
                report(Self.keyNotText(found: describe(pair.key), at: pair.key.location))
                continue
            }
            guard keys.contains(name) else {
                let valid = acknowledges ? keys + [AcknowledgementReader.key] : keys
                if let match = Suggestions.closest(to: name, in: valid) { fields.suggested.insert(match) }
                if name == "<<" { fields.mergesKeys = true }
                var diagnostic = Self.unknownKey(name, in: what, keys: valid, at: pair.key.location)
                if index > 0, let hint = strayCommaHint(pairs[index - 1], pair, in: node) {
                    diagnostic.message = hint
                }
                report(diagnostic)
                continue
            }
            fields.entries.append(Fields.Entry(name: name, key: pair.key, value: pair.value))
        }
        // A misspelt required key was already reported as unknown: say it once.
        for name in required where !fields.has(name) && !fields.explainsMissing([name]) {
            report(Self.missingKey(name, in: what, at: owner ?? node.location))
        }
        return fields
    }

    /// Of `keys`, the first present in source order; each later one is reported as
    /// conflicting with it.
    package mutating func exclusive(_ fields: Fields, _ keys: [String], advice: String = "keep one") -> Fields.Entry? {
        let present = fields.entries.filter { keys.contains($0.name) }
        guard let first = present.first else { return nil }
        for other in present.dropFirst() {
            report(
                DiagnosticCode.conflictingKeys(
                    "'\(other.name)' cannot be used together with '\(first.name)'; \(advice)",
                    at: other.key.location,
                    notes: [Diagnostic.Note("'\(first.name)' is set here", at: first.key.location)]))
        }
        return first
    }

    /// Reports `key` when present: it does not apply in this context.
    package mutating func notAllowed(_ fields: Fields, _ key: String, because reason: String) {
        guard let entry = fields.entry(key) else { return }
        report(DiagnosticCode.keyNotApplicable("'\(key)' does not apply here: \(reason)", at: entry.key.location))
    }

    /// Reports that one of several keys is needed.
    package mutating func missingOneOf(
        _ keys: [String], of fields: Fields, in what: String, at location: SourceLocation, advice: String = "add one"
    ) {
        guard !fields.explainsMissing(keys) else { return }
        // Accept advice written with its own leading "; " as well.
        let fix = advice.hasPrefix("; ") ? String(advice.dropFirst(2)) : advice
        let list = keys.map { "'\($0)'" }.joined(separator: ", ")
        report(DiagnosticCode.missingKey("\(what) needs one of \(list); \(fix)", at: location))
    }

    /// `{note: a limit, said gently}` reads `said gently` as a key with no value: say so.
    private func strayCommaHint(_ previous: YAMLNode.Pair, _ pair: YAMLNode.Pair, in node: YAMLNode) -> String? {
        guard case .scalar("", .plain) = pair.value.content, pair.value.tag == nil,
            case .scalar(let before, .plain) = previous.value.content, let previousKey = previous.key.scalarText,
            let name = pair.key.scalarText, isFlowMapping(node)
        else { return nil }
        return "unknown key '\(name)'; a ',' inside '{...}' starts a new key: quote the text, "
            + "'\(previousKey): \"\(before), \(name)\"'"
    }

    private func isFlowMapping(_ node: YAMLNode) -> Bool {
        guard let line = sourceLine(node.location.line, in: node.location.file) else { return false }
        guard let index = line.index(line.startIndex, offsetBy: node.location.column - 1, limitedBy: line.endIndex),
            index < line.endIndex
        else { return false }
        return line[index] == "{"
    }

    static func unknownKey(_ name: String, in what: String, keys: [String], at location: SourceLocation) -> Diagnostic {
        if name == "<<" {
            return DiagnosticCode.unknownKey(
                "merge keys ('<<') are not supported; write the keys out (an alias of a whole value works)",
                at: location)
        }
        let hint = Suggestions.hint(for: name, in: keys, listing: "valid keys in \(what) are")
        return DiagnosticCode.unknownKey("unknown key '\(name)'\(hint)", at: location)
    }

    static func missingKey(_ name: String, in what: String, at location: SourceLocation) -> Diagnostic {
        let example = keyExamples[name].map { ", for example '\(name): \($0)'" } ?? ""
        return DiagnosticCode.missingKey("missing required key '\(name)' in \(what); add it\(example)", at: location)
    }

    package static func notAMapping(_ what: String, found: String, at location: SourceLocation) -> Diagnostic {
        DiagnosticCode.wrongType(
            "expected a mapping for \(what), found \(found); write 'key: value' lines", at: location)
    }

    static func keyNotText(found: String, at location: SourceLocation) -> Diagnostic {
        DiagnosticCode.wrongType(
            "expected a name as key, found \(found); write a plain name",
            at: location)
    }

    private static let keyExamples: [String: String] = [
        "policy": "my-app", "version": "1", "layer": "ui", "type": "transient", "time": "0",
        "duration": "0.2", "screens": "[home]", "hysteresis": "1", "levels": "[...]", "id": "H-1",
        "rule": "guideline", "events": "[...]", "default": "1", "max": "5", "per": "10", "name": "low",
        "presets": "[notification.error]", "sequence": "[{at: 0, play: tap}]", "at": "0", "play": "tap",
    ]
}
