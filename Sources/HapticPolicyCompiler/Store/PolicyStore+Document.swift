import HapticPolicy
import HapticPolicyDocument

extension PolicyStore {
    /// Validates and compiles `document`, then swaps it in; on any error the active policy
    /// stays and the diagnostics say why. The document is validated once.
    @discardableResult
    public func reload(_ document: PolicyDocument) -> ReloadResult {
        let outcome = PolicyValidator.check(document)
        guard let validated = outcome.validated else { return refused(outcome.diagnostics) }
        let hash = reload(PolicyCompiler.compile(validated))
        return ReloadResult(applied: true, diagnostics: outcome.diagnostics, activeHash: hash)
    }
}
