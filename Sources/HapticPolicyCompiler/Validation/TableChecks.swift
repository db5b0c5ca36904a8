import Foundation
import HapticPolicy
import HapticPolicyDocument

extension DiagnosticCode {
    static let gap = DiagnosticCode.check(
        "HP301", .error, "gap",
        "a (screen, event) pair that can occur is decided neither by the screen's table nor by `everywhere`")
    static let overlappingRows = DiagnosticCode.check(
        "HP302", .error, "overlapping-rows", "two rows of a cell have the same condition")
    static let shadowedRow = DiagnosticCode.check(
        "HP303", .error, "shadowed-row",
        "a row can never fire: an earlier row of its cell matches whenever it would (an error: dead rows hide mistakes)"
    )
    static let eventNotOnScreen = DiagnosticCode.check(
        "HP304", .error, "event-not-on-screen", "a screen decides an event that cannot occur on it")
    static let emptySilenceReason = DiagnosticCode.check(
        "HP305", .error, "empty-silence-reason", "a silence (row or band level) without a reason")
    static let bandWithoutNumber = DiagnosticCode.check(
        "HP307", .error, "band-without-number", "`band:` on an event that does not carry `value: number`")
    static let tickWithoutPlay = DiagnosticCode.check(
        "HP308", .error, "tick-without-play", "a `ticker: tick` row plays nothing")
    static let conditionValueMismatch = DiagnosticCode.check(
        "HP310", .error, "condition-value-mismatch",
        "a row's `when: {value: ...}` can never match: the event carries no value, or another kind")
    static let incompleteCell = DiagnosticCode.check(
        "HP309", .error, "incomplete-cell", "every row of a cell has a condition, so some events stay undecided")
}

/// The decision table: no gaps, no overlaps or shadowed rows, rows that can fire. A row
/// with none or several of `play`/`band`/`silent`/`stop` is the front end's check (HP013, HP016).
enum TableChecks {
    static func run(_ context: ValidationContext) -> [Diagnostic] {
        var out = gapFindings(context)
        for (screen, cell) in context.allCells {
            if let screen, let event = context.events[cell.event.value],
                !context.event(event, canOccurOn: screen.name.value)
            {
                let screens: String
                if case .only(let names) = event.screens {
                    screens = "[\(names.map(\.value).joined(separator: ", "))]"
                } else {
                    screens = "all"
                }
                out.append(
                    DiagnosticCode.eventNotOnScreen(
                        "'\(cell.event.value)' never fires on screen '\(screen.name.value)': its `screens` are \(screens); remove this row or add '\(screen.name.value)' to the event's `screens`",
                        at: cell.event.location,
                        notes: [
                            Diagnostic.Note(
                                "'\(cell.event.value)' lists its screens here", at: screensLocation(of: event))
                        ]))
            }
            out += rowFindings(cell, context)
            out +=
                ValueChecks.usesValueTests(cell) || ValueChecks.usesParameterTests(cell)
                ? ValueChecks.orderFindings(cell, over: ParameterChecks.onlyParameter(of: cell, context))
                : orderFindings(cell)
        }
        return out
    }

    // MARK: Gaps

    /// The events nothing decides on some screen where they can occur: what the compiler's
    /// table (`CellTable`) leaves undecided on a screen without `otherwise:`.
    static func gapFindings(_ context: ValidationContext) -> [Diagnostic] {
        var out: [Diagnostic] = []
        for (e, event) in context.document.events.enumerated() where context.eventIndex[event.name.value] == e {
            let name = event.name.value
            // The screens (first declarations, in source order) where nothing decides it;
            // a screen's `otherwise:` decides what its table leaves out.
            let missing = context.table.undecidedScreens(of: e, skipping: context.defaultingScreenIndices, limit: 5)
            guard missing.count > 0 else { continue }
            switch event.screens {
            case .all:
                let missingCount = missing.count
                let named = missing.first.map { context.document.screens[$0].name.value }
                let names =
                    missingCount > named.count
                    ? named.map { "'\($0)'" }.joined(separator: ", ") + " and \(missingCount - named.count) more"
                    : quotedList(named)
                out.append(
                    DiagnosticCode.gap(
                        "'\(name)' can occur on every screen but nothing decides it on \(missingCount == 1 ? "screen" : "screens") \(names): add `\(name): {silent: <reason>}` under `everywhere:` or to the \(missingCount == 1 ? "table" : "tables") of \(names)",
                        at: event.name.location))
            case .only:
                for screen in context.screens(of: event)
                where context.screenIndex[screen.name.value].map({
                    context.table[screen: $0, event: e] == CellTable.undecided
                        && !context.defaultingScreenIndices.contains($0)
                }) == true {
                    out.append(
                        DiagnosticCode.gap(
                            "'\(name)' can occur on screen '\(screen.name.value)' but nothing decides it there: add `\(name): {silent: <reason>}` (or `play:`) to the table of screen '\(screen.name.value)'",
                            at: screen.name.location,
                            notes: [
                                Diagnostic.Note(
                                    "'\(name)' lists '\(screen.name.value)' here",
                                    at: listing(of: event, screen.name.value))
                            ]))
                }
            }
        }
        return out
    }

