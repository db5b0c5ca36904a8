import Foundation
import HapticPolicy
import HapticPolicyCompiler
import HapticPolicyReplay

/// The text and JSON forms of a `PolicyDiff`.
enum DiffReport {
    static func text(_ diff: PolicyDiff, old: String, new: String, logCount: Int, context: CommandContext) {
        let out = context.stdout
        let style = context.stdoutStyle
        let noun = diff.changedCount == 1 ? "decision" : "decisions"
        out.line(
            style.bold("\(terminalText(old)) → \(terminalText(new))")
                + ": \(diff.eventCount) events in \(logCount) \(logCount == 1 ? "log" : "logs"), \(diff.changedCount) \(noun) changed"
        )
        if logCount > 1 {
            out.line("sessions changed: \(diff.sessionsChanged) of \(logCount)")
            let largest = diff.largestChanges()
            if !largest.isEmpty {
                out.line("largest changes:")
                let width = largest.map { displayWidth(terminalText($0.log)) }.max() ?? 0
                for session in largest {
                    out.line(
                        "  \(padded(terminalText(session.log), to: width))  \(session.changed) of \(session.events) "
                            + "\(session.events == 1 ? "event" : "events") changed")
                }
            }
        }
        if !diff.feedbackChanges.isEmpty {
            let count = diff.feedbackChanges.count
            out.line("feedback changed (\(count) \(count == 1 ? "field" : "fields")):")
            for change in diff.feedbackChanges { out.line("  " + terminalText(change.text)) }
        }
        if !diff.declarationChanges.isEmpty {
            let count = diff.declarationChanges.count
            out.line("bands and budgets changed (\(count) \(count == 1 ? "field" : "fields")):")
            for change in diff.declarationChanges { out.line("  " + terminalText(change.text)) }
        }
        for change in diff.changes {
            var head =
                "\(change.log) #\(change.line)  t \(numberText(change.event.t)) s  \(change.screen ?? "-")  \(change.event.name)"
            if let subject = change.event.subject { head += "  subject \(subject)" }
            if let value = change.event.value { head += "  value \(value)" }
            // What else the line carries that rows read: its `params` and its `data` fields.
            for parameter in change.event.params {
                head += "  \(parameter.name)=\(parameter.value.map(\.description) ?? "null")"
            }
            for field in change.event.data {
                head += "  data.\(field.name)=\(field.value.map(\.description) ?? "null")"
            }
            out.line(terminalText(head))
            out.line("    before: " + style.red(terminalText(side(change.before))))
            out.line("    after:  " + style.green(terminalText(side(change.after))))
        }
        if diff.changedCount > diff.changes.count {
            out.line(
                "… and \(diff.changedCount - diff.changes.count) more changed decisions, not listed "
                    + "(the first \(PolicyDiff.listedChangeLimit) are)")
        }
        if !diff.screens.isEmpty {
            out.line("")
            out.line(
                "per screen (rings/min before → after, chatter within \(numberText(diff.chatterWindow)) s before → after):"
            )
            let width = diff.screens.map { displayWidth(terminalText($0.screen)) }.max() ?? 0
            for screen in diff.screens {
                let name = padded(terminalText(screen.screen), to: width)
                out.line(
                    "  \(name)  \(rate(screen.ratePerMinuteBefore)) → \(rate(screen.ratePerMinuteAfter)) rings/min"
                        + " (\(screen.ringsBefore) → \(screen.ringsAfter) rings), chatter \(screen.chatterBefore) → \(screen.chatterAfter)"
                )
            }
        }
        out.line("chatter: \(diff.chatterBefore) → \(diff.chatterAfter)")
        for (label, breaches, notKept) in [
            ("before", diff.breachesBefore, diff.breachesNotKeptBefore),
            ("after", diff.breachesAfter, diff.breachesNotKeptAfter),
        ] {
            if breaches.isEmpty {
                out.line("budgets \(label): none broken")
            } else {
                for breach in breaches { out.line("budget breach \(label): " + terminalText("\(breach)")) }
            }
            if notKept > 0 {
                out.line(
                    "budget breaches \(label): \(notKept) more, not listed "
                        + "(the first \(BudgetMeter.breachLimit) to end in each log are kept)")
            }
        }
    }

    /// `play soil.thirsty (pattern:soil.thirsty) by camera/moisture.sample@thirsty (plavo.yaml:140:9)`.
    static func side(_ decision: Decision) -> String {
        var text = PolicyTestRunner.outcomeText(decision)
        // The parameters a template plays with (a `with:` changed shows), and why a play was
        // outranked (what it yielded to).
        if let parameters = decision.parameters, !parameters.isEmpty {
            text += " with " + PolicyTestRunner.parametersText(parameters)
        }
        if decision.reason == .outranked, let note = decision.note { text += " (\(note))" }
        let directives = decision.directives.list.map(\.rawValue)
        if !directives.isEmpty { text += " +" + directives.joined(separator: " +") }
        if !decision.also.isEmpty { text += " (" + PolicyTestRunner.alsoText(decision) + ")" }
        if let rule = decision.rule {
            text += " by \(rule.id)"
            if rule.location != .unknown { text += " (\(rule.location))" }
        }
        return text
    }

    static func rate(_ value: Double) -> String {
        numberText(tenthRounded(value))
    }

    /// The version of the JSON shape (`"format"`, `Docs/schemas/diff.schema.json`); raised
    /// when a field changes meaning or goes away.
    static let formatVersion = 1

