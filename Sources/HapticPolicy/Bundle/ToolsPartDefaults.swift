/// What line 1 of a bundle leaves to the tools part (`Docs/bundle-format.md`, "What each
/// line holds") reads as its default when absent, so content decodes from line 1 alone:
/// a position as unknown, the invariants and budgets as none (notes and the description
/// are optional already). `PolicyBundle.decode` then refuses a position line 1 keeps
/// (a row's, a band level's, a rule's `at`) that is left out. Synthesized decoding in
/// this module picks these overloads over the generic `decode`.
extension KeyedDecodingContainer {
    /// A position, `[0, 0]` (unknown) when absent.
    func decode(_ type: SourcePosition.Type, forKey key: Key) throws -> SourcePosition {
        try decodeIfPresent(type, forKey: key) ?? SourcePosition(line: 0, column: 0)
    }

    /// The invariants, none when absent.
    func decode(_ type: [PolicyContent.Invariant].Type, forKey key: Key) throws -> [PolicyContent.Invariant] {
        try decodeIfPresent(type, forKey: key) ?? []
    }

    /// The budgets, none when absent.
    func decode(_ type: [PolicyContent.Budget].Type, forKey key: Key) throws -> [PolicyContent.Budget] {
        try decodeIfPresent(type, forKey: key) ?? []
    }
}
