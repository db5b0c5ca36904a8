import Foundation
import HapticPolicy
import HapticPolicyDocument

extension DiagnosticCode {
    static let bandEdgesNotAscending = DiagnosticCode.check(
        "HP116", .error, "band-edges-not-ascending", "band edges (`below`) are not strictly ascending")
    static let bandEdgeMisplaced = DiagnosticCode.check(
        "HP117", .error, "band-edge-misplaced", "a level other than the last has no `below`, or the last has one")
    static let tooFewBandLevels = DiagnosticCode.check(
        "HP118", .error, "too-few-band-levels", "a band set has fewer than 2 levels")
    static let hysteresisOutOfRange = DiagnosticCode.check(
        "HP119", .error, "hysteresis-out-of-range",
        "a hysteresis is negative or not smaller than half the narrowest inner band")
    static let dwellOutOfRange = DiagnosticCode.check(
        "HP130", .error, "dwell-out-of-range", "a band's dwell is negative")
    static let plausibleRangeEmpty = DiagnosticCode.check(
        "HP131", .error, "plausible-range-empty", "a band's plausible `min` is not below its `max`")
    static let bandEntryUndecided = DiagnosticCode.check(
        "HP133", .error, "band-entry-undecided",
        "nothing decides entering a band level from one side (`play`, `silent`, `from-below`/`from-above`, `toward`)")
    static let bandDirectionImpossible = DiagnosticCode.check(
        "HP134", .error, "band-direction-impossible",
        "a `from-below` on the lowest level, a `from-above` on the highest, or a `toward` naming neither end")
    static let levelNotPlausible = DiagnosticCode.check(
        "HP132", .warning, "level-not-plausible",
        "a band level lies wholly outside the plausible range, so no sample can enter it")
}

/// Band sets (H-1): edges, levels, hysteresis and dwell. A level with both or neither of `play`
/// and `silent` is the front end's check (HP013, HP016).
enum BandChecks {
    static func run(_ context: ValidationContext) -> [Diagnostic] {
        context.document.bands.flatMap(check)
    }

    static func check(_ band: BandDecl) -> [Diagnostic] {
        var out: [Diagnostic] = []
        let name = band.name.value
        if band.levels.count < 2 {
            out.append(
                DiagnosticCode.tooFewBandLevels(
                    "band set '\(name)' has \(band.levels.count) level\(band.levels.count == 1 ? "" : "s"); a band change needs at least 2: add levels with `below:` edges",
                    at: band.name.location))
        }
        var previous: (edge: Double, level: String)?
        for (index, level) in band.levels.enumerated() {
            let isLast = index == band.levels.count - 1
            let edge = level.below?.location ?? level.belowExpression?.location
            switch (edge, isLast) {
            case (nil, false):
                out.append(
                    DiagnosticCode.bandEdgeMisplaced(
                        "level '\(level.name.value)' is not the last, so it needs an upper edge: add `below:`",
                        at: level.location))
            case (let location?, true) where band.levels.count >= 2:
                let written = level.below.map { show($0.value) } ?? level.belowExpression?.value.description ?? ""
                out.append(
                    DiagnosticCode.bandEdgeMisplaced(
                        "the last level '\(level.name.value)' covers everything above the previous edge: remove `\(band.edgeKey(index)): \(written)` or add a level after it",
                        at: location))
            default:
                break
            }
            // Parametric edges are proved over the parameters' ranges (EdgeChecks).
            if let below = level.below, !band.isParametric {
                if !below.value.isFinite {
                    out.append(
                        DiagnosticCode.bandEdgesNotAscending(
                            "the edge of level '\(level.name.value)' is \(show(below.value)): write a finite number",
                            at: below.location))
                } else if let previous, !(below.value > previous.edge) {
                    out.append(
                        DiagnosticCode.bandEdgesNotAscending(
                            "the edge \(show(below.value)) of level '\(level.name.value)' is not above the edge \(show(previous.edge)) of '\(previous.level)': edges go strictly up from level to level; raise it or reorder the levels",
                            at: below.location))
                }
                if below.value.isFinite { previous = (below.value, level.name.value) }
            }
            if level.play == nil, let silent = level.silent,
                silent.value.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty
            {
                out.append(
                    DiagnosticCode.emptySilenceReason(
                        "the silence of level '\(level.name.value)' has no reason: write why entering it stays silent",
                        at: silent.location))
            }
        }
        out += hysteresisFindings(band)
        if !band.isParametric { out += plausibleFindings(band) } else { out += plausibleRangeFindings(band) }
        out += directionFindings(band)
        if let dwell = band.dwell, !(dwell.value >= 0) {
            out.append(
                DiagnosticCode.dwellOutOfRange(
                    "the dwell of '\(name)' is \(show(dwell.value)) s: write how many seconds a new level must hold before it counts, 0 or more",
                    at: dwell.location))
        }
        return out
    }

