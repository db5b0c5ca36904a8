@testable import HapticPolicy
@testable import HapticPolicyCompiler
@testable import HapticPolicyDocument

extension Policy {
    /// Compiles a document without validating it, for tests of what reads a compiled
    /// policy (the table, coverage) on documents the validator would refuse (a gap).
    static func unchecked(_ document: PolicyDocument) -> Policy {
        let content = PolicyCompiler.content(of: document)
        return Policy(content: content, file: document.file, hash: PolicyBundle.hash(of: content))
    }
}
