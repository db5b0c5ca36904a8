import HapticPolicy
import HapticPolicyDocument

extension DiagnosticCode {
    static let payloadRangeEmpty = DiagnosticCode.check(
        "HP320", .error, "payload-range-empty", "a declared number's `min` is not below its `max`")
    static let payloadChoicesEmpty = DiagnosticCode.check(
        "HP321", .error, "payload-choices-empty", "a declared string's `one-of` lists no choice")
    static let payloadChoiceRepeated = DiagnosticCode.check(
        "HP322", .error, "payload-choice-repeated", "a declared string's `one-of` lists a choice twice")
    static let conditionOutsidePayload = DiagnosticCode.check(
        "HP323", .error, "condition-outside-payload",
        "a row's `when: {value: ...}` asks for a value the event's declaration rules out, so it never matches")
    static let conditionNeverTrue = DiagnosticCode.check(
        "HP324", .error, "condition-never-true",
        "a row's value range holds no number (`{above: 6, below: 5}`) or its `in:` list is empty")
    static let overlappingValues = DiagnosticCode.check(
        "HP325", .warning, "overlapping-values",
        "a row shares some values with an earlier row of its cell, which decides them (first match wins)")
    static let paramNotANumber = DiagnosticCode.check(
        "HP326", .warning, "param-not-a-number",
        "an event's `params:` declares a string or boolean parameter: template parameters are numbers, so no pattern can ever take it"
    )
    static let bandRangeMismatch = DiagnosticCode.check(
        "HP250", .warning, "band-range-mismatch",
        "an event's declared `min`/`max` and the `plausible:` range of the band deciding it disagree")
    static let optionalBandValue = DiagnosticCode.check(
        "HP251", .warning, "optional-band-value",
        "a band decides an event whose value is `required: false`: a sample without one is decided `bad-value` anyway")
}

/// Declared payloads (`value: {type: ...}`, `params:`) and conditions on numbers and sets
/// (`value: {below: 6}`, `value: {in: [...]}`): declarations that hold no value, conditions
/// that never match, rows that overlap or are shadowed by earlier ones, and cells whose
/// rows leave part of the event's values undecided.
enum ValueChecks {
    static func run(_ context: ValidationContext) -> [Diagnostic] {
        var out: [Diagnostic] = []
        for event in context.document.events {
            if let payload = event.payload { out += declarationFindings(payload) }
            for param in event.params ?? [] {
                out += declarationFindings(param.payload)
                out += kindFindings(param, of: event)
            }
        }
        for (_, cell) in context.allCells {
            guard let event = context.events[cell.event.value] else { continue }
            for row in cell.rows {
                if let condition = row.condition { out += conditionFindings(condition, event) }
                if let band = row.band { out += bandFindings(band, event, context) }
            }
        }
        return out
    }

    // MARK: Declarations

    static func declarationFindings(_ payload: PayloadDecl) -> [Diagnostic] {
        var out: [Diagnostic] = []
        if let min = payload.min, let max = payload.max, !(min.value < max.value) {
            out.append(
                DiagnosticCode.payloadRangeEmpty(
                    "`min: \(numberText(min.value))` is not below `max: \(numberText(max.value))`, so no number is a good value: make `min` smaller than `max`",
                    at: max.location, notes: [Diagnostic.Note("`min` is set here", at: min.location)]))
        }
        if let choices = payload.oneOf {
            if choices.isEmpty {
                out.append(
                    DiagnosticCode.payloadChoicesEmpty(
                        "`one-of` lists no choice, so no value is a good one: list the strings the app sends",
                        at: payload.location))
            }
            var seen: [String: SourceLocation] = [:]
            for choice in choices {
                if let first = seen[choice.value] {
                    out.append(
                        DiagnosticCode.payloadChoiceRepeated(
                            "'\(choice.value)' is listed twice in `one-of`: remove this one",
                            at: choice.location, notes: [Diagnostic.Note("listed first here", at: first)]))
                } else {
                    seen[choice.value] = choice.location
                }
            }
        }
        return out
    }

