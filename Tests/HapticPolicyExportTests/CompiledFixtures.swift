import HapticPolicyExport

@testable import HapticPolicy
@testable import HapticPolicyCompiler
@testable import HapticPolicyDocument
@testable import HapticPolicyReplay

extension Policy {
    /// Compiles a fixture document without validating it: exporter tests feed patterns
    /// the validator would refuse (negative times, over-long events) to see the
    /// exporters' own diagnostics.
    static func unchecked(_ document: PolicyDocument) -> Policy {
        let content = PolicyCompiler.content(of: document)
        return Policy(content: content, file: document.file, hash: PolicyBundle.hash(of: content))
    }
}

// Fixture documents, compiled on the way in, so each test reads as the document it checks.

extension PolicyExporter {
    static func export(
        _ document: PolicyDocument, to targets: [ExportTarget], parameters: [String: Double] = [:]
    ) -> (files: [ExportedFile], diagnostics: [Diagnostic]) {
        export(Policy.unchecked(document), to: targets, parameters: parameters)
    }
}

extension ExportablePattern {
    static func all(
        in document: PolicyDocument, parameters: [String: Double] = [:]
    ) -> (patterns: [ExportablePattern], diagnostics: [Diagnostic]) {
        all(in: Policy.unchecked(document), parameters: parameters)
    }
}

extension ReportRenderer {
    static func render(
        _ document: PolicyDocument, parameters: [String: Double] = [:], timeline: [ReportTimelineEntry]? = nil
    ) -> String {
        let policy = Policy.unchecked(document)
        return render(
            policy,
            table: DecisionTable(
                policy, budgetNotes: document.budgetNotes(acknowledgements: document.acknowledgements ?? [])),
            parameters: parameters, timeline: timeline)
    }
}