    /// Every way into a level is decided, and every direction written can happen.
    static func directionFindings(_ band: BandDecl) -> [Diagnostic] {
        guard let lowest = band.levels.first, let highest = band.levels.last, band.levels.count >= 2 else { return [] }
        var out: [Diagnostic] = []
        let ends = [lowest.name.value, highest.name.value]
        for toward in band.toward where !ends.contains(toward.end.value) {
            out.append(
                DiagnosticCode.bandDirectionImpossible(
                    "`toward` names '\(toward.end.value)', which is not an end of '\(band.name.value)': name its lowest level '\(ends[0])' or its highest '\(ends[1])'",
                    at: toward.end.location))
        }
        if let entry = lowest.fromBelow {
            out.append(
                DiagnosticCode.bandDirectionImpossible(
                    "the lowest level '\(ends[0])' is never entered from below: remove `from-below`",
                    at: entry.location))
        }
        if let entry = highest.fromAbove {
            out.append(
                DiagnosticCode.bandDirectionImpossible(
                    "the highest level '\(ends[1])' is never entered from above: remove `from-above`",
                    at: entry.location))
        }
        out += approachDirectionFindings(band)
        for (index, level) in band.levels.enumerated() {
            for up in [true, false] where band.canEnter(index, up: up) {
                guard band.entry(index, up: up) == nil else { continue }
                let side = up ? "below" : "above"
                out.append(
                    DiagnosticCode.bandEntryUndecided(
                        "nothing decides entering level '\(level.name.value)' from \(side): give it `play:` or `silent:`, or `from-\(side):`, or give the band `toward: {\(up ? ends[1] : ends[0]): ...}`",
                        at: level.location))
            }
        }
        return out
    }

    /// The plausible range must not be empty, and every level must overlap it: a level
    /// whose values are all implausible is never entered.
    static func plausibleFindings(_ band: BandDecl) -> [Diagnostic] {
        guard let plausible = band.plausible else { return [] }
        let low = plausible.min?.value ?? -.infinity
        let high = plausible.max?.value ?? .infinity
        let empty = plausibleRangeFindings(band)
        if !empty.isEmpty { return empty }
        var out: [Diagnostic] = []
        var floor = -Double.infinity
        var floorInclusive = false
        for level in band.levels {
            let ceiling = level.below?.value ?? .infinity
            defer { (floor, floorInclusive) = (ceiling, level.inclusive) }
            // An inclusive edge (`at-most:`) keeps its own value in the level below it.
            let wholeBelow = level.inclusive ? ceiling < low : ceiling <= low
            let wholeAbove = floorInclusive ? floor >= high : floor > high
            guard wholeBelow || wholeAbove else { continue }
            let side = wholeBelow ? "below `min: \(show(low))`" : "above `max: \(show(high))`"
            out.append(
                DiagnosticCode.levelNotPlausible(
                    "every value of level '\(level.name.value)' is \(side), so no plausible sample enters it: widen the plausible range or remove the level",
                    at: level.location))
        }
        return out
    }

    /// The plausible range must not be empty.
    static func plausibleRangeFindings(_ band: BandDecl) -> [Diagnostic] {
        guard let min = band.plausible?.min, let max = band.plausible?.max, !(min.value < max.value) else { return [] }
        return [
            DiagnosticCode.plausibleRangeEmpty(
                "the plausible range of '\(band.name.value)' is \(show(min.value)) to \(show(max.value)): no sample would be plausible; make `min` smaller than `max`",
                at: max.location)
        ]
    }

    /// The hysteresis must be ≥ 0 and smaller than half the narrowest inner band (a band
    /// with two edges): otherwise a value could leave that band on both sides without
    /// ever being recognised inside it.
    static func hysteresisFindings(_ band: BandDecl) -> [Diagnostic] {
        // An approach band uses no hysteresis (HP150 when one is written).
        guard band.approach == nil else { return [] }
        let hysteresis = band.hysteresis
        guard hysteresis.value >= 0, hysteresis.value.isFinite else {
            return [
                DiagnosticCode.hysteresisOutOfRange(
                    "the hysteresis of '\(band.name.value)' is \(show(hysteresis.value)): use 0 or a positive number",
                    at: hysteresis.location)
            ]
        }
        // Parametric bands: proved for every parameter value (EdgeChecks).
        guard !band.isParametric else { return [] }
        var narrowest: (level: String, low: Double, high: Double)?
        for index in band.levels.indices.dropFirst() {
            guard let low = band.levels[index - 1].below?.value, let high = band.levels[index].below?.value,
                low.isFinite, high.isFinite, high > low
            else { continue }
            if narrowest.map({ high - low < $0.high - $0.low }) ?? true {
                narrowest = (band.levels[index].name.value, low, high)
            }
        }
        guard let narrowest else { return [] }
        let width = narrowest.high - narrowest.low
        guard hysteresis.value >= width / 2 else { return [] }
        return [
            DiagnosticCode.hysteresisOutOfRange(
                "the hysteresis \(show(hysteresis.value)) is not smaller than half the narrowest band: '\(narrowest.level)' spans \(show(narrowest.low))-\(show(narrowest.high)) (\(show(width)) wide, half is \(show(width / 2))): lower the hysteresis below \(show(width / 2)) or widen '\(narrowest.level)'",
                at: hysteresis.location)
        ]
    }
}
