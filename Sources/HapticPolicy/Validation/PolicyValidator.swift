/// The static checks over a decoded policy: ranges and values (HP1xx), references (HP2xx),
/// the decision table (HP3xx), invariants (HP4xx) and budgets (HP5xx).
///
/// Every code is listed in `DiagnosticRegistry`. Checks never trap: empty lists, NaN and huge
/// numbers give findings, not crashes.
public enum PolicyValidator {
    /// Every semantic finding, sorted by location; errors and warnings.
    public static func validate(_ document: PolicyDocument) -> [Diagnostic] {
        let context = ValidationContext(document)
        var findings: [Diagnostic] = []
        findings += DocumentChecks.run(context)
        findings += PatternChecks.run(context)
        findings += FeedbackChecks.run(context)
        findings += BandChecks.run(context)
        findings += ReferenceChecks.run(context)
        findings += UsageChecks.run(context)
        findings += TableChecks.run(context)
        findings += LifecycleChecks.run(context)
        findings += InvariantChecks.run(context)
        findings += BudgetChecks.run(context)
        return findings.sorted(by: reportOrder)
    }

    /// By location, then code, then message, so output is stable whatever order checks run in.
    private static func reportOrder(_ lhs: Diagnostic, _ rhs: Diagnostic) -> Bool {
        if lhs.location != rhs.location { return lhs.location < rhs.location }
        if lhs.code != rhs.code { return lhs.code < rhs.code }
        return lhs.message < rhs.message
    }
}
