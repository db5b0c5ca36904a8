import Foundation
import HapticPolicy

/// The text and JSON forms of a `PolicyDiff`.
enum DiffReport {
    static func text(_ diff: PolicyDiff, old: String, new: String, logCount: Int, context: CommandContext) {
        let out = context.stdout
        let style = context.stdoutStyle
        let noun = diff.changes.count == 1 ? "decision" : "decisions"
        out.line(style.bold("\(old) → \(new)")
            + ": \(diff.eventCount) events in \(logCount) \(logCount == 1 ? "log" : "logs"), \(diff.changes.count) \(noun) changed")
        for change in diff.changes {
            var head = "\(change.log) #\(change.line)  t \(numberText(change.event.time)) s  \(change.screen ?? "-")  \(change.event.event.name)"
            if let subject = change.event.event.subject { head += "  subject \(subject)" }
            if let value = change.event.event.value { head += "  value \(value)" }
            out.line(head)
            out.line("    before: " + style.red(side(change.before)))
            out.line("    after:  " + style.green(side(change.after)))
        }
        if !diff.screens.isEmpty {
            out.line("")
            out.line("per screen (rings/min before → after, chatter within \(numberText(diff.chatterWindow)) s before → after):")
            let width = diff.screens.map(\.screen.count).max() ?? 0
            for screen in diff.screens {
                let name = screen.screen + String(repeating: " ", count: width - screen.screen.count)
                out.line(
                    "  \(name)  \(rate(screen.ratePerMinuteBefore)) → \(rate(screen.ratePerMinuteAfter)) rings/min"
                        + " (\(screen.ringsBefore) → \(screen.ringsAfter) rings), chatter \(screen.chatterBefore) → \(screen.chatterAfter)")
            }
        }
        out.line("chatter: \(diff.chatterBefore) → \(diff.chatterAfter)")
        for (label, breaches) in [("before", diff.breachesBefore), ("after", diff.breachesAfter)] {
            if breaches.isEmpty {
                out.line("budgets \(label): none broken")
            } else {
                for breach in breaches { out.line("budget breach \(label): \(breach)") }
            }
        }
    }

    /// `play soil.thirsty (pattern:soil.thirsty) by camera/moisture.sample@thirsty (plavo.yaml:140:9)`.
    static func side(_ decision: Decision) -> String {
        var text = PolicyTestRunner.outcomeText(decision)
        let directives = decision.directives.list.map(\.rawValue)
        if !directives.isEmpty { text += " +" + directives.joined(separator: " +") }
        if let rule = decision.rule {
            text += " by \(rule.id)"
            if rule.location != .unknown { text += " (\(rule.location))" }
        }
        return text
    }

    static func rate(_ value: Double) -> String {
        numberText((value * 10).rounded() / 10)
    }

    /// Stable JSON: keys sorted, one object.
    static func json(_ diff: PolicyDiff, old: String, new: String) -> String {
        func decision(_ d: Decision) -> [String: Any] {
            var object: [String: Any] = ["action": d.action.rawValue]
            if let feedback = d.feedback { object["feedback"] = feedback }
            if let render = d.render { object["render"] = render.description }
            if let reason = d.reason { object["reason"] = reason.rawValue }
            if let rule = d.rule {
                object["rule"] = rule.id
                if rule.location != .unknown { object["ruleLocation"] = rule.location.description }
            }
            object["directives"] = d.directives.list.map(\.rawValue)
            return object
        }
        func breach(_ b: BudgetMeter.Breach) -> [String: Any] {
            ["budget": b.budget, "scope": b.scope, "count": b.count, "max": b.max, "window": b.window,
             "start": b.start, "end": b.end]
        }
        let changes: [[String: Any]] = diff.changes.map { change in
            var object: [String: Any] = [
                "log": change.log, "index": change.line, "t": change.event.time, "event": change.event.event.name,
                "before": decision(change.before), "after": decision(change.after),
            ]
            if let screen = change.screen { object["screen"] = screen }
            if let subject = change.event.event.subject { object["subject"] = subject }
            return object
        }
        let screens: [[String: Any]] = diff.screens.map { s in
            [
                "screen": s.screen, "seconds": (s.seconds * 1000).rounded() / 1000,
                "ringsBefore": s.ringsBefore, "ringsAfter": s.ringsAfter,
                "ringsPerMinuteBefore": (s.ratePerMinuteBefore * 10).rounded() / 10,
                "ringsPerMinuteAfter": (s.ratePerMinuteAfter * 10).rounded() / 10,
                "chatterBefore": s.chatterBefore, "chatterAfter": s.chatterAfter,
            ]
        }
        let root: [String: Any] = [
            "old": old, "new": new, "events": diff.eventCount, "changed": diff.changes.count,
            "chatterWindow": diff.chatterWindow, "chatterBefore": diff.chatterBefore, "chatterAfter": diff.chatterAfter,
            "changes": changes, "screens": screens,
            "budgets": ["before": diff.breachesBefore.map(breach), "after": diff.breachesAfter.map(breach)],
        ]
        guard let data = try? JSONSerialization.data(withJSONObject: root, options: [.sortedKeys]) else { return "{}" }
        return String(decoding: data, as: UTF8.self)
    }
}
