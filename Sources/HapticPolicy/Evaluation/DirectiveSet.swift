/// A set of lifecycle directives, iterated in the fixed order of `Directive.allCases`
/// (`prepare-engine`, `restart-engine`, `prepare-ticker`, `release-ticker`, `stop-loop`,
/// `interrupt`).
/// A bit set so deciding never allocates an array; `list` gives the directives.
public struct DirectiveSet: OptionSet, Sendable, Hashable {
    /// One bit per `Directive`, in `Directive.allCases` order.
    public let rawValue: UInt8

    /// Wraps bits.
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// The set holding one directive.
    public init(_ directive: Directive) {
        self.rawValue = 1 << UInt8(Directive.allCases.firstIndex(of: directive) ?? 0)
    }

    /// `prepare-engine`.
    public static let prepareEngine = DirectiveSet(.prepareEngine)
    /// `restart-engine`.
    public static let restartEngine = DirectiveSet(.restartEngine)
    /// `prepare-ticker`.
    public static let prepareTicker = DirectiveSet(.prepareTicker)
    /// `release-ticker`.
    public static let releaseTicker = DirectiveSet(.releaseTicker)
    /// `stop-loop`.
    public static let stopLoop = DirectiveSet(.stopLoop)
    /// `interrupt`.
    public static let interrupt = DirectiveSet(.interrupt)

    private static let order = Directive.allCases

    /// The directives in canonical order.
    public var list: [Directive] {
        var result: [Directive] = []
        for (index, directive) in Self.order.enumerated() where rawValue & (1 << UInt8(index)) != 0 {
            result.append(directive)
        }
        return result
    }
}
