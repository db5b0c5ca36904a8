/// A band set compiled to an edge array: level `i` holds values in `[edges[i-1], edges[i])`.
package final class CompiledBand: Sendable {
    /// One level: its name and what entering it does.
    package struct Level: Sendable {
        package var name: String
        /// Feedback index played on entering from below; nil when that is silent.
        package var play: Int?
        /// The designer's reason when entering from below is silent.
        package var silent: String?
        /// Feedback index played on entering from above; nil when that is silent.
        package var downPlay: Int?
        /// The designer's reason when entering from above is silent.
        package var downSilent: String?
        package var location: SourceLocation
    }

    package let name: String
    /// Ascending upper edges, one fewer than levels.
    package let edges: [Double]
    package let hysteresis: Double
    /// Seconds a new level must hold before it counts; 0: at once.
    package let dwell: Double
    /// The plausible values, both ends inclusive (unbounded: `-inf...inf`).
    package let plausible: ClosedRange<Double>
    package let levels: [Level]
    /// Whether an edge reads a run-time parameter: then the session keeps this band's
    /// current edges (from `edgeBase` in `Session.bandEdges`) and `edges` are only the
    /// values at the parameters' defaults.
    package let isParametric: Bool
    /// Each edge as code over parameter indices (empty for a constant band).
    package let edgeCode: [Edge]
    /// Where this band's current edges start in the session's edge array.
    package let edgeBase: Int
    /// Per edge, whether it is inclusive (`at-most:`); empty when none is.
    package let inclusive: [Bool]
    /// The sign of the only level change an approach band allows (`-1` falling, `1`
    /// rising); 0 for a band that moves both ways.
    package let approach: Int
    /// Whether the band has an inclusive edge or an approach: then a sample takes the
    /// approach step (`BandTracker.approachStep`), tested once per sample.
    package let usesApproachStep: Bool

    /// An edge compiled over parameter indices, so evaluating it reads an array, not a
    /// dictionary, and allocates nothing.
    package indirect enum Edge: Sendable, Equatable {
        /// A number.
        case number(Double)
        /// The run-time parameter at this index.
        case parameter(Int)
        /// `-operand`.
        case negate(Edge)
        /// `lhs op rhs`.
        case binary(Expression.BinaryOperator, Edge, Edge)

        /// The edge's value for these parameter values (may be non-finite).
        package func value(_ parameters: [Double]) -> Double {
            switch self {
            case .number(let value): return value
            case .parameter(let index): return parameters[index]
            case .negate(let operand): return -operand.value(parameters)
            case .binary(let op, let lhs, let rhs):
                let l = lhs.value(parameters)
                let r = rhs.value(parameters)
                switch op {
                case .add: return l + r
                case .subtract: return l - r
                case .multiply: return l * r
                case .divide: return l / r
                }
            }
        }
    }

    package convenience init(
        name: String, edges: [Double], hysteresis: Double, dwell: Double = 0,
        plausible: ClosedRange<Double> = -Double.infinity...Double.infinity, levels: [Level],
        edgeCode: [Edge] = [], edgeBase: Int = 0, inclusive: [Bool] = [], approach: BandApproach? = nil
    ) {
        self.init(
            name: name, edges: edges, hysteresis: hysteresis, dwell: dwell, plausible: plausible, levels: levels,
            edgeCode: edgeCode, edgeBase: edgeBase, inclusive: inclusive, approachSign: approach?.step ?? 0)
    }

    /// Creates one from lowered values (`PolicyContent.Decide.Band`): `approachSign` is -1
    /// (falling), 1 (rising) or 0 (both ways).
    package init(
        name: String, edges: [Double], hysteresis: Double, dwell: Double, plausible: ClosedRange<Double>,
        levels: [Level], edgeCode: [Edge], edgeBase: Int, inclusive: [Bool], approachSign: Int
    ) {
        self.inclusive = inclusive.contains(true) ? inclusive : []
        self.approach = approachSign
        self.usesApproachStep = approachSign != 0 || inclusive.contains(true)
        self.isParametric = !edgeCode.isEmpty
        self.edgeCode = edgeCode
        self.edgeBase = edgeBase
        self.plausible = plausible
        self.name = name
        self.edges = edges
        self.hysteresis = hysteresis
        self.dwell = dwell
        self.levels = levels
    }

    /// The plausible range in words: `2.5 to 20`, `at least 30`, `at most 250`.
    package var plausibleText: String {
        switch (plausible.lowerBound.isFinite, plausible.upperBound.isFinite) {
        case (true, true): "\(numberText(plausible.lowerBound)) to \(numberText(plausible.upperBound))"
        case (true, false): "at least \(numberText(plausible.lowerBound))"
        default: "at most \(numberText(plausible.upperBound))"
        }
    }

    /// The level a value falls in, ignoring hysteresis.
    package func rawLevel(_ value: Double) -> Int {
        var level = 0
        while level < edges.count, value >= edges[level] { level += 1 }
        return level
    }

    /// The level after `value` arrives while in `current`: leaving a level needs the value
    /// at or past an edge by the hysteresis (up: `v >= edge + h`; down: `v < edge - h`).
    package func nextLevel(from current: Int, value: Double) -> Int {
        var level = current
        while level < edges.count, value >= edges[level] + hysteresis { level += 1 }
        if level != current { return level }
        while level > 0, value < edges[level - 1] - hysteresis { level -= 1 }
        return level
    }

    /// `rawLevel` against the current edges of a parametric band, `edges[edgeBase...]`.
    package func rawLevel(_ value: Double, edges current: [Double]) -> Int {
        var level = 0
        while level < edgeCode.count, value >= current[edgeBase + level] { level += 1 }
        return level
    }

    /// `nextLevel` against the current edges of a parametric band, `edges[edgeBase...]`.
    package func nextLevel(from current: Int, value: Double, edges: [Double]) -> Int {
        let count = edgeCode.count
        var level = current
        while level < count, value >= edges[edgeBase + level] + hysteresis { level += 1 }
        if level != current { return level }
        while level > 0, value < edges[edgeBase + level - 1] - hysteresis { level -= 1 }
        return level
    }
}

