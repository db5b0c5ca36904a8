/// A scalar from a condition or an event log.
public enum ScalarValue: Sendable, Hashable, Codable, CustomStringConvertible {
    /// A number.
    case number(Double)
    /// A boolean.
    case bool(Bool)
    /// A string.
    case string(String)

    /// JSON-like text.
    public var description: String {
        switch self {
        case .number(let n): numberText(n)
        case .bool(let b): String(b)
        case .string(let s): "\"\(s)\""
        }
    }
}

extension ScalarValue {
    /// Equal when of the same kind and value; strings when their Unicode code points are
    /// (`NameKey`), as in every runtime: `"caf\u{E9}"` is not `"cafe\u{301}"`.
    public static func == (lhs: ScalarValue, rhs: ScalarValue) -> Bool {
        switch (lhs, rhs) {
        case (.number(let a), .number(let b)): a == b
        case (.bool(let a), .bool(let b)): a == b
        case (.string(let a), .string(let b)): NameKey.same(a, b)
        default: false
        }
    }

    /// Hashes consistently with `==`: a string by its code points.
    public func hash(into hasher: inout Hasher) {
        switch self {
        case .number(let n):
            hasher.combine(0 as UInt8)
            hasher.combine(n)
        case .bool(let b):
            hasher.combine(1 as UInt8)
            hasher.combine(b)
        case .string(let s):
            hasher.combine(2 as UInt8)
            hasher.combine(NameKey(s))
        }
    }
}
