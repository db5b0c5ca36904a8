import HapticPolicy
import HapticPolicyDocument

extension DiagnosticCode {
    static let dataConditionKindMismatch = DiagnosticCode.check(
        "HP160", .error, "data-condition-kind-mismatch",
        "a `when: {data: ...}` compares a data field with another kind than the field is declared, so it never matches")
    static let dataConditionOutsideDeclaration = DiagnosticCode.check(
        "HP161", .error, "data-condition-outside-declaration",
        "a `when: {data: ...}` asks for a value the data field's declaration rules out, so the row never fires")
    static let withGivenTwice = DiagnosticCode.check(
        "HP162", .error, "with-given-twice",
        "a band level's `with:` and its band row's `with:` give the same template parameter")
    static let levelWithPlaysNothing = DiagnosticCode.check(
        "HP163", .error, "level-with-plays-nothing",
        "a band level gives template parameters (`with:`) but plays nothing in any direction")
    static let dataFieldUndeclared = DiagnosticCode.check(
        "HP280", .error, "data-field-undeclared",
        "a `when: {data: ...}` tests a data field the event does not declare in its `data:`")
}

/// Event data beyond the value (`events.<name>.data`, `when: {data: ...}`) and template
/// parameters given by band rows and band levels (`with:`): conditions on fields the event
/// declares, of their kind and within their declaration; parameters every feedback a level
/// can play declares, each given once.
enum EventDataChecks {
    static func run(_ context: ValidationContext) -> [Diagnostic] {
        var out: [Diagnostic] = []
        for event in context.document.events {
            for field in event.data ?? [] { out += ValueChecks.declarationFindings(field.payload) }
        }
        var seen = Set<String>()
        for (_, cell) in context.allCells {
            let event = context.events[cell.event.value]
            for row in cell.rows {
                for test in row.condition?.data ?? [] {
                    if let event { out += conditionFindings(test, event) }
                }
                if let name = row.band, let band = context.bands[name.value] {
                    for finding in bandArgumentFindings(row, band, event: event, context) {
                        // A band's levels are checked once per row; a level shared by rows
                        // reports its own `with:` once.
                        let key = "\(finding.code)@\(finding.location)|\(finding.message)"
                        if seen.insert(key).inserted { out.append(finding) }
                    }
                }
            }
        }
        for band in context.document.bands {
            for (index, level) in band.levels.enumerated() where !level.with.isEmpty {
                let plays = [band.entry(index, up: true)?.play, band.entry(index, up: false)?.play].compactMap { $0 }
                if plays.isEmpty, let first = level.with.first {
                    out.append(
                        DiagnosticCode.levelWithPlaysNothing(
                            "level '\(level.name.value)' of band '\(band.name.value)' plays nothing, so its `with:` "
                                + "gives parameters to no feedback: add `play:` to the level, or remove `with:`",
                            at: first.name.location))
                }
            }
        }
        return out
    }

    /// A data condition on a field the event declares, of its kind and within its range
    /// or choices.
    static func conditionFindings(_ test: DataTestDecl, _ event: EventDecl) -> [Diagnostic] {
        let name = test.name.value
        guard let field = event.data?.first(where: { $0.name.value == name }) else {
            let declared = (event.data ?? []).map(\.name.value)
            let fix =
                declared.isEmpty
                ? "declare it under `events.\(event.name.value).data` (`data: {\(name): {type: string}}`)"
                : "use \(declared.map { "'\($0)'" }.joined(separator: ", ")), or declare '\(name)' under `data:`"
            let hint = HapticPolicy.didYouMean(name, among: declared)
            return [
                DiagnosticCode.dataFieldUndeclared(
                    "'\(event.name.value)' declares no data field '\(name)', so this row never fires: "
                        + (hint.isEmpty ? fix : String(hint.drop { $0 == ";" || $0 == " " })),
                    at: test.name.location,
                    notes: [Diagnostic.Note("'\(event.name.value)' is declared here", at: event.name.location)])
            ]
        }
        let payload = field.payload
        let kind = payload.kind.value
        var out: [Diagnostic] = []
        let note = [Diagnostic.Note("'\(name)' is declared here", at: payload.location)]
        if let range = test.range {
            if kind != .number {
                out.append(
                    DiagnosticCode.dataConditionKindMismatch(
                        "data field '\(name)' of '\(event.name.value)' is declared a \(kind.rawValue), so a number "
                            + "range never matches: compare it with a \(kind.rawValue) or `in: [...]`",
                        at: range.location, notes: note))
            } else if let domain = ValueChecks.declaredNumbers(payload), domain.intersection(range.set).isEmpty {
                out.append(
                    DiagnosticCode.dataConditionOutsideDeclaration(
                        "data field '\(name)' of '\(event.name.value)' is declared \(payload.expectation), so "
                            + "`\(range.range.text)` never matches: change the bounds or the declaration",
                        at: range.location, notes: note))
            }
        }
        let values = (test.value.map { [$0] } ?? []) + (test.oneOf ?? [])
        for value in values {
            let carried: ValueKind =
                switch value.value {
                case .number: .number
                case .string: .string
                case .bool: .bool
                }
            if carried != kind {
                out.append(
                    DiagnosticCode.dataConditionKindMismatch(
                        "data field '\(name)' of '\(event.name.value)' is declared a \(kind.rawValue), so the "
                            + "\(carried.rawValue) \(value.value) never matches: write a \(kind.rawValue)"
                            + (kind == .string ? " (quote it: `\"\(value.value)\"`)" : ""),
                        at: value.location, notes: note))
                continue
            }
            let outside: Bool =
                switch value.value {
                case .number(let number): !(ValueChecks.declaredNumbers(payload)?.contains(number) ?? true)
                case .string(let text): !(payload.oneOf.map { $0.contains { $0.value == text } } ?? true)
                case .bool: false
                }
            if outside {
                out.append(
                    DiagnosticCode.dataConditionOutsideDeclaration(
                        "data field '\(name)' of '\(event.name.value)' is declared \(payload.expectation), so "
                            + "\(value.value) never matches: use one of the declared values or change the declaration",
                        at: value.location, notes: note))
            }
        }
        return out
    }

    /// A band row's `with:` and its levels' `with:`: given once each, and checked like a
    /// row's `with:` against every feedback each level can play.
    static func bandArgumentFindings(
        _ row: RowDecl, _ band: BandDecl, event: EventDecl?, _ context: ValidationContext
    ) -> [Diagnostic] {
        var out: [Diagnostic] = []
        for (index, level) in band.levels.enumerated() {
            for argument in level.with {
                if let other = row.with.first(where: { $0.name.value == argument.name.value }) {
                    out.append(
                        DiagnosticCode.withGivenTwice(
                            "'\(argument.name.value)' is given by both level '\(level.name.value)' of band "
                                + "'\(band.name.value)' and this row: give it in one `with:` only",
                            at: other.name.location,
                            notes: [Diagnostic.Note("the level gives it here", at: argument.name.location)]))
                }
            }
            let given = level.with + row.with.filter { r in !level.with.contains { $0.name.value == r.name.value } }
            guard !given.isEmpty else { continue }
            var targets: [Located<String>] = []
            for play in [band.entry(index, up: true)?.play, band.entry(index, up: false)?.play].compactMap({ $0 })
            where !targets.contains(where: { $0.value == play.value }) {
                targets.append(play)
            }
            for target in targets {
                out += SeveralActionsChecks.argumentFindings(given, target: target, event: event, context)
            }
        }
        return out
    }
}
