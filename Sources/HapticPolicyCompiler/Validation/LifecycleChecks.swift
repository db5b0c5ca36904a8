import HapticPolicy
import HapticPolicyDocument

extension DiagnosticCode {
    static let unbalancedTicker = DiagnosticCode.check(
        "HP311", .error, "unbalanced-ticker",
        "a screen's ticker rows do not pair up: `begin` without `end` (the generator is never released) or `tick`/`end` without `begin`"
    )
    static let coldEngine = DiagnosticCode.check(
        "HP312", .warning, "cold-engine",
        "a screen plays a custom pattern but does not prepare the engine on entering (the first one plays late)")
}

/// The player's lifecycle as the table drives it: one ticker generator per gesture,
/// and the Core Haptics engine warmed before the first custom pattern (seed 004: a cold
/// engine costs about 50-100 ms, which breaks causality).
enum LifecycleChecks {
    static func run(_ context: ValidationContext) -> [Diagnostic] {
        context.document.screens.flatMap { tickerFindings($0) + engineFindings($0, context) }
    }

    static func tickerFindings(_ screen: ScreenDecl) -> [Diagnostic] {
        var steps: [RowDecl.TickerStep: Located<RowDecl.TickerStep>] = [:]
        for cell in screen.cells {
            for row in cell.rows {
                if let ticker = row.ticker, steps[ticker.value] == nil { steps[ticker.value] = ticker }
            }
        }
        let name = screen.name.value
        var out: [Diagnostic] = []
        if let begin = steps[.begin], steps[.end] == nil {
            out.append(
                DiagnosticCode.unbalancedTicker(
                    "screen '\(name)' prepares a ticker but never releases it: add `{ticker: end}` to the event that ends the gesture",
                    at: begin.location))
        }
        if steps[.begin] == nil {
            for step in [RowDecl.TickerStep.tick, .end] {
                guard let row = steps[step] else { continue }
                out.append(
                    DiagnosticCode.unbalancedTicker(
                        "screen '\(name)' has `ticker: \(step.rawValue)` but no `ticker: begin`, so no generator is prepared for the gesture: add `{ticker: begin}` to the event that starts it",
                        at: row.location))
            }
        }
        return out
    }

    static func engineFindings(_ screen: ScreenDecl, _ context: ValidationContext) -> [Diagnostic] {
        guard !screen.onEnter.contains(where: { $0.value == .prepareEngine }) else { return [] }
        let name = screen.name.value
        let own = Set(screen.cells.map(\.event.value))
        // This screen's cells, and the `everywhere` cells of events that can occur here.
        let cells =
            screen.cells
            + context.document.everywhere.filter { cell in
                guard !own.contains(cell.event.value), let event = context.events[cell.event.value] else {
                    return false
                }
                return context.event(event, canOccurOn: name)
            }
        for cell in cells {
            for row in cell.rows where !row.directives.contains(where: { $0.value == .prepareEngine }) {
                guard let (pattern, location) = firstPattern(row, context) else { continue }
                return [
                    DiagnosticCode.coldEngine(
                        "'\(pattern)' is a custom pattern, but screen '\(name)' does not warm the engine, so it can play 50-100 ms late: add `enter: [prepare-engine]` to the screen",
                        at: location)
                ]
            }
        }
        return []
    }

    /// The first custom pattern the row plays, directly or through a band level.
    private static func firstPattern(_ row: RowDecl, _ context: ValidationContext) -> (String, SourceLocation)? {
        var candidates: [(String, SourceLocation)] = []
        for play in row.plays { candidates.append((play.value, play.location)) }
        if let band = row.band, let bands = context.bands[band.value] {
            candidates += bands.plays.map { ($0.feedback.value, band.location) }
        }
        for (name, location) in candidates {
            if let feedback = context.feedback[name], case .pattern = feedback.body { return (name, location) }
        }
        return nil
    }
}
