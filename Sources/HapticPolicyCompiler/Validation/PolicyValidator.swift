import HapticPolicy
import HapticPolicyDocument

/// The static checks over a decoded policy: ranges and values (HP1xx), references (HP2xx),
/// the decision table (HP3xx), invariants (HP4xx) and budgets (HP5xx).
///
/// Every code is listed in `DiagnosticRegistry`. Checks never trap: empty lists, NaN and huge
/// numbers give findings, not crashes.
public enum PolicyValidator {
    /// Every semantic finding, sorted by location; errors and warnings. A warning the
    /// document acknowledges is left out (`check` gives it), and an acknowledgement that
    /// acknowledged nothing is a finding (HP602).
    public static func validate(_ document: PolicyDocument) -> [Diagnostic] {
        acknowledging(document).findings
    }

    /// The findings, and the warnings `document.acknowledgements` acknowledge, apart.
    private static func acknowledging(_ document: PolicyDocument) -> (
        findings: [Diagnostic], acknowledged: [Diagnostic]
    ) {
        let findings = allFindings(document)
        guard let entries = document.acknowledgements, !entries.isEmpty else { return (findings, []) }
        let applied = AcknowledgementChecks.apply(entries, to: findings)
        return (
            (applied.kept + applied.unused.map(AcknowledgementChecks.stale)).sorted(by: reportOrder),
            applied.acknowledged
        )
    }

    /// Every finding of every check, sorted by location, acknowledged or not.
    private static func allFindings(_ document: PolicyDocument) -> [Diagnostic] {
        let context = ValidationContext(document)
        var findings: [Diagnostic] = []
        findings += DocumentChecks.run(context)
        findings += ConfusableNameChecks.run(context)
        findings += PatternChecks.run(context)
        findings += FeedbackChecks.run(context)
        findings += BandChecks.run(context)
        findings += ApproachChecks.run(context)
        findings += ReferenceChecks.run(context)
        findings += UsageChecks.run(context)
        findings += TableChecks.run(context)
        findings += ValueChecks.run(context)
        findings += LifecycleChecks.run(context)
        findings += InvariantChecks.run(context)
        findings += LayerChecks.run(context)
        findings += BudgetChecks.run(context)
        findings += EventLimitChecks.run(context)
        findings += ParameterChecks.run(context)
        findings += EdgeChecks.run(context)
        findings += UserLevelChecks.run(context)
        findings += SeveralActionsChecks.run(context)
        findings += ScreenDefaultChecks.run(context)
        findings += BackgroundChecks.run(context)
        findings += PriorityChecks.run(context)
        findings += EventDataChecks.run(context)
        findings += platformFindings(document, besides: findings)
        return findings.sorted(by: reportOrder)
    }

    /// The feedback checks again over what each platform plays (`FeedbackDecl.on`), so an
    /// Android-only fallback or a web-only pattern is checked like the feedback's own;
    /// findings the feedback's own checks already gave are not repeated.
    private static func platformFindings(_ document: PolicyDocument, besides found: [Diagnostic]) -> [Diagnostic] {
        let variants = document.platformVariants
        guard !variants.isEmpty else { return [] }
        var seen = Set(found.map { [$0.code, "\($0.location)", $0.message] })
        var findings: [Diagnostic] = []
        for (_, variant) in variants {
            let context = ValidationContext(variant)
            for finding in PatternChecks.run(context) + FeedbackChecks.run(context) + ReferenceChecks.run(context)
            where seen.insert([finding.code, "\(finding.location)", finding.message]).inserted {
                findings.append(finding)
            }
        }
        return findings
    }

    /// Validates `document`: every finding, and the validated policy when no finding is
    /// an error. Only this function makes a `ValidatedPolicy`.
    public static func check(_ document: PolicyDocument) -> ValidatedPolicy.Outcome {
        let (findings, acknowledged) = acknowledging(document)
        let validated =
            findings.contains { $0.severity == .error } ? nil : ValidatedPolicy(document, warnings: findings)
        return ValidatedPolicy.Outcome(validated: validated, diagnostics: findings, acknowledged: acknowledged)
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
        /// The warnings the document acknowledges (`Diagnostic.acknowledged` set), in
        /// report order: not in `diagnostics`.
        public var acknowledged: [Diagnostic] = []
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
