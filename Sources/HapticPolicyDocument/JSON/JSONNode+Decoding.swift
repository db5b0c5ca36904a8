extension JSONNode {
    /// This node read as a `T`, through its `Decodable` conformance: how the tools read
    /// their `Codable` types (the language server's messages) from what `JSONParser` read.
    /// Types are strict, as Foundation's decoder is: a string is never a number; an integer
    /// type takes a number that is a whole value in its range (`3`, `3.0`, `3e0`), and
    /// nothing else. Where a key is written twice, its first value counts. Throws
    /// `DecodingError` with the coding path of what did not fit. The parser reads a number
    /// as a `Double`, exact for integers below 2^53 in size: a parsed integer of 2^53 or more is
    /// refused, never read as a neighbour (the language server's integers are 32-bit).
    package func decode<T: Decodable>(_: T.Type) throws -> T {
        try T(from: NodeDecoder(node: self, codingPath: []))
    }
}

/// A `Decoder` over one node; it is its own single-value container.
private struct NodeDecoder: Decoder, SingleValueDecodingContainer {
    let node: JSONNode
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy _: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard let members = node.members else { throw mismatch([String: JSONNode].self) }
        return KeyedDecodingContainer(KeyedNodeDecoder<Key>(members: members, codingPath: codingPath))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard let items = node.items else { throw mismatch([JSONNode].self) }
        return UnkeyedNodeDecoder(items: items, codingPath: codingPath)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { self }

    func mismatch(_ type: Any.Type) -> DecodingError {
        .typeMismatch(
            type, .init(codingPath: codingPath, debugDescription: "expected \(type), found \(node.kindName)"))
    }

    /// The number's exact text when it has one (`.numeral`), and its value.
    private var number: (text: String?, value: Double)? {
        switch node.value {
        case .number(let value, _): (nil, value)
        case .numeral(let text): Double(text).map { (text, $0) }
        default: nil
        }
    }

    func integer<T: FixedWidthInteger>(_ type: T.Type) throws -> T {
        guard let number else { throw mismatch(type) }
        if let text = number.text, let exact = T(text) { return exact }
        guard number.text != nil || number.value.magnitude < 0x20_0000_0000_0000,
            let exact = T(exactly: number.value)
        else {
            throw DecodingError.dataCorrupted(
                .init(codingPath: codingPath, debugDescription: "the number \(number.value) does not fit in \(type)"))
        }
        return exact
    }

    func float<T: BinaryFloatingPoint>(_ type: T.Type) throws -> T {
        guard let number else { throw mismatch(type) }
        return T(number.value)
    }

    func decodeNil() -> Bool { node.value == .null }

    func decode(_ type: Bool.Type) throws -> Bool {
        guard case .bool(let value) = node.value else { throw mismatch(type) }
        return value
    }

    func decode(_ type: String.Type) throws -> String {
        guard let value = node.stringValue else { throw mismatch(type) }
        return value
    }

    func decode(_ type: Double.Type) throws -> Double { try float(type) }
    func decode(_ type: Float.Type) throws -> Float { try float(type) }
    func decode(_ type: Int.Type) throws -> Int { try integer(type) }
    func decode(_ type: Int8.Type) throws -> Int8 { try integer(type) }
    func decode(_ type: Int16.Type) throws -> Int16 { try integer(type) }
    func decode(_ type: Int32.Type) throws -> Int32 { try integer(type) }
    func decode(_ type: Int64.Type) throws -> Int64 { try integer(type) }
    func decode(_ type: UInt.Type) throws -> UInt { try integer(type) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try integer(type) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try integer(type) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try integer(type) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try integer(type) }
    func decode<T: Decodable>(_: T.Type) throws -> T { try T(from: self) }
}

private struct KeyedNodeDecoder<Key: CodingKey>: KeyedDecodingContainerProtocol {
    /// The members by key, the first of a key written twice.
    let values: [String: JSONNode]
    let allKeys: [Key]
    let codingPath: [any CodingKey]

    init(members: [JSONNode.Member], codingPath: [any CodingKey]) {
        var values: [String: JSONNode] = [:]
        var keys: [Key] = []
        for member in members where values[member.key] == nil {
            values[member.key] = member.value
            if let key = Key(stringValue: member.key) { keys.append(key) }
        }
        self.values = values
        self.allKeys = keys
        self.codingPath = codingPath
    }

