import HapticPolicy

extension DecisionTable {
    /// `background:` as the table shows it: what it keeps, which rules still ring with the
    /// app in background (a pattern by its fallback) and which are silent `background`.
    public struct Background: Sendable, Hashable {
        /// What it keeps, as written: `all`, `feedback turn.now; rows ride/hazard.closure`.
        public var keeps: String
        /// The designer's note.
        public var note: String?
        /// The rules whose plays ring in background (`ride/turn.distance@now`).
        public var rings: [String]
        /// The rules whose plays are silent in background (`background`).
        public var silences: [String]
    }

    /// The policy's background, or nil when it keeps nothing there (every play silent).
    static func background(_ policy: Policy) -> Background? {
        guard let declared = policy.content.background else { return nil }
        var rings: [String] = []
        var silences: [String] = []
        for point in policy.playPoints {
            if policy.keepsInBackground(point.feedback, slot: point.slot) {
                if rings.last != point.rule { rings.append(point.rule) }
            } else if silences.last != point.rule {
                silences.append(point.rule)
            }
        }
        return Background(keeps: keepsText(declared.keeps), note: declared.note, rings: rings, silences: silences)
    }
}
