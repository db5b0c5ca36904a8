import HapticPolicy
import HapticPolicyCompiler

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
    package mutating func positive(_ node: YAMLNode, for key: String) -> Double? {
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
    package mutating func nonNegative(_ node: YAMLNode, for key: String) -> Double? {
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
}