    /// A declared parameter that is not a number: a template parameter is always a
    /// number, so a play carrying it is `bad-params`, and no `when:` reads it.
    static func kindFindings(_ param: ParamDecl, of event: EventDecl) -> [Diagnostic] {
        let kind = param.payload.kind
        guard kind.value != .number else { return [] }
        let name = param.name.value
        let article = kind.value == .string ? "a string" : "a boolean"
        return [
            DiagnosticCode.paramNotANumber(
                "'\(name)' is declared \(article), but template parameters are numbers: no pattern can take it, "
                    + "and a play of '\(event.name.value)' carrying it is decided bad-params; declare it "
                    + "`{type: number}`, or send it as the event's `value` or `subject`",
                at: kind.location)
        ]
    }

    // MARK: Conditions

    static func conditionFindings(_ condition: ConditionDecl, _ event: EventDecl) -> [Diagnostic] {
        var out: [Diagnostic] = []
        if let range = condition.range {
            if range.set.isEmpty {
                out.append(
                    DiagnosticCode.conditionNeverTrue(
                        "no number is \(range.range.text.replacingOccurrences(of: ", ", with: " and ")), so this row never fires: fix the bounds",
                        at: range.location))
            } else if let carried = event.value?.value, carried != .number {
                out.append(
                    DiagnosticCode.conditionValueMismatch(
                        "'\(event.name.value)' carries a \(carried.rawValue), so a number range never matches: compare with `value: <\(carried.rawValue)>` or `in: [...]`",
                        at: range.location))
            } else if event.value == nil {
                out.append(
                    DiagnosticCode.conditionValueMismatch(
                        "'\(event.name.value)' carries no value, so a number range never matches: add `value: number` to the event or remove the condition",
                        at: range.location))
            } else if let payload = event.payload, let domain = declaredNumbers(payload),
                domain.intersection(range.set).isEmpty
            {
                out.append(
                    DiagnosticCode.conditionOutsidePayload(
                        "'\(event.name.value)' declares \(payload.expectation), so `\(range.range.text)` never matches: change the bounds or the declaration",
                        at: range.location, notes: [Diagnostic.Note("declared here", at: payload.location)]))
            }
        }
        if let items = condition.oneOf {
            if items.isEmpty {
                out.append(
                    DiagnosticCode.conditionNeverTrue(
                        "`in: []` lists no value, so this row never fires: list the values it decides",
                        at: condition.location))
            }
            for item in items {
                let mismatch = TableChecks.valueMismatch(item, event)
                if mismatch.isEmpty { out += outsideDeclaration(item, event) } else { out += mismatch }
            }
        }
        if let value = condition.value, TableChecks.valueMismatch(value, event).isEmpty {
            out += outsideDeclaration(value, event)
        }
        return out
    }

    /// A value the event's declaration rules out: outside `min`/`max` or not `one-of`.
    static func outsideDeclaration(_ value: Located<ScalarValue>, _ event: EventDecl) -> [Diagnostic] {
        guard let payload = event.payload, payload.oneOf?.isEmpty != true else { return [] }
        let outside: Bool
        switch value.value {
        case .number(let number): outside = !(declaredNumbers(payload)?.contains(number) ?? true)
        case .string(let text): outside = !(payload.oneOf.map { $0.contains { $0.value == text } } ?? true)
        case .bool: outside = false
        }
        guard outside else { return [] }
        return [
            DiagnosticCode.conditionOutsidePayload(
                "'\(event.name.value)' declares \(payload.expectation), so \(value.value) never matches: use one of the declared values or change the declaration",
                at: value.location, notes: [Diagnostic.Note("declared here", at: payload.location)])
        ]
    }

    /// The numbers a declaration allows, for a number declaration.
    static func declaredNumbers(_ payload: PayloadDecl) -> ValueInterval? {
        guard payload.kind.value == .number else { return nil }
        return ValueInterval(
            low: payload.min?.value ?? -.infinity, lowIn: payload.min != nil, high: payload.max?.value ?? .infinity,
            highIn: payload.max != nil)
    }

    // MARK: Bands

