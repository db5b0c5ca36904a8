/// A name as the language compares names: equal when their Unicode code points are, as
/// in the Kotlin and TypeScript runtimes (and CEL, Cedar, Rego). Swift's `String` compares
/// canonically equivalent text as equal (`"caf\u{E9}"` and `"cafe\u{301}"`), so a table
/// keyed by `String` would let an NFD spelling of an event play on iOS only and refuse a
/// bundle that declares both spellings; tables of names are keyed by this instead
/// (`Docs/policy-language.md`, "Names").
package struct NameKey: Hashable, Sendable {
    /// The name, as written.
    package let name: String

    /// The key of `name`.
    @inlinable
    package init(_ name: String) { self.name = name }

    /// Whether two names have the same code points (the same UTF-8 bytes).
    @inlinable
    package static func == (lhs: NameKey, rhs: NameKey) -> Bool { same(lhs.name, rhs.name) }

    /// Whether two names have the same code points (the same UTF-8 bytes). Inlinable, so
    /// a caller in another module (eval's name cache) compares without a call.
    @inlinable
    package static func same(_ lhs: String, _ rhs: String) -> Bool {
        let a = lhs.utf8
        let b = rhs.utf8
        guard a.count == b.count else { return false }
        let contiguous = a.withContiguousStorageIfAvailable { x in
            b.withContiguousStorageIfAvailable { y in equalBytes(x, y) }
        }
        return (contiguous ?? nil) ?? a.elementsEqual(b)
    }

    /// Whether two buffers of one length hold the same bytes, compared eight at a time
    /// (the generic `elementsEqual` went byte by byte through an iterator: about 560
    /// instructions an eval line, callgrind).
    @inlinable
    static func equalBytes(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
        let count = a.count
        guard count > 0, let x = a.baseAddress, let y = b.baseAddress, x != y else { return true }
        let left = UnsafeRawPointer(x)
        let right = UnsafeRawPointer(y)
        var offset = 0
        while offset &+ 8 <= count {
            guard
                left.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
                    == right.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            else { return false }
            offset &+= 8
        }
        while offset < count {
            guard x[offset] == y[offset] else { return false }
            offset &+= 1
        }
        return true
    }

    /// Hashes the UTF-8 bytes, so two keys with the same code points hash alike.
    package func hash(into hasher: inout Hasher) {
        let hashed: Void? = name.utf8.withContiguousStorageIfAvailable {
            hasher.combine(bytes: UnsafeRawBufferPointer($0))
        }
        if hashed == nil { for byte in name.utf8 { hasher.combine(byte) } }
        hasher.combine(0xFF as UInt8)
    }
}

/// A lookup table from names to values, by `NameKey` equality; the first of repeated
/// names is kept.
package struct NameTable<Value> {
    private var storage: [NameKey: Value]

    /// An empty table.
    package init() { storage = [:] }

    /// A table of `pairs`; where a name repeats, the first pair's value is kept.
    package init(firsts pairs: some Sequence<(String, Value)>) {
        storage = [:]
        for (name, value) in pairs where storage[NameKey(name)] == nil { storage[NameKey(name)] = value }
    }

    /// The value of the name with exactly `name`'s code points, or nil.
    package subscript(name: String) -> Value? {
        get { storage[NameKey(name)] }
        set { storage[NameKey(name)] = newValue }
    }

    /// The value of `name`, or `defaultValue` (which a mutation stores).
    package subscript(name: String, default defaultValue: @autoclosure () -> Value) -> Value {
        get { storage[NameKey(name), default: defaultValue()] }
        set { storage[NameKey(name)] = newValue }
    }

    /// Removes the name with exactly `name`'s code points.
    package mutating func removeValue(forKey name: String) { storage.removeValue(forKey: NameKey(name)) }

    /// Number of names held.
    package var count: Int { storage.count }
}

extension NameTable: Sendable where Value: Sendable {}
