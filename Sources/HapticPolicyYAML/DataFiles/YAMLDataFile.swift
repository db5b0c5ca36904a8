import HapticPolicy
import HapticPolicyCompiler
import HapticPolicyReplay

/// Reads the node tree of a YAML file (a policy, a test file, a scenario) with one set of
/// input rules and diagnostics: UTF-8, size limits, syntax errors located, empty files.
/// The language server (`haptic-policy lsp`) reads the same tree for where each name is
/// written.
package enum YAMLDataFile {
    /// The root node (nil when the file is unusable or empty), diagnostics and text.
    package struct Tree {
        /// The document's root node; nil when the file is unusable or empty.
        package var root: YAMLNode?
        /// Every problem found reading the file and its YAML.
        package var diagnostics: [Diagnostic]
        /// The decoded text; nil when the file is too large to show.
        package var source: String?
    }

    /// Reads the node tree of `bytes`; `file` names it in diagnostics.
    package static func read(_ bytes: [UInt8], file: String, limits: ParseLimits = .default) -> Tree {
        let decoded: InputCheck.Decoded
        switch InputCheck.decode(bytes, file: file, limits: limits) {
        case .success(let value):
            decoded = value
        case .failure(let rejection):
            let lossy = bytes.count > limits.maxBytes ? nil : String(decoding: bytes, as: UTF8.self)
            return Tree(root: nil, diagnostics: [rejection.diagnostic], source: lossy)
        }
        let outcome = YAMLTreeBuilder.build(YAMLParser(bytes: decoded.bytes, file: file), file: file, limits: limits)
        guard !outcome.isFatal else {
            return Tree(root: nil, diagnostics: outcome.diagnostics, source: decoded.text)
        }
        guard let root = outcome.root, !root.isEmptyDocument else {
            return Tree(
                root: nil, diagnostics: outcome.diagnostics + [InputCheck.empty(file: file)], source: decoded.text)
        }
        return Tree(root: root, diagnostics: outcome.diagnostics, source: decoded.text)
    }
}

extension PolicyDecoder {
    /// A number that must be greater than zero (`every:`, `per:`).
    mutating func positive(_ node: YAMLNode, for key: String) -> Double? {
        guard let number = number(node, for: key) else { return nil }
        guard number.value > 0 else {
            report(
                DiagnosticCode.numberOutOfRange(
                    "'\(key)' must be greater than 0, found \(numberText(number.value)); give a positive number",
                    at: node.location))
            return nil
        }
        return number.value
    }

    /// A number that must not be negative (`at:`, `t:`, `noise:`).
    mutating func nonNegative(_ node: YAMLNode, for key: String) -> Double? {
        guard let number = number(node, for: key) else { return nil }
        guard number.value >= 0 else {
            report(
                DiagnosticCode.numberOutOfRange(
                    "'\(key)' must not be negative, found \(numberText(number.value)); give 0 or more",
                    at: node.location))
            return nil
        }
        return number.value
    }

    /// Event fields shared by scenarios and tests: `screen`, `subject`, `value`,
    /// `speaks`, `params`, `data` (the `event` name is read by the caller).
    mutating func eventTemplate(_ name: String, _ fields: Fields) -> Scenario.EventTemplate {
        var template = Scenario.EventTemplate(name: name)
        if let node = fields["screen"] { template.screen = text(node, for: "screen")?.value }
        if let node = fields["subject"] { template.subject = text(node, for: "subject")?.value }
        if let node = fields["value"] { template.value = scalarValue(node, for: "value")?.value }
        if let node = fields["speaks"] { template.speaks = bool(node, for: "speaks")?.value }
        if let node = fields["params"], let entries = namedEntries(node, for: "params") {
            for entry in entries {
                if let value = number(entry.value, for: entry.name.value) {
                    template.params.append(Event.Parameter(name: entry.name.value, value: .number(value.value)))
                }
            }
        }
        if let node = fields["data"] { template.data = dataFields(node) }
        return template
    }

    /// An event's `data:` map (`{direction: left}`), in written order.
    mutating func dataFields(_ node: YAMLNode) -> [Event.Parameter] {
        guard let entries = namedEntries(node, for: "data") else { return [] }
        var fields: [Event.Parameter] = []
        for entry in entries {
            if let value = scalarValue(entry.value, for: entry.name.value) {
                fields.append(Event.Parameter(name: entry.name.value, value: value.value))
            }
        }
        return fields
    }

    /// Keys of the event fields read by `eventTemplate`.
    static let eventFieldKeys = ["event", "screen", "subject", "value", "speaks", "params", "data"]
}
