/// How much a feedback matters when it meets another one still playing (`priority:` on a
/// feedback; `normal` when not given). A play that passes every gate cuts what still
/// plays at a lower priority; a play of a lower priority than something still playing is
/// refused (`outranked`). Equal priorities play as they always did.
public enum Priority: String, Sendable, Hashable, Codable, CaseIterable, Comparable {
    /// Yields to everything else (a picker's tick).
    case low
    /// The default.
    case normal
    /// Cuts `normal` and `low` (a turn cue).
    case high
    /// Cuts everything else (a road-closure hazard).
    case critical

    /// The rank, from 0 (`low`) to 3 (`critical`).
    public var rank: Int {
        switch self {
        case .low: 0
        case .normal: 1
        case .high: 2
        case .critical: 3
        }
    }

    /// Lower ranks come first.
    public static func < (lhs: Priority, rhs: Priority) -> Bool { lhs.rank < rhs.rank }
}
