/// A band set compiled to an edge array: level `i` holds values in `[edges[i-1], edges[i])`.
package final class CompiledBand: Sendable {
    /// One level: its name and what entering it does.
    package struct Level: Sendable {
        package var name: String
        /// Feedback index played on entering from below; nil when that is silent.
        package var play: Int?
        /// The designer's reason when entering from below is silent.
        package var silent: String?
        /// Feedback index played on entering from above; nil when that is silent.
        package var downPlay: Int?
        /// The designer's reason when entering from above is silent.
        package var downSilent: String?
        package var location: SourceLocation
    }

    package let name: String
    /// Ascending upper edges, one fewer than levels.
    package let edges: [Double]
    package let hysteresis: Double
    /// Seconds a new level must hold before it counts; 0: at once.
    package let dwell: Double
    /// The plausible values, both ends inclusive (unbounded: `-inf...inf`).
    package let plausible: ClosedRange<Double>
    package let levels: [Level]

    package init(
        name: String, edges: [Double], hysteresis: Double, dwell: Double = 0,
        plausible: ClosedRange<Double> = -Double.infinity...Double.infinity, levels: [Level]
    ) {
        self.plausible = plausible
        self.name = name
        self.edges = edges
        self.hysteresis = hysteresis
        self.dwell = dwell
        self.levels = levels
    }

    /// The plausible range in words: `2.5 to 20`, `at least 30`, `at most 250`.
    package var plausibleText: String {
        switch (plausible.lowerBound.isFinite, plausible.upperBound.isFinite) {
        case (true, true): "\(numberText(plausible.lowerBound)) to \(numberText(plausible.upperBound))"
        case (true, false): "at least \(numberText(plausible.lowerBound))"
        default: "at most \(numberText(plausible.upperBound))"
        }
    }

    /// The level a value falls in, ignoring hysteresis.
    package func rawLevel(_ value: Double) -> Int {
        var level = 0
        while level < edges.count, value >= edges[level] { level += 1 }
        return level
    }

    /// The level after `value` arrives while in `current`: leaving a level needs the value
    /// at or past an edge by the hysteresis (up: `v >= edge + h`; down: `v < edge - h`).
    package func nextLevel(from current: Int, value: Double) -> Int {
        var level = current
        while level < edges.count, value >= edges[level] + hysteresis { level += 1 }
        if level != current { return level }
        while level > 0, value < edges[level - 1] - hysteresis { level -= 1 }
        return level
    }
}
