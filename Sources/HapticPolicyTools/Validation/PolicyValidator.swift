import HapticPolicy

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
        findings += LayerChecks.run(context)
        findings += BudgetChecks.run(context)
        return findings.sorted(by: reportOrder)
    }

    /// Validates `document`: every finding, and the validated policy when no finding is
    /// an error. Only this function makes a `ValidatedPolicy`.
    public static func check(_ document: PolicyDocument) -> ValidatedPolicy.Outcome {
        let findings = validate(document)
        let validated =
            findings.contains { $0.severity == .error } ? nil : ValidatedPolicy(document, warnings: findings)
        return ValidatedPolicy.Outcome(validated: validated, diagnostics: findings)
    }

    /// By location, then code, then message, so output is stable whatever order checks run in.
    private static func reportOrder(_ lhs: Diagnostic, _ rhs: Diagnostic) -> Bool {
        if lhs.location != rhs.location { return lhs.location < rhs.location }
        if lhs.code != rhs.code { return lhs.code < rhs.code }
        return lhs.message < rhs.message
    }
}

/// A document that passed every static check: the only input the compiler takes. Only
/// `PolicyValidator.check` makes one, so a document that has not been validated cannot
/// be compiled, and the compiler never validates again.
public struct ValidatedPolicy: Sendable {
    /// What validating a document gave.
    public struct Outcome: Sendable {
        /// The validated policy; nil when a finding is an error.
        public var validated: ValidatedPolicy?
        /// Every finding, errors and warnings, in report order.
        public var diagnostics: [Diagnostic]
    }

    /// The document.
    public let document: PolicyDocument
    /// The validator's warnings on it.
    public let warnings: [Diagnostic]

    fileprivate init(_ document: PolicyDocument, warnings: [Diagnostic]) {
        self.document = document
        self.warnings = warnings
    }
}
