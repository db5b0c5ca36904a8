import Testing

@testable import HapticPolicy
@testable import HapticPolicyReplay

/// Chatter is a band change undone within the window (`ChatterCounter`), the figure
/// `diff` and the fleet summary report: not every change that follows another quickly.
@Suite struct ChatterCounterTests {
    /// A counter fed `changes` (from, to, time; `band` "gear" unless given) of one
    /// subject, or of `subjects`; gives which were chatter.
    static func chatter(
        _ changes: [(from: String, to: String, time: Double)], band: String = "gear", subject: String = "car",
        into counter: inout ChatterCounter
    ) -> [Bool] {
        changes.map { change in
            let decision = Decision(
                action: .play, band: Decision.BandTransition(band: band, from: change.from, to: change.to))
            return counter.record(decision, time: change.time, subject: subject)
        }
    }

    /// A sensor flapping at an edge chatters; gear shifts onward (1 → 2 → 3 → 4, then
    /// down 4 → 3 → 2 after a while) do not, however close together.
    @Test func aChangeUndoneIsChatterAndAChangeOnwardIsNot() {
        var counter = ChatterCounter(window: 5)
        let shifts = Self.chatter(
            [("1", "2", 0), ("2", "3", 1.5), ("3", "4", 3), ("4", "3", 9), ("3", "2", 10)], into: &counter)
        #expect(shifts == [false, false, false, false, false])
        // Down to 1, then straight back up to 2 and down again: each undoes the last;
        // undone again after the window, it is not chatter.
        let flaps = Self.chatter([("2", "1", 11), ("1", "2", 12), ("2", "1", 13), ("1", "2", 18)], into: &counter)
        #expect(flaps == [false, true, true, false])
        // Another band or another subject has its own last change.
        #expect(Self.chatter([("2", "1", 18.5)], band: "surface", into: &counter) == [false])
        #expect(Self.chatter([("2", "1", 18.5)], subject: "other car", into: &counter) == [false])
        // Silences and first samples (no `from`) are not band-change rings.
        let silence = counter.record(Decision(action: .silent), time: 19, subject: "car")
        let baseline = counter.record(
            Decision(action: .play, band: Decision.BandTransition(band: "gear", from: nil, to: "1")), time: 19,
            subject: "car")
        #expect(!silence && !baseline)
    }

    /// A subject that ended (`ends-subject: true`) starts afresh: the same name's next
    /// change is a new subject's first, never chatter against the old one's.
    @Test func anEndedSubjectStartsAfresh() {
        var counter = ChatterCounter(window: 5)
        #expect(Self.chatter([("low", "high", 1)], band: "level", subject: "plant", into: &counter) == [false])
        counter.end(subject: "plant")
        let after = Self.chatter(
            [("high", "low", 2), ("low", "high", 3)], band: "level", subject: "plant", into: &counter)
        #expect(after == [false, true])
    }
}
