import HapticPolicy
import HapticPolicyCompiler
import HapticPolicyDocument

/// Reads every `acknowledge:` map (language v3) out of a policy's merged tree, before
/// the decoder sees it, and gives back the tree without them: acknowledgements decide
/// nothing, so no declaration carries one.
///
/// An `acknowledge:` is read where the language allows it: at the top of a file, and in
/// a feedback, a band, a band level, an event, a screen, a table row (of a screen or of
/// `everywhere:`), a budget and a run-time parameter. Anywhere else it stays in the tree,
/// and the decoder reports it as an unknown key. Each entry is `code: reason`: a code
/// that cannot be acknowledged is an error here (`AcknowledgementChecks.codeFinding`),
/// and so is an entry without its reason (HP603).
final class AcknowledgementReader {
    /// The key.
    static let key = "acknowledge"

    /// The entries read, in source order; only those whose code may be acknowledged.
    private(set) var entries: [Acknowledgement] = []
    /// Problems with the entries.
    private(set) var diagnostics: [Diagnostic] = []

    /// Creates a reader.
    init() {}

    /// Takes the acknowledgements out of `root`; `topLevel` are the top-level
    /// `acknowledge:` pairs that `PolicyIncludes` set aside (of the main and the
    /// included files, each located in its own file).
    func extract(_ root: YAMLNode, topLevel: [YAMLNode.Pair]) -> YAMLNode {
        var root = root
        var tops = topLevel
        if let pairs = root.pairs {
            tops += pairs.filter { $0.key.scalarText == Self.key }
            root = Self.replacingPairs(root, pairs.filter { $0.key.scalarText != Self.key })
        }
        for pair in tops {
            let file = pair.key.location.file
            read(pair.value, owner: "the policy file '\(file)'", scope: .file(file))
        }
        return rewriting(root) { section, node in
            switch section {
            case "feedback": return self.named(node, what: "feedback")
            case "events": return self.named(node, what: "event")
            case "parameters": return self.named(node, what: "parameter")
            case "bands": return self.named(node, what: "band") { band, value in self.levels(of: band, in: value) }
            case "screens":
                return self.named(node, what: "screen") { screen, value in
                    self.rewriting(value) { key, table in
                        key == "table" ? self.cells(table, where: "on screen '\(screen)'") : table
                    }
                }
            case "everywhere": return self.cells(node, where: "in 'everywhere'")
            case "budgets":
                return self.items(node) { item, _ in
                    let id = Self.field("id", of: item).map { "budget '\($0)'" } ?? "a budget"
                    return self.taking(from: item, owner: id, from: item.location, to: item.end)
                }
            default: return node
            }
        }
    }

    /// A band's levels, each of which may carry its own.
    private func levels(of band: String, in value: YAMLNode) -> YAMLNode {
        rewriting(value) { key, levels in
            guard key == "levels" else { return levels }
            return self.items(levels) { item, index in
                let name = Self.field("name", of: item).map { "'\($0)'" } ?? "\(index + 1)"
                return self.taking(
                    from: item, owner: "level \(name) of band '\(band)'", from: item.location, to: item.end)
            }
        }
    }

    /// A decision table: event → a row or a list of rows.
    private func cells(_ table: YAMLNode, where place: String) -> YAMLNode {
        guard let pairs = table.pairs else { return table }
        return Self.replacingPairs(
            table,
            pairs.map { pair in
                var pair = pair
                let event = pair.key.scalarText ?? "?"
                if pair.value.pairs != nil {
                    pair.value = taking(
                        from: pair.value, owner: "the row for '\(event)' \(place)", from: pair.key.location,
                        to: pair.value.end)
                } else if pair.value.items != nil {
                    pair.value = items(pair.value) { row, index in
                        self.taking(
                            from: row, owner: "row \(index + 1) for '\(event)' \(place)", from: row.location,
                            to: row.end)
                    }
                }
                return pair
            })
    }

