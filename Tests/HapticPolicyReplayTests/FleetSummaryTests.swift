import HapticPolicy
import Testing

@testable import HapticPolicyReplay

/// The merge rule of `FleetSummary`: associative, commutative, with the empty summary as
/// identity, so any split of a fleet merges to the same aggregate.
@Suite struct FleetSummaryTests {
    static func session(_ log: String, screen: String, rings: Int, milliseconds: Int, feedback: String) -> FleetSummary
    {
        var summary = FleetSummary()
        summary.sessions = 1
        summary.lines = rings * 3
        summary.actions = ["play": rings, "silent": rings * 2]
        let tenths = FleetSummary.tenthsPerMinute(rings: rings, milliseconds: milliseconds)
        summary.screens[screen] = FleetSummary.Screen(
            decisions: rings * 3, rings: rings, milliseconds: milliseconds, histogram: [tenths: 1])
        summary.feedback = [feedback: rings]
        summary.worst = [
            FleetSummary.WorstSession(
                log: log, screen: screen, ringsPerMinuteTenths: tenths, rings: rings, milliseconds: milliseconds)
        ]
        return summary
    }

    static let parts: [FleetSummary] =
        (0..<14).map { index in
            session(
                "log-\(index % 7)-\(index)", screen: index % 3 == 0 ? "garden" : "camera", rings: index * 7 % 11,
                milliseconds: 30_000 + index * 1_000, feedback: index % 2 == 0 ? "pulse" : "soil.moist")
        } + [FleetSummary(badLog: "broken.jsonl.gz", message: "the gzip data ends early")]

    static func merged(_ parts: [FleetSummary]) throws -> FleetSummary {
        var total = FleetSummary()
        for part in parts { try total.merge(part) }
        return total
    }

    @Test func anyOrderAndGroupingGiveTheSameAggregate() throws {
        let forward = try Self.merged(Self.parts)
        #expect(try Self.merged(Self.parts.reversed()) == forward)
        var generator = SeededGenerator(seed: 11)
        for _ in 0..<5 {
            let shuffled = Self.parts.shuffled(using: &generator)
            let cut = Int.random(in: 1..<shuffled.count, using: &generator)
            var left = try Self.merged(Array(shuffled[..<cut]))
            try left.merge(try Self.merged(Array(shuffled[cut...])))
            #expect(left == forward)
            #expect(left.json == forward.json)
        }
        var identity = forward
        try identity.merge(FleetSummary())
        #expect(identity == forward)
    }

    @Test func countsAddAndTheWorstAreRanked() throws {
        let total = try Self.merged(Self.parts)
        #expect(total.sessions == 14)
        #expect(total.badLogs.map(\.log) == ["broken.jsonl.gz"])
        #expect(total.feedback.values.reduce(0, +) == total.actions["play"])
        #expect(total.worst.count == FleetSummary.worstLimit)
        let rates = total.worst.map(\.ringsPerMinuteTenths)
        #expect(rates == rates.sorted(by: >))
        let sessions = total.screens.values.map(\.sessions).reduce(0, +)
        #expect(sessions == 14)
    }

    @Test func percentilesComeFromTheHistogram() {
        let screen = FleetSummary.Screen(histogram: [0: 10, 12: 80, 40: 9, 300: 1])
        #expect(screen.sessions == 100)
        #expect(screen.percentile(50) == 12)
        #expect(screen.percentile(95) == 40)
        #expect(screen.percentile(100) == 300)
        #expect(FleetSummary.Screen().percentile(50) == 0)
    }

    @Test func ratesAndTimesAreWholeNumbers() {
        #expect(FleetSummary.milliseconds(1.2345) == 1235)
        #expect(FleetSummary.milliseconds(.infinity) == 0)
        #expect(FleetSummary.milliseconds(1e300) == 1_000_000_000_000_000)
        #expect(FleetSummary.tenthsPerMinute(rings: 3, milliseconds: 60_000) == 30)
        #expect(FleetSummary.tenthsPerMinute(rings: 1, milliseconds: 7_000) == 85)
        #expect(FleetSummary.tenthsPerMinute(rings: 5, milliseconds: 0) == 0)
    }

    /// Near the count limit a merge throws, naming the count, and leaves the total as it
    /// was (before, the addition trapped: `merge` exited 132); what it does write stays
    /// below the limit, so it is read back and merged again.
    @Test func aMergeThatWouldReachTheCountLimitThrowsAndLeavesTheTotal() throws {
        var near = FleetSummary()
        near.lines = FleetSummary.countLimit - 10
        near.feedback = ["pulse": FleetSummary.countLimit - 10]
        var total = FleetSummary()
        try total.merge(near)
        var small = FleetSummary()
        small.lines = 9
        try total.merge(small)
        #expect(total.lines == FleetSummary.countLimit - 1)
        let before = total
        #expect(throws: FleetSummary.Overflow(count: "lines")) { try total.merge(small) }
        #expect(total == before)
        var one = FleetSummary()
        one.feedback = ["pulse": 10]
        #expect(throws: FleetSummary.Overflow(count: "feedback.pulse")) { try total.merge(one) }
        var huge = FleetSummary()
        huge.sessions = Int.max
        #expect(throws: FleetSummary.Overflow(count: "sessions")) { try total.merge(huge) }
    }
}
