import HapticPolicy
import HapticPolicyCompiler
import HapticPolicyReplay

/// What changed between two good rounds of `watch`: findings added and removed, test
/// cases that flipped between pass and fail (or appeared, or went), feedback fields that
/// changed (a pattern event's intensity: `FeedbackFields`, as `diff` compares them),
/// band and budget fields that changed (an edge, a budget's max: `DeclarationFields`, as
/// `diff` compares them), and decisions that changed, by log line.
struct WatchChanges: Equatable {
    /// A test case whose outcome changed; `before` nil: a new case, `after` nil: a removed one.
    struct Flip: Equatable {
        /// The outcome in the last good round.
        var before: WatchSnapshot.TestOutcome?
        /// The outcome now.
        var after: WatchSnapshot.TestOutcome?
    }

    /// A log line whose decision changed; `before` nil: a line added to the log, `after`
    /// nil: a line gone from it.
    struct DecisionChange: Equatable {
        /// The decision in the last good round.
        var before: WatchSnapshot.LoggedOutcome?
        /// The decision now.
        var after: WatchSnapshot.LoggedOutcome?
    }

    /// Findings now that were not there (by code and message, wherever they moved).
    var added: [WatchSnapshot.Finding] = []
    /// Findings that are gone.
    var removed: [WatchSnapshot.Finding] = []
    /// Test cases that flipped, appeared or went.
    var flips: [Flip] = []
    /// Feedback fields that changed, in the new policy's feedback order.
    var feedback: [FeedbackFields.Change] = []
    /// Band and budget fields that changed, bands first, each in the new policy's order.
    var declarations: [DeclarationFields.Change] = []
    /// Decisions that changed, in log order.
    var decisions: [DecisionChange] = []

    /// Nothing changed.
    var isEmpty: Bool {
        added.isEmpty && removed.isEmpty && flips.isEmpty && feedback.isEmpty && declarations.isEmpty
            && decisions.isEmpty
    }

    /// The changes from `old` to `new`.
    init(from old: WatchSnapshot, to new: WatchSnapshot) {
        added = Self.missing(new.findings, from: old.findings)
        removed = Self.missing(old.findings, from: new.findings)
        flips = Self.flips(from: old.tests, to: new.tests)
        if let before = old.feedback, let after = new.feedback {
            feedback = FeedbackFields.changes(from: before, to: after)
        }
        if let before = old.declarations, let after = new.declarations {
            declarations = DeclarationFields.changes(from: before, to: after)
        }
        decisions = Self.decisionChanges(from: old.decisions ?? [], to: new.decisions ?? [])
    }

    /// The findings of `findings` that `other` lacks, counting repeats (two identical
    /// findings and one left is one removed).
    private static func missing(
        _ findings: [WatchSnapshot.Finding], from other: [WatchSnapshot.Finding]
    ) -> [WatchSnapshot.Finding] {
        var available: [String: Int] = [:]
        for finding in other { available[finding.identity, default: 0] += 1 }
        var result: [WatchSnapshot.Finding] = []
        for finding in findings {
            if let count = available[finding.identity], count > 0 {
                available[finding.identity] = count - 1
            } else {
                result.append(finding)
            }
        }
        return result
    }

    /// Cases are the same case when file and name match (the nth of a repeated name
    /// matches the nth).
    private static func flips(
        from old: [WatchSnapshot.TestOutcome], to new: [WatchSnapshot.TestOutcome]
    ) -> [Flip] {
        func keyed(_ outcomes: [WatchSnapshot.TestOutcome]) -> [(String, WatchSnapshot.TestOutcome)] {
            var seen: [String: Int] = [:]
            return outcomes.map { outcome in
                let base = "\(outcome.file)\u{1F}\(outcome.name)"
                let nth = seen[base, default: 0]
                seen[base] = nth + 1
                return ("\(base)\u{1F}\(nth)", outcome)
            }
        }
        let before = Dictionary(keyed(old), uniquingKeysWith: { first, _ in first })
        let newKeyed = keyed(new)
        let afterKeys = Set(newKeyed.map(\.0))
        var flips: [Flip] = []
        for (key, outcome) in newKeyed {
            if let previous = before[key] {
                if previous.passed != outcome.passed { flips.append(Flip(before: previous, after: outcome)) }
            } else {
                flips.append(Flip(before: nil, after: outcome))
            }
        }
        for (key, outcome) in keyed(old) where !afterKeys.contains(key) {
            flips.append(Flip(before: outcome, after: nil))
        }
        return flips
    }

