import Foundation

@testable import HapticPolicy
@testable import HapticPolicyCompiler
@testable import HapticPolicyDocument

/// Small documents built in Swift for the validator tests; every value gets its own line
/// so findings can be told apart by location.
enum Build {
    // Tests run in parallel: the counter is only touched under the lock.
    nonisolated(unsafe) private static var line = 0
    private static let lock = NSLock()

    static func at() -> SourceLocation {
        lock.lock()
        defer { lock.unlock() }
        line += 1
        return SourceLocation(file: "test.yaml", line: line, column: 1)
    }

    static func name(_ text: String) -> Located<String> { Located(text, at: at()) }

    static func expr(_ text: String) -> Located<HapticPolicy.Expression> {
        Located((try? HapticPolicy.Expression.parse(text)) ?? .number(.nan), at: at())
    }

    static func preset(_ name: String, _ preset: Preset, layer: Layer = .ui, intensity: Double? = nil) -> FeedbackDecl {
        FeedbackDecl(
            name: Self.name(name), layer: Located(layer, at: at()),
            body: .preset(Located(preset, at: at()), intensity: intensity.map { Located($0, at: at()) }), location: at()
        )
    }

    static func pattern(
        _ name: String, layer: Layer = .creature, params: [TemplateParameter] = [], events: [PatternEventDecl],
        loop: String? = nil, fallback: FallbackDecl? = nil
    ) -> FeedbackDecl {
        FeedbackDecl(
            name: Self.name(name), layer: Located(layer, at: at()),
            body: .pattern(PatternDecl(parameters: params, events: events, loop: loop.map(expr), location: at())),
            fallback: fallback, location: at())
    }

    static func param(_ name: String, _ value: Double, min: Double? = nil, max: Double? = nil) -> TemplateParameter {
        TemplateParameter(
            name: Self.name(name), defaultValue: Located(value, at: at()), minimum: min.map { Located($0, at: at()) },
            maximum: max.map { Located($0, at: at()) })
    }

    static func event(
        _ kind: PatternEventDecl.Kind, time: String = "0", duration: String? = nil, intensity: String? = nil,
        curves: [CurveDecl] = []
    ) -> PatternEventDecl {
        PatternEventDecl(
            kind: Located(kind, at: at()), time: expr(time), duration: duration.map(expr),
            intensity: intensity.map(expr), curves: curves, location: at())
    }

    static func curve(_ parameter: CurveDecl.Parameter, _ points: [(String, String)]) -> CurveDecl {
        CurveDecl(
            parameter: Located(parameter, at: at()),
            points: points.map { ControlPointDecl(time: expr($0.0), value: expr($0.1)) }, location: at())
    }

    static func catalogue(_ name: String, _ layer: Layer, screens: [String]?, value: ValueKind? = nil) -> EventDecl {
        EventDecl(
            name: Self.name(name), layer: Located(layer, at: at()),
            screens: screens.map { .only($0.map(Self.name)) } ?? .all(at()),
            value: value.map { Located($0, at: at()) }, location: at())
    }

    static func cell(_ event: String, _ rows: [RowDecl]) -> CellDecl {
        CellDecl(event: name(event), rows: rows, location: at())
    }

    static func row(
        when condition: ConditionDecl? = nil, play: String? = nil, band: String? = nil, silent: String? = nil,
        ticker: RowDecl.TickerStep? = nil
    ) -> RowDecl {
        RowDecl(
            condition: condition, play: play.map(name), band: band.map(name), silent: silent.map(name),
            ticker: ticker.map { Located($0, at: at()) }, location: at())
    }

    static func when(speaks: Bool? = nil, value: ScalarValue? = nil, subject: String? = nil) -> ConditionDecl {
        ConditionDecl(
            speaks: speaks.map { Located($0, at: at()) }, value: value.map { Located($0, at: at()) },
            subject: subject.map(name), location: at())
    }

    /// A screen that warms the engine on entering, as every screen playing patterns should.
    static func screen(_ name: String, _ cells: [CellDecl]) -> ScreenDecl {
        ScreenDecl(name: Self.name(name), onEnter: [Located(.prepareEngine)], cells: cells, location: at())
    }

    static func band(_ name: String, hysteresis: Double, edges: [Double?]) -> BandDecl {
        BandDecl(
            name: Self.name(name), hysteresis: Located(hysteresis, at: at()),
            levels: edges.enumerated().map { index, edge in
                BandDecl.Level(
                    name: Self.name("level\(index)"), below: edge.map { Located($0, at: at()) }, play: Self.name("tap"),
                    location: at())
            }, location: at())
    }

    static let budget = BudgetDecl(id: Located("B-1"), scope: .eachScreen, max: Located(6), window: Located(10))

    /// A clean one-screen policy around the given pieces.
    static func document(
        feedback: [FeedbackDecl] = [], bands: [BandDecl] = [], events: [EventDecl] = [], screens: [ScreenDecl] = [],
        everywhere: [CellDecl] = [], invariants: [InvariantDecl] = []
    ) -> PolicyDocument {
        PolicyDocument(
            file: "test.yaml", name: Located("test"), invariants: invariants, feedback: feedback, bands: bands,
            events: events, everywhere: everywhere, screens: screens, budgets: [budget])
    }

    /// The one pattern feedback played on one screen, so only the pattern's own findings remain.
    static func played(_ feedback: FeedbackDecl) -> PolicyDocument {
        document(
            feedback: [feedback], events: [catalogue("go", feedback.layer.value, screens: ["home"])],
            screens: [
                ScreenDecl(
                    name: name("home"), onEnter: [Located(.prepareEngine)],
                    cells: [cell("go", [row(play: feedback.name.value)])], location: at())
            ])
    }
}

extension [Diagnostic] {
    var codes: [String] { map(\.code) }
}
