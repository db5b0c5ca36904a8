import HapticPolicy

extension Expression {
    /// A syntax error in an expression, with the 0-based offset (in characters) where it was found.
    public struct ParseError: Error, Sendable, Hashable {
        /// Lowercase message naming the fix.
        public var message: String
        /// 0-based character offset into the expression text.
        public var offset: Int
    }

    /// Parses `inhale + hold`, `60 / bpm`, `-(a * 2)`, `1.5e-1`. Parameter names are
    /// letters, digits and `_`; `-` is always minus.
    package static func parse(_ text: String) throws(ParseError) -> Expression {
        var parser = ExpressionParser(Array(text))
        let expression = try parser.parseSum()
        parser.skipSpaces()
        if parser.index < parser.chars.count {
            throw ParseError(
                message:
                    "unexpected '\(parser.chars[parser.index])' in expression; use numbers, parameter names, + - * / and parentheses",
                offset: parser.index)
        }
        return expression
    }
}

private struct ExpressionParser {
    let chars: [Character]
    var index = 0
    var depth = 0
    /// Operators so far. Trees are evaluated recursively, so their size is capped: a
    /// 500 000-term sum would otherwise overflow the stack instead of giving an error.
    var operators = 0
    static let maxOperators = 256

    mutating func countOperator() throws(Expression.ParseError) {
        operators += 1
        guard operators <= Self.maxOperators else {
            throw .init(message: "expression has more than \(Self.maxOperators) operators; simplify it", offset: index)
        }
    }

    init(_ chars: [Character]) { self.chars = chars }

    mutating func skipSpaces() {
        while index < chars.count, chars[index] == " " || chars[index] == "\t" { index += 1 }
    }

    mutating func parseSum() throws(Expression.ParseError) -> Expression {
        var lhs = try parseProduct()
        while true {
            skipSpaces()
            guard index < chars.count, chars[index] == "+" || chars[index] == "-" else { return lhs }
            let op: Expression.BinaryOperator = chars[index] == "+" ? .add : .subtract
            try countOperator()
            index += 1
            lhs = .binary(op, lhs, try parseProduct())
        }
    }

    mutating func parseProduct() throws(Expression.ParseError) -> Expression {
        var lhs = try parseUnary()
        while true {
            skipSpaces()
            guard index < chars.count, chars[index] == "*" || chars[index] == "/" else { return lhs }
            let op: Expression.BinaryOperator = chars[index] == "*" ? .multiply : .divide
            try countOperator()
            index += 1
            lhs = .binary(op, lhs, try parseUnary())
        }
    }

    mutating func parseUnary() throws(Expression.ParseError) -> Expression {
        skipSpaces()
        guard index < chars.count else {
            throw .init(message: "expression ends too early; add a number or parameter name", offset: index)
        }
        let c = chars[index]
        if c == "-" {
            try countOperator()
            index += 1
            return .negate(try parseUnary())
        }
        if c == "(" {
            depth += 1
            guard depth <= 32 else { throw .init(message: "expression nested too deeply; simplify it", offset: index) }
            index += 1
            let inner = try parseSum()
            skipSpaces()
            guard index < chars.count, chars[index] == ")" else {
                throw .init(message: "missing ')' to close the '(' here", offset: index)
            }
            index += 1
            depth -= 1
            return inner
        }
        if c.isNumber || c == "." {
            let start = index
            while index < chars.count, chars[index].isASCII, chars[index].isNumber || chars[index] == "." { index += 1 }
            if index < chars.count, chars[index] == "e" || chars[index] == "E" {
                index += 1
                if index < chars.count, chars[index] == "-" || chars[index] == "+" { index += 1 }
                while index < chars.count, chars[index].isASCII, chars[index].isNumber { index += 1 }
            }
            guard let value = Double(String(chars[start..<index])), value.isFinite else {
                throw .init(message: "'\(String(chars[start..<index]))' is not a number", offset: start)
            }
            return .number(value)
        }
        if c.isLetter || c == "_" {
            let start = index
            while index < chars.count, chars[index].isLetter || chars[index].isNumber || chars[index] == "_" {
                index += 1
            }
            return .parameter(String(chars[start..<index]))
        }
        throw .init(
            message: "unexpected '\(c)' in expression; use numbers, parameter names, + - * / and parentheses",
            offset: index)
    }
}

extension Expression {
    /// The expression with every parameter named in `values` replaced by its number (a
    /// policy's constants, `PolicyDecoder.constants`); other names stay parameters. Each
    /// part left without a name is folded to one number (`2 * beat + gap` with `beat: 0.5`
    /// is `1 + gap`), unless folding it would not give a finite number.
    package func substituting(_ values: [String: Double]) -> Expression {
        switch self {
        case .number: return self
        case .parameter(let name): return values[name].map(Expression.number) ?? self
        case .negate(let operand): return Self.folded(.negate(operand.substituting(values)))
        case .binary(let op, let lhs, let rhs):
            return Self.folded(.binary(op, lhs.substituting(values), rhs.substituting(values)))
        }
    }

    /// One operation on numbers as its number.
    private static func folded(_ expression: Expression) -> Expression {
        switch expression {
        case .negate(.number), .binary(_, .number, .number):
            guard let value = try? expression.evaluate([:]) else { return expression }
            return .number(value)
        default: return expression
        }
    }
}