    /// Stable JSON, one object, keys in a fixed order; written by hand so a large diff
    /// stays fast and numbers print the same everywhere.
    static func json(_ diff: PolicyDiff, old: String, new: String) -> String {
        var out = "{\"format\":\(formatVersion),"
        out += "\"old\":" + string(old) + ",\"new\":" + string(new)
        out += ",\"events\":\(diff.eventCount),\"changed\":\(diff.changedCount)"
        out += ",\"feedbackChanges\":[" + diff.feedbackChanges.map(feedbackChange).joined(separator: ",") + "]"
        out += ",\"declarationChanges\":[" + diff.declarationChanges.map(declarationChange).joined(separator: ",") + "]"
        out += ",\"sessions\":\(diff.sessions.count),\"sessionsChanged\":\(diff.sessionsChanged)"
        out += ",\"largestChanges\":["
        out += diff.largestChanges().map {
            "{\"log\":" + string($0.log) + ",\"events\":\($0.events),\"changed\":\($0.changed)}"
        }.joined(separator: ",")
        out += "]"
        out += ",\"chatterWindow\":" + number(diff.chatterWindow)
        out += ",\"chatterBefore\":\(diff.chatterBefore),\"chatterAfter\":\(diff.chatterAfter)"
        out += ",\"changes\":["
        for (index, change) in diff.changes.enumerated() {
            if index > 0 { out += "," }
            out += "{\"log\":" + string(change.log) + ",\"index\":\(change.line),\"t\":" + number(change.event.t)
            out += ",\"screen\":" + (change.screen.map(string) ?? "null")
            out += ",\"event\":" + string(change.event.name)
            out += ",\"subject\":" + (change.event.subject.map(string) ?? "null")
            if !change.event.data.isEmpty { out += ",\"data\":" + fields(change.event.data) }
            out += ",\"before\":" + decision(change.before) + ",\"after\":" + decision(change.after) + "}"
        }
        out += "],\"screens\":["
        for (index, screen) in diff.screens.enumerated() {
            if index > 0 { out += "," }
            out += "{\"screen\":" + string(screen.screen) + ",\"seconds\":" + number(screen.seconds)
            out += ",\"ringsBefore\":\(screen.ringsBefore),\"ringsAfter\":\(screen.ringsAfter)"
            out += ",\"ringsPerMinuteBefore\":" + decimalText(screen.ratePerMinuteBefore, decimals: 1)
            out += ",\"ringsPerMinuteAfter\":" + decimalText(screen.ratePerMinuteAfter, decimals: 1)
            out += ",\"chatterBefore\":\(screen.chatterBefore),\"chatterAfter\":\(screen.chatterAfter)}"
        }
        out += "],\"budgets\":{\"before\":[" + diff.breachesBefore.map(breach).joined(separator: ",")
        out += "],\"after\":[" + diff.breachesAfter.map(breach).joined(separator: ",") + "]}}"
        return out
    }

    private static func string(_ text: String) -> String { EventLogWriter.jsonString(text) }

    private static func number(_ value: Double) -> String { decimalText(value, decimals: 3) }

    private static func decision(_ d: Decision) -> String {
        var out = "{\"action\":" + string(d.action.rawValue)
        out += ",\"feedback\":" + (d.feedback.map(string) ?? "null")
        out += ",\"render\":" + (d.render.map { string($0.description) } ?? "null")
        out += ",\"reason\":" + (d.reason.map { string($0.rawValue) } ?? "null")
        out += ",\"rule\":" + (d.rule.map { string($0.id) } ?? "null")
        let location = d.rule.flatMap { $0.location == .unknown ? nil : $0.location.description }
        out += ",\"ruleLocation\":" + (location.map(string) ?? "null")
        out += ",\"directives\":[" + d.directives.list.map { string($0.rawValue) }.joined(separator: ",") + "]"
        // Left out when empty, so a diff of a policy without templates or several-action
        // rows reads as before.
        if let parameters = d.parameters, !parameters.isEmpty { out += ",\"params\":" + fields(parameters) }
        if !d.also.isEmpty { out += ",\"also\":[" + d.also.map(decision).joined(separator: ",") + "]" }
        return out + "}"
    }

    /// `{"side":-1,"urgency":2}`: names and values, in order.
    private static func fields(_ fields: [Event.Parameter]) -> String {
        "{"
            + fields.map { string($0.name) + ":" + EventLogWriter.valueText($0.value, decimals: 6) }.joined(
                separator: ",")
            + "}"
    }

    private static func feedbackChange(_ change: FeedbackFields.Change) -> String {
        "{\"feedback\":" + string(change.feedback) + ",\"field\":" + string(change.field)
            + ",\"before\":" + (change.before.map(string) ?? "null") + ",\"after\":"
            + (change.after.map(string) ?? "null") + ",\"location\":"
            + (change.location == .unknown ? "null" : string(change.location.description)) + "}"
    }

    private static func declarationChange(_ change: DeclarationFields.Change) -> String {
        "{\"kind\":" + string(change.kind.rawValue) + ",\"name\":" + string(change.name) + ",\"field\":"
            + string(change.field) + ",\"before\":" + (change.before.map(string) ?? "null") + ",\"after\":"
            + (change.after.map(string) ?? "null") + ",\"location\":"
            + (change.location == .unknown ? "null" : string(change.location.description)) + "}"
    }

    private static func breach(_ b: BudgetMeter.Breach) -> String {
        "{\"budget\":" + string(b.budget) + ",\"scope\":" + string(b.scope) + ",\"count\":\(b.count)"
            + ",\"max\":\(b.max),\"window\":" + number(b.window) + ",\"start\":" + number(b.start)
            + ",\"end\":" + number(b.end) + "}"
    }
}