    static func bandFindings(_ band: Located<String>, _ event: EventDecl, _ context: ValidationContext) -> [Diagnostic]
    {
        var out: [Diagnostic] = []
        guard let payload = event.payload, payload.kind.value == .number else { return [] }
        if let required = payload.required, !required.value {
            out.append(
                DiagnosticCode.optionalBandValue(
                    "band '\(band.value)' needs a number in every sample of '\(event.name.value)', but its value is `required: false`; a sample without one is decided bad-value here anyway: remove `required: false`",
                    at: band.location, notes: [Diagnostic.Note("`required: false` is set here", at: required.location)])
            )
        }
        if let decl = context.bands[band.value], let plausible = decl.plausible,
            payload.min != nil || payload.max != nil,
            plausible.min?.value != payload.min?.value || plausible.max?.value != payload.max?.value
        {
            func text(_ low: Double?, _ high: Double?) -> String {
                switch (low, high) {
                case (let low?, let high?): "\(numberText(low)) to \(numberText(high))"
                case (let low?, nil): "at least \(numberText(low))"
                case (nil, let high?): "at most \(numberText(high))"
                case (nil, nil): "any number"
                }
            }
            out.append(
                DiagnosticCode.bandRangeMismatch(
                    "'\(event.name.value)' declares values \(text(payload.min?.value, payload.max?.value)) but band '\(band.value)' finds values outside \(text(plausible.min?.value, plausible.max?.value)) implausible; a value in one range and not the other is decided bad-value or implausible depending on which: give both the same range",
                    at: band.location, notes: [Diagnostic.Note("the declaration", at: payload.location)]))
        }
        return out
    }

    // MARK: Completeness

    /// Whether any row of the cell compares numbers or sets (`value: {below: 6}`, `in:`).
    /// Whether some row of the cell tests a run-time parameter.
    static func usesParameterTests(_ cell: CellDecl) -> Bool {
        cell.rows.contains { !($0.condition?.parameters.isEmpty ?? true) }
    }

    /// The values of `parameter` no row of a cell that tests only it decides, as text
    /// ("from 150 to 180 (180 excluded)"); nil when the rows cover its range.
    static func firstGap(_ cell: CellDecl, over parameter: ParameterDecl) -> String? {
        var covering = ValueSet()
        for row in cell.rows {
            guard let test = row.condition?.parameters.first else { return nil }
            covering.formUnion(ValueSet(numbers: test.range.set.isEmpty ? [] : [test.range.set]))
        }
        let domain = ValueSet(numbers: [
            ValueInterval(low: parameter.min.value, lowIn: true, high: parameter.max.value, highIn: true)
        ])
        return domain.firstPart(notIn: covering).map { $0.replacingOccurrences(of: "values ", with: "") }
    }

    static func usesValueTests(_ cell: CellDecl) -> Bool {
        cell.rows.contains { $0.condition?.range != nil || $0.condition?.oneOf != nil }
    }

    /// The values the event can carry: its declared range or choices, else a band's
    /// plausible range, else every number; both booleans; any string.
    static func domain(of event: EventDecl, _ context: ValidationContext) -> ValueSet? {
        guard let kind = event.value?.value else { return nil }
        switch kind {
        case .bool: return ValueSet(bools: [true, false])
        case .string:
            if let choices = event.payload?.oneOf { return ValueSet(strings: choices.map(\.value)) }
            return ValueSet(allStrings: true)
        case .number:
            if let payload = event.payload, let numbers = declaredNumbers(payload) {
                return ValueSet(numbers: [numbers])
            }
            for (_, cell) in context.allCells where cell.event.value == event.name.value {
                for row in cell.rows {
                    guard let name = row.band?.value, let plausible = context.bands[name]?.plausible else { continue }
                    return ValueSet(numbers: [
                        ValueInterval(
                            low: plausible.min?.value ?? -.infinity, lowIn: plausible.min != nil,
                            high: plausible.max?.value ?? .infinity, highIn: plausible.max != nil)
                    ])
                }
            }
            return ValueSet(numbers: [.all])
        }
    }

