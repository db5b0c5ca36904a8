import Foundation
import HapticPolicy
import HapticPolicyDocument

extension DiagnosticCode {
    static let otherwiseNotSilent = DiagnosticCode.check(
        "HP340", .error, "otherwise-not-silent",
        "a screen's `otherwise:` does something other than `silent: <reason>`")
    static let otherwiseWithCondition = DiagnosticCode.check(
        "HP341", .error, "otherwise-with-condition", "a screen's `otherwise:` has a `when:`")
    static let otherwiseDecidesNothing = DiagnosticCode.check(
        "HP342", .warning, "otherwise-decides-nothing",
        "a screen's `otherwise:` decides no event: its table and `everywhere:` decide every event that can occur there")
    static let gestureNeverOpens = DiagnosticCode.check(
        "HP343", .warning, "gesture-never-opens",
        "a row tests `in-gesture` on a screen where no row begins a ticker gesture, so the test never changes")
    static let otherwiseRuleClash = DiagnosticCode.check(
        "HP344", .error, "otherwise-rule-clash",
        "a screen with `otherwise:` decides an event named `otherwise` in its table: its row's rule id "
            + "`<screen>/otherwise` would be the default's too")
}

/// A screen's default (`otherwise:`) and rows that test the ticker gesture (`in-gesture:`).
enum ScreenDefaultChecks {
    static func run(_ context: ValidationContext) -> [Diagnostic] {
        otherwiseFindings(context) + gestureFindings(context)
    }

    // MARK: otherwise

    /// What an `otherwise:` row may not do, each with its key's name and where it is written
    /// (`cite:` and `note:` it may: a silence implements rules as a row does).
    private static func extras(_ row: RowDecl) -> [(key: String, at: SourceLocation)] {
        var found: [(String, SourceLocation)] = []
        if let play = row.play { found.append(("play", play.location)) }
        if let band = row.band { found.append(("band", band.location)) }
        if let stop = row.stop { found.append(("stop", stop.location)) }
        if let loop = row.loop { found.append(("loop", loop.location)) }
        if let first = row.with.first { found.append(("with", first.name.location)) }
        if let ticker = row.ticker { found.append(("ticker", ticker.location)) }
        for directive in row.directives { found.append(("prepare", directive.location)) }
        return found
    }

    static func otherwiseFindings(_ context: ValidationContext) -> [Diagnostic] {
        var out: [Diagnostic] = []
        for screen in context.document.screens {
            guard let row = screen.otherwise else { continue }
            for extra in extras(row) {
                out.append(
                    DiagnosticCode.otherwiseNotSilent(
                        "`otherwise:` is one `silent: <reason>` only, so '\(extra.key)' does not apply: a default that "
                            + "plays would ring for events nobody chose; give the events that play a row of their own "
                            + "in the table of screen '\(screen.name.value)' and remove '\(extra.key)'",
                        at: extra.at))
            }
            if row.silent == nil, extras(row).isEmpty {
                out.append(
                    DiagnosticCode.otherwiseNotSilent(
                        "`otherwise:` must be `{silent: <reason>}`: say why the events the table of screen "
                            + "'\(screen.name.value)' leaves out stay silent",
                        at: row.location))
            } else if let silent = row.silent, silent.value.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
                out.append(
                    DiagnosticCode.emptySilenceReason(
                        "this silence has no reason: write why the events screen '\(screen.name.value)' does not list "
                            + "stay silent there (a silence is a decision)",
                        at: silent.location))
            }
            if let condition = row.condition {
                out.append(
                    DiagnosticCode.otherwiseWithCondition(
                        "`otherwise:` decides whatever the table leaves out, always: it takes no `when:`; put the "
                            + "condition on a row of the table of screen '\(screen.name.value)' and remove it here",
                        at: condition.location))
            }
            if let clash = screen.cells.first(where: { $0.event.value == RuleID.otherwiseName }) {
                let id = RuleID(otherwiseOf: screen.name.value).text
                out.append(
                    DiagnosticCode.otherwiseRuleClash(
                        "the event 'otherwise' decided in the table of screen '\(screen.name.value)' gets the rule id "
                            + "'\(id)' (its rows '\(id)#<n>'), the id of the screen's `otherwise:` default, so decisions, "
                            + "`rows:` of user levels and background, and the bundle could not tell them apart: "
                            + "rename the event (for example 'otherwise.event')",
                        at: clash.event.location))
            }
            if let s = context.screenIndex[screen.name.value], context.table.undecided(on: s).isEmpty {
                out.append(
                    DiagnosticCode.otherwiseDecidesNothing(
                        "`otherwise:` decides nothing on screen '\(screen.name.value)': its table and `everywhere:` "
                            + "already decide every event that can occur there; remove it",
                        at: row.location))
            }
        }
        return out
    }

    // MARK: in-gesture

    static func gestureFindings(_ context: ValidationContext) -> [Diagnostic] {
        // The screens where some row that decides there begins a gesture.
        let everywhereBegins = context.document.everywhere.contains { begins($0) }
        var opens = Set<String>()
        for screen in context.document.screens where everywhereBegins || screen.cells.contains(where: begins) {
            opens.insert(screen.name.value)
        }
        var out: [Diagnostic] = []
        // Each cell that tests `in-gesture:`, with the screens it decides on: its own, or
        // those the table fills with an `everywhere:` cell.
        let tests = { (cell: CellDecl) in cell.rows.contains { $0.condition?.inGesture != nil } }
        let decides: [(cell: CellDecl, screens: [String])] =
            context.document.screens.flatMap { screen in
                screen.cells.filter(tests).map { ($0, [screen.name.value]) }
            }
            + context.tableCells.enumerated().compactMap { index, entry in
                guard entry.screen == nil, tests(entry.decl) else { return nil }
                let screens = context.table.screens(decidedBy: index, event: entry.event)
                return (entry.decl, screens.map { context.document.screens[$0].name.value })
            }
        for (cell, screens) in decides {
            guard !screens.contains(where: opens.contains) else { continue }
            for row in cell.rows {
                guard let open = row.condition?.inGesture else { continue }
                let place =
                    screens.count == 1 ? "screen '\(screens[0])'" : "any screen it decides '\(cell.event.value)' on"
                out.append(
                    DiagnosticCode.gestureNeverOpens(
                        "no row on \(place) begins a ticker gesture (`ticker: begin`), so `in-gesture: \(open.value)` "
                            + "\(open.value ? "never matches" : "always matches"): add the row that begins the gesture, "
                            + "or remove the condition",
                        at: open.location))
            }
        }
        return out
    }

    private static func begins(_ cell: CellDecl) -> Bool {
        cell.rows.contains { $0.ticker?.value == .begin }
    }
}
