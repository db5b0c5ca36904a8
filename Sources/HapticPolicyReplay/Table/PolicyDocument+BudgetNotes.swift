import HapticPolicy
import HapticPolicyCompiler
import HapticPolicyDocument

extension PolicyDocument {
    /// What the source says of each budget that the compiled policy does not keep, by
    /// budget id, for `DecisionTable(_:budgetNotes:)`: the designer's reason for each
    /// excepted event, and the entries of `acknowledgements` (every `acknowledge:` the
    /// loader read, `LoadResult.acknowledgements`) written on the budget.
    public func budgetNotes(acknowledgements: [Acknowledgement]) -> [String: DecisionTable.Budget.Notes] {
        var notes: [String: DecisionTable.Budget.Notes] = [:]
        for budget in budgets where notes[budget.id.value] == nil {
            let id = budget.id.value
            notes[id] = DecisionTable.Budget.Notes(
                reasons: Dictionary(
                    budget.exceptions.map { ($0.event.value, $0.reason.value) }, uniquingKeysWith: { first, _ in first }
                ),
                acknowledged: acknowledgements.filter { $0.owner == "budget '\(id)'" }.map {
                    DecisionTable.Budget.Acknowledged(code: $0.code.value, reason: $0.reason.value)
                })
        }
        return notes
    }
}
