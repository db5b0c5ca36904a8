/// The loops a session believes are playing, in the order they started.
struct LoopSet: Sendable {
    /// The loops, oldest first.
    private(set) var loops: [RunningLoop] = []

    /// Whether no loop plays.
    var isEmpty: Bool { loops.isEmpty }

    /// Stops the loops of feedback `target` (every loop when nil); returns whether any stopped.
    mutating func stop(_ target: Int?) -> Bool {
        let before = loops.count
        // Keeping the capacity: the next loop to start then needs no new array.
        if let target {
            loops.removeAll { $0.feedbackIndex == target }
        } else {
            loops.removeAll(keepingCapacity: true)
        }
        return loops.count < before
    }

    /// Stops the loops `keep` does not keep; returns whether any stopped.
    mutating func keep(where keep: (RunningLoop) -> Bool) -> Bool {
        let before = loops.count
        loops.removeAll { !keep($0) }
        return loops.count < before
    }

    /// Starts `loop`, replacing a loop of the same feedback.
    mutating func start(_ loop: RunningLoop) {
        loops.removeAll { $0.feedbackIndex == loop.feedbackIndex }
        loops.append(loop)
    }
}
