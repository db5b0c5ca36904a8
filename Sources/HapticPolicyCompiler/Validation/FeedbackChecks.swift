import HapticPolicy
import HapticPolicyDocument

extension DiagnosticCode {
    static let intensityOnNonImpact = DiagnosticCode.check(
        "HP123", .error, "intensity-on-non-impact", "an `intensity` on a preset that is not an `impact.*`")
    static let invalidFallback = DiagnosticCode.check(
        "HP207", .error, "invalid-fallback",
        "a fallback or sequence step names a custom pattern (or the feedback itself) instead of a preset")
}

/// Feedback declarations: preset intensity and what fallbacks may name. (A fallback on a
/// preset feedback is the front end's check, HP017.)
enum FeedbackChecks {
    static func run(_ context: ValidationContext) -> [Diagnostic] {
        // What to suggest instead of a pattern: up to 5 preset feedback names, found once.
        var presets: [String] = []
        for feedback in context.document.feedback where presets.count < 5 {
            if case .preset = feedback.body { presets.append(feedback.name.value) }
        }
        let hint =
            presets.isEmpty
            ? "a preset id such as 'impact.light'" : "a preset feedback (\(quotedList(presets))) or a preset id"
        return context.document.feedback.flatMap { check($0, context, hint: hint) }
    }

    static func check(_ feedback: FeedbackDecl, _ context: ValidationContext, hint: String) -> [Diagnostic] {
        var out: [Diagnostic] = []
        let name = feedback.name.value
        switch feedback.body {
        case .preset(let preset, let intensity):
            if let intensity {
                if !preset.value.acceptsIntensity {
                    out.append(
                        DiagnosticCode.intensityOnNonImpact(
                            "'\(preset.value.rawValue)' has no intensity; only `impact.*` presets do: remove `intensity:`",
                            at: intensity.location))
                } else if !(intensity.value >= 0 && intensity.value <= 1) {
                    out.append(
                        DiagnosticCode.intensityOutOfRange(
                            "the intensity of '\(name)' is \(show(intensity.value)): use a value from 0 to 1",
                            at: intensity.location))
                }
            }
        case .pattern:
            switch feedback.fallback {
            case nil, .some(.none):
                break
            case .target(let target):
                out += checkTarget(target, of: name, context, what: "fallback", hint: hint)
            case .sequence(let steps, _):
                for step in steps {
                    out += checkTarget(step.target, of: name, context, what: "sequence step", hint: hint)
                }
            }
        }
        return out
    }

    /// A known feedback that is not a preset; unknown names are reported by `ReferenceChecks`.
    static func checkTarget(
        _ target: Located<String>, of owner: String, _ context: ValidationContext, what: String, hint: String
    ) -> [Diagnostic] {
        guard let feedback = context.feedback[target.value], case .pattern = feedback.body else { return [] }
        if target.value == owner {
            return [
                DiagnosticCode.invalidFallback(
                    "'\(owner)' falls back to itself, which cannot play either: name a preset id or a preset feedback",
                    at: target.location)
            ]
        }
        return [
            DiagnosticCode.invalidFallback(
                "the \(what) '\(target.value)' is a custom pattern, which cannot play where '\(owner)' cannot: name \(hint)",
                at: target.location,
                notes: [Diagnostic.Note("'\(target.value)' is declared here", at: feedback.name.location)])
        ]
    }
}
