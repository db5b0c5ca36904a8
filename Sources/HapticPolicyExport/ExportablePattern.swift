import HapticPolicy
import HapticPolicyCompiler

/// A custom pattern of a policy, instantiated and ready to export.
package struct ExportablePattern: Sendable, Equatable {
    /// The feedback it belongs to.
    package var feedback: FeedbackPlan
    /// The instantiated pattern.
    package var pattern: ResolvedPattern

    /// The feedback name (`meet`).
    package var name: String { feedback.name }

    /// The pattern as Core Haptics plays it (the one planner's output).
    package var plan: PatternPlan { PatternPlan(pattern) }

    /// Creates one.
    package init(feedback: FeedbackPlan, pattern: ResolvedPattern) {
        self.feedback = feedback
        self.pattern = pattern
    }

    /// Instantiates every custom pattern of `policy` with `parameters` (each value goes
    /// to the templates that declare that parameter), as `platform` plays them (its
    /// `platforms:` overrides) or else as the feedback itself is. Patterns that fail are
    /// reported and left out; a parameter no template declares is an error.
    package static func all(
        in policy: Policy, parameters: [String: Double] = [:], on platform: Platform? = nil
    ) -> (patterns: [ExportablePattern], diagnostics: [Diagnostic]) {
        var patterns: [ExportablePattern] = []
        var diagnostics: [Diagnostic] = []
        var used: Set<String> = []
        for feedback in policy.content.feedback.map({ platform.map($0.on) ?? $0 }) {
            guard let template = feedback.pattern else { continue }
            let declared = Set(template.parameters.map(\.name))
            let values = parameters.filter { declared.contains($0.key) }
            used.formUnion(values.keys)
            let at = policy.location(feedback.location)
            do {
                let pattern = try template.resolve(values, in: policy.files)
                if let problem = unexportable(pattern) {
                    diagnostics.append(
                        DiagnosticCode.exportBadExpression(
                            "pattern '\(feedback.name)': \(problem.message)",
                            at: problem.location == .unknown ? at : problem.location))
                    continue
                }
                diagnostics += clampedValues(in: pattern, name: feedback.name, location: at)
                patterns.append(ExportablePattern(feedback: feedback, pattern: pattern))
            } catch {
                let code: DiagnosticCode =
                    switch error {
                    case .outOfRange, .unknownParameter: .exportBadParameter
                    case .unboundParameter, .notFinite: .exportBadExpression
                    }
                diagnostics.append(
                    code("pattern '\(feedback.name)': \(error)", at: error.location == .unknown ? at : error.location))
            }
        }
        // A parameter is in use when a template of any platform declares it.
        for feedback in policy.content.feedback {
            for plan in [feedback] + Array(feedback.platforms.values) {
                used.formUnion((plan.pattern?.parameters ?? []).map(\.name).filter { parameters[$0] != nil })
            }
        }
        for name in parameters.keys.sorted() where !used.contains(name) {
            diagnostics.append(unusedParameter(name, in: policy))
        }
        return (patterns, diagnostics)
    }
}

extension ExportablePattern {
    /// HP708 for `--param name=…` that no template declares: the templates and their
    /// parameters, the nearest declared name, located at that parameter (else at the first
    /// template, or at `policy:` when there is none).
    static func unusedParameter(_ name: String, in policy: Policy) -> Diagnostic {
        let templates = policy.content.feedback.compactMap { feedback -> (String, PatternTemplate)? in
            guard let template = feedback.pattern, !template.parameters.isEmpty else { return nil }
            return (feedback.name, template)
        }
        guard let first = templates.first else {
            return DiagnosticCode.exportUnusedParameter(
                "no pattern takes the parameter '\(name)' (--param \(name)); this policy has no templates, so drop --param",
                at: policy.location(policy.content.location))
        }
        let declared = templates.flatMap(\.1.parameters)
        let near = declared.first { $0.name == suggestion(for: name, among: declared.map(\.name)) }
        let listed = templates.map { "\($0.0)(\($0.1.parameters.map(\.name).joined(separator: ", ")))" }
        return DiagnosticCode.exportUnusedParameter(
            "no pattern takes the parameter '\(name)' (--param \(name)); templates are \(listed.joined(separator: ", "))"
                + (near.map { "; did you mean '\($0.name)'?" } ?? ""),
            at: policy.location((near ?? first.1.parameters[0]).location))
    }
}

/// The longest pattern (or loop period) the exporters sample, in seconds.
package let maxExportSeconds = 600.0

/// Why a resolved pattern cannot be exported (negative times, absurd lengths), or nil.
private func unexportable(_ pattern: ResolvedPattern) -> (message: String, location: SourceLocation)? {
    for event in pattern.events {
        if event.time < 0 {
            return ("an event starts at \(numberText(event.time)) s; times start at 0", event.location)
        }
        if event.duration < 0 {
            return ("an event lasts \(numberText(event.duration)) s; durations cannot be negative", event.location)
        }
        if event.end > maxExportSeconds {
            return (
                "an event ends at \(numberText(event.end)) s; exports support patterns up to \(numberText(maxExportSeconds)) s",
                event.location
            )
        }
        for curve in event.curves {
            for point in curve.points where point.time < 0 || point.time > maxExportSeconds {
                return (
                    "a \(curve.parameter.rawValue) control point is at \(numberText(point.time)) s; control-point times are seconds from the event start, 0 or more",
                    event.location
                )
            }
        }
    }
    if let loop = pattern.loop, loop <= 0 || loop > maxExportSeconds {
        return (
            "the loop period is \(numberText(loop)) s; use a period above 0 and up to \(numberText(maxExportSeconds)) s",
            .unknown
        )
    }
    return nil
}
