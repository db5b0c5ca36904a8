import HapticPolicy
import HapticPolicyDocument

extension DiagnosticCode {
    static let parametricEdgesNotAscending = DiagnosticCode.check(
        "HP140", .error, "parametric-edges-not-ascending",
        "for some values of the run-time parameters, band edges are not strictly ascending (a level is empty)")
    static let parametricHysteresisTooWide = DiagnosticCode.check(
        "HP141", .error, "parametric-hysteresis-too-wide",
        "for some values of the run-time parameters, an inner band level is not wider than twice the hysteresis")
    static let parametricLevelNotPlausible = DiagnosticCode.check(
        "HP142", .warning, "parametric-level-not-plausible",
        "for some values of the run-time parameters, a band level lies wholly outside the plausible range")
    static let edgeNotFinite = DiagnosticCode.check(
        "HP143", .error, "edge-not-finite",
        "a band edge divides by a range that contains 0, so for some parameter values it is not a number")
    static let parametricEdgesUnproven = DiagnosticCode.check(
        "HP144", .warning, "parametric-edges-unproven",
        "lint could neither prove a band's parametric edges sound over the parameters' ranges nor find a counterexample"
    )
    static let unknownEdgeName = DiagnosticCode.check(
        "HP240", .error, "unknown-edge-name", "a band edge names something that is not a run-time parameter")
    static let unusedRunTimeParameter = DiagnosticCode.check(
        "HP241", .warning, "unused-run-time-parameter", "nothing reads a run-time parameter (no edge, no condition)")
}

/// Band edges that read run-time parameters (`below: 0.6 * max_hr`): every name is a
/// parameter, and over the box of the parameters' declared ranges the edges stay finite
/// and strictly ascending, every inner level stays wider than twice the hysteresis and
/// every level overlaps the plausible range. Each rule is proved with interval arithmetic
/// (exact for linear edges, `k * p + c`; others on ever smaller parts of the ranges); when
/// the proof fails, the ends of each range and
/// a grid are searched for a counterexample, reported with its values; when neither
/// works, a warning says it could not be proven.
enum EdgeChecks {
    static func run(_ context: ValidationContext) -> [Diagnostic] {
        let document = context.document
        var parameters: [String: ParameterDecl] = [:]
        for parameter in document.parameters where parameters[parameter.name.value] == nil {
            parameters[parameter.name.value] = parameter
        }
        var out: [Diagnostic] = []
        for band in document.bands where band.isParametric {
            out += check(band, parameters: parameters, order: document.parameters.map(\.name.value), context: context)
        }
        let read = reads(document)
        // A name no expression can read is HP274's finding already.
        for parameter in document.parameters
        where !read.contains(parameter.name.value) && ParameterChecks.isUsableName(parameter.name.value) {
            out.append(
                DiagnosticCode.unusedRunTimeParameter(
                    "nothing reads the run-time parameter '\(parameter.name.value)' that '\(parameter.setBy.value)' sets: use it in a band edge (`below: 0.6 * \(parameter.name.value)`) or remove it",
                    at: parameter.name.location))
        }
        return out
    }

    /// Every run-time parameter name the policy reads: in band edges (and, once they
    /// exist, in conditions). The one place that answers "is this parameter used?".
    static func reads(_ document: PolicyDocument) -> Set<String> {
        var out = Set<String>()
        for band in document.bands {
            for level in band.levels {
                if let edge = level.belowExpression { out.formUnion(edge.value.parameters) }
            }
        }
        for cell in document.everywhere + document.screens.flatMap(\.cells) {
            for row in cell.rows { out.formUnion(row.condition?.parameters.map(\.name.value) ?? []) }
        }
        return out
    }

    // MARK: One band

    /// One edge of a parametric band: the level it tops and the expression (a constant
    /// edge as a number).
    private struct Edge {
        var level: Int
        var expression: Expression
        var location: SourceLocation
        var isConstant: Bool
        /// `0.6 * max_hr` or `100`.
        var text: String { expression.description }
    }

    /// A parameter's range.
    private struct Range {
        var name: String
        var low: Double
        var high: Double
        var defaultValue: Double
    }

