import HapticPolicy
import HapticPolicyDocument

extension DiagnosticCode {
    static let budgetUnknownEvent = DiagnosticCode.check(
        "HP510", .error, "budget-unknown-event",
        "a budget's `event:` or `events:` names an event that is not in the catalogue")
    static let budgetEventExcepted = DiagnosticCode.check(
        "HP511", .error, "budget-event-except",
        "a budget that counts events has an `except:`: it counts only its own events already")
    static let budgetNoEvent = DiagnosticCode.check(
        "HP512", .error, "budget-no-event", "a budget's `events:` list is empty, so it counts nothing")
    static let budgetEventTwice = DiagnosticCode.check(
        "HP513", .warning, "budget-event-twice", "a budget's `events:` lists the same event twice")
    static let budgetEventNeverRings = DiagnosticCode.check(
        "HP514", .warning, "budget-event-never-rings",
        "a budget counts an event that no row plays, so it never counts a ring of it")
    static let endingSubjectBand = DiagnosticCode.check(
        "HP190", .warning, "ends-subject-band",
        "an event that ends its subject drives a band, so each sample of a subject is a silent baseline")
}

/// Budgets that count events (`event:`, `events:`) and events that end their subject
/// (`ends-subject: true`): one check per misuse.
enum EventLimitChecks {
    static func run(_ context: ValidationContext) -> [Diagnostic] {
        var out: [Diagnostic] = []
        for budget in context.document.budgets {
            guard case .events(let names) = budget.scope else { continue }
            out += eventBudgetFindings(budget, names, context)
        }
        for event in context.document.events where event.endsSubject?.value == true {
            out += endingFindings(event, context)
        }
        return out
    }

    private static func eventBudgetFindings(
        _ budget: BudgetDecl, _ names: [Located<String>], _ context: ValidationContext
    ) -> [Diagnostic] {
        let id = budget.id.value
        var out: [Diagnostic] = []
        if names.isEmpty {
            out.append(
                DiagnosticCode.budgetNoEvent(
                    "budget '\(id)' lists no event, so it counts nothing: name the events it limits in `events:`, or remove the budget",
                    at: budget.location))
        }
        for exception in budget.exceptions {
            out.append(
                DiagnosticCode.budgetEventExcepted(
                    "budget '\(id)' counts only its own events, so excepting '\(exception.event.value)' means nothing: remove `except:`, or leave the event out of `events:`",
                    at: exception.event.location))
        }
        var seen: [String: Located<String>] = [:]
        for name in names {
            if let first = seen[name.value] {
                out.append(
                    DiagnosticCode.budgetEventTwice(
                        "budget '\(id)' lists '\(name.value)' twice: remove one (a ring counts once)",
                        at: name.location, notes: [Diagnostic.Note("first listed here", at: first.location)]))
                continue
            }
            seen[name.value] = name
            guard context.events[name.value] != nil else {
                let hint = context.didYouMean(name.value, among: context.eventNames)
                out.append(
                    DiagnosticCode.budgetUnknownEvent(
                        "budget '\(id)' counts '\(name.value)', which is not in the catalogue\(hint.isEmpty ? ": fix the name or declare the event in `events:`" : hint)",
                        at: name.location))
                continue
            }
            let cells = context.allCells.filter { $0.cell.event.value == name.value }
            let rings = cells.contains { cell in
                cell.cell.rows.contains { $0.play != nil || $0.loop != nil || $0.band != nil }
            }
            if !rings {
                out.append(
                    DiagnosticCode.budgetEventNeverRings(
                        "budget '\(id)' counts '\(name.value)', but no row plays it, so the budget never counts a ring of it: remove it from the budget, or give it a row that plays",
                        at: name.location))
            }
        }
        return out
    }

    /// A `band:` row of an event that ends its subject: the level a sample sets is
    /// forgotten with the subject at once, so every sample of a subject is its baseline.
    private static func endingFindings(_ event: EventDecl, _ context: ValidationContext) -> [Diagnostic] {
        let name = event.name.value
        for (_, cell) in context.allCells where cell.event.value == name {
            for row in cell.rows {
                guard let band = row.band else { continue }
                return [
                    DiagnosticCode.endingSubjectBand(
                        "event '\(name)' ends its subject, so band '\(band.value)' decides each sample of a subject as a silent baseline: sample the band with another event and end the subject with this one, or drop `ends-subject`",
                        at: event.endsSubject?.location ?? event.location,
                        notes: [Diagnostic.Note("'\(name)' drives the band here", at: band.location)])
                ]
            }
        }
        return []
    }
}
