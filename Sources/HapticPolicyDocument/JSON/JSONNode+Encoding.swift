extension JSONNode {
    /// `value` as a node, through its `Encodable` conformance: how the tools write their
    /// `Codable` types (lint's JSON, SARIF, the table and test reports, the language server's
    /// messages) with the one writer. Object members are sorted by key (UTF-8 order), so the
    /// text never depends on the order a type encodes its fields in; a key encoded twice
    /// keeps its last value. Numbers keep their exact text (`.numeral`): an integer as its
    /// digits, a floating-point value as Swift prints it without a final `.0` (`0.1`,
    /// `1e-07`, `12`), as Foundation's encoder writes them. A value that encodes nothing is
    /// `{}`. Throws `EncodingError.invalidValue` for a NaN or an infinity, which JSON cannot
    /// hold.
    package init(encoding value: some Encodable) throws {
        let slot = EncodingSlot()
        try value.encode(to: NodeEncoder(slot: slot, codingPath: []))
        self = slot.node
    }
}

/// One value being encoded: what a container writes into, read back as a node once the
/// whole value is encoded. A class, because the containers an `Encoder` hands out must
/// write into the same place after they are returned.
private final class EncodingSlot {
    enum Content {
        case unset
        case scalar(JSONNode)
        case array([EncodingSlot])
        case object([String: EncodingSlot])
    }

    var content = Content.unset

    var node: JSONNode {
        switch content {
        case .unset: return JSONNode(.object([]))
        case .scalar(let node): return node
        case .array(let items): return .array(items.map(\.node))
        case .object(let members):
            let sorted = members.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
            return JSONNode(.object(sorted.map { JSONNode.Member($0.key, $0.value.node) }))
        }
    }

    /// Makes this slot an object (keeping its members when it is one already).
    func becomeObject() {
        if case .object = content { return }
        content = .object([:])
    }

    /// Makes this slot an array (keeping its items when it is one already).
    func becomeArray() {
        if case .array = content { return }
        content = .array([])
    }

    /// A new slot for the member `key` (replacing one written before).
    func member(_ key: String) -> EncodingSlot {
        let child = EncodingSlot()
        if case .object(var members) = content {
            content = .unset  // keeps `members` uniquely referenced while it changes
            members[key] = child
            content = .object(members)
        }
        return child
    }

    /// A new slot appended to this array.
    func appendItem() -> EncodingSlot {
        let child = EncodingSlot()
        if case .array(var items) = content {
            content = .unset
            items.append(child)
            content = .array(items)
        }
        return child
    }

    var itemCount: Int {
        if case .array(let items) = content { return items.count }
        return 0
    }
}

/// A key in a coding path that no type declares: an array item's index, or `super`
/// (`superEncoder()`, `superDecoder()`).
struct JSONCodingKey: CodingKey {
    var stringValue: String
    var intValue: Int?

    init(stringValue: String) {
        self.stringValue = stringValue
        self.intValue = nil
    }

    init(intValue: Int) {
        self.stringValue = String(intValue)
        self.intValue = intValue
    }

    /// `super`.
    static let superKey = JSONCodingKey(stringValue: "super")
}

private struct NodeEncoder: Encoder {
    let slot: EncodingSlot
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy _: Key.Type) -> KeyedEncodingContainer<Key> {
        slot.becomeObject()
        return KeyedEncodingContainer(KeyedNodeEncoder<Key>(slot: slot, codingPath: codingPath))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        slot.becomeArray()
        return UnkeyedNodeEncoder(slot: slot, codingPath: codingPath)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        SingleNodeEncoder(slot: slot, codingPath: codingPath)
    }
}

/// How a scalar becomes a node, shared by the three kinds of container.
private enum Scalar {
    static func integer(_ value: some FixedWidthInteger) -> JSONNode {
        JSONNode(.numeral(String(value)))
    }

    static func float<F: BinaryFloatingPoint & LosslessStringConvertible>(
        _ value: F, at codingPath: [any CodingKey]
    ) throws -> JSONNode {
        guard value.isFinite else {
            throw EncodingError.invalidValue(
                value,
                .init(codingPath: codingPath, debugDescription: "\(F.self) \(value) cannot be written in JSON"))
        }
        var text = value.description
        if text.hasSuffix(".0") { text.removeLast(2) }
        return JSONNode(.numeral(text))
    }

    /// `value` encoded into `slot`.
    static func encode(_ value: some Encodable, into slot: EncodingSlot, at codingPath: [any CodingKey]) throws {
        try value.encode(to: NodeEncoder(slot: slot, codingPath: codingPath))
    }
}

