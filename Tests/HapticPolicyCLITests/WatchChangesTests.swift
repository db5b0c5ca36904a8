import Foundation
import HapticPolicy
import HapticPolicyReplay
import Testing

@testable import HapticPolicyCLI

/// The change computation of `watch`: what it reports between two good rounds.
@Suite struct WatchChangesTests {
    typealias Finding = WatchSnapshot.Finding
    typealias Test = WatchSnapshot.TestOutcome
    typealias Logged = WatchSnapshot.LoggedOutcome

    static func finding(_ code: String, _ message: String, at location: String) -> Finding {
        Finding(file: "p.yaml", code: code, severity: "warning", message: message, location: location)
    }

    @Test func aFindingThatOnlyMovedIsNotAChange() {
        let old = WatchSnapshot(findings: [Self.finding("HP211", "feedback 'tap' is never played", at: "p.yaml:41:3")])
        let new = WatchSnapshot(findings: [Self.finding("HP211", "feedback 'tap' is never played", at: "p.yaml:43:3")])
        let changes = WatchChanges(from: old, to: new)
        #expect(changes.isEmpty)
        #expect(changes.summary == "no changes")
        #expect(changes.lines().isEmpty)
    }

    @Test func findingsAddedAndFixedAreCountedWithRepeats() {
        let same = Self.finding("HP211", "feedback 'tap' is never played", at: "p.yaml:41:3")
        let other = Self.finding("HP501", "no budgets", at: "p.yaml:1:1")
        let old = WatchSnapshot(findings: [same, same])
        let new = WatchSnapshot(findings: [same, other])
        let changes = WatchChanges(from: old, to: new)
        #expect(changes.added == [other])
        #expect(changes.removed == [same])
        #expect(changes.summary == "1 finding added, 1 finding fixed")
        #expect(
            changes.lines() == [
                "  + p.yaml:1:1: warning[HP501]: no budgets",
                "  - p.yaml:41:3: warning[HP211]: feedback 'tap' is never played (fixed)",
            ])
    }

    @Test func testsThatFlipAppearOrGoAreReported() {
        let old = WatchSnapshot(tests: [
            Test(file: "t.yaml", name: "a", location: "t.yaml:2:5", failure: nil),
            Test(file: "t.yaml", name: "b", location: "t.yaml:8:5", failure: "step 1 at 0 s: expected x, actual y"),
            Test(file: "t.yaml", name: "gone", location: "t.yaml:9:5", failure: nil),
            Test(file: "t.yaml", name: "steady", location: "t.yaml:10:5", failure: nil),
        ])
        let new = WatchSnapshot(tests: [
            Test(
                file: "t.yaml", name: "a", location: "t.yaml:2:5",
                failure: "step 2 at 1 s: expected play tap, actual play snap"),
            Test(file: "t.yaml", name: "b", location: "t.yaml:8:5", failure: nil),
            Test(file: "t.yaml", name: "steady", location: "t.yaml:11:5", failure: nil),
            Test(file: "t.yaml", name: "new", location: "t.yaml:12:5", failure: nil),
        ])
        let changes = WatchChanges(from: old, to: new)
        #expect(changes.summary == "4 tests changed")
        #expect(
            changes.lines() == [
                "  test 'a' (t.yaml:2:5): pass -> FAIL: step 2 at 1 s: expected play tap, actual play snap",
                "  test 'b' (t.yaml:8:5): FAIL -> pass",
                "  test 'new' (t.yaml:12:5): new, pass",
                "  test 'gone' (t.yaml): removed",
            ])
    }

    @Test func decisionsAreComparedByLineWithTimeAndEvent() {
        let old = WatchSnapshot(decisions: [
            Logged(line: 1, t: 0, event: "screen.enter", outcome: "silent state-event"),
            Logged(line: 2, t: 1.5, event: "shutter", outcome: "play tap (impact.light)"),
        ])
        var new = old
        new.decisions?[1].outcome = "play snap (impact.rigid)"
        new.decisions?.append(Logged(line: 3, t: 2, event: "shutter", outcome: "silent cooldown"))
        let changes = WatchChanges(from: old, to: new)
        #expect(changes.summary == "2 decisions changed")
        #expect(
            changes.lines() == [
                "  decision 2 (t 1.5 s, shutter): play tap (impact.light) -> play snap (impact.rigid)",
                "  decision 3 (t 2 s, shutter): (no line) -> silent cooldown",
            ])
    }

    @Test func decisionLinesAreBounded() {
        let old = WatchSnapshot(
            decisions: (1...50).map { Logged(line: $0, t: Double($0), event: "e", outcome: "silent x") })
        var new = old
        for index in new.decisions!.indices { new.decisions![index].outcome = "play y" }
        let lines = WatchChanges(from: old, to: new).lines(decisionLimit: 20)
        #expect(lines.count == 21)
        #expect(lines.last == "  … and 30 more decisions changed")
    }
}

