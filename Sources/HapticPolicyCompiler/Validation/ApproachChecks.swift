import HapticPolicy
import HapticPolicyDocument

extension DiagnosticCode {
    static let approachHysteresis = DiagnosticCode.check(
        "HP150", .warning, "approach-hysteresis",
        "an approach band (`approach:`) has a `hysteresis`, which it does not use: its edges are exact")
    static let approachStartLevelPlays = DiagnosticCode.check(
        "HP151", .warning, "approach-start-level-plays",
        "the level an approach band moves away from plays, but it is never entered (only the first sample sets it)")
}

/// Approach bands (`approach: falling|rising`, language v3): a hysteresis is not used, and
/// the level at the end the band moves away from is never entered. `from-below`/`from-above`
/// and `toward` of the direction that cannot happen are HP134 (`BandChecks.directionFindings`).
enum ApproachChecks {
    static func run(_ context: ValidationContext) -> [Diagnostic] {
        context.document.bands.flatMap(check)
    }

    static func check(_ band: BandDecl) -> [Diagnostic] {
        guard let approach = band.approach, band.levels.count >= 2 else { return [] }
        var out: [Diagnostic] = []
        let name = band.name.value
        if band.hysteresisWritten {
            out.append(
                DiagnosticCode.approachHysteresis(
                    "band '\(name)' has `approach: \(approach.value.rawValue)`, so its level never moves back and its edges are exact: remove `hysteresis: \(show(band.hysteresis.value))` (a sample behind the level is `receding`)",
                    at: band.hysteresis.location))
        }
        let start = approach.value == .falling ? band.levels[band.levels.count - 1] : band.levels[0]
        if let play = start.play {
            let end = approach.value == .falling ? "highest" : "lowest"
            out.append(
                DiagnosticCode.approachStartLevelPlays(
                    "'\(start.name.value)' is the \(end) level of '\(name)', which \(approach.value == .falling ? "falls" : "rises") away from it, so it is never entered and `play: \(play.value)` never rings: write `silent:` with why it is quiet, or remove `approach:`",
                    at: play.location))
        }
        return out
    }
}

extension BandChecks {
    /// HP134 on an approach band: a `from-below` on a falling band (or a `from-above` on a
    /// rising one), and a `toward` naming the end it moves away from, can never happen.
    static func approachDirectionFindings(_ band: BandDecl) -> [Diagnostic] {
        guard let approach = band.approach?.value, let lowest = band.levels.first, let highest = band.levels.last
        else { return [] }
        let falling = approach == .falling
        let away = falling ? highest.name.value : lowest.name.value
        let behind = falling ? "below" : "above"
        var out: [Diagnostic] = []
        for (index, level) in band.levels.enumerated() {
            // The ends' own impossible side is reported by `directionFindings`.
            guard falling ? index > 0 : index < band.levels.count - 1,
                let entry = falling ? level.fromBelow : level.fromAbove
            else { continue }
            out.append(
                DiagnosticCode.bandDirectionImpossible(
                    "band '\(band.name.value)' has `approach: \(approach.rawValue)`, so level '\(level.name.value)' is never entered from \(behind): remove `from-\(behind)`",
                    at: entry.location))
        }
        for toward in band.toward where toward.end.value == away && lowest.name.value != highest.name.value {
            out.append(
                DiagnosticCode.bandDirectionImpossible(
                    "band '\(band.name.value)' has `approach: \(approach.rawValue)`, so it never moves toward '\(away)': remove `toward: {\(away): ...}`",
                    at: toward.end.location))
        }
        return out
    }
}