    /// `name: {…}` entries, each of which may carry its own; `inner` rewrites inside one.
    private func named(
        _ node: YAMLNode, what: String, inner: ((String, YAMLNode) -> YAMLNode)? = nil
    ) -> YAMLNode {
        guard let pairs = node.pairs else { return node }
        return Self.replacingPairs(
            node,
            pairs.map { pair in
                var pair = pair
                if let name = pair.key.scalarText, pair.value.pairs != nil {
                    pair.value = taking(
                        from: pair.value, owner: "\(what) '\(name)'", from: pair.key.location, to: pair.value.end)
                    if let inner { pair.value = inner(name, pair.value) }
                }
                return pair
            })
    }

    /// Each value of a mapping, rewritten by its key.
    private func rewriting(_ node: YAMLNode, _ rewrite: (String, YAMLNode) -> YAMLNode) -> YAMLNode {
        guard let pairs = node.pairs else { return node }
        return Self.replacingPairs(
            node,
            pairs.map { pair in
                var pair = pair
                if let key = pair.key.scalarText { pair.value = rewrite(key, pair.value) }
                return pair
            })
    }

    /// Each mapping item of a list, rewritten with its index.
    private func items(_ node: YAMLNode, _ rewrite: (YAMLNode, Int) -> YAMLNode) -> YAMLNode {
        guard let items = node.items else { return node }
        var copy = node
        copy.content = .sequence(items.enumerated().map { $1.pairs == nil ? $1 : rewrite($1, $0) })
        return copy
    }

    /// `node` without its `acknowledge:` pair, whose entries cover `from..<to`.
    private func taking(
        from node: YAMLNode, owner: String, from start: SourceLocation, to end: SourceLocation
    ) -> YAMLNode {
        guard let pairs = node.pairs, let pair = pairs.first(where: { $0.key.scalarText == Self.key }) else {
            return node
        }
        read(pair.value, owner: owner, scope: .span(from: start, to: end))
        return Self.replacingPairs(node, pairs.filter { $0.key.scalarText != Self.key })
    }

    /// The entries of one `acknowledge:` map.
    private func read(_ node: YAMLNode, owner: String, scope: Acknowledgement.Scope) {
        if CoreSchema.resolve(node) == .null { return }
        guard let pairs = node.pairs else {
            diagnostics.append(
                DiagnosticCode.wrongType(
                    "expected a mapping of codes to reasons for 'acknowledge', found \(Self.describe(node)); write 'acknowledge: {HP507: why the warning is intended}'",
                    at: node.location))
            return
        }
        for pair in pairs {
            guard let code = pair.key.scalarText, CoreSchema.resolve(pair.key) != .null else {
                diagnostics.append(
                    DiagnosticCode.wrongType(
                        "expected a code such as HP507 as a key of 'acknowledge', found \(Self.describe(pair.key)); write the code lint reports",
                        at: pair.key.location))
                continue
            }
            let reason: String
            switch pair.value.content {
            case .scalar(let text, _) where CoreSchema.resolve(pair.value) != .null:
                reason = text.allSatisfy(\.isWhitespace) ? "" : text
            case .scalar:
                reason = ""
            default:
                diagnostics.append(
                    DiagnosticCode.wrongType(
                        "expected the reason as text for '\(code)', found \(Self.describe(pair.value)); write why the warning is intended after the colon",
                        at: pair.value.location))
                continue
            }
            let entry = Acknowledgement(
                code: Located(code, at: pair.key.location), reason: Located(reason, at: pair.value.location),
                owner: owner, scope: scope)
            if let finding = AcknowledgementChecks.codeFinding(entry) {
                diagnostics.append(finding)
                continue
            }
            guard !reason.isEmpty else {
                diagnostics.append(
                    DiagnosticCode.acknowledgementWithoutReason(
                        "the acknowledgement of \(code) has no reason: write after the colon why the warning is intended",
                        at: CoreSchema.resolve(pair.value) == .null ? pair.key.location : pair.value.location))
                continue
            }
            entries.append(entry)
        }
    }

    /// The scalar text of `key` in a mapping.
    private static func field(_ key: String, of node: YAMLNode) -> String? {
        node.pairs?.first { $0.key.scalarText == key }?.value.scalarText
    }

    private static func replacingPairs(_ node: YAMLNode, _ pairs: [YAMLNode.Pair]) -> YAMLNode {
        var copy = node
        copy.content = .mapping(pairs)
        return copy
    }

    private static func describe(_ node: YAMLNode) -> String {
        PolicyIncludes.describe(node)
    }
}
