import HapticPolicy
import HapticPolicyDocument

extension DiagnosticCode {
    static let layerPlays = DiagnosticCode.check(
        "HP405", .error, "layer-plays", "a feedback is a preset in a layer that `plays: patterns`, or the reverse")
    static let unusedLayer = DiagnosticCode.check(
        "HP406", .warning, "unused-layer", "a declared layer no event and no feedback belongs to")
}

/// The declared layers (`layers:`): what each layer's feedback may be, and layers nothing
/// belongs to. A policy that declares none has `ui` and `creature` with no `plays:` rule.
enum LayerChecks {
    static func run(_ context: ValidationContext) -> [Diagnostic] {
        let document = context.document
        guard !document.layers.isEmpty else { return [] }
        var out: [Diagnostic] = []
        var plays: [Layer: Located<LayerPlays>] = [:]
        for layer in document.layers {
            if let rule = layer.plays { plays[layer.layer] = rule }
        }
        for feedback in document.feedback {
            guard let rule = plays[feedback.layer.value] else { continue }
            let layer = feedback.layer.value.rawValue
            let name = feedback.name.value
            let note = [
                Diagnostic.Note("'\(layer)' is declared `plays: \(rule.value.rawValue)` here", at: rule.location)
            ]
            switch (rule.value, feedback.body) {
            case (.patterns, .preset(let preset, _)):
                out.append(
                    DiagnosticCode.layerPlays(
                        "feedback '\(name)' of layer '\(layer)' is the system preset '\(preset.value.rawValue)', and '\(layer)' plays patterns: give it a custom `pattern:` or move it to a layer that plays presets",
                        at: preset.location, notes: note))
            case (.presets, .pattern):
                out.append(
                    DiagnosticCode.layerPlays(
                        "feedback '\(name)' of layer '\(layer)' is a custom pattern, and '\(layer)' plays presets: make it a `preset:` or move it to a layer that plays patterns",
                        at: feedback.name.location, notes: note))
            default:
                break
            }
        }
        var used = Set<Layer>()
        for event in document.events { used.insert(event.layer.value) }
        for feedback in document.feedback { used.insert(feedback.layer.value) }
        for layer in document.layers where !used.contains(layer.layer) {
            out.append(
                DiagnosticCode.unusedLayer(
                    "layer '\(layer.name.value)' is declared but no event or feedback belongs to it: give it one with `layer: \(layer.name.value)`, or remove it",
                    at: layer.name.location))
        }
        return out
    }
}
