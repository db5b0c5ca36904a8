import HapticPolicy
import HapticPolicyCompiler
import HapticPolicyDocument
import Testing

@Suite struct ResolvedPatternTests {
    static func param(_ name: String, _ value: Double, min: Double? = nil, max: Double? = nil) -> TemplateParameter {
        TemplateParameter(
            name: Located(name, at: SourceLocation(file: "p.yaml", line: 3, column: 7)), defaultValue: Located(value),
            minimum: min.map { Located($0) }, maximum: max.map { Located($0) })
    }

    static func expr(_ text: String) -> Located<Expression> {
        Located((try? Expression.parse(text)) ?? .number(.nan), at: SourceLocation(file: "p.yaml", line: 9, column: 3))
    }

    static let breath = PatternDecl(
        parameters: [param("inhale", 4, min: 1, max: 10), param("hold", 7, min: 0, max: 20)],
        events: [
            PatternEventDecl(kind: Located(.silence), time: expr("inhale"), duration: expr("hold")),
            PatternEventDecl(
                kind: Located(.continuous), time: expr("0"), duration: expr("inhale"), sharpness: expr("0.3"),
                curves: [
                    CurveDecl(
                        parameter: Located(.intensity),
                        points: [
                            ControlPointDecl(time: expr("0"), value: expr("0.1")),
                            ControlPointDecl(time: expr("inhale"), value: expr("1")),
                        ])
                ]),
            PatternEventDecl(kind: Located(.transient), time: expr("inhale + hold")),
        ],
        loop: expr("inhale + hold + 1"))

    @Test func defaultsFillEveryExpressionAndEventsAreSortedByTime() throws {
        let resolved = try Self.breath.resolve()
        #expect(resolved.events.map(\.kind) == [.continuous, .silence, .transient])
        #expect(resolved.events.map(\.time) == [0, 4, 11])
        #expect(resolved.events[0].duration == 4)
        #expect(resolved.events[0].intensity == 1)
        #expect(resolved.events[0].sharpness == 0.3)
        #expect(resolved.events[1].intensity == 0)
        #expect(resolved.events[2].sharpness == 0.5)
        #expect(resolved.events[0].curves[0].points.map(\.time) == [0, 4])
        #expect(resolved.loop == 12)
        #expect(resolved.length == 11)
        #expect(resolved.parameters == ["inhale": 4, "hold": 7])
    }

    @Test func givenValuesOverrideDefaults() throws {
        let resolved = try Self.breath.resolve(["inhale": 2])
        #expect(resolved.events.map(\.time) == [0, 2, 9])
        #expect(resolved.loop == 10)
    }

    @Test func outOfRangeValueNamesTheParameterAndItsRange() {
        #expect(throws: PatternResolutionError.self) { try Self.breath.resolve(["inhale": 30]) }
        do {
            _ = try Self.breath.resolve(["inhale": 30])
        } catch {
            #expect(error.description == "parameter 'inhale' = 30 is out of range; use a value in 1...10")
            #expect(error.location.line == 3)
        }
    }

    @Test func unknownParameterListsTheKnownOnes() {
        do {
            _ = try Self.breath.resolve(["inhal": 3])
            Issue.record("expected an error")
        } catch {
            #expect(error.description == "unknown parameter 'inhal'; this pattern takes 'inhale', 'hold'")
        }
    }

    /// At the event that uses it (the validator's HP206 points at the expression itself).
    @Test func undeclaredNameInAnExpressionIsLocated() {
        let event = SourceLocation(file: "p.yaml", line: 9, column: 1)
        let pattern = PatternDecl(
            events: [PatternEventDecl(kind: Located(.transient), time: Self.expr("beat * 2"), location: event)],
            location: SourceLocation(file: "p.yaml", line: 8, column: 1))
        do {
            _ = try pattern.resolve()
            Issue.record("expected an error")
        } catch {
            #expect(error == .unboundParameter("beat", location: event))
        }
    }

    @Test func intensityFollowsTheCurveLinearly() throws {
        let event = try Self.breath.resolve().events[0]
        #expect(abs(event.intensity(at: 2) - 0.55) < 1e-9)
        #expect(event.intensity(at: -1) == 0.1)
        #expect(event.intensity(at: 9) == 1)
        #expect(event.sharpness(at: 1) == 0.3)
    }
}