private struct KeyedNodeEncoder<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let slot: EncodingSlot
    let codingPath: [any CodingKey]

    private func set(_ node: JSONNode, _ key: Key) {
        slot.member(key.stringValue).content = .scalar(node)
    }

    mutating func encodeNil(forKey key: Key) throws { set(.null, key) }
    mutating func encode(_ value: Bool, forKey key: Key) throws { set(.bool(value), key) }
    mutating func encode(_ value: String, forKey key: Key) throws { set(.string(value), key) }
    mutating func encode(_ value: Double, forKey key: Key) throws {
        set(try Scalar.float(value, at: codingPath + [key]), key)
    }
    mutating func encode(_ value: Float, forKey key: Key) throws {
        set(try Scalar.float(value, at: codingPath + [key]), key)
    }
    mutating func encode(_ value: Int, forKey key: Key) throws { set(Scalar.integer(value), key) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { set(Scalar.integer(value), key) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { set(Scalar.integer(value), key) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { set(Scalar.integer(value), key) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { set(Scalar.integer(value), key) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { set(Scalar.integer(value), key) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { set(Scalar.integer(value), key) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { set(Scalar.integer(value), key) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { set(Scalar.integer(value), key) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { set(Scalar.integer(value), key) }

    mutating func encode(_ value: some Encodable, forKey key: Key) throws {
        try Scalar.encode(value, into: slot.member(key.stringValue), at: codingPath + [key])
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy _: NestedKey.Type, forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
        let child = slot.member(key.stringValue)
        child.becomeObject()
        return KeyedEncodingContainer(KeyedNodeEncoder<NestedKey>(slot: child, codingPath: codingPath + [key]))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        let child = slot.member(key.stringValue)
        child.becomeArray()
        return UnkeyedNodeEncoder(slot: child, codingPath: codingPath + [key])
    }

    mutating func superEncoder() -> any Encoder {
        NodeEncoder(
            slot: slot.member(JSONCodingKey.superKey.stringValue), codingPath: codingPath + [JSONCodingKey.superKey])
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        NodeEncoder(slot: slot.member(key.stringValue), codingPath: codingPath + [key])
    }
}

/// A container that writes one scalar node at a time: the unkeyed container (each one an
/// item appended) and the single-value one (the value itself). Their `encode` methods for
/// Swift's scalar types are the ones below, written once for both.
private protocol ScalarNodeEncoding {
    /// The coding path of the next value, for an error.
    var nextPath: [any CodingKey] { get }
    /// Writes `node` as the next value.
    func put(_ node: JSONNode)
}

extension ScalarNodeEncoding {
    mutating func encodeNil() throws { put(.null) }
    mutating func encode(_ value: Bool) throws { put(.bool(value)) }
    mutating func encode(_ value: String) throws { put(.string(value)) }
    mutating func encode(_ value: Double) throws { put(try Scalar.float(value, at: nextPath)) }
    mutating func encode(_ value: Float) throws { put(try Scalar.float(value, at: nextPath)) }
    mutating func encode(_ value: Int) throws { put(Scalar.integer(value)) }
    mutating func encode(_ value: Int8) throws { put(Scalar.integer(value)) }
    mutating func encode(_ value: Int16) throws { put(Scalar.integer(value)) }
    mutating func encode(_ value: Int32) throws { put(Scalar.integer(value)) }
    mutating func encode(_ value: Int64) throws { put(Scalar.integer(value)) }
    mutating func encode(_ value: UInt) throws { put(Scalar.integer(value)) }
    mutating func encode(_ value: UInt8) throws { put(Scalar.integer(value)) }
    mutating func encode(_ value: UInt16) throws { put(Scalar.integer(value)) }
    mutating func encode(_ value: UInt32) throws { put(Scalar.integer(value)) }
    mutating func encode(_ value: UInt64) throws { put(Scalar.integer(value)) }
}

private struct UnkeyedNodeEncoder: UnkeyedEncodingContainer, ScalarNodeEncoding {
    let slot: EncodingSlot
    let codingPath: [any CodingKey]
    var count: Int { slot.itemCount }

    var nextPath: [any CodingKey] { codingPath + [JSONCodingKey(intValue: count)] }

    func put(_ node: JSONNode) {
        slot.appendItem().content = .scalar(node)
    }

    mutating func encode(_ value: some Encodable) throws {
        let path = nextPath
        try Scalar.encode(value, into: slot.appendItem(), at: path)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy _: NestedKey.Type
    ) -> KeyedEncodingContainer<NestedKey> {
        let path = nextPath
        let child = slot.appendItem()
        child.becomeObject()
        return KeyedEncodingContainer(KeyedNodeEncoder<NestedKey>(slot: child, codingPath: path))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let path = nextPath
        let child = slot.appendItem()
        child.becomeArray()
        return UnkeyedNodeEncoder(slot: child, codingPath: path)
    }

    mutating func superEncoder() -> any Encoder {
        let path = nextPath
        return NodeEncoder(slot: slot.appendItem(), codingPath: path)
    }
}

private struct SingleNodeEncoder: SingleValueEncodingContainer, ScalarNodeEncoding {
    let slot: EncodingSlot
    let codingPath: [any CodingKey]
    var nextPath: [any CodingKey] { codingPath }

    func put(_ node: JSONNode) {
        slot.content = .scalar(node)
    }

    mutating func encode(_ value: some Encodable) throws {
        try Scalar.encode(value, into: slot, at: codingPath)
    }
}
