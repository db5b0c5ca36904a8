import HapticPolicy
import HapticPolicyCompiler
import HapticPolicyDocument

/// A small Plavo-like policy built in Swift, so the evaluator's tests do not depend on
/// the YAML front end: camera (warm-up, pulse under speech, moisture bands, ticker),
/// settings (conditional reset), a metronome template that loops, and U-1 everywhere.
/// The runtime's session tests and the replay tests share it.
package enum EvaluationFixtures {
    static func at(_ line: Int) -> SourceLocation { SourceLocation(file: "fixture.yaml", line: line, column: 3) }

    static func located<T>(_ value: T, _ line: Int = 0) -> Located<T> { Located(value, at: at(line)) }

    static func preset(_ name: String, _ preset: Preset) -> FeedbackDecl {
        FeedbackDecl(name: located(name), layer: located(.ui), body: .preset(located(preset), intensity: nil))
    }

    static func pattern(
        _ name: String, layer: Layer = .creature, fallback: FallbackDecl?, parameters: [TemplateParameter] = [],
        loop: Expression? = nil
    ) -> FeedbackDecl {
        FeedbackDecl(
            name: located(name), layer: located(layer),
            body: .pattern(
                PatternDecl(
                    parameters: parameters,
                    events: [PatternEventDecl(kind: located(.transient), time: located(.number(0)))],
                    loop: loop.map { located($0) })),
            fallback: fallback)
    }

    static func event(_ name: String, _ layer: Layer, _ screens: [String]?, value: ValueKind? = nil) -> EventDecl {
        EventDecl(
            name: located(name), layer: located(layer),
            screens: screens.map { .only($0.map { located($0) }) } ?? .all(at(0)), value: value.map { located($0) })
    }

    static func cell(_ event: String, line: Int, _ rows: [RowDecl]) -> CellDecl {
        CellDecl(event: located(event, line), rows: rows, location: at(line))
    }

    /// The fixture's document.
    package static let document = PolicyDocument(
        file: "fixture.yaml", name: located("fixture"),
        engine: EngineSettings(warmup: located(0.1)),
        invariants: [
            InvariantDecl(
                id: located("H-4", 10), kind: located(.creatureNeedsSpeech),
                text: "the plant's feedback only accompanies the plant speaking",
                exceptions: [.init(event: located("moisture.sample"), reason: located("band changes speak"))],
                location: at(10)),
            InvariantDecl(
                id: located("U-1", 12), kind: located(.guideline), text: "no haptic on every tap", location: at(12)),
        ],
        feedback: [
            preset("tick", .selection), preset("tap", .impactLight), preset("snap", .impactRigid),
            preset("thud", .impactHeavy),
            pattern("pulse", fallback: .target(located("snap"))),
            pattern("farewell", fallback: .none(at(0))),
            pattern("soil.dry", fallback: .target(located("impact.rigid"))),
            pattern("soil.wet", fallback: .target(located("impact.soft"))),
            pattern(
                "metronome", layer: .ui, fallback: .target(located("tap")),
                parameters: [
                    TemplateParameter(
                        name: located("bpm"), defaultValue: located(60), minimum: located(30), maximum: located(200))
                ],
                loop: .binary(.divide, .number(60), .parameter("bpm"))),
        ],
        bands: [
            BandDecl(
                name: located("moisture"), hysteresis: located(1.5),
                levels: [
                    .init(name: located("dry"), below: located(25), play: located("soil.dry"), location: at(30)),
                    .init(
                        name: located("ok"), below: located(60), silent: located("comfortable needs no comment"),
                        location: at(31)),
                    .init(name: located("wet"), below: nil, play: located("soil.wet"), location: at(32)),
                ])
        ],
        events: [
            event("plant.found", .creature, ["camera"]),
            event("moisture.sample", .creature, ["camera"], value: .number),
            event("selector.begin", .ui, ["camera"]),
            event("selector.tick", .ui, ["camera"]),
            event("selector.end", .ui, ["camera"]),
            event("plant.farewell", .creature, ["camera"]),
            event("shutter", .ui, ["camera"]),
            event("metronome.start", .ui, ["camera"]),
            event("metronome.stop", .ui, ["camera"]),
            event("data.reset", .ui, ["settings"], value: .string),
            event("button.tap", .ui, nil),
        ],
        everywhere: [
            cell(
                "button.tap", line: 40,
                [RowDecl(silent: located("no haptic on every tap"), cites: [located("U-1")], location: at(40))])
        ],
        screens: [
            ScreenDecl(
                name: located("camera", 50), onEnter: [located(.prepareEngine)],
                cells: [
                    cell(
                        "plant.found", line: 52,
                        [RowDecl(play: located("pulse"), cites: [located("H-4")], location: at(52))]),
                    cell("moisture.sample", line: 53, [RowDecl(band: located("moisture"), location: at(53))]),
                    cell("selector.begin", line: 54, [RowDecl(ticker: located(.begin), location: at(54))]),
                    cell(
                        "selector.tick", line: 55,
                        [RowDecl(play: located("tick"), ticker: located(.tick), location: at(55))]),
                    cell("selector.end", line: 56, [RowDecl(ticker: located(.end), location: at(56))]),
                    cell("plant.farewell", line: 57, [RowDecl(play: located("farewell"), location: at(57))]),
                    cell("shutter", line: 51, [RowDecl(play: located("tap"), location: at(51))]),
                    cell("metronome.start", line: 58, [RowDecl(play: located("metronome"), location: at(58))]),
                    cell("metronome.stop", line: 59, [RowDecl(stop: located("metronome"), location: at(59))]),
                ],
                location: at(50)),
            ScreenDecl(
                name: located("settings", 60),
                cells: [
                    cell(
                        "data.reset", line: 62,
                        [
                            RowDecl(
                                condition: ConditionDecl(value: located(.string("confirmed"))), play: located("thud"),
                                location: at(62)),
                            RowDecl(silent: located("the reset was cancelled"), location: at(63)),
                        ])
                ],
                location: at(60)),
            ScreenDecl(name: located("album", 70), location: at(70)),
        ])

    /// The fixture, compiled.
    package static let policy: Policy = {
        do { return try Policy(compiling: document) } catch { fatalError("fixture does not compile:\n\(error)") }
    }()
}

/// A session over the fixture with helpers that read like a log.
package struct SessionScript {
    /// The session decided in.
    package var session = Session(policy: EvaluationFixtures.policy)
    /// The time of the last event sent, in seconds.
    package var t = 0.0

    /// A session over the fixture at time 0.
    package init() {}

    /// Decides a named event `dt` seconds after the previous one.
    @discardableResult
    package mutating func send(
        _ name: String, after dt: Double = 1, screen: String? = nil, subject: String? = nil,
        value: ScalarValue? = nil, speaks: Bool = false, params: [Event.Parameter] = []
    ) -> Decision {
        t += dt
        let event = session.event(
            t: t, name: name, screen: screen, subject: subject, value: value, speaks: speaks, params: params)
        return session.decide(event)
    }

    /// Enters the camera and waits out the warm-up.
    package mutating func warmCamera() {
        send("screen.enter", screen: "camera")
        t += 1
    }
}
