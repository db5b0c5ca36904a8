import HapticPolicy
import HapticPolicyDocument

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
    /// A row plays a one-shot pattern and starts a loop of another priority.
    package static let playAndLoopPriorities = DiagnosticCode.check(
        "HP173", .warning, "play-and-loop-priorities",
        "a row plays a pattern and starts a loop of another `priority:`, so one of the two is lost at once")
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
        out += rowFindings(context, priority)
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

    /// Rows with `play:` of a one-shot pattern and `loop:` of another priority (HP173). A
    /// row plays, then loops (Docs/decision-order.md): a higher loop cuts the pattern it has
    /// just played, and a lower loop is refused `outranked` while the pattern plays, so it
    /// never starts (a refused loop is not started later).
    private static func rowFindings(_ context: ValidationContext, _ priority: (FeedbackDecl) -> Priority)
        -> [Diagnostic]
    {
        var out: [Diagnostic] = []
        for (_, cell) in context.allCells {
            for row in cell.rows {
                guard let play = row.play, let loop = row.loop, let played = context.feedback[play.value],
                    let looped = context.feedback[loop.value], case .pattern(let pattern) = played.body,
                    pattern.loop == nil
                else { continue }
                let (p, l) = (priority(played), priority(looped))
                guard p != l else { continue }
                let what =
                    l > p
                    ? "the loop '\(loop.value)' (\(l.rawValue)) cuts the pattern '\(play.value)' (\(p.rawValue)) the row has just played, so it is never felt"
                    : "the loop '\(loop.value)' (\(l.rawValue)) is refused `outranked` while '\(play.value)' (\(p.rawValue)) plays, so it never starts"
                out.append(
                    DiagnosticCode.playAndLoopPriorities(
                        "the row plays, then loops: \(what); give both the same priority, or play and loop from two rows",
                        at: loop.location,
                        notes: [Diagnostic.Note("`play: \(play.value)` is here", at: play.location)]))
            }
        }
        return out
    }
}
