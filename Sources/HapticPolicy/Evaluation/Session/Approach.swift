/// The band step of a band with inclusive edges (`at-most:`) or an approach (`approach:
/// falling|rising`), language v3 (Docs/decision-order.md, "Approach bands"): plausible
/// range → baseline → receding (an approach band's sample behind its level) → same band →
/// dwell → moved. A band with neither takes `BandTracker.step`'s own loops.
extension BandTracker {
    /// Decides one sample of `band` whose state is at `index` (already allocated). Kept
    /// out of line so that `step`, which every v1 and v2 band sample takes, stays small
    /// enough to be inlined into the band row's decision.
    @inline(never)
    mutating func approachStep(_ band: CompiledBand, at index: Int, value: Double, t: Double, edges: [Double]) -> Step {
        let previous = Int(states[index].level)
        guard band.plausible.contains(value) else { return .implausible(level: previous >= 0 ? previous : nil) }
        guard previous >= 0 else {
            let level = band.exactRawLevel(value, edges: edges)
            states[index] = State(level: Int32(truncatingIfNeeded: level))
            return .baseline(level: level)
        }
        let level = band.exactNextLevel(from: previous, value: value, edges: edges)
        // Behind the level on an approach band: nothing changes, a pending dwell is kept.
        if band.approach != 0, (level - previous) * band.approach < 0 {
            return .receding(level: previous, behind: level)
        }
        return settle(band, at: index, from: previous, to: level, t: t)
    }
}
