import HapticPolicy
import HapticPolicyDocument

extension DiagnosticCode {
    static let bannedPreset = DiagnosticCode.check(
        "HP401", .error, "banned-preset", "a preset a `banned-presets` invariant bans is played or used as a fallback")
    static let layerMixing = DiagnosticCode.check(
        "HP402", .error, "layer-mixing",
        "under `no-layer-mixing`: an event playing another layer's feedback (or, with no `layers:`, a creature preset)")
    static let valueWithoutBand = DiagnosticCode.check(
        "HP403", .error, "value-without-band", "under `bands-only`: an event carrying a number decided by `play:`")
    static let exceptionUnknownEvent = DiagnosticCode.check(
        "HP404", .error, "exception-unknown-event", "an invariant's `except` names an event not in the catalogue")
}

/// The declared invariants, checked statically; each finding cites the invariant's id.
/// A `guideline` is only cited; `creature-needs-speech` depends on runtime `speaks`, so only
/// its exceptions are checked here.
enum InvariantChecks {
    static func run(_ context: ValidationContext) -> [Diagnostic] {
        var out: [Diagnostic] = []
        for invariant in context.document.invariants {
            out += exceptionFindings(invariant, context)
            switch invariant.kind.value {
            case .bannedPresets: out += bannedFindings(invariant, context)
            case .noLayerMixing: out += mixingFindings(invariant, context)
            case .bandsOnly: out += bandsOnlyFindings(invariant, context)
            case .creatureNeedsSpeech, .guideline: break
            }
        }
        return out
    }

    private static func exceptionFindings(_ invariant: InvariantDecl, _ context: ValidationContext) -> [Diagnostic] {
        invariant.exceptions.compactMap { exception in
            let name = exception.event.value
            guard context.events[name] == nil else { return nil }
            let hint = context.didYouMean(name, among: context.eventNames)
            return DiagnosticCode.exceptionUnknownEvent(
                "the exception '\(name)' of \(invariant.id.value) is not in the catalogue\(hint.isEmpty ? ": fix the name or remove the exception" : hint)",
                at: exception.event.location, invariant: invariant.id.value)
        }
    }

    private static func bannedFindings(_ invariant: InvariantDecl, _ context: ValidationContext) -> [Diagnostic] {
        let banned = Set(invariant.presets.map(\.value))
        let id = invariant.id.value
        var out: [Diagnostic] = []
        func check(_ target: Located<String>, _ what: String) {
            // Feedback names are reported at their own declaration; here only preset ids.
            guard context.feedback[target.value] == nil, let preset = Preset(rawValue: target.value),
                banned.contains(preset)
            else { return }
            out.append(
                DiagnosticCode.bannedPreset(
                    "\(what) '\(preset.rawValue)' is banned by \(id): choose another preset", at: target.location,
                    invariant: id))
        }
        for feedback in context.document.feedback {
            if case .preset(let preset, _) = feedback.body, banned.contains(preset.value) {
                out.append(
                    DiagnosticCode.bannedPreset(
                        "feedback '\(feedback.name.value)' plays '\(preset.value.rawValue)', which \(id) bans: choose another preset (a real limit is 'notification.warning')",
                        at: preset.location, invariant: id))
            }
            switch feedback.fallback {
            case .target(let target): check(target, "the fallback")
            case .sequence(let steps, _): for step in steps { check(step.target, "the sequence step") }
            case nil, .some(.none): break
            }
        }
        return out
    }

    private static func mixingFindings(_ invariant: InvariantDecl, _ context: ValidationContext) -> [Diagnostic] {
        let id = invariant.id.value
        let exempt = Set(invariant.exceptions.map(\.event.value))
        var out: [Diagnostic] = []
        // A policy that declares its layers says what each plays (`plays:`, HP405); one that
        // does not keeps the brief's rule that creature feedback is never a preset.
        for feedback in context.document.feedback
        where context.document.layers.isEmpty && feedback.layer.value == .creature {
            if case .preset(let preset, _) = feedback.body {
                out.append(
                    DiagnosticCode.layerMixing(
                        "creature feedback '\(feedback.name.value)' is the system preset '\(preset.value.rawValue)', and \(id) keeps presets for the ui layer: give it a custom `pattern:` or make it `layer: ui`",
                        at: preset.location, invariant: id))
            }
        }
        for (_, cell) in context.allCells {
            guard let event = context.events[cell.event.value], !exempt.contains(event.name.value) else { continue }
            let layer = event.layer.value
            for row in cell.rows {
                var played: [(name: String, location: SourceLocation, via: String?)] = []
                for play in row.plays { played.append((play.value, play.location, nil)) }
                if let band = row.band, let bands = context.bands[band.value] {
                    for (play, level) in bands.plays { played.append((play.value, band.location, level)) }
                }
                for (name, location, via) in played {
                    guard let feedback = context.feedback[name], feedback.layer.value != layer else { continue }
                    let through = via.map { " (band level '\($0)')" } ?? ""
                    out.append(
                        DiagnosticCode.layerMixing(
                            "\(layer.rawValue) event '\(event.name.value)' plays \(feedback.layer.value.rawValue) feedback '\(name)'\(through), and \(id) never mixes layers: play a \(layer.rawValue) feedback or add '\(event.name.value)' to the `except` of \(id)",
                            at: location,
                            notes: [
                                Diagnostic.Note(
                                    "'\(name)' is declared `layer: \(feedback.layer.value.rawValue)` here",
                                    at: feedback.layer.location)
                            ],
                            invariant: id))
                }
            }
        }
        return out
    }

    private static func bandsOnlyFindings(_ invariant: InvariantDecl, _ context: ValidationContext) -> [Diagnostic] {
        let id = invariant.id.value
        let exempt = Set(invariant.exceptions.map(\.event.value))
        var out: [Diagnostic] = []
        for (_, cell) in context.allCells {
            guard let event = context.events[cell.event.value], event.value?.value == .number,
                !exempt.contains(event.name.value)
            else { continue }
            let bands = context.bandNames
            let suggestion = bands.isEmpty ? "`band: <band set>` (declare one under `bands:`)" : "`band: \(bands[0])`"
            for row in cell.rows {
                guard let play = row.play else { continue }
                out.append(
                    DiagnosticCode.valueWithoutBand(
                        "'\(event.name.value)' carries a number, and \(id) rings only when it changes band: replace `play: \(play.value)` with \(suggestion)",
                        at: play.location,
                        notes: event.value.map {
                            [Diagnostic.Note("'\(event.name.value)' carries `value: number` here", at: $0.location)]
                        } ?? [],
                        invariant: id))
            }
        }
        return out
    }
}