extension CompiledBand.Edge: Codable {
    private enum Key: String, CodingKey { case param, op, args }

    /// The parameter indices the edge reads.
    package var parameters: [Int] {
        switch self {
        case .number: []
        case .parameter(let index): [index]
        case .negate(let operand): operand.parameters
        case .binary(_, let lhs, let rhs): lhs.parameters + rhs.parameters
        }
    }

    /// Decodes a JSON number, `{"param":index}`, `{"op":"neg","args":[x]}` or
    /// `{"op":"+","args":[lhs,rhs]}` (`+`, `-`, `*`, `/`).
    package init(from decoder: any Decoder) throws {
        if let single = try? decoder.singleValueContainer(), let number = try? single.decode(Double.self) {
            self = .number(number)
            return
        }
        let container = try decoder.container(keyedBy: Key.self)
        if let index = try container.decodeIfPresent(Int.self, forKey: .param) {
            self = .parameter(index)
            return
        }
        let op = try container.decode(String.self, forKey: .op)
        let binary = Expression.BinaryOperator(rawValue: op)
        guard op == "neg" || binary != nil else {
            throw DecodingError.dataCorruptedError(
                forKey: .op, in: container, debugDescription: "unknown op '\(op)' (known: neg, +, -, *, /)")
        }
        let args = try container.decode([Self].self, forKey: .args)
        guard args.count == (binary == nil ? 1 : 2) else { throw Expression.wrongArity(op, args.count, container) }
        if let binary {
            self = .binary(binary, args[0], args[1])
        } else {
            self = .negate(args[0])
        }
    }

    /// Encodes the forms `init(from:)` reads.
    package func encode(to encoder: any Encoder) throws {
        switch self {
        case .number(let value):
            var single = encoder.singleValueContainer()
            try single.encode(value)
        case .parameter(let index):
            var container = encoder.container(keyedBy: Key.self)
            try container.encode(index, forKey: .param)
        case .negate(let operand):
            var container = encoder.container(keyedBy: Key.self)
            try container.encode("neg", forKey: .op)
            try container.encode([operand], forKey: .args)
        case .binary(let op, let lhs, let rhs):
            var container = encoder.container(keyedBy: Key.self)
            try container.encode(op.rawValue, forKey: .op)
            try container.encode([lhs, rhs], forKey: .args)
        }
    }
}
