extension Session {
    /// Forgets the subject of `event` when its event ends its subject (`ends-subject:
    /// true`): after the event is decided, whatever the decision, the band levels and
    /// dwell clocks of every signal of the subject are reset and its slot is freed, so
    /// its ids stop matching and its name's next event is a new subject (a baseline). A
    /// subject the policy names in a row condition keeps its slot (it is pinned) and
    /// loses its band state only. An event without a subject, or with one the session
    /// does not hold, forgets nothing.
    mutating func endSubject(of event: Event) {
        let e = event.event.rawValue
        guard e >= 0, e < policy.endsSubject.count, policy.endsSubject[e], let subject = event.subject,
            let slot = subjects.slot(of: subject)
        else { return }
        bands.forget(subjectSlot: slot)
        subjects.end(slot)
    }

    /// Subjects ended so far by events that end their subject (`ends-subject: true`),
    /// apart from those forgotten to stay within `subjectLimit`.
    public var endedSubjectCount: Int { subjects.ended }
}