    /// What part of the event's values no row decides, for some `speaks`, as text
    /// ("values from 6 to 7 (7 excluded)"); nil when the rows cover them all.
    static func firstGap(_ cell: CellDecl, _ event: EventDecl?, _ context: ValidationContext) -> (
        gap: String, speaks: String
    )? {
        guard let event, let domain = domain(of: event, context) else { return ("events without a value", "") }
        // `in-gesture` is reasoned about like `speaks`: both of its values must be covered.
        for speaks in [false, true] {
            for open in [false, true] {
                var covering = ValueSet()
                for row in cell.rows {
                    guard row.condition?.subject == nil, row.condition?.parameters.isEmpty ?? true,
                        row.condition?.data.isEmpty ?? true
                    else { continue }
                    if let spoken = row.condition?.speaks?.value, spoken != speaks { continue }
                    if let inGesture = row.condition?.inGesture?.value, inGesture != open { continue }
                    guard let values = ValueSet(row.condition) else { return nil }
                    covering.formUnion(values)
                }
                if let gap = domain.firstPart(notIn: covering) {
                    var with: [String] = []
                    if cell.rows.contains(where: { $0.condition?.speaks != nil }) { with.append("`speaks: \(speaks)`") }
                    if cell.rows.contains(where: { $0.condition?.inGesture != nil }) {
                        with.append("`in-gesture: \(open)`")
                    }
                    return (gap, with.isEmpty ? "" : " with " + with.joined(separator: " and "))
                }
            }
        }
        return nil
    }

    // MARK: Overlaps and shadowing

    /// Rows compared with the earlier rows whose other requirements (`speaks`, `subject`)
    /// are a subset of theirs, over the values each matches: a row whose values earlier
    /// rows all take is shadowed (HP303; HP302 when one earlier row has the very same
    /// condition); one that shares some is reported as overlapping (HP325). Each
    /// requirement set keeps the values taken so far as sorted intervals.
    ///
    /// In a cell whose rows test one run-time parameter alone (`dimension`), the values are
    /// that parameter's; elsewhere a parameter test is a requirement like `subject`.
    static func orderFindings(_ cell: CellDecl, over dimension: ParameterDecl? = nil) -> [Diagnostic] {
        var out: [Diagnostic] = []
        var taken: [[String]: Coverage] = [:]
        var conditions: [ConditionDecl?] = []
        for (index, row) in cell.rows.enumerated() {
            conditions.append(row.condition)
            var needs: [String] = []
            if let speaks = row.condition?.speaks { needs.append("speaks=\(speaks.value)") }
            if let subject = row.condition?.subject { needs.append("subject=\(subject.value)") }
            if let open = row.condition?.inGesture { needs.append("in-gesture=\(open.value)") }
            for test in row.condition?.data ?? [] { needs.append("data.\(test.name.value)=\(test.requirementText)") }
            var values = ValueSet(row.condition) ?? ValueSet.all
            if let dimension {
                // The parameter is always in its declared range: a row without a condition
                // takes all of it, so a catch-all after rows covering it is shadowed.
                let range = ValueInterval(
                    low: dimension.min.value, lowIn: true, high: dimension.max.value, highIn: true)
                let tested = row.condition?.parameters.first?.range.set.intersection(range) ?? range
                values = ValueSet(numbers: tested.isEmpty ? [] : [tested])
            } else {
                for test in row.condition?.parameters ?? [] {
                    needs.append("\(test.name.value)=\(test.range.range.text)")
                }
            }
            // Data fields add requirements; past 12 the subsets are too many to try.
            guard needs.count <= 12 else { continue }
            var remaining = values
            var winners: [(row: Int, part: String)] = []
            for mask in 0..<(1 << needs.count) {
                let subset = needs.enumerated().filter { mask & (1 << $0.offset) != 0 }.map(\.element)
                guard let coverage = taken[subset] else { continue }
                winners += coverage.take(&remaining)
            }
            taken[needs, default: Coverage()].insert(remaining, row: index)
            guard let first = winners.min(by: { $0.row < $1.row }) else { continue }
            let rowNames = Array(Set(winners.map(\.row))).sorted()
            let notes = rowNames.map { Diagnostic.Note("row \($0 + 1) wins", at: cell.rows[$0].location) }
            let event = cell.event.value
            if remaining.isEmpty {
                if rowNames.count == 1, signature(conditions[first.row]) == signature(row.condition) {
                    out.append(
                        DiagnosticCode.overlappingRows(
                            "this row has the same condition as row \(first.row + 1) for '\(event)', which always wins: merge them or give this row a different `when:`",
                            at: row.location, notes: notes))
                } else {
                    out.append(
                        DiagnosticCode.shadowedRow(
                            "this row never fires: \(rowList(rowNames)) for '\(event)' \(rowNames.count == 1 ? "matches" : "match") first whenever it would: move this row above \(rowNames.count == 1 ? "it" : "them") or remove it",
                            at: row.location, notes: notes))
                }
            } else if row.condition?.value != nil || row.condition?.range != nil || row.condition?.oneOf != nil
                || (dimension != nil && row.condition != nil)
            {
                let part = dimension.map { "'\($0.name.value)' " + first.part } ?? first.part
                out.append(
                    DiagnosticCode.overlappingValues(
                        "\(part) \(first.part.hasPrefix("the value") ? "is" : "are") matched by both this row and row \(first.row + 1) for '\(event)', which decides them: make the conditions meet without sharing values (e.g. `below: 5` then `at-least: 5`)",
                        at: row.location, notes: notes))
            }
        }
        return out
    }

