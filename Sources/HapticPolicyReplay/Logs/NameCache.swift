import HapticPolicy

/// A small direct-mapped cache in front of a name lookup: log lines repeat a handful of
/// event and subject names, and comparing a short string is much cheaper than hashing
/// it (measured with callgrind: name resolution went from ~1,200 to ~300 instructions
/// per line). A miss or a collision falls back to the lookup and replaces the slot.
struct NameCache<Value> {
    private var names: [String?]
    private var values: [Value?]
    private static var size: Int { 64 }

    init() {
        names = Array(repeating: nil, count: Self.size)
        values = Array(repeating: nil, count: Self.size)
    }

    @inline(__always)
    private static func slot(of name: String) -> Int {
        let utf8 = name.utf8
        let count = utf8.count
        // The first and last bytes read from the string's storage: `utf8.last` walks
        // back through index arithmetic (about 120 instructions a call, callgrind).
        let ends =
            utf8.withContiguousStorageIfAvailable { bytes in
                count > 0 ? Int(bytes[0]) &* 31 &+ Int(bytes[count &- 1]) : 0
            } ?? Int(utf8.first ?? 0) &* 31 &+ Int(utf8.last ?? 0)
        return (count &* 961 &+ ends) & (size - 1)
    }

    /// Stores `value` for `name` (when the looked-up value is no longer right).
    mutating func replace(_ name: String, with value: Value) {
        let slot = Self.slot(of: name)
        names[slot] = name
        values[slot] = value
    }

    /// The cached value for `name`, or `lookup(name)` stored for next time.
    @inline(__always)
    mutating func value(for name: String, lookup: (String) -> Value) -> Value {
        let slot = Self.slot(of: name)
        if let cached = names[slot], NameKey.same(cached, name), let value = values[slot] { return value }
        let value = lookup(name)
        names[slot] = name
        values[slot] = value
        return value
    }
}
