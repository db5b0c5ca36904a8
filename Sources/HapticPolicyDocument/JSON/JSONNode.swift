import HapticPolicy

/// A JSON value with the place it was read from (`.unknown` when built in code): what
/// `JSONParser` reads and `JSONWriter` writes, the tools' one JSON model. Objects keep
/// their members in order, so writers choose a fixed key order and output is byte-stable.
package struct JSONNode: Sendable, Hashable {
    /// One `"key": value` member of an object.
    package struct Member: Sendable, Hashable {
        /// The key.
        package var key: String
        /// Where the key was written.
        package var keyLocation: SourceLocation
        /// The value.
        package var value: JSONNode

        /// Creates a member.
        package init(_ key: String, _ value: JSONNode, keyLocation: SourceLocation = .unknown) {
            self.key = key
            self.value = value
            self.keyLocation = keyLocation
        }
    }

    /// The kind of value.
    package enum Value: Sendable, Hashable {
        /// `null`.
        case null
        /// `true` / `false`.
        case bool(Bool)
        /// A number, written rounded to `decimals` places (`JSONWriter.decimals` when nil;
        /// a parsed number has nil).
        case number(Double, decimals: Int? = nil)
        /// A number written exactly as this text (`12`, `0.1`, `1e-07`,
        /// `18446744073709551615`): what `init(encoding:)` makes of Swift's numbers, so a
        /// `Codable` type's numbers read as Foundation's encoder writes them.
        case numeral(String)
        /// A string.
        case string(String)
        /// An array.
        case array([JSONNode])
        /// An object, members in order.
        case object([Member])
    }

    /// The value.
    package var value: Value
    /// Where the value starts.
    package var location: SourceLocation

    /// Creates a node.
    package init(_ value: Value, at location: SourceLocation = .unknown) {
        self.value = value
        self.location = location
    }

    /// A number node, written rounded to `decimals` places (`JSONWriter.decimals` when nil).
    package static func number(_ n: Double, decimals: Int? = nil) -> JSONNode {
        JSONNode(.number(n, decimals: decimals))
    }
    /// A whole number node: a count, written with no decimals (exact below 2^53).
    package static func integer(_ n: Int) -> JSONNode { JSONNode(.number(Double(n), decimals: 0)) }
    /// A string node, or `null` when `s` is nil.
    package static func nullable(_ s: String?) -> JSONNode { s.map { JSONNode(.string($0)) } ?? .null }
    /// A string node.
    package static func string(_ s: String) -> JSONNode { JSONNode(.string(s)) }
    /// An array node.
    package static func array(_ items: [JSONNode]) -> JSONNode { JSONNode(.array(items)) }
    /// An object node with members in the given order.
    package static func object(_ members: [(String, JSONNode)]) -> JSONNode {
        JSONNode(.object(members.map { Member($0.0, $0.1) }))
    }
    /// A bool node.
    package static func bool(_ b: Bool) -> JSONNode { JSONNode(.bool(b)) }
    /// `null`.
    package static var null: JSONNode { JSONNode(.null) }

    /// The members when this is an object.
    package var members: [Member]? {
        if case .object(let members) = value { return members }
        return nil
    }

    /// The items when this is an array.
    package var items: [JSONNode]? {
        if case .array(let items) = value { return items }
        return nil
    }

    /// The number when this is a number.
    package var numberValue: Double? {
        switch value {
        case .number(let n, _): n
        case .numeral(let text): Double(text)
        default: nil
        }
    }

    /// The string when this is a string.
    package var stringValue: String? {
        if case .string(let s) = value { return s }
        return nil
    }

    /// The first member named `key` when this is an object.
    package subscript(key: String) -> JSONNode? {
        members?.first { $0.key == key }?.value
    }

    /// What kind of value this is, for messages ("an object", "a number").
    package var kindName: String {
        switch value {
        case .null: "null"
        case .bool: "a boolean"
        case .number, .numeral: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }

    /// Compact text with object keys sorted and locations ignored: two nodes with the
    /// same canonical text are the same JSON whatever their key order.
    package var canonical: String {
        switch value {
        case .null: "null"
        case .bool(let b): b ? "true" : "false"
        case .number(let n, _): decimalText(n, decimals: 6)
        case .numeral(let text): Double(text).map { decimalText($0, decimals: 6) } ?? text
        case .string(let s): JSONString.quoted(s)
        case .array(let items): "[" + items.map(\.canonical).joined(separator: ",") + "]"
        case .object(let members):
            "{"
                + members.sorted { $0.key < $1.key }
                .map { JSONString.quoted($0.key) + ":" + $0.value.canonical }
                .joined(separator: ",") + "}"
        }
    }
}