    /// What a condition requires, the same text for conditions written alike.
    private static func signature(_ condition: ConditionDecl?) -> String {
        guard let condition else { return "" }
        var parts: [String] = []
        if let speaks = condition.speaks { parts.append("speaks=\(speaks.value)") }
        if let subject = condition.subject { parts.append("subject=\(subject.value)") }
        if let open = condition.inGesture { parts.append("in-gesture=\(open.value)") }
        for test in condition.parameters { parts.append("\(test.name.value)=\(test.range.range.text)") }
        for test in condition.data { parts.append("data.\(test.name.value)=\(test.requirementText)") }
        if let values = ValueSet(condition) {
            parts +=
                values.numbers.map(\.text) + values.strings.sorted() + values.bools.sorted { !$0 && $1 }.map { "\($0)" }
        }
        return parts.joined(separator: "|")
    }

    private static func rowList(_ rows: [Int]) -> String {
        let names = rows.map { "\($0 + 1)" }
        if names.count == 1 { return "row \(names[0])" }
        return "rows " + names.dropLast().joined(separator: ", ") + " and " + (names.last ?? "")
    }
}

extension PayloadDecl {
    /// What a good value is: `a number from 100 to 200`, `one of confirmed, cancelled`.
    package var expectation: String {
        PolicyContent.Payload.Field(
            name: "value", kind: kind.value, min: min?.value, max: max?.value, oneOf: oneOf?.map(\.value),
            location: SourcePosition(line: 0, column: 0)
        ).expectation
    }
}

extension NumberRangeDecl {
    /// The numbers the range holds.
    var set: ValueInterval {
        ValueInterval(
            low: lower?.value ?? -.infinity, lowIn: lower != nil && lowerInclusive, high: upper?.value ?? .infinity,
            highIn: upper != nil && upperInclusive)
    }
}

// MARK: Interval algebra

/// A number interval; an end at infinity is open.
struct ValueInterval: Equatable {
    var low: Double
    var lowIn: Bool
    var high: Double
    var highIn: Bool

    /// Every number.
    static let all = ValueInterval(low: -.infinity, lowIn: false, high: .infinity, highIn: false)

    /// The single number `x`.
    static func point(_ x: Double) -> ValueInterval { ValueInterval(low: x, lowIn: true, high: x, highIn: true) }

    /// Whether it holds no number.
    var isEmpty: Bool { !(low < high || (low == high && lowIn && highIn)) }

    func contains(_ x: Double) -> Bool {
        (lowIn ? x >= low : x > low) && (highIn ? x <= high : x < high)
    }

    /// Whether lower end (a, ai) starts before (b, bi).
    static func startsBefore(_ a: Double, _ ai: Bool, _ b: Double, _ bi: Bool) -> Bool {
        a < b || (a == b && ai && !bi)
    }
    /// Whether upper end (a, ai) ends before (b, bi).
    static func endsBefore(_ a: Double, _ ai: Bool, _ b: Double, _ bi: Bool) -> Bool { a < b || (a == b && !ai && bi) }

    /// Whether every number of `a` is below every number of `b` (they share none).
    static func isBefore(_ a: ValueInterval, _ b: ValueInterval) -> Bool {
        a.high < b.low || (a.high == b.low && !(a.highIn && b.lowIn))
    }

