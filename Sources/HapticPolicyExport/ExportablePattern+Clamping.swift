import HapticPolicy
import HapticPolicyCompiler

extension ExportablePattern {
    /// HP707 for every event of `pattern` whose intensity or sharpness is outside 0-1 at the
    /// values it was resolved with. Lint checks a template at its defaults and range ends
    /// only, so a `--param` value in between, or for a parameter without `min`/`max`, can
    /// take it outside; every export then clamps the value (AHAP writes the clamped event
    /// parameters, Android and Web sample the clamped intensity), so it is worth a warning.
    static func clampedValues(in pattern: ResolvedPattern, name: String, location: SourceLocation) -> [Diagnostic] {
        let values = pattern.parameters.keys.sorted().map { "\($0) = \(numberText(pattern.parameters[$0] ?? 0))" }
        let cause = values.isEmpty ? "" : " with " + values.joined(separator: ", ")
        var diagnostics: [Diagnostic] = []
        for event in pattern.events where event.kind.isHaptic {
            for (what, value) in [("intensity", event.intensity), ("sharpness", event.sharpness)]
            where !(0...1).contains(value) {
                let clamped = min(1, max(0, value))
                diagnostics.append(
                    DiagnosticCode.exportValueClamped(
                        "pattern '\(name)': the event at \(numberText(event.time)) s has \(what) \(numberText(value))\(cause), outside 0-1; the export clamps it to \(numberText(clamped)), so pass values that keep it within 0-1 (a 'min' and 'max' on the parameter let lint check that)",
                        at: event.location == .unknown ? location : event.location))
            }
        }
        return diagnostics
    }
}
