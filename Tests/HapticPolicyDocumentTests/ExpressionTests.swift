import Testing

@testable import HapticPolicy
@testable import HapticPolicyDocument

@Suite struct ExpressionTests {
    @Test(arguments: [
        ("1 + 2 * 3", 7.0),
        ("(1 + 2) * 3", 9.0),
        ("60 / bpm", 0.5),
        ("-inhale + 10", 6.0),
        ("1.5e1", 15.0),
    ])
    func evaluates(text: String, expected: Double) throws {
        let expression = try Expression.parse(text)
        #expect(try expression.evaluate(["bpm": 120, "inhale": 4]) == expected)
    }

    @Test(arguments: ["1 +", "(1 + 2", "2 $ 3", ""])
    func rejectsMalformed(text: String) {
        #expect(throws: Expression.ParseError.self) { try Expression.parse(text) }
    }

    /// Evaluation is recursive, so a huge expression must be refused, not overflow the stack.
    @Test(arguments: [String(repeating: "1+", count: 300_000) + "1", String(repeating: "-", count: 300_000) + "1"])
    func refusesHugeExpressions(text: String) {
        #expect(throws: Expression.ParseError.self) { try Expression.parse(text) }
    }

    @Test func acceptsLongButReasonableExpressions() throws {
        let expression = try Expression.parse(String(repeating: "1 + ", count: 200) + "1")
        #expect(try expression.evaluate([:]) == 201)
    }

    @Test func reportsUnboundParameter() {
        #expect(throws: Expression.EvaluationError.unboundParameter("bpm")) {
            try Expression.parameter("bpm").evaluate([:])
        }
    }
}
