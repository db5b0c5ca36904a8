import HapticPolicy
import HapticPolicyCompiler

extension PolicyTestSuite {
    /// Names the policy does not declare (events, screens, feedback in `play`/`stop`, band
    /// levels in `band`, budget ids in `breaches`), each at its own line and column with
    /// the nearest declared name (`HP806`): a typo in a test, reported instead of a
    /// confusing failure.
    public func unknownReferences(in policy: Policy) -> [Diagnostic] {
        let events = policy.eventNames
        let screens = policy.screenNames
        let feedback = policy.content.feedback.map(\.name)
        let levels = policy.content.bands.flatMap { $0.levels.map(\.name) }
        let budgets = policy.content.budgets.map(\.id)
        let declared: [NameUse.Kind: Set<String>] = [
            .event: Set(events), .screen: Set(screens), .feedback: Set(feedback), .bandLevel: Set(levels),
            .budget: Set(budgets),
        ]
        var problems: [Diagnostic] = []
        for use in names where declared[use.kind]?.contains(use.name.value) == false {
            let name = use.name.value
            let message =
                switch use.kind {
                case .event:
                    "event '\(name)' is not in the catalogue of \(policy.file)"
                        + advice(didYouMean(name, among: events), "add it under 'events:' or fix the test")
                case .screen:
                    "screen '\(name)' is not declared in \(policy.file)"
                        + advice(didYouMean(name, among: screens), "check the names under 'screens:'")
                case .feedback:
                    "feedback '\(name)' is not declared in \(policy.file)"
                        + advice(didYouMean(name, among: feedback), "check the name under 'feedback:'")
                case .bandLevel:
                    "band level '\(name)' is not declared in \(policy.file)"
                        + advice(didYouMean(name, among: levels), "check the level names under 'bands:'")
                case .budget:
                    "budget '\(name)' is not declared in \(policy.file)"
                        + advice(didYouMean(name, among: budgets), "use one of its 'budgets:' ids")
                }
            problems.append(DiagnosticCode.testUnknownName(message, at: use.name.location))
        }
        return problems.sorted { $0.location < $1.location }
    }

    /// The did-you-mean when there is one, else what to do.
    private func advice(_ hint: String, _ otherwise: String) -> String {
        hint.isEmpty ? "; " + otherwise : hint
    }
}
