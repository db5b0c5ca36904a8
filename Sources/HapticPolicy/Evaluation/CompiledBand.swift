/// A band set compiled to an edge array: level `i` holds values in `[edges[i-1], edges[i])`.
final class CompiledBand: Sendable {
    /// One level: its name and what entering it does.
    struct Level: Sendable {
        var name: String
        /// Feedback index played on entering; nil when the level is silent.
        var play: Int?
        /// The designer's reason when entering is silent.
        var silent: String?
        var location: SourceLocation
    }

    let name: String
    /// Ascending upper edges, one fewer than levels.
    let edges: [Double]
    let hysteresis: Double
    let levels: [Level]

    init(name: String, edges: [Double], hysteresis: Double, levels: [Level]) {
        self.name = name
        self.edges = edges
        self.hysteresis = hysteresis
        self.levels = levels
    }

    /// The level a value falls in, ignoring hysteresis.
    func rawLevel(_ value: Double) -> Int {
        var level = 0
        while level < edges.count, value >= edges[level] { level += 1 }
        return level
    }

    /// The level after `value` arrives while in `current`: leaving a level needs the value
    /// at or past an edge by the hysteresis (up: `v >= edge + h`; down: `v < edge - h`).
    func nextLevel(from current: Int, value: Double) -> Int {
        var level = current
        while level < edges.count, value >= edges[level] + hysteresis { level += 1 }
        if level != current { return level }
        while level > 0, value < edges[level - 1] - hysteresis { level -= 1 }
        return level
    }
}
