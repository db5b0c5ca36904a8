import HapticPolicy

extension DiagnosticCode {
    /// `priority:` given, but every feedback has the same one.
    package static let priorityNoEffect = DiagnosticCode.check(
        "HP170", .warning, "priority-no-effect",
        "every feedback has the same `priority:`, so no play can cut or outrank another")
    /// A looping feedback outranks other feedback while it runs.
    package static let loopOutranks = DiagnosticCode.check(
        "HP171", .warning, "loop-outranks",
        "a looping feedback has a higher `priority:` than other feedback, which is refused while it loops")
    /// `priority:` in a `platforms:` override.
    package static let priorityOnPlatform = DiagnosticCode.check(
        "HP172", .error, "priority-on-platform",
        "`priority:` in a feedback's `platforms:` override: a feedback has one priority on every platform")
}

/// The diagnostics the front end gives about `priority:` itself.
package enum PriorityCodes {
    /// `priority:` at `location` inside the `platforms:` override of `what` (HP172).
    package static func priorityOnPlatform(_ location: SourceLocation, of what: String) -> Diagnostic {
        DiagnosticCode.priorityOnPlatform(
            "\(what) sets `priority:` for one platform, and decisions are the same on every platform: move `priority:` to the feedback itself",
            at: location)
    }
}

/// Priorities (`priority:` on a feedback): a priority that cannot matter, and loops that
/// silence lower feedback while they run.
enum PriorityChecks {
    static func run(_ context: ValidationContext) -> [Diagnostic] {
        let feedback = context.document.feedback
        guard let first = feedback.first(where: { $0.priority != nil }), let given = first.priority else { return [] }
        func priority(_ decl: FeedbackDecl) -> Priority { decl.priority?.value ?? .normal }
        var out: [Diagnostic] = []
        if feedback.allSatisfy({ priority($0) == given.value }) {
            out.append(
                DiagnosticCode.priorityNoEffect(
                    "every feedback has priority '\(given.value.rawValue)' (here on '\(first.name.value)'), so no play can cut or outrank another: give the feedback that must cut the others a higher priority, or remove `priority:`",
                    at: given.location))
            return out
        }
        for decl in feedback {
            guard case .pattern(let pattern) = decl.body, pattern.loop != nil else { continue }
            let level = priority(decl)
            let lower = feedback.filter { priority($0) < level }.map { "'\($0.name.value)'" }
            guard !lower.isEmpty else { continue }
            let shown = lower.prefix(4).joined(separator: ", ") + (lower.count > 4 ? ", …" : "")
            out.append(
                DiagnosticCode.loopOutranks(
                    "'\(decl.name.value)' loops at priority '\(level.rawValue)': while it runs, every play of a lower priority (\(shown)) is refused `outranked`; stop the loop where those must play, or lower its priority",
                    at: decl.priority?.location ?? decl.name.location))
        }
        return out
    }
}