    private static func check(
        _ band: BandDecl, parameters: [String: ParameterDecl], order: [String], context: ValidationContext
    ) -> [Diagnostic] {
        var out: [Diagnostic] = []
        for level in band.levels {
            guard let edge = level.belowExpression else { continue }
            let used = Set(edge.value.parameters)
            var reported = Set<String>()
            let written = level.belowNames.filter { used.contains($0.value) }
            let names = written.isEmpty ? edge.value.parameters.map { Located($0, at: edge.location) } : written
            for name in names where parameters[name.value] == nil && reported.insert(name.value).inserted {
                let hint = context.didYouMean(name.value, among: order)
                let declared =
                    order.isEmpty
                    ? ": declare it under `parameters:` with `set-by:`, `min:`, `max:` and `default:`"
                    : " (the policy's are \(quotedList(order)))\(hint)"
                out.append(
                    DiagnosticCode.unknownEdgeName(
                        "the edge of level '\(level.name.value)' names '\(name.value)', which is not a run-time parameter\(declared)",
                        at: name.location))
            }
        }
        guard out.isEmpty, band.levels.count >= 2 else { return out }
        var edges: [Edge] = []
        for (index, level) in band.levels.dropLast().enumerated() {
            if let expression = level.belowExpression {
                edges.append(
                    .init(level: index, expression: expression.value, location: expression.location, isConstant: false))
            } else if let below = level.below, below.value.isFinite {
                edges.append(
                    .init(level: index, expression: .number(below.value), location: below.location, isConstant: true))
            } else {
                return out  // a missing or bad edge: the band checks report it
            }
        }
        let used = Set(edges.flatMap { $0.expression.parameters })
        let box = order.filter { used.contains($0) }.compactMap { name in
            parameters[name].map {
                Range(name: name, low: $0.min.value, high: $0.max.value, defaultValue: $0.defaultValue.value)
            }
        }
        guard box.allSatisfy({ $0.low < $0.high }) else { return out }  // HP270 reports it
        let intervals = Dictionary(
            box.map { ($0.name, Interval(low: $0.low, high: $0.high)) }, uniquingKeysWith: { a, _ in a })

        // Finite everywhere: a division by a range containing 0 is not.
        for edge in edges where !edge.isConstant && linear(edge.expression) == nil {
            if interval(edge.expression, intervals) == nil {
                out.append(
                    DiagnosticCode.edgeNotFinite(
                        "the edge `\(edge.text)` of level '\(band.levels[edge.level].name.value)' is not a number for some values of \(quotedList(box.map(\.name))) (\(rangesText(box))): it divides by a range that contains 0; divide by a parameter whose range excludes 0, or multiply instead",
                        at: edge.location))
            }
        }
        guard out.isEmpty else { return out }
        let points = samplePoints(box)
        let hysteresis = band.approach == nil ? band.hysteresis.value : 0  // none on an approach band
        let name = band.name.value

        // Ascending edges, and inner levels wider than twice the hysteresis.
        for (lower, upper) in zip(edges, edges.dropFirst()) {
            let level = band.levels[upper.level].name.value
            let gap = Expression.binary(.subtract, upper.expression, lower.expression)
            switch judge(gap, strict: true, box: intervals, points: points) {
            case .counterexample(let point):
                out.append(
                    DiagnosticCode.parametricEdgesNotAscending(
                        "with \(pointText(point, box)), level '\(level)' of '\(name)' is empty: its edge \(valueText(upper, point)) is not above the edge \(valueText(lower, point)) of '\(band.levels[lower.level].name.value)'; edges must go strictly up for every value of \(quotedList(box.map(\.name))) (\(rangesText(box))): change the edges or narrow the range",
                        at: upper.location))
                continue
            case .unproven:
                out.append(
                    unproven(
                        band, "the edge `\(upper.text)` of '\(level)' stays above `\(lower.text)`", box,
                        at: upper.location))
                continue
            case .proven:
                break
            }
            guard hysteresis > 0, hysteresis.isFinite else { continue }
            let slack = Expression.binary(.subtract, gap, .number(2 * hysteresis))
            switch judge(slack, strict: true, box: intervals, points: points) {
            case .counterexample(let point):
                let low = (try? lower.expression.evaluate(point)) ?? .nan
                let high = (try? upper.expression.evaluate(point)) ?? .nan
                out.append(
                    DiagnosticCode.parametricHysteresisTooWide(
                        "with \(pointText(point, box)), level '\(level)' of '\(name)' spans \(show(low))-\(show(high)) (\(show(high - low)) wide): the hysteresis \(show(hysteresis)) is not smaller than half of it, so a value could leave it on both sides unseen; lower the hysteresis, widen the level, or narrow the range of \(quotedList(box.map(\.name)))",
                        at: upper.location))
            case .unproven:
                out.append(
                    unproven(
                        band, "'\(level)' stays wider than twice the hysteresis \(show(hysteresis))", box,
                        at: upper.location))
            case .proven:
                break
            }
        }

        // Every level overlaps the plausible range (HP132's rule, for every value).
        guard let plausible = band.plausible else { return out }
        if let low = plausible.min?.value {
            // Level i is wholly below `min` when its upper edge is at or below it.
            for edge in edges where !edge.isConstant {
                let margin = Expression.binary(.subtract, edge.expression, .number(low))
                out += plausibleFinding(band, edge, margin, strict: true, box, intervals, points) { point in
                    "its edge \(valueText(edge, point)) is at or below `min: \(show(low))`"
                }
            }
        }
        if let high = plausible.max?.value {
            // Level i + 1 is wholly above `max` when its lower edge (edge i) is above it.
            for edge in edges where !edge.isConstant {
                let margin = Expression.binary(.subtract, .number(high), edge.expression)
                var above = edge
                above.level += 1
                out += plausibleFinding(band, above, margin, strict: false, box, intervals, points) { point in
                    "its lower edge \(valueText(edge, point)) is above `max: \(show(high))`"
                }
            }
        }
        return out
    }

