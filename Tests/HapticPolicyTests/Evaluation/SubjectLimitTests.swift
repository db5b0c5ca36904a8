import HapticPolicyTestSupport
import Testing

@testable import HapticPolicy

/// A session holds at most `subjectLimit` subjects: a new subject past it makes the
/// session forget the least recently seen one, whose next sample is a new baseline, and
/// whose old id is decided as no subject (never as the subject that took its place).
@Suite struct SubjectLimitTests {
    static func replay(limit: Int) -> SessionScript {
        var replay = SessionScript()
        replay.session = Session(policy: EvaluationFixtures.policy, subjectLimit: limit)
        replay.warmCamera()
        return replay
    }

    @Test func theLeastRecentlySeenSubjectIsForgotten() {
        var replay = Self.replay(limit: 3)
        for name in ["a", "b", "c"] { replay.send("moisture.sample", subject: name, value: .number(50)) }
        // 'a' is seen again, so 'b' is now the least recently seen.
        #expect(replay.send("moisture.sample", subject: "a", value: .number(50)).reason == .sameBand)
        replay.send("moisture.sample", subject: "d", value: .number(50))
        #expect(replay.session.forgottenSubjectCount == 1)
        #expect(replay.session.subjectCount == 3)
        // 'a' and 'c' keep their bands; 'b' starts again from a baseline.
        #expect(replay.send("moisture.sample", subject: "a", value: .number(50)).reason == .sameBand)
        #expect(replay.send("moisture.sample", subject: "c", value: .number(50)).reason == .sameBand)
        #expect(replay.send("moisture.sample", subject: "b", value: .number(50)).reason == .baseline)
        #expect(replay.session.forgottenSubjectCount == 2)  // 'd' made room for 'b'
        #expect(replay.send("moisture.sample", subject: "d", value: .number(50)).reason == .baseline)
    }

    /// An event that names a subject (any event, not only samples) marks it seen.
    @Test func anyEventWithTheSubjectMarksItSeen() {
        var replay = Self.replay(limit: 2)
        replay.send("moisture.sample", subject: "a", value: .number(50))
        replay.send("moisture.sample", subject: "b", value: .number(50))
        replay.send("shutter", subject: "a")
        replay.send("moisture.sample", subject: "c", value: .number(50))
        #expect(replay.send("moisture.sample", subject: "a", value: .number(50)).reason == .sameBand)
        #expect(replay.send("moisture.sample", subject: "b", value: .number(50)).reason == .baseline)
    }

    @Test func anIdOfAForgottenSubjectIsDecidedAsNoSubject() {
        var session = Session(policy: EvaluationFixtures.policy, subjectLimit: 1)
        let a = session.subjectID("a")
        #expect(session.holds(a))
        #expect(session.subjectName(a) == "a")
        let b = session.subjectID("b")
        #expect(!session.holds(a))
        #expect(session.subjectName(a) == nil)
        #expect(session.subjectName(b) == "b")
        #expect(a != b, "the slot is reused, the id is not")
        // Deciding with the stale id is deciding without a subject: b's band is untouched.
        let camera = EvaluationFixtures.policy.screenID("camera")
        let sample = EvaluationFixtures.policy.eventID("moisture.sample")!
        _ = session.decide(Event(t: 1, event: sample, screen: camera, subject: b, value: .number(50)))
        _ = session.decide(Event(t: 2, event: sample, screen: camera, subject: a, value: .number(10)))
        #expect(session.bandLevel(band: "moisture", event: "moisture.sample", subject: b) == "ok")
        #expect(session.bandLevel(band: "moisture", event: "moisture.sample", subject: nil) != nil)
    }

    /// The first `subjectLimit` subjects keep the ids they always had: their slots.
    @Test func idsBelowTheLimitAreTheirSlots() {
        var session = Session(policy: EvaluationFixtures.policy)
        #expect(session.subjectLimit == Session.defaultSubjectLimit)
        #expect(session.subjectID("a") == SubjectID(rawValue: 0))
        #expect(session.subjectID("b") == SubjectID(rawValue: 1))
        #expect(session.subjectID("a") == SubjectID(rawValue: 0))
    }

    /// A reloaded policy continues with the same subjects in the same order of recency.
    @Test func aContinuedSessionKeepsTheRecency() {
        var replay = Self.replay(limit: 3)
        for name in ["a", "b", "c", "a"] { replay.send("moisture.sample", subject: name, value: .number(50)) }
        var next = SessionScript()
        next.session = Session(policy: EvaluationFixtures.policy, continuing: replay.session)
        next.t = replay.t
        #expect(next.session.subjectLimit == 3)
        next.send("moisture.sample", subject: "d", value: .number(50))  // forgets 'b'
        #expect(next.send("moisture.sample", subject: "a", value: .number(50)).reason == .sameBand)
        #expect(next.send("moisture.sample", subject: "c", value: .number(50)).reason == .sameBand)
        #expect(next.send("moisture.sample", subject: "b", value: .number(50)).reason == .baseline)
    }

    /// The policy's own subjects (row conditions) are never forgotten, and names are held
    /// within a byte limit too: long names forget more subjects to make room.
    @Test func thePolicysSubjectsStayAndNamesFitTheByteLimit() {
        var table = SubjectTable(pinned: ["pinned"], limit: 3, nameByteLimit: 21)
        let pinned = table.existingID(of: "pinned")!
        _ = table.intern("aaaa")
        _ = table.intern("bbbb")
        _ = table.intern("cccc")  // over 3 subjects: 'aaaa' goes
        #expect(table.existingID(of: "aaaa") == nil)
        #expect(table.slot(of: pinned) == 0)
        #expect(table.count == 3)
        let long = table.intern("0123456789abcd")  // 14 bytes: 'bbbb' and 'cccc' go
        #expect(long.reused != nil)
        #expect(table.existingID(of: "bbbb") == nil)
        #expect(table.existingID(of: "cccc") == nil)
        #expect(table.nameBytes == 20)
        #expect(table.forgotten == 3)
        #expect(table.existingID(of: "pinned") == pinned)
        // A freed slot is used again before the table grows.
        _ = table.intern("e")
        #expect(table.slotCount == 3)
        #expect(table.nameBytes == 21)
        #expect(table.slotsLeastRecentFirst.map { table.names[$0] } == ["pinned", "0123456789abcd", "e"])
    }
}
