/// The band state machine of a session: per (signal slot, subject) the level that counts
/// and a new level still dwelling. One step (`step`) decides a sample in the documented
/// order (Docs/decision-order.md): plausible range → baseline → same band → dwell → moved.
struct BandTracker: Sendable {
    /// The state of one signal for one subject: 16 bytes.
    struct State: Sendable {
        /// The level that counts; `-1` before the first sample.
        var level: Int32 = -1
        /// The other level the value is in while it has not held for the dwell; `-1`: none.
        var pending: Int32 = -1
        /// When the value entered `pending` (the event's `t`).
        var since = 0.0
    }

    /// What a sample did to its signal's level.
    enum Step {
        /// Outside the plausible range: the level (nil before any) stays.
        case implausible(level: Int?)
        /// The first sample: its level is the baseline.
        case baseline(level: Int)
        /// Still in the level that counts (within hysteresis).
        case same(level: Int)
        /// In another level that has not held for the dwell yet, for `held` seconds.
        case dwelling(level: Int, pending: Int, held: Double)
        /// The level changed from `from` to `to`.
        case moved(from: Int, to: Int)
        /// An approach band's sample in level `behind`, on the side the band moves away
        /// from: `level` stays and nothing changes (`BandTracker.approachStep`).
        case receding(level: Int, behind: Int)
    }

    /// Band levels are stored one row of `slotCount` per subject (row 0: no subject), and
    /// the storage grows by this many rows at a time, so the first few subjects never
    /// reallocate it.
    static let subjectRowsReserved = 8

    /// Signal slots per subject row.
    let slotCount: Int
    /// The states, `slotCount` per subject row (set by `step` and `approachStep` only).
    var states: [State]

    init(slotCount: Int) {
        self.slotCount = slotCount
        self.states = Array(repeating: State(), count: slotCount * Self.subjectRowsReserved)
    }

    /// Where the level of a signal slot for a subject is (the subject's id must be current).
    @inline(__always)
    func index(slot: Int, subject: SubjectID?) -> Int {
        ((subject.map { $0.rawValue & 0xFFFF_FFFF } ?? -1) + 1) * slotCount + slot
    }

    /// The level that counts at `index`, or nil before its first sample.
    func level(at index: Int) -> Int? {
        guard index < states.count, states[index].level >= 0 else { return nil }
        return Int(states[index].level)
    }

    /// Forgets every signal of the subject stored in subject row `slot + 1` (a subject
    /// slot reused for a new subject).
    mutating func forget(subjectSlot slot: Int) {
        let start = (slot + 1) * slotCount
        let end = Swift.min(start + slotCount, states.count)
        if start < end { for index in start..<end { states[index] = State() } }
    }

    /// Makes room for `rows` subject rows at once (a hot reload about to set levels in them).
    mutating func reserve(rows: Int) {
        if rows * slotCount > states.count {
            states.append(contentsOf: repeatElement(State(), count: rows * slotCount - states.count))
        }
    }

    /// Takes over the states of `previous` (a hot reload in which every signal keeps its
    /// slot and its levels, and every subject its row), leaving it this tracker's. A level
    /// still dwelling is dropped so that its dwell starts again; `dwellingSlots` are the
    /// slots whose band dwells, the only ones that can hold one. Only a state that holds one
    /// is written, so states shared with another session are copied only then.
    mutating func takeOver(_ previous: inout BandTracker, dwellingSlots: [Int]) {
        precondition(previous.slotCount == slotCount, "bands carry over whole only with as many signal slots")
        swap(&states, &previous.states)
        guard !dwellingSlots.isEmpty else { return }
        var row = 0
        while row < states.count {
            for slot in dwellingSlots where row + slot < states.count && states[row + slot].pending >= 0 {
                states[row + slot] = State(level: states[row + slot].level)
            }
            row += slotCount
        }
    }

    /// Sets the level at `index` (a hot reload carrying a level over), growing the storage.
    mutating func set(level: Int, at index: Int) {
        if index >= states.count {
            states.append(contentsOf: repeatElement(State(), count: index + 1 - states.count))
        }
        states[index] = State(level: Int32(level))
    }

    /// Decides one sample `value` at `t` of signal `slot` of `band` for `subject`;
    /// `edges` are the session's current parametric edges.
    mutating func step(
        _ band: CompiledBand, slot: Int, subject: SubjectID?, value: Double, at t: Double, edges: [Double]
    ) -> Step {
        let index = index(slot: slot, subject: subject)
        if index >= states.count {
            states.append(
                contentsOf: repeatElement(
                    State(), count: index + 1 - states.count + slotCount * Self.subjectRowsReserved))
        }
        if band.usesApproachStep { return approachStep(band, at: index, value: value, t: t, edges: edges) }
        let previous = Int(states[index].level)
        guard band.plausible.contains(value) else { return .implausible(level: previous >= 0 ? previous : nil) }
        guard previous >= 0 else {
            let level = band.isParametric ? band.rawLevel(value, edges: edges) : band.rawLevel(value)
            states[index] = State(level: Int32(truncatingIfNeeded: level))
            return .baseline(level: level)
        }
        let level =
            band.isParametric
            ? band.nextLevel(from: previous, value: value, edges: edges)
            : band.nextLevel(from: previous, value: value)
        return settle(band, at: index, from: previous, to: level, t: t)
    }

    /// The end of every band step, plain and approach alike, once the sample's level is
    /// known: the same level, a new one still dwelling (to `SessionClock`'s tolerance:
    /// 12.3 − 9.3 is a hair under 3), or the level moved.
    @inline(__always)
    mutating func settle(_ band: CompiledBand, at index: Int, from previous: Int, to level: Int, t: Double) -> Step {
        if level == previous {
            states[index].pending = -1
            return .same(level: previous)
        }
        if band.dwell > 0 {
            if states[index].pending != Int32(truncatingIfNeeded: level) {
                states[index].pending = Int32(truncatingIfNeeded: level)
                states[index].since = t
            }
            let held = t - states[index].since
            guard SessionClock.reached(held, band.dwell) else {
                return .dwelling(level: previous, pending: level, held: held)
            }
        }
        states[index] = State(level: Int32(truncatingIfNeeded: level))
        return .moved(from: previous, to: level)
    }
}