    private static func plausibleFinding(
        _ band: BandDecl, _ edge: Edge, _ margin: Expression, strict: Bool, _ box: [Range],
        _ intervals: [String: Interval], _ points: [[String: Double]], why: ([String: Double]) -> String
    ) -> [Diagnostic] {
        let level = band.levels[edge.level].name.value
        switch judge(margin, strict: strict, box: intervals, points: points) {
        case .proven:
            return []
        case .counterexample(let point):
            return [
                DiagnosticCode.parametricLevelNotPlausible(
                    "with \(pointText(point, box)), no plausible sample enters level '\(level)' of '\(band.name.value)': \(why(point)); widen the plausible range, change the edge or narrow the range of \(quotedList(box.map(\.name)))",
                    at: edge.location)
            ]
        case .unproven:
            return [unproven(band, "level '\(level)' overlaps the plausible range", box, at: edge.location)]
        }
    }

    private static func unproven(_ band: BandDecl, _ claim: String, _ box: [Range], at location: SourceLocation)
        -> Diagnostic
    {
        DiagnosticCode.parametricEdgesUnproven(
            "lint could not prove that \(claim) in '\(band.name.value)' for every value of \(quotedList(box.map(\.name))) (\(rangesText(box))), nor find values where it does not: write the edges as `k * parameter + c` so it can, or check them by hand",
            at: location)
    }

    /// `max_hr = 120` (`a = 1, b = 2`).
    private static func pointText(_ point: [String: Double], _ box: [Range]) -> String {
        box.map { "\($0.name) = \(show(point[$0.name] ?? $0.defaultValue))" }.joined(separator: ", ")
    }

    /// `max_hr from 120 to 220`.
    private static func rangesText(_ box: [Range]) -> String {
        box.map { "\($0.name) from \(show($0.low)) to \(show($0.high))" }.joined(separator: ", ")
    }

    /// `0.8 * max_hr = 96`, or `100` for a constant edge.
    private static func valueText(_ edge: Edge, _ point: [String: Double]) -> String {
        if edge.isConstant { return edge.text }
        let value = (try? edge.expression.evaluate(point)).map(show) ?? "not a number"
        return "`\(edge.text)` = \(value)"
    }

    // MARK: Proof

    private enum Outcome {
        case proven
        case counterexample([String: Double])
        case unproven
    }

    /// Whether `margin > 0` (`>= 0` unless strict) for every point of the box: proved by
    /// its bounds, else refuted at the sample point where it is smallest, else unknown.
    private static func judge(
        _ margin: Expression, strict: Bool, box: [String: Interval], points: [[String: Double]]
    ) -> Outcome {
        if let bounds = bounds(margin, box), strict ? bounds.low > 0 : bounds.low >= 0 { return .proven }
        var worst: (value: Double, point: [String: Double])?
        for point in points {
            guard let value = try? margin.evaluate(point) else { continue }
            let fails = strict ? !(value > 0) : !(value >= 0)
            if fails, worst.map({ value < $0.value }) ?? true { worst = (value, point) }
        }
        if let worst { return .counterexample(worst.point) }
        // Interval arithmetic forgets that `p * p` is one `p`: on smaller boxes it loses less.
        if linear(margin) == nil, provedBySplitting(margin, strict: strict, box: box) { return .proven }
        return .unproven
    }

    /// Proves `margin > 0` (`>= 0`) by interval arithmetic on halves of the box, split
    /// along the widest range, up to 512 boxes.
    private static func provedBySplitting(_ margin: Expression, strict: Bool, box: [String: Interval]) -> Bool {
        var pending = [box]
        var budget = 512
        while let piece = pending.popLast() {
            budget -= 1
            guard budget >= 0 else { return false }
            if let bounds = interval(margin, piece), strict ? bounds.low > 0 : bounds.low >= 0 { continue }
            guard
                let (name, range) = piece.max(by: { ($0.value.high - $0.value.low) < ($1.value.high - $1.value.low) }),
                range.high > range.low
            else { return false }
            let middle = (range.low + range.high) / 2
            var lower = piece
            lower[name] = Interval(low: range.low, high: middle)
            var upper = piece
            upper[name] = Interval(low: middle, high: range.high)
            pending += [lower, upper]
        }
        return true
    }

