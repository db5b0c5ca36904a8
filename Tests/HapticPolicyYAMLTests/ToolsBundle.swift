import HapticPolicy

/// A bundle read as the tools read it (both lines, `PolicyBundle.decode`): the content
/// compiled, positions, invariants and budgets included. `Policy(bundle:)` reads line 1.
func toolsPolicy(bundle: [UInt8]) throws -> Policy {
    let (content, hash) = try PolicyBundle.decode(bundle)
    return Policy(content: content, hash: hash)
}
