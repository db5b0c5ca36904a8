import Foundation
import HapticPolicy
import HapticPolicyCompiler
import HapticPolicyDocument
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

    /// Stable JSON, one object, keys in a fixed order, on one line (`JSONWriter.line`).
    static func json(_ diff: PolicyDiff, old: String, new: String) -> String {
        let changes: [JSONNode] = diff.changes.map { change in
            var members: [(String, JSONNode)] = [
                ("log", .string(change.log)), ("index", .integer(change.line)), ("t", number(change.event.t)),
                ("screen", .nullable(change.screen)), ("event", .string(change.event.name)),
                ("subject", .nullable(change.event.subject)),
            ]
            if !change.event.data.isEmpty { members.append(("data", EventLogWriter.fields(change.event.data))) }
            members += [("before", decision(change.before)), ("after", decision(change.after))]
            return .object(members)
        }
        let screens: [JSONNode] = diff.screens.map { screen in
            .object([
                ("screen", .string(screen.screen)), ("seconds", number(screen.seconds)),
                ("ringsBefore", .integer(screen.ringsBefore)), ("ringsAfter", .integer(screen.ringsAfter)),
                ("ringsPerMinuteBefore", .number(screen.ratePerMinuteBefore, decimals: 1)),
                ("ringsPerMinuteAfter", .number(screen.ratePerMinuteAfter, decimals: 1)),
                ("chatterBefore", .integer(screen.chatterBefore)), ("chatterAfter", .integer(screen.chatterAfter)),
            ])
        }
        let largest: [JSONNode] = diff.largestChanges().map {
            .object([("log", .string($0.log)), ("events", .integer($0.events)), ("changed", .integer($0.changed))])
        }
        return JSONWriter.line(
            .object([
                ("format", .integer(formatVersion)), ("old", .string(old)), ("new", .string(new)),
                ("events", .integer(diff.eventCount)), ("changed", .integer(diff.changedCount)),
                ("feedbackChanges", .array(diff.feedbackChanges.map(feedbackChange))),
                ("declarationChanges", .array(diff.declarationChanges.map(declarationChange))),
                ("sessions", .integer(diff.sessions.count)), ("sessionsChanged", .integer(diff.sessionsChanged)),
                ("largestChanges", .array(largest)), ("chatterWindow", number(diff.chatterWindow)),
                ("chatterBefore", .integer(diff.chatterBefore)), ("chatterAfter", .integer(diff.chatterAfter)),
                ("changes", .array(changes)), ("screens", .array(screens)),
                (
                    "budgets",
                    .object([
                        ("before", .array(diff.breachesBefore.map(breach))),
                        ("after", .array(diff.breachesAfter.map(breach))),
                    ])
                ),
            ]))
    }

    /// Seconds to the millisecond.
    private static func number(_ value: Double) -> JSONNode { .number(value, decimals: 3) }

    private static func decision(_ d: Decision) -> JSONNode {
        var members: [(String, JSONNode)] = [
            ("action", .string(d.action.rawValue)), ("feedback", .nullable(d.feedback)),
            ("render", .nullable(d.render?.description)), ("reason", .nullable(d.reason?.rawValue)),
            ("rule", .nullable(d.rule?.id)),
            ("ruleLocation", .nullable(d.rule.flatMap { $0.location == .unknown ? nil : $0.location.description })),
            ("directives", .array(d.directives.list.map { .string($0.rawValue) })),
        ]
        // Left out when empty, so a diff of a policy without templates or several-action
        // rows reads as before.
        if let parameters = d.parameters, !parameters.isEmpty {
            members.append(("params", EventLogWriter.fields(parameters)))
        }
        if !d.also.isEmpty { members.append(("also", .array(d.also.map(decision)))) }
        return .object(members)
    }

    /// A field change: what changed, before and after, and where (`null` when unknown).
    private static func change(
        _ leading: [(String, JSONNode)], field: String, before: String?, after: String?, location: SourceLocation
    ) -> JSONNode {
        .object(
            leading + [
                ("field", .string(field)), ("before", .nullable(before)), ("after", .nullable(after)),
                ("location", .nullable(location == .unknown ? nil : location.description)),
            ])
    }

    private static func feedbackChange(_ c: FeedbackFields.Change) -> JSONNode {
        change(
            [("feedback", .string(c.feedback))], field: c.field, before: c.before, after: c.after, location: c.location)
    }

    private static func declarationChange(_ c: DeclarationFields.Change) -> JSONNode {
        change(
            [("kind", .string(c.kind.rawValue)), ("name", .string(c.name))], field: c.field, before: c.before,
            after: c.after, location: c.location)
    }

    private static func breach(_ b: BudgetMeter.Breach) -> JSONNode {
        .object([
            ("budget", .string(b.budget)), ("scope", .string(b.scope)), ("count", .integer(b.count)),
            ("max", .integer(b.max)), ("window", number(b.window)), ("start", number(b.start)), ("end", number(b.end)),
        ])
    }
}
