import HapticPolicy
import HapticPolicyReplay

/// Writes `JSONNode`s as stable, pretty text: two-space indent, members in the node's
/// order, numbers with a fixed number of decimals (trailing zeros trimmed), arrays of
/// plain values on one line.
package enum JSONWriter {
    /// Decimals written for numbers: 0.1 ms resolution for seconds, 1e-4 for 0-1 values.
    package static let decimals = 4

    /// The document text, ending with a newline.
    package static func write(_ node: JSONNode) -> String {
        var out = ""
        write(node, indent: 0, into: &out)
        out += "\n"
        return out
    }

    private static func write(_ node: JSONNode, indent: Int, into out: inout String) {
        let pad = String(repeating: "  ", count: indent)
        let inner = String(repeating: "  ", count: indent + 1)
        switch node.value {
        case .null: out += "null"
        case .bool(let b): out += b ? "true" : "false"
        case .number(let n): out += decimalText(n, decimals: decimals)
        case .string(let s): out += quoted(s)
        case .array(let items):
            if items.isEmpty {
                out += "[]"
            } else if items.allSatisfy(\.isScalar) {
                out += "[" + items.map { write($0).dropLast() }.joined(separator: ", ") + "]"
            } else {
                out += "[\n"
                for (index, item) in items.enumerated() {
                    out += inner
                    write(item, indent: indent + 1, into: &out)
                    out += index < items.count - 1 ? ",\n" : "\n"
                }
                out += pad + "]"
            }
        case .object(let members):
            if members.isEmpty {
                out += "{}"
                return
            }
            out += "{\n"
            for (index, member) in members.enumerated() {
                out += inner + quoted(member.key) + ": "
                write(member.value, indent: indent + 1, into: &out)
                out += index < members.count - 1 ? ",\n" : "\n"
            }
            out += pad + "}"
        }
    }

    /// A JSON string literal, escaped by the tools' one rule (`JSONString`).
    package static func quoted(_ text: String) -> String {
        JSONString.quoted(text)
    }
}

extension JSONNode {
    fileprivate var isScalar: Bool {
        switch value {
        case .array, .object: false
        default: true
        }
    }
}
