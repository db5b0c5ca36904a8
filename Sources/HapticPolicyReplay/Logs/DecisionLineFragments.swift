import HapticPolicy

/// The JSONL writer's memory of the decisions it has written: the bytes of a decided line
/// from `"screen"` to `"band"` depend only on fields the policy made (the screen name, the
/// action, the feedback plan, the render, the reason, a designer's note, the rule, the
/// directives, the band transition), so a log whose lines repeat a few hundred
/// decisions writes them by copying two fragments: `,"screen":…` before the echoed
/// subject, and `,"action":…,"band":…` after it.
///
/// A small two-way set-associative cache keyed by those fields. A hit compares every
/// field (the strings and objects a policy makes are shared, so each comparison is a
/// pointer test), so the output never depends on the cache: a miss or an evicted entry
/// writes the line the long way and stores it. Notes made from figures (a band's dwell,
/// an implausible value) are not cached. Owned by one writer; not shared between threads.
final class DecisionLineFragments {
    /// One cached decision: its key fields and the bytes of its two fragments.
    final class Entry {
        let screen: String?
        let plan: FeedbackPlan?
        let render: Render?
        let action: Decision.Action
        let fallback: Bool
        let reason: Reason?
        let note: String?
        let rule: Decision.Rule?
        let directives: DirectiveSet
        let band: Decision.BandTransition?
        /// `,"screen":…` (before the subject).
        let head: UnsafeMutableBufferPointer<UInt8>
        /// `,"action":…` through the band (after the subject).
        let tail: UnsafeMutableBufferPointer<UInt8>

        init(
            _ d: borrowing Decision, note: String?, head: UnsafeBufferPointer<UInt8>, tail: UnsafeBufferPointer<UInt8>
        ) {
            screen = d.screen
            plan = d.plan
            render = d.render
            action = d.action
            fallback = d.fallback
            reason = d.reason
            self.note = note
            rule = d.rule
            directives = d.directives
            band = d.band
            self.head = .allocate(capacity: head.count)
            _ = self.head.initialize(from: head)
            self.tail = .allocate(capacity: tail.count)
            _ = self.tail.initialize(from: tail)
        }

        deinit {
            head.deallocate()
            tail.deallocate()
        }

        /// Whether `d` (with its note text `note`) writes this entry's bytes.
        @inline(__always)
        func matches(_ d: borrowing Decision, note: String?) -> Bool {
            d.rule === rule && d.plan === plan && d.action == action && d.reason == reason
                && d.directives == directives && d.fallback == fallback && d.screen == screen && note == self.note
                && d.render == render && d.band == band
        }
    }

    /// Slots, in pairs (`slot` and `slot ^ 1`): the most recently stored entry of a pair
    /// first. A raw buffer: read on every line, it needs no exclusivity checks.
    private let slots: UnsafeMutablePointer<Entry?>
    private static let slotBits = 9

    init() {
        slots = .allocate(capacity: 1 << Self.slotBits)
        slots.initialize(repeating: nil, count: 1 << Self.slotBits)
    }

    deinit {
        slots.deinitialize(count: 1 << Self.slotBits)
        slots.deallocate()
    }

    /// The note a cached line may carry: the decision's text note, or nil when it has none.
    /// A note made from figures is not cacheable (`cacheable` is false).
    @inline(__always)
    static func note(of d: borrowing Decision) -> (note: String?, cacheable: Bool) {
        switch d.noteSource {
        case nil: (nil, true)
        case .text(let text)?: (text, true)
        case _?: (nil, false)
        }
    }

    /// The first slot of the pair `d` hashes to.
    @inline(__always)
    private static func pair(of d: borrowing Decision) -> Int {
        var h = UInt(bitPattern: d.rule.map { Int(bitPattern: Unmanaged.passUnretained($0).toOpaque()) } ?? 0) >> 4
        h ^= UInt(bitPattern: d.plan.map { Int(bitPattern: Unmanaged.passUnretained($0).toOpaque()) } ?? 0) >> 3
        h = h &* 31 &+ UInt(d.directives.rawValue)
        h = h &* 31 &+ UInt(d.reason.map { $0.summaryIndex &+ 1 } ?? 0)
        h = h &* 31 &+ (d.fallback ? 1 : 0)
        switch d.action {
        case .play: h = h &* 31 &+ 1
        case .silent: h = h &* 31 &+ 2
        case .stop: h = h &* 31 &+ 3
        }
        if let band = d.band { h = h &* 31 &+ UInt(band.to.utf8.count &+ (band.from?.utf8.count ?? 0) &* 64) }
        h = h &* 0x9E37_79B9_7F4A_7C15
        return Int(truncatingIfNeeded: h >> UInt(UInt.bitWidth - Self.slotBits)) & ~1
    }

    /// The cached entry for `d`, whose note text is `note`.
    @inline(__always)
    func entry(for d: borrowing Decision, note: String?) -> Entry? {
        let first = Self.pair(of: d)
        if let entry = slots[first], entry.matches(d, note: note) { return entry }
        if let entry = slots[first | 1], entry.matches(d, note: note) { return entry }
        return nil
    }

    /// Stores the fragments written for `d`, pushing the pair's older entry out.
    func store(
        _ d: borrowing Decision, note: String?, head: UnsafeBufferPointer<UInt8>, tail: UnsafeBufferPointer<UInt8>
    ) {
        let first = Self.pair(of: d)
        slots[first | 1] = slots[first]
        slots[first] = Entry(d, note: note, head: head, tail: tail)
    }
}