/// When `watch` runs a round, from the fingerprints it polls.
@Suite struct WatchDebouncerTests {
    static let a = FileFingerprint(device: 1, inode: 10, size: 100, modified: 1)
    static let b = FileFingerprint(device: 1, inode: 10, size: 120, modified: 2)
    static let c = FileFingerprint(device: 1, inode: 11, size: 120, modified: 2)

    /// Whether a round runs at each poll of `polls` (fingerprints, time).
    static func rounds(_ debouncer: WatchDebouncer, _ polls: [([FileFingerprint?], Double)]) -> [Bool] {
        var debouncer = debouncer
        return polls.map { debouncer.observe($0.0, at: $0.1) }
    }

    @Test func aBurstOfSavesIsOneRoundAfterTheQuietTime() {
        let rounds = Self.rounds(
            WatchDebouncer(seen: [Self.a], quiet: 0.15),
            [([Self.a], 0.05), ([Self.b], 0.10), ([Self.c], 0.15), ([Self.c], 0.25), ([Self.c], 0.31), ([Self.c], 0.5)])
        #expect(rounds == [false, false, false, false, true, false])
    }

    @Test func aMissingFileIsWaitedForThenReported() {
        let rounds = Self.rounds(
            WatchDebouncer(seen: [Self.a], quiet: 0.15, missingGrace: 1), [([nil], 0), ([nil], 0.5), ([nil], 1.0)])
        #expect(rounds == [false, false, true])
    }

    @Test func aFileBackAfterAMomentIsOneRound() {
        let rounds = Self.rounds(
            WatchDebouncer(seen: [Self.a], quiet: 0.15, missingGrace: 1),
            [([nil], 0), ([nil], 0.3), ([Self.c], 0.35), ([Self.c], 0.5), ([Self.c], 0.7)])
        #expect(rounds == [false, false, false, true, false])
    }

    @Test func anAtomicSaveIsSeenByItsNewInode() throws {
        let folder = try temporaryFolder("fingerprint")
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("p.yaml")
        try Data("a\n".utf8).write(to: file)
        let before = try #require(FileFingerprint.of(file.path))
        let other = folder.appendingPathComponent("p.tmp")
        try Data("b\n".utf8).write(to: other)
        #expect(rename(other.path, file.path) == 0)
        let after = try #require(FileFingerprint.of(file.path))
        #expect(before.inode != after.inode)
        #expect(FileFingerprint.of(other.path) == nil)
    }

    /// Feedback fields are compared as `diff` compares them (`FeedbackFields.changes`), and
    /// printed before the decisions; a snapshot without them (a test's) compares none.
    @Test func feedbackChangesAreListedAndCounted() {
        let location = SourceLocation(file: "p.yaml", line: 51, column: 11)
        func fields(_ intensity: String) -> FeedbackFields {
            FeedbackFields(fields: [
                .init(feedback: "pulse", field: "layer", value: "creature", location: location),
                .init(feedback: "pulse", field: "event 1 intensity", value: intensity, location: location),
            ])
        }
        var old = WatchSnapshot()
        old.feedback = fields("0.8")
        var new = WatchSnapshot()
        new.feedback = fields("0.9")
        let changes = WatchChanges(from: old, to: new)
        #expect(changes.summary == "1 feedback field changed")
        #expect(changes.lines() == ["  feedback 'pulse' event 1 intensity: 0.8 -> 0.9 (p.yaml:51:11)"])
        #expect(WatchChanges(from: old, to: old).isEmpty)
        #expect(WatchChanges(from: WatchSnapshot(), to: new).isEmpty)
    }
}