    /// Line by line: the decision of line N before and now.
    private static func decisionChanges(
        from old: [WatchSnapshot.LoggedOutcome], to new: [WatchSnapshot.LoggedOutcome]
    ) -> [DecisionChange] {
        var changes: [DecisionChange] = []
        for index in 0..<max(old.count, new.count) {
            let before = index < old.count ? old[index] : nil
            let after = index < new.count ? new[index] : nil
            if before != after { changes.append(DecisionChange(before: before, after: after)) }
        }
        return changes
    }

    /// The lines `watch` prints for these changes, at most `limit` decision lines (then
    /// `… and N more decisions changed`).
    func lines(decisionLimit limit: Int = 20) -> [String] {
        var lines: [String] = []
        lines += added.map { "  + \($0.text)" }
        lines += removed.map { "  - \($0.text) (fixed)" }
        for flip in flips {
            switch (flip.before, flip.after) {
            case (let before?, let after?):
                let change = before.passed ? "pass -> FAIL" : "FAIL -> pass"
                var line = "  test '\(after.name)' (\(after.location)): \(change)"
                if let failure = after.failure { line += ": \(failure)" }
                lines.append(line)
            case (nil, let after?):
                var line = "  test '\(after.name)' (\(after.location)): new, \(after.passed ? "pass" : "FAIL")"
                if let failure = after.failure { line += ": \(failure)" }
                lines.append(line)
            case (let before?, nil):
                lines.append("  test '\(before.name)' (\(before.file)): removed")
            case (nil, nil):
                break
            }
        }
        lines += feedback.map { "  " + $0.text }
        lines += declarations.map { "  " + $0.text }
        for change in decisions.prefix(limit) {
            lines.append("  " + Self.text(change))
        }
        if decisions.count > limit {
            lines.append("  … and \(decisions.count - limit) more decisions changed")
        }
        // Names and messages come from the files watched: shown through `terminalText`.
        return lines.map { terminalText($0) }
    }

    /// `decision 12 (t 3.5 s, plant.found): play pulse -> silent same-band`.
    static func text(_ change: DecisionChange) -> String {
        guard let shown = change.after ?? change.before else { return "" }
        var place = "decision \(shown.line)"
        var details: [String] = []
        if let t = shown.t { details.append("t \(numberText(t)) s") }
        if let event = shown.event { details.append(event) }
        if !details.isEmpty { place += " (\(details.joined(separator: ", ")))" }
        let before = change.before?.outcome ?? "(no line)"
        let after = change.after?.outcome ?? "(no line)"
        return "\(place): \(before) -> \(after)"
    }

    /// `1 finding added, 2 removed, 1 test flipped, 1 feedback field changed, 1 band or
    /// budget field changed, 4 decisions changed`.
    var summary: String {
        var parts: [String] = []
        if !added.isEmpty { parts.append("\(added.count) \(added.count == 1 ? "finding" : "findings") added") }
        if !removed.isEmpty { parts.append("\(removed.count) \(removed.count == 1 ? "finding" : "findings") fixed") }
        if !flips.isEmpty { parts.append("\(flips.count) \(flips.count == 1 ? "test" : "tests") changed") }
        if !feedback.isEmpty {
            parts.append("\(feedback.count) feedback \(feedback.count == 1 ? "field" : "fields") changed")
        }
        if !declarations.isEmpty {
            let count = declarations.count
            parts.append("\(count) band or budget \(count == 1 ? "field" : "fields") changed")
        }
        if !decisions.isEmpty {
            parts.append("\(decisions.count) \(decisions.count == 1 ? "decision" : "decisions") changed")
        }
        return parts.isEmpty ? "no changes" : parts.joined(separator: ", ")
    }
}
