import HapticPolicy

/// The tools' one JSON writer: `JSONNode`s as stable text, members in the node's order,
/// strings escaped by the tools' one rule (`JSONString`) and numbers rounded by the one
/// decimal formatter (`decimalText`; a number node's own `decimals`, else `decimals`; a
/// `.numeral` as its text).
/// Three layouts: `write` (pretty, for files people read: exports), `expanded` (every value
/// on a line of its own: lint's JSON, SARIF, the table and test reports) and `line`
/// (compact, one line: event logs, summaries, diffs, the language server's messages).
package enum JSONWriter {
    /// Decimals written for numbers that name none: 0.1 ms resolution for seconds, 1e-4 for
    /// 0-1 values.
    package static let decimals = 4

    /// The document as pretty text, ending with a newline: two-space indent, arrays of
    /// plain values on one line.
    package static func write(_ node: JSONNode) -> String {
        var out = ""
        write(node, indent: 0, into: &out)
        out += "\n"
        return out
    }

    /// The document in the reports' layout (lint's JSON, SARIF, the table and test
    /// reports): every member and every item on a line of its own, two-space indent,
    /// `"key" : value`, an empty array or object as its two brackets with an empty line
    /// between them, no final newline. It is the layout Foundation's
    /// pretty-printing encoder gave these reports, kept byte for byte so that nothing
    /// reading them sees a change (`JSONCodableTests` compares the two).
    package static func expanded(_ node: JSONNode) -> String {
        var out = ""
        writeExpanded(node, indent: "", into: &out)
        return out
    }

    /// A report's JSON: `value` (through `JSONNode(encoding:)`: keys sorted, numbers as
    /// Swift prints them) in the reports' layout (`expanded`); `{}` when it holds a number
    /// JSON cannot write (a NaN or an infinity), as the reports gave before.
    package static func report(_ value: some Encodable) -> String {
        guard let node = try? JSONNode(encoding: value) else { return "{}" }
        return expanded(node)
    }

    /// The document on one line without spaces (`{"a":1,"b":[true,null]}`), no newline.
    package static func line(_ node: JSONNode) -> String {
        var out = ""
        writeLine(node, into: &out)
        return out
    }

    /// A JSON string literal, escaped by the tools' one rule (`JSONString`).
    package static func quoted(_ text: String) -> String {
        JSONString.quoted(text)
    }

    /// A number as the writer writes it: rounded to `decimals` places, trailing zeros
    /// trimmed (`decimalText`).
    package static func number(_ value: Double, decimals: Int = decimals) -> String {
        decimalText(value, decimals: decimals)
    }

    /// The text of a value that holds no other value, or nil for an array or object.
    private static func scalarText(_ value: JSONNode.Value) -> String? {
        switch value {
        case .null: "null"
        case .bool(let b): b ? "true" : "false"
        case .number(let n, let places): number(n, decimals: places ?? decimals)
        case .numeral(let text): text
        case .string(let s): quoted(s)
        case .array, .object: nil
        }
    }

    private static func writeLine(_ node: JSONNode, into out: inout String) {
        switch node.value {
        case .array(let items):
            out += "["
            for (index, item) in items.enumerated() {
                if index > 0 { out += "," }
                writeLine(item, into: &out)
            }
            out += "]"
        case .object(let members):
            out += "{"
            for (index, member) in members.enumerated() {
                if index > 0 { out += "," }
                out += quoted(member.key) + ":"
                writeLine(member.value, into: &out)
            }
            out += "}"
        case let value:
            out += scalarText(value) ?? ""
        }
    }

    private static func write(_ node: JSONNode, indent: Int, into out: inout String) {
        let pad = String(repeating: "  ", count: indent)
        let inner = String(repeating: "  ", count: indent + 1)
        switch node.value {
        case .array(let items):
            let scalars = items.compactMap { scalarText($0.value) }
            if items.isEmpty {
                out += "[]"
            } else if scalars.count == items.count {
                out += "[" + scalars.joined(separator: ", ") + "]"
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
        case let value:
            out += scalarText(value) ?? ""
        }
    }

    private static func writeExpanded(_ node: JSONNode, indent: String, into out: inout String) {
        let inner = indent + "  "
        switch node.value {
        case .array(let items):
            out += "[\n"
            for (index, item) in items.enumerated() {
                if index > 0 { out += ",\n" }
                out += inner
                writeExpanded(item, indent: inner, into: &out)
            }
            out += "\n" + indent + "]"
        case .object(let members):
            out += "{\n"
            for (index, member) in members.enumerated() {
                if index > 0 { out += ",\n" }
                out += inner + quoted(member.key) + " : "
                writeExpanded(member.value, indent: inner, into: &out)
            }
            out += "\n" + indent + "}"
        case let value:
            out += scalarText(value) ?? ""
        }
    }
}
