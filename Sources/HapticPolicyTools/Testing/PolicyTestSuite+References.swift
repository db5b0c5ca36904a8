import HapticPolicy

extension PolicyTestSuite {
    /// Names in expectations the policy does not declare (feedback in `play`/`stop`, band
    /// levels in `band`, budget ids in `breaches`): a typo in a test, reported at the step
    /// or case (`HP806`) instead of a confusing failure.
    public func unknownReferences(in policy: Policy) -> [Diagnostic] {
        let feedback = Set(policy.content.feedback.map(\.name))
        let levels = Set(policy.content.bands.flatMap { $0.levels.map(\.name) })
        let budgets = Set(policy.content.budgets.map(\.id))
        var problems: [Diagnostic] = []
        func report(_ message: String, _ location: SourceLocation) {
            problems.append(DiagnosticCode.testUnknownName(message, at: location))
        }
        for testCase in cases {
            for budget in testCase.breaches ?? [] where !budgets.contains(budget) {
                report(
                    "budget '\(budget)' is not declared in \(policy.file); use one of its 'budgets:' ids",
                    testCase.location)
            }
            for step in testCase.steps {
                guard let expectation = step.expectation else { continue }
                switch expectation.outcome {
                case .play(let name), .stop(let name?):
                    if !feedback.contains(name) {
                        report(
                            "feedback '\(name)' is not declared in \(policy.file); check the name under 'feedback:'",
                            step.location)
                    }
                default:
                    break
                }
                if let band = expectation.band, !levels.contains(band) {
                    report(
                        "band level '\(band)' is not declared in \(policy.file); check the level names under 'bands:'",
                        step.location)
                }
            }
        }
        return problems
    }
}
