/// Hard limits that keep hostile or broken input from costing time or memory.
public struct ParseLimits: Sendable, Hashable {
    /// The largest accepted file, in bytes (default 1 MiB).
    public var maxBytes: Int
    /// The deepest accepted nesting of lists and mappings (default 64).
    public var maxDepth: Int
    /// The most nodes accepted after alias expansion (default 100,000); stops
    /// "billion laughs" alias bombs.
    public var maxNodes: Int

    /// The limits used unless a caller asks otherwise.
    public static let `default` = ParseLimits()

    /// Creates limits; every argument defaults to the standard limit.
    public init(maxBytes: Int = 1 << 20, maxDepth: Int = 64, maxNodes: Int = 100_000) {
        self.maxBytes = maxBytes
        self.maxDepth = maxDepth
        self.maxNodes = maxNodes
    }
}