    /// Whether some number lies between `a` and a later-starting `b` (so their union is
    /// two intervals, not one).
    static func gapBetween(_ a: ValueInterval, _ b: ValueInterval) -> Bool {
        a.high < b.low || (a.high == b.low && !a.highIn && !b.lowIn)
    }

    func intersection(_ other: ValueInterval) -> ValueInterval {
        let (l, li) = Self.startsBefore(low, lowIn, other.low, other.lowIn) ? (other.low, other.lowIn) : (low, lowIn)
        let (h, hi) =
            Self.endsBefore(high, highIn, other.high, other.highIn) ? (high, highIn) : (other.high, other.highIn)
        return ValueInterval(low: l, lowIn: li, high: h, highIn: hi)
    }

    /// The parts of this interval outside `other` (none, one or two), in order.
    func subtracting(_ other: ValueInterval) -> [ValueInterval] {
        guard !intersection(other).isEmpty else { return [self] }
        var out: [ValueInterval] = []
        let left = ValueInterval(low: low, lowIn: lowIn, high: other.low, highIn: !other.lowIn).intersection(self)
        if !left.isEmpty, other.low > -.infinity { out.append(left) }
        let right = ValueInterval(low: other.high, lowIn: !other.highIn, high: high, highIn: highIn).intersection(self)
        if !right.isEmpty, other.high < .infinity { out.append(right) }
        return out
    }

    /// "values from 6 to 7 (7 excluded)", "the value 5", "values below 4.25".
    var text: String {
        let l = numberText(low)
        let h = numberText(high)
        if low == high { return "the value \(l)" }
        switch (low.isFinite, high.isFinite) {
        case (false, false): return "every number"
        case (false, true): return highIn ? "values up to \(h)" : "values below \(h)"
        case (true, false): return lowIn ? "values from \(l) up" : "values above \(l)"
        case (true, true):
            switch (lowIn, highIn) {
            case (true, true): return "values from \(l) to \(h)"
            case (true, false): return "values from \(l) to \(h) (\(h) excluded)"
            case (false, true): return "values from \(l) to \(h) (\(l) excluded)"
            case (false, false): return "values from \(l) to \(h) (\(l) and \(h) excluded)"
            }
        }
    }
}

/// The values a condition matches (or a domain): number intervals (sorted, disjoint),
/// strings (some, or all), booleans.
struct ValueSet {
    var numbers: [ValueInterval] = []
    var strings: [String] = []
    var allStrings = false
    var bools: Set<Bool> = []

    /// Every value.
    static let all = ValueSet(numbers: [.all], allStrings: true, bools: [true, false])

    var isEmpty: Bool { numbers.isEmpty && strings.isEmpty && !allStrings && bools.isEmpty }

    /// The values a row's condition matches; nil when it has no condition on the value.
    init?(_ condition: ConditionDecl?) {
        guard let condition, condition.value != nil || condition.range != nil || condition.oneOf != nil else {
            return nil
        }
        var items = condition.oneOf?.map(\.value) ?? []
        if let value = condition.value { items.append(value.value) }
        var points: [Double] = []
        var seen = Set<String>()
        for item in items {
            switch item {
            case .number(let x): points.append(x)
            case .string(let text): if seen.insert(text).inserted { strings.append(text) }
            case .bool(let flag): bools.insert(flag)
            }
        }
        if let range = condition.range {
            let set = range.set
            numbers = set.isEmpty ? [] : [set]
        } else {
            numbers = Array(Set(points)).sorted().map(ValueInterval.point)
        }
    }

    init(numbers: [ValueInterval] = [], strings: [String] = [], allStrings: Bool = false, bools: Set<Bool> = []) {
        self.numbers = numbers
        self.strings = strings
        self.allStrings = allStrings
        self.bools = bools
    }

    /// Adds `other`'s values (numbers merged in sorted order: linear after the sort).
    mutating func formUnion(_ other: ValueSet) {
        var merged = (numbers + other.numbers).sorted {
            ValueInterval.startsBefore($0.low, $0.lowIn, $1.low, $1.lowIn)
        }
        var out: [ValueInterval] = []
        for interval in merged {
            if var last = out.last, !ValueInterval.gapBetween(last, interval) {
                if ValueInterval.endsBefore(last.high, last.highIn, interval.high, interval.highIn) {
                    last.high = interval.high
                    last.highIn = interval.highIn
                }
                out[out.count - 1] = last
            } else {
                out.append(interval)
            }
        }
        merged = out
        numbers = merged
        for text in other.strings where !strings.contains(text) { strings.append(text) }
        allStrings = allStrings || other.allStrings
        bools.formUnion(other.bools)
    }