    /// The ends of each range first, then its default, then a grid: 9 values a parameter
    /// with up to 2 parameters, 5 with 3, the ends and the middle beyond (at most ~6 600).
    private static func samplePoints(_ box: [Range]) -> [[String: Double]] {
        let steps = box.count <= 2 ? 8 : box.count == 3 ? 4 : 2
        var points: [[String: Double]] = [[:]]
        for range in box {
            var values = [range.low, range.high, range.defaultValue]
            for step in 1..<steps { values.append(range.low + (range.high - range.low) * Double(step) / Double(steps)) }
            var seen = Set<Double>()
            values = values.filter { seen.insert($0).inserted }
            var next: [[String: Double]] = []
            for value in values {
                for point in points {
                    var point = point
                    point[range.name] = value
                    next.append(point)
                }
                guard next.count < 20_000 else { break }
            }
            points = next
        }
        return points
    }

    /// A closed interval.
    private struct Interval {
        var low: Double
        var high: Double
    }

    /// Exact bounds for a linear expression, else interval-arithmetic bounds; nil when it
    /// is not finite somewhere in the box.
    private static func bounds(_ expression: Expression, _ box: [String: Interval]) -> Interval? {
        guard let form = linear(expression) else { return interval(expression, box) }
        var low = form.constant
        var high = form.constant
        for (name, k) in form.coefficients {
            guard let range = box[name] else { return nil }
            low += k >= 0 ? k * range.low : k * range.high
            high += k >= 0 ? k * range.high : k * range.low
        }
        return low.isFinite && high.isFinite ? Interval(low: low, high: high) : nil
    }

    /// `sum(k * p) + c`, or nil when the expression is not linear in its parameters.
    private struct Linear {
        var coefficients: [String: Double] = [:]
        var constant: Double = 0

        func scaled(_ factor: Double) -> Linear {
            Linear(coefficients: coefficients.mapValues { $0 * factor }, constant: constant * factor)
        }

        func adding(_ other: Linear, sign: Double) -> Linear {
            var out = self
            for (name, k) in other.coefficients { out.coefficients[name, default: 0] += sign * k }
            out.constant += sign * other.constant
            return out
        }
    }

    private static func linear(_ expression: Expression) -> Linear? {
        switch expression {
        case .number(let value):
            return Linear(constant: value)
        case .parameter(let name):
            return Linear(coefficients: [name: 1])
        case .negate(let operand):
            return linear(operand)?.scaled(-1)
        case .binary(let op, let lhs, let rhs):
            guard let l = linear(lhs), let r = linear(rhs) else { return nil }
            switch op {
            case .add: return l.adding(r, sign: 1)
            case .subtract: return l.adding(r, sign: -1)
            case .multiply:
                if r.coefficients.values.allSatisfy({ $0 == 0 }) { return l.scaled(r.constant) }
                if l.coefficients.values.allSatisfy({ $0 == 0 }) { return r.scaled(l.constant) }
                return nil
            case .divide:
                guard r.coefficients.values.allSatisfy({ $0 == 0 }), r.constant != 0 else { return nil }
                return l.scaled(1 / r.constant)
            }
        }
    }

    /// Interval arithmetic; nil when a division's divisor range contains 0 or a bound is
    /// not finite.
    private static func interval(_ expression: Expression, _ box: [String: Interval]) -> Interval? {
        let out: Interval
        switch expression {
        case .number(let value):
            out = Interval(low: value, high: value)
        case .parameter(let name):
            guard let range = box[name] else { return nil }
            out = range
        case .negate(let operand):
            guard let inner = interval(operand, box) else { return nil }
            out = Interval(low: -inner.high, high: -inner.low)
        case .binary(let op, let lhs, let rhs):
            guard let l = interval(lhs, box), let r = interval(rhs, box) else { return nil }
            switch op {
            case .add: out = Interval(low: l.low + r.low, high: l.high + r.high)
            case .subtract: out = Interval(low: l.low - r.high, high: l.high - r.low)
            case .multiply: out = product(l, r)
            case .divide:
                guard r.low > 0 || r.high < 0 else { return nil }
                out = product(l, Interval(low: 1 / r.high, high: 1 / r.low))
            }
        }
        return out.low.isFinite && out.high.isFinite ? out : nil
    }

    private static func product(_ a: Interval, _ b: Interval) -> Interval {
        let products = [a.low * b.low, a.low * b.high, a.high * b.low, a.high * b.high]
        return Interval(low: products.min() ?? 0, high: products.max() ?? 0)
    }
}