    func contains(_ key: Key) -> Bool { values[key.stringValue] != nil }

    /// A decoder of the value at `key`; `keyNotFound` when there is none.
    private func decoder(_ key: Key) throws -> NodeDecoder {
        guard let node = values[key.stringValue] else {
            throw DecodingError.keyNotFound(
                key, .init(codingPath: codingPath, debugDescription: "no value for '\(key.stringValue)'"))
        }
        return NodeDecoder(node: node, codingPath: codingPath + [key])
    }

    func decodeNil(forKey key: Key) throws -> Bool { try decoder(key).decodeNil() }
    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try decoder(key).decode(type) }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try decoder(key).decode(type) }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try decoder(key).decode(type) }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try decoder(key).decode(type) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try decoder(key).decode(type) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try decoder(key).decode(type) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try decoder(key).decode(type) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try decoder(key).decode(type) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try decoder(key).decode(type) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try decoder(key).decode(type) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try decoder(key).decode(type) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try decoder(key).decode(type) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try decoder(key).decode(type) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try decoder(key).decode(type) }
    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T { try decoder(key).decode(type) }

    func nestedContainer<NestedKey: CodingKey>(
        keyedBy type: NestedKey.Type, forKey key: Key
    ) throws -> KeyedDecodingContainer<NestedKey> {
        try decoder(key).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try decoder(key).unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder {
        NodeDecoder(node: values["super"] ?? .null, codingPath: codingPath + [JSONCodingKey.superKey])
    }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        NodeDecoder(node: values[key.stringValue] ?? .null, codingPath: codingPath + [key])
    }
}

private struct UnkeyedNodeDecoder: UnkeyedDecodingContainer {
    let items: [JSONNode]
    let codingPath: [any CodingKey]
    private(set) var currentIndex = 0

    init(items: [JSONNode], codingPath: [any CodingKey]) {
        self.items = items
        self.codingPath = codingPath
    }

    var count: Int? { items.count }
    var isAtEnd: Bool { currentIndex >= items.count }

    /// A decoder of the next item, moving past it; `valueNotFound` at the end.
    private mutating func next(_ type: Any.Type) throws -> NodeDecoder {
        let path = codingPath + [JSONCodingKey(intValue: currentIndex)]
        guard !isAtEnd else {
            throw DecodingError.valueNotFound(type, .init(codingPath: path, debugDescription: "the array has ended"))
        }
        defer { currentIndex += 1 }
        return NodeDecoder(node: items[currentIndex], codingPath: path)
    }

    mutating func decodeNil() throws -> Bool {
        guard !isAtEnd, items[currentIndex].value == .null else { return false }
        currentIndex += 1
        return true
    }

    mutating func decode(_ type: Bool.Type) throws -> Bool { try next(type).decode(type) }
    mutating func decode(_ type: String.Type) throws -> String { try next(type).decode(type) }
    mutating func decode(_ type: Double.Type) throws -> Double { try next(type).decode(type) }
    mutating func decode(_ type: Float.Type) throws -> Float { try next(type).decode(type) }
    mutating func decode(_ type: Int.Type) throws -> Int { try next(type).decode(type) }
    mutating func decode(_ type: Int8.Type) throws -> Int8 { try next(type).decode(type) }
    mutating func decode(_ type: Int16.Type) throws -> Int16 { try next(type).decode(type) }
    mutating func decode(_ type: Int32.Type) throws -> Int32 { try next(type).decode(type) }
    mutating func decode(_ type: Int64.Type) throws -> Int64 { try next(type).decode(type) }
    mutating func decode(_ type: UInt.Type) throws -> UInt { try next(type).decode(type) }
    mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try next(type).decode(type) }
    mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try next(type).decode(type) }
    mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try next(type).decode(type) }
    mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try next(type).decode(type) }
    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T { try next(type).decode(type) }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy type: NestedKey.Type
    ) throws -> KeyedDecodingContainer<NestedKey> {
        try next(type).container(keyedBy: type)
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        try next([JSONNode].self).unkeyedContainer()
    }

    mutating func superDecoder() throws -> any Decoder {
        try next(JSONNode.self)
    }
}
