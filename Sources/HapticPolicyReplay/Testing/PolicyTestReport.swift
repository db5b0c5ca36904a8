import HapticPolicy

/// One failed expectation: which step, what was expected, what was decided and by which rule.
public struct PolicyTestFailure: Sendable {
    /// The 1-based step number in the case.
    public var step: Int
    /// The event.
    public var event: TimedEvent
    /// Where the step is written.
    public var location: SourceLocation
    /// The expected fields that did not match.
    public var expected: String
    /// What was decided for those fields.
    public var actual: String
    /// The whole decision.
    public var decision: Decision
}

/// The outcome of one case.
public struct PolicyTestResult: Sendable {
    /// The case name.
    public var name: String
    /// Where the case is written.
    public var location: SourceLocation
    /// Failed expectations, in step order.
    public var failures: [PolicyTestFailure]
    /// Budgets broken during the case.
    public var breaches: [BudgetMeter.Breach]
    /// Why the case's `breaches:` expectation failed, if it did.
    public var budgetProblem: String?

    /// Whether every expectation held.
    public var passed: Bool { failures.isEmpty && budgetProblem == nil }
}

/// Every case's outcome and the coverage of the suite.
public struct PolicyTestReport: Sendable {
    /// The test file.
    public var file: String
    /// Results in case order.
    public var results: [PolicyTestResult]
    /// What the cases exercised.
    public var coverage: PolicyCoverage

    /// Cases that passed.
    public var passed: Int { results.filter(\.passed).count }
    /// Cases that failed.
    public var failed: Int { results.count - passed }
}
