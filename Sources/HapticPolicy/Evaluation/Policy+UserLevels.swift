extension Policy {
    /// A place a feedback can ring: a row that plays, or one level of a band row.
    package struct PlayPoint: Sendable, Hashable {
        /// The rule a ring there cites (`workout/lap.completed`, `workout/pace.sample@tempo`).
        package var rule: String
        /// The feedback it plays (index into `feedback`).
        package var feedback: Int
        /// Its rule slot, which user levels keep plays by.
        package var slot: Int
        /// Its cell (index into `cells`; `table` gives the screens it decides on).
        package var cell: Int
    }

    /// Every place a feedback can ring, in cell order (a band level playing two feedback,
    /// one each way, is two places).
    package var playPoints: [PlayPoint] {
        var out: [PlayPoint] = []
        for (c, cell) in cells.enumerated() {
            for row in cell.rows {
                // A row that does several things rings at its play and at its loop.
                for case .play(let f) in row.several?.also ?? [] {
                    out.append(PlayPoint(rule: row.rule.id, feedback: f, slot: row.keepSlot, cell: c))
                }
                for case .loop(let f) in row.several?.also ?? [] {
                    out.append(PlayPoint(rule: row.rule.id, feedback: f, slot: row.keepSlot, cell: c))
                }
                switch row.action {
                case .play(let f), .loop(let f):
                    out.append(PlayPoint(rule: row.rule.id, feedback: f, slot: row.keepSlot, cell: c))
                case .band(let b, _):
                    for (l, level) in bands[b].levels.enumerated() {
                        var played: [Int] = []
                        for f in [level.play, level.downPlay].compactMap({ $0 }) where !played.contains(f) {
                            played.append(f)
                            out.append(
                                PlayPoint(rule: row.levelRules[l].id, feedback: f, slot: row.keepSlot + 1 + l, cell: c))
                        }
                    }
                case .silent, .stop, .none:
                    break
                }
            }
        }
        return out
    }

    /// Whether user level `level` keeps the plays of a place.
    package func keeps(level: Int, _ point: PlayPoint) -> Bool {
        keeps(level: level, feedback: point.feedback, slot: point.slot)
    }

    /// Whether user level `level` keeps a play of feedback `f` by the rule in `slot`
    /// (a slot below 0 is no rule).
    @inline(__always)
    package func keeps(level: Int, feedback f: Int, slot: Int) -> Bool {
        if levelKeepsFeedback[level &* feedback.count &+ f] { return true }
        return slot >= 0 && levelKeepsRule[level &* ruleSlotIDs.count &+ slot]
    }

    /// The index of a user level by name, or nil.
    package func userLevelIndex(_ name: String) -> Int? {
        userLevels?.levels.firstIndex { NameKey.same($0.name, name) }
    }
}