    /// The first part of this set (a domain) that `covering` leaves out, as text.
    func firstPart(notIn covering: ValueSet) -> String? {
        // `covering.numbers` is sorted and disjoint (`formUnion`): one sweep per domain interval.
        for interval in numbers {
            var rest = [interval]
            for piece in covering.numbers {
                rest = rest.flatMap { $0.subtracting(piece) }
                if rest.isEmpty { break }
            }
            if let gap = rest.first { return gap.text }
        }
        if allStrings, !covering.allStrings { return "text values other than those listed" }
        if !covering.allStrings, let text = strings.first(where: { !covering.strings.contains($0) }) {
            return "the value \"\(text)\""
        }
        if let flag = [false, true].first(where: { bools.contains($0) && !covering.bools.contains($0) }) {
            return "the value \(flag)"
        }
        return nil
    }
}

/// The values earlier rows with one requirement set have taken, each part marked with
/// the row that took it first.
struct Coverage {
    /// Sorted, disjoint.
    var pieces: [(interval: ValueInterval, row: Int)] = []
    var strings: [String: Int] = [:]
    var allStrings: Int?
    var bools: [Bool: Int] = [:]

    /// Removes from `values` what is taken, returning which rows took which part.
    func take(_ values: inout ValueSet) -> [(row: Int, part: String)] {
        var hits: [(row: Int, part: String)] = []
        var numbers: [ValueInterval] = []
        for interval in values.numbers {
            // The first piece that ends at or after the interval's start.
            var lo = 0
            var hi = pieces.count
            while lo < hi {
                let mid = (lo + hi) / 2
                let piece = pieces[mid].interval
                if ValueInterval.isBefore(piece, interval) {
                    lo = mid + 1
                } else {
                    hi = mid
                }
            }
            var rest = [interval]
            var index = lo
            while index < pieces.count, !rest.isEmpty {
                let piece = pieces[index]
                if ValueInterval.isBefore(interval, piece.interval) { break }
                let shared = piece.interval.intersection(interval)
                if !shared.isEmpty { hits.append((piece.row, shared.text)) }
                rest = rest.flatMap { $0.subtracting(piece.interval) }
                index += 1
            }
            numbers += rest
        }
        values.numbers = numbers
        if let row = allStrings {
            if let text = values.strings.first { hits.append((row, "the value \"\(text)\"")) }
            if values.allStrings { hits.append((row, "text values")) }
            values.strings = []
            values.allStrings = false
        } else {
            var left: [String] = []
            for text in values.strings {
                if let row = strings[text] { hits.append((row, "the value \"\(text)\"")) } else { left.append(text) }
            }
            values.strings = left
            if values.allStrings, let (text, row) = strings.min(by: { $0.value < $1.value }) {
                hits.append((row, "the value \"\(text)\""))
            }
        }
        for flag in values.bools.sorted(by: { !$0 && $1 }) {
            if let row = bools[flag] {
                hits.append((row, "the value \(flag)"))
                values.bools.remove(flag)
            }
        }
        return hits
    }

    /// Marks `values` (not taken before) as taken by `row`.
    mutating func insert(_ values: ValueSet, row: Int) {
        for interval in values.numbers {
            var lo = 0
            var hi = pieces.count
            while lo < hi {
                let mid = (lo + hi) / 2
                let piece = pieces[mid].interval
                if ValueInterval.startsBefore(piece.low, piece.lowIn, interval.low, interval.lowIn) {
                    lo = mid + 1
                } else {
                    hi = mid
                }
            }
            pieces.insert((interval, row), at: lo)
        }
        for text in values.strings where strings[text] == nil { strings[text] = row }
        if values.allStrings, allStrings == nil { allStrings = row }
        for flag in values.bools where bools[flag] == nil { bools[flag] = row }
    }
}