    private static func screensLocation(of event: EventDecl) -> SourceLocation {
        switch event.screens {
        case .all(let location): location
        case .only(let names): names.first?.location ?? event.location
        }
    }

    private static func listing(of event: EventDecl, _ screen: String) -> SourceLocation {
        if case .only(let names) = event.screens, let entry = names.first(where: { $0.value == screen }) {
            return entry.location
        }
        return event.location
    }

    // MARK: Rows

    static func rowFindings(_ cell: CellDecl, _ context: ValidationContext) -> [Diagnostic] {
        var out: [Diagnostic] = []
        let event = context.events[cell.event.value]
        for row in cell.rows {
            if let silent = row.silent, silent.value.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
                out.append(
                    DiagnosticCode.emptySilenceReason(
                        "this silence has no reason: write why '\(cell.event.value)' stays silent here (a silence is a decision)",
                        at: silent.location))
            }
            if row.ticker?.value == .tick, row.play == nil {
                out.append(
                    DiagnosticCode.tickWithoutPlay(
                        "a `ticker: tick` row must play the tick: add `play: <feedback>` (usually a selection preset)",
                        at: row.ticker?.location ?? row.location))
            }
            if let expected = row.condition?.value, let event {
                out += valueMismatch(expected, event)
            }
            if let band = row.band, let event, event.value?.value != .number {
                out.append(
                    DiagnosticCode.bandWithoutNumber(
                        "'\(cell.event.value)' carries no number, so it has no band to change: add `value: number` to the event or use `play:`",
                        at: band.location))
            }
        }
        let valueRows = ValueChecks.usesValueTests(cell) || event?.payload != nil
        if let parameter = ParameterChecks.onlyParameter(of: cell, context) {
            if !isComplete(cell.rows), let gap = ValueChecks.firstGap(cell, over: parameter) {
                out.append(
                    DiagnosticCode.incompleteCell(
                        "when '\(parameter.name.value)' is \(gap), no row decides '\(cell.event.value)': add a row for it or end with a row without `when:`, e.g. `{silent: <reason>}`",
                        at: cell.rows.last?.location ?? cell.location))
            }
        } else if !cell.rows.isEmpty, !isComplete(cell.rows), valueRows,
            let gap = ValueChecks.firstGap(cell, event, context)
        {
            out.append(
                DiagnosticCode.incompleteCell(
                    "\(gap.gap) of '\(cell.event.value)'\(gap.speaks) \(gap.gap.hasPrefix("the value") ? "is" : "are") decided by no row: add a row for \(gap.gap.hasPrefix("the value") ? "it" : "them") or end with a row without `when:`, e.g. `{silent: <reason>}`",
                    at: cell.rows.last?.location ?? cell.location))
        } else if !cell.rows.isEmpty, !valueRows, !isComplete(cell.rows) {
            let location = cell.rows.last?.location ?? cell.location
            out.append(
                DiagnosticCode.incompleteCell(
                    "every row for '\(cell.event.value)' has a `when:`, so an event matching none stays undecided: end with a row without `when:`, e.g. `{silent: <reason>}`",
                    at: location))
        }
        return out
    }

    /// A `value` condition whose kind the event never carries: the row never fires.
    static func valueMismatch(_ expected: Located<ScalarValue>, _ event: EventDecl) -> [Diagnostic] {
        let kind: ValueKind
        switch expected.value {
        case .number: kind = .number
        case .bool: kind = .bool
        case .string: kind = .string
        }
        guard let carried = event.value?.value else {
            return [
                DiagnosticCode.conditionValueMismatch(
                    "'\(event.name.value)' carries no value, so `value: \(expected.value)` never matches: add `value: \(kind.rawValue)` to the event or remove the condition",
                    at: expected.location)
            ]
        }
        guard carried != kind else { return [] }
        let fix =
            carried == .string
            ? "quote it (`value: \"\(expected.value.description.trimmingCharacters(in: ["\""]))\"`)"
            : "write a \(carried.rawValue)"
        return [
            DiagnosticCode.conditionValueMismatch(
                "'\(event.name.value)' carries a \(carried.rawValue), so the \(kind.rawValue) \(expected.value) never matches: \(fix)",
                at: expected.location)
        ]
    }

    /// Some row always matches: one without a condition, or `speaks`/`value` rows
    /// covering both `true` and `false` with nothing else in their conditions.
    static func isComplete(_ rows: [RowDecl]) -> Bool {
        var speaks = Set<Bool>()
        var values = Set<Bool>()
        var gesture = Set<Bool>()
        for row in rows {
            guard let condition = row.condition else { return true }
            // A row testing a run-time parameter does not match every event.
            if !condition.parameters.isEmpty { continue }
            // Nor does one testing a data field: each is one more requirement.
            if !condition.data.isEmpty { continue }
            // A range or set on the value is reasoned about by `ValueChecks.firstGap`.
            if condition.range != nil || condition.oneOf != nil { continue }
            switch (condition.speaks, condition.value, condition.subject, condition.inGesture) {
            case (nil, nil, nil, nil): return true
            case (let spoken?, nil, nil, nil): speaks.insert(spoken.value)
            case (nil, let value?, nil, nil): if case .bool(let flag) = value.value { values.insert(flag) }
            case (nil, nil, nil, let open?): gesture.insert(open.value)
            default: break
            }
        }
        return speaks.count == 2 || values.count == 2 || gesture.count == 2
    }

    // MARK: Overlaps and shadowing

    /// The fields a condition requires; a row requiring a superset of an earlier row's
    /// fields can never fire (the earlier row wins first).
    private static func requirements(_ condition: ConditionDecl?) -> [String: String] {
        guard let condition else { return [:] }
        var result: [String: String] = [:]
        if let speaks = condition.speaks { result["speaks"] = String(speaks.value) }
        if let value = condition.value { result["value"] = value.value.description }
        if let subject = condition.subject { result["subject"] = subject.value }
        if let open = condition.inGesture { result["in-gesture"] = String(open.value) }
        for test in condition.data { result["data.\(test.name.value)"] = test.requirementText }
        return result
    }

    private static func describe(_ requirements: [String: String]) -> String {
        requirements.isEmpty
            ? "no condition"
            : "`when: {"
                + requirements.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }.joined(separator: ", ")
                + "}`"
    }

    /// Each row is compared with the earliest earlier row whose requirements are a subset
    /// of its own (at most 4 fields, so 16 subsets): linear in the number of rows.
    static func orderFindings(_ cell: CellDecl) -> [Diagnostic] {
        var out: [Diagnostic] = []
        var firstWith: [[String: String]: Int] = [:]
        for (index, row) in cell.rows.enumerated() {
            let needs = requirements(row.condition)
            let keys = needs.keys.sorted()
            // Data fields add requirements; past 12 the subsets are too many to try.
            guard keys.count <= 12 else { continue }
            var winner: Int?
            for mask in 0..<(1 << keys.count) {
                var subset: [String: String] = [:]
                for (bit, key) in keys.enumerated() where mask & (1 << bit) != 0 { subset[key] = needs[key] }
                if let earlier = firstWith[subset], winner.map({ earlier < $0 }) ?? true { winner = earlier }
            }
            if firstWith[needs] == nil { firstWith[needs] = index }
            guard let winner else { continue }
            let earlierNeeds = requirements(cell.rows[winner].condition)
            let first = cell.rows[winner].location
            if earlierNeeds == needs {
                out.append(
                    DiagnosticCode.overlappingRows(
                        "this row has the same condition (\(describe(needs))) as an earlier row for '\(cell.event.value)', which always wins: merge them or give this row a different `when:`",
                        at: row.location, notes: [Diagnostic.Note("the earlier row", at: first)]))
            } else {
                out.append(
                    DiagnosticCode.shadowedRow(
                        "this row never fires: an earlier row for '\(cell.event.value)' with \(describe(earlierNeeds)) matches first whenever it would: move this row above it or remove it",
                        at: row.location, notes: [Diagnostic.Note("the row that wins", at: first)]))
            }
        }
        return out
    }
}
