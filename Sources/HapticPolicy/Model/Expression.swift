/// A number in a pattern: a literal, or arithmetic over template parameters
/// (`inhale + hold`, `60 / bpm`).
package indirect enum Expression: Sendable, Hashable, Codable, CustomStringConvertible {
    /// A literal number.
    case number(Double)
    /// A template parameter by name.
    case parameter(String)
    /// `-operand`.
    case negate(Expression)
    /// `lhs op rhs`.
    case binary(BinaryOperator, Expression, Expression)

    /// An arithmetic operator.
    package enum BinaryOperator: String, Sendable, Hashable, Codable {
        /// Addition.
        case add = "+"
        /// Subtraction.
        case subtract = "-"
        /// Multiplication.
        case multiply = "*"
        /// Division.
        case divide = "/"
    }

    /// The literal value when the expression uses no parameter.
    package var constant: Double? {
        parameters.isEmpty ? try? evaluate([:]) : nil
    }

    /// Every parameter name the expression mentions, in order of appearance.
    package var parameters: [String] {
        switch self {
        case .number: []
        case .parameter(let name): [name]
        case .negate(let operand): operand.parameters
        case .binary(_, let lhs, let rhs): lhs.parameters + rhs.parameters
        }
    }

    /// Why an expression could not be evaluated.
    package enum EvaluationError: Error, Sendable, Hashable {
        /// The parameter has no value.
        case unboundParameter(String)
        /// Division by zero or another non-finite result.
        case notFinite
    }

    /// Evaluates with the given parameter values.
    package func evaluate(_ bindings: [String: Double]) throws(EvaluationError) -> Double {
        try evaluate { bindings[$0] }
    }

    /// Evaluates with the parameter values `value` gives by name (nil: unbound), so that a
    /// caller holding the values in declaration order needs no dictionary.
    func evaluate(_ value: (String) -> Double?) throws(EvaluationError) -> Double {
        let result: Double
        switch self {
        case .number(let number):
            result = number
        case .parameter(let name):
            guard let bound = value(name) else { throw .unboundParameter(name) }
            result = bound
        case .negate(let operand):
            result = -(try operand.evaluate(value))
        case .binary(let op, let lhs, let rhs):
            let l = try lhs.evaluate(value)
            let r = try rhs.evaluate(value)
            switch op {
            case .add: result = l + r
            case .subtract: result = l - r
            case .multiply: result = l * r
            case .divide: result = l / r
            }
        }
        guard result.isFinite else { throw .notFinite }
        return result
    }

    /// Source-like text, fully parenthesised where needed.
    package var description: String {
        switch self {
        case .number(let value):
            numberText(value)
        case .parameter(let name): name
        case .negate(let operand): "-\(operand.parenthesised)"
        case .binary(let op, let lhs, let rhs):
            "\(lhs.parenthesised) \(op.rawValue) \(rhs.parenthesised)"
        }
    }

    private var parenthesised: String {
        if case .binary = self { return "(\(description))" }
        return description
    }
}
