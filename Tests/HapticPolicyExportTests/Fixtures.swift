import HapticPolicy
import HapticPolicyCompiler
import HapticPolicyDocument

/// Policies built in Swift, so exporter tests do not depend on the YAML front end.
enum Fixtures {
    static func n(_ value: Double) -> Located<Expression> { Located(.number(value)) }
    static func e(_ text: String) -> Located<Expression> {
        // Test-only: fixture expressions are literals we wrote, so a parse failure is a bug here.
        Located((try? Expression.parse(text)) ?? .number(.nan))
    }

    static func curve(_ parameter: CurveDecl.Parameter, _ points: [(Located<Expression>, Located<Expression>)])
        -> CurveDecl
    {
        CurveDecl(parameter: Located(parameter), points: points.map { ControlPointDecl(time: $0.0, value: $0.1) })
    }

    static func feedback(_ name: String, _ pattern: PatternDecl, fallback: FallbackDecl? = nil, note: String? = nil)
        -> FeedbackDecl
    {
        FeedbackDecl(
            name: Located(name), layer: Located(.creature), body: .pattern(pattern), fallback: fallback, note: note)
    }

    static func preset(_ name: String, _ preset: Preset, intensity: Double? = nil, layer: Layer = .ui) -> FeedbackDecl {
        FeedbackDecl(
            name: Located(name), layer: Located(layer),
            body: .preset(Located(preset), intensity: intensity.map { Located($0) }))
    }

    /// The 4-7-8 breathing guide: inhale rising, hold silent, exhale falling.
    static let breath = PatternDecl(
        parameters: [
            TemplateParameter(
                name: Located("inhale"), defaultValue: Located(4), minimum: Located(1), maximum: Located(10), unit: "s"),
            TemplateParameter(
                name: Located("hold"), defaultValue: Located(7), minimum: Located(0), maximum: Located(20), unit: "s"),
            TemplateParameter(
                name: Located("exhale"), defaultValue: Located(8), minimum: Located(1), maximum: Located(20), unit: "s"),
        ],
        events: [
            PatternEventDecl(
                kind: Located(.continuous), time: n(0), duration: e("inhale"), intensity: n(1), sharpness: n(0.3),
                curves: [curve(.intensity, [(n(0), n(0.1)), (e("inhale"), n(1))])], note: "inhale"),
            PatternEventDecl(
                kind: Located(.silence), time: e("inhale"), duration: e("hold"), note: "hold: silent on purpose"),
            PatternEventDecl(
                kind: Located(.continuous), time: e("inhale + hold"), duration: e("exhale"), intensity: n(1),
                sharpness: n(0.3),
                curves: [curve(.intensity, [(n(0), n(1)), (e("exhale"), n(0))])], note: "exhale"),
        ])

    static let metronome = PatternDecl(
        parameters: [
            TemplateParameter(
                name: Located("bpm"), defaultValue: Located(60), minimum: Located(30), maximum: Located(240),
                unit: "bpm")
        ],
        events: [PatternEventDecl(kind: Located(.transient), time: n(0), intensity: n(1), sharpness: n(0.9))],
        loop: e("60 / bpm"))

    static let pulse = PatternDecl(events: [
        PatternEventDecl(kind: Located(.transient), time: n(0), intensity: n(0.8), sharpness: n(0.3)),
        PatternEventDecl(kind: Located(.transient), time: n(0.14), intensity: n(0.55), sharpness: n(0.25)),
    ])

    static let meet = PatternDecl(events: [
        PatternEventDecl(
            kind: Located(.continuous), time: n(0), duration: n(0.35), intensity: n(0.9), sharpness: n(0.25),
            curves: [curve(.intensity, [(n(0), n(0.15)), (n(0.35), n(1))])])
    ])

    static let farewell = PatternDecl(events: [
        PatternEventDecl(
            kind: Located(.continuous), time: n(0), duration: n(0.9), intensity: n(0.7), sharpness: n(0.15),
            curves: [curve(.intensity, [(n(0), n(1)), (n(0.3), n(0.55)), (n(0.9), n(0))])])
    ])

    /// A 2 s swell drawn with 20 control points (more than one AHAP curve holds).
    static let wave20 = PatternDecl(events: [
        PatternEventDecl(
            kind: Located(.continuous), time: n(0.5), duration: n(2), intensity: n(1), sharpness: n(0.5),
            curves: [curve(.intensity, (0..<20).map { i in (n(Double(i) * 2 / 19), n(i % 2 == 0 ? 0.2 : 1)) })])
    ])

    static func policy(_ feedback: [FeedbackDecl], name: String = "fixture") -> PolicyDocument {
        PolicyDocument(file: "<test>", name: Located(name), feedback: feedback)
    }

    /// A Plavo-like policy: presets of both layers and the creature patterns.
    static let plavo = policy(
        [
            preset("tick", .selection),
            preset("tap", .impactLight),
            preset("thud", .impactHeavy),
            preset("caution", .notificationWarning),
            preset("snap", .impactRigid, intensity: 0.7),
            feedback("pulse", pulse, fallback: .target(Located("snap")), note: "a 0.2 s double beat"),
            feedback("meet", meet, fallback: .target(Located("snap"))),
            feedback("farewell", farewell, fallback: .target(Located("impact.soft"))),
            feedback("breath", breath, fallback: .none(.unknown)),
            feedback("metronome", metronome),
        ], name: "plavo")
}
