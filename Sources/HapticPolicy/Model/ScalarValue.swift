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
