/// Inclusive edges (`at-most:`) and approach bands (`approach:`), language v3: the level a
/// value falls in when an edge may hold its own value. Only bands with `usesApproachStep`
/// come here, so a v2 band keeps its loops in `CompiledBand`.
extension CompiledBand {
    /// Whether `value` is past edge `index` at `edge` (shifted by a hysteresis): above an
    /// inclusive edge (`>`), at or above an exclusive one (`>=`).
    @inline(__always)
    package func isPast(_ value: Double, edge index: Int, at edge: Double) -> Bool {
        index < inclusive.count && inclusive[index] ? value > edge : value >= edge
    }

    /// The level a value falls in, ignoring hysteresis, with inclusive edges; `current`
    /// holds the session's parametric edges (unused for a constant band).
    package func exactRawLevel(_ value: Double, edges current: [Double]) -> Int {
        var level = 0
        if isParametric {
            while level < edgeCode.count, isPast(value, edge: level, at: current[edgeBase + level]) { level += 1 }
        } else {
            while level < edges.count, isPast(value, edge: level, at: edges[level]) { level += 1 }
        }
        return level
    }

    /// The level after `value` arrives while in `level`, with inclusive edges: leaving up
    /// needs the value past the edge plus the hysteresis, leaving down the value not past
    /// the edge minus it (an approach band's hysteresis is 0).
    package func exactNextLevel(from current: Int, value: Double, edges now: [Double]) -> Int {
        let count = isParametric ? edgeCode.count : edges.count
        func edge(_ index: Int) -> Double { isParametric ? now[edgeBase + index] : edges[index] }
        var level = current
        while level < count, isPast(value, edge: level, at: edge(level) + hysteresis) { level += 1 }
        if level != current { return level }
        while level > 0, !isPast(value, edge: level - 1, at: edge(level - 1) - hysteresis) { level -= 1 }
        return level
    }
}
