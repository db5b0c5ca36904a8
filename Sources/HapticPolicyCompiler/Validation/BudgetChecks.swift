import HapticPolicy
import HapticPolicyDocument

extension DiagnosticCode {
    static let noBudget = DiagnosticCode.check("HP501", .warning, "no-budget", "the policy declares no budget")
    static let budgetMaxTooSmall = DiagnosticCode.check(
        "HP502", .error, "budget-max-too-small", "a budget's `max` is below 1")
    static let budgetWindowNotPositive = DiagnosticCode.check(
        "HP503", .error, "budget-window-not-positive", "a budget's `per` is not a positive number of seconds")
    static let budgetUnknownScreen = DiagnosticCode.check(
        "HP504", .error, "budget-unknown-screen", "a budget's `screen:` names a screen that is not declared")
    static let duplicateBudget = DiagnosticCode.check(
        "HP505", .error, "duplicate-budget", "two budgets have the same id")
    static let budgetExceptionUnknownEvent = DiagnosticCode.check(
        "HP506", .error, "budget-exception-unknown-event",
        "a budget's `except:` names an event that is not in the catalogue")
    static let enforcedBudgetSilencesTicks = DiagnosticCode.check(
        "HP507", .warning, "enforced-budget-silences-ticks",
        "an enforced budget counts a selector's ticks, so it would silence them mid-gesture")
}

/// Rate budgets (the utility principle as a check). Exactly one scope per budget is a
/// matter of syntax, enforced by the front end when it builds `BudgetDecl.Scope`.
enum BudgetChecks {
    static func run(_ context: ValidationContext) -> [Diagnostic] {
        let document = context.document
        guard !document.budgets.isEmpty else {
            return [
                DiagnosticCode.noBudget(
                    "policy '\(document.name.value)' has no budget: add a budget so a policy cannot ring on every event (e.g. `budgets: [{id: B-1, each: screen, max: 6, per: 10}]`)",
                    at: document.location)
            ]
        }
        var out: [Diagnostic] = []
        var first: [String: BudgetDecl] = [:]
        for budget in document.budgets {
            let id = budget.id.value
            if let earlier = first[id] {
                out.append(
                    DiagnosticCode.duplicateBudget(
                        "budget id '\(id)' is already used: give this budget its own id",
                        at: budget.id.location, notes: [Diagnostic.Note("first declared here", at: earlier.id.location)]
                    ))
            } else {
                first[id] = budget
            }
            if budget.max.value < 1 {
                out.append(
                    DiagnosticCode.budgetMaxTooSmall(
                        "budget '\(id)' allows \(budget.max.value) rings, so nothing could ever ring: use `max: 1` or more, or silence the events instead",
                        at: budget.max.location))
            }
            if !(budget.window.value > 0 && budget.window.value.isFinite) {
                out.append(
                    DiagnosticCode.budgetWindowNotPositive(
                        "budget '\(id)' counts over \(show(budget.window.value)) s: use a positive number of seconds for `per:`",
                        at: budget.window.location))
            }
            if case .screen(let screen) = budget.scope, context.screens[screen.value] == nil {
                let hint = context.didYouMean(screen.value, among: context.screenNames)
                out.append(
                    DiagnosticCode.budgetUnknownScreen(
                        "budget '\(id)' counts screen '\(screen.value)', which is not declared\(hint.isEmpty ? ": fix the name or use `each: screen`" : hint)",
                        at: screen.location))
            }
            for exception in budget.exceptions where context.events[exception.event.value] == nil {
                let name = exception.event.value
                let hint = context.didYouMean(name, among: context.eventNames)
                out.append(
                    DiagnosticCode.budgetExceptionUnknownEvent(
                        "budget '\(id)' excepts '\(name)', which is not in the catalogue\(hint.isEmpty ? ": fix the name or remove the exception" : hint)",
                        at: exception.event.location))
            }
            if let enforce = budget.enforce, enforce.value {
                out += tickFindings(budget, at: enforce.location, context)
            }
        }
        return out
    }

    /// An enforced budget that counts `ticker: tick` rows: a fast spin would go silent
    /// mid-gesture while the finger still turns the selector.
    private static func tickFindings(
        _ budget: BudgetDecl, at location: SourceLocation, _ context: ValidationContext
    ) -> [Diagnostic] {
        let excepted = Set(budget.exceptions.map(\.event.value))
        var reported = Set<String>()
        var out: [Diagnostic] = []
        for (screen, cell) in context.allCells {
            let event = cell.event.value
            guard !excepted.contains(event), !reported.contains(event) else { continue }
            if case .screen(let name) = budget.scope, let screen, screen.name.value != name.value { continue }
            if case .events(let names) = budget.scope, !names.contains(where: { $0.value == event }) { continue }
            for row in cell.rows where row.ticker?.value == .tick {
                guard let play = row.play else { continue }
                if case .layer(let layer) = budget.scope, context.feedback[play.value]?.layer.value != layer.value {
                    continue
                }
                reported.insert(event)
                out.append(
                    DiagnosticCode.enforcedBudgetSilencesTicks(
                        "enforced budget '\(budget.id.value)' counts the ticks of '\(event)', so a fast spin would go silent mid-gesture: add `\(event)` to its `except:` with the reason, or do not enforce it",
                        at: location,
                        notes: [Diagnostic.Note("'\(event)' ticks here", at: row.ticker?.location ?? row.location)]
                    ))
                break
            }
        }
        return out
    }
}
