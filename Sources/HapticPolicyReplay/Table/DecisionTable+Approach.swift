import HapticPolicy

/// Bands with inclusive edges (`at-most:`) or an approach, language v3, as the table and
/// the report show them: the designer's edges (`≤ 30 m`, `30 – 100 m`), and only the way
/// an approach band can move. A v2 band keeps its v2 texts.
extension DecisionTable.Band {
    /// The values level `index` holds: `≤ 30 m`, `30 – 100 m`, `100 – below 300 m`,
    /// `over 300 m` (or `300 m and above` after an exclusive edge).
    func exactValues(ofLevel index: Int) -> String {
        let edges = edges
        func upper(_ i: Int) -> String { (levels[i].inclusive ? "≤ " : "below ") + amount(edges[i]) }
        if index == 0 { return upper(0) }
        let low = decimalText(edges[index - 1], decimals: 2)
        if index >= edges.count {
            return levels[index - 1].inclusive
                ? "over " + amount(edges[index - 1]) : amount(edges[index - 1]) + " and above"
        }
        let high = levels[index].inclusive ? amount(edges[index]) : "below " + amount(edges[index])
        return low + " – " + high
    }

    /// The values that leave level `index` once in it, only the way the band can move:
    /// `down at 100 m or less`, `up over 26 km/h`, `never (the band only falls)`.
    func exactLeaving(level index: Int) -> String {
        let edges = edges
        let h = hysteresis
        var ways: [String] = []
        if index < edges.count, approach != .falling {
            let at = amount(edges[index] + h)
            ways.append(levels[index].inclusive ? "up over " + at : "up at " + at)
        }
        if index > 0, approach != .rising {
            let at = amount(edges[index - 1] - h)
            ways.append(levels[index - 1].inclusive ? "down at " + at + " or less" : "down below " + at)
        }
        if ways.isEmpty, let approach { return "never (the band only \(approach == .falling ? "falls" : "rises"))" }
        return ways.joined(separator: ", ")
    }

    /// `approach: falling` for the band's facts line, or nil.
    public var approachText: String? { approach.map { "approach: \($0.rawValue)" } }
}
