extension Policy {
    /// The id of an event name (catalogue or built-in state event), or nil.
    public func eventID(_ name: String) -> EventID? {
        eventIndex[name].map(EventID.init(rawValue:))
    }

    /// The id of a screen name, or nil.
    public func screenID(_ name: String) -> ScreenID? {
        screenIndex[name].map(ScreenID.init(rawValue:))
    }

    /// The id of a subject named in a row condition, or nil (sessions intern others).
    public func subjectID(_ name: String) -> SubjectID? {
        subjectIndex[name].map(SubjectID.init(rawValue:))
    }

    /// The name of an event id, or nil for `EventID.unknown`.
    public func eventName(_ id: EventID) -> String? {
        eventNames.indices.contains(id.rawValue) ? eventNames[id.rawValue] : nil
    }

    /// The name of a screen id, or nil for `ScreenID.unknown`.
    public func screenName(_ id: ScreenID) -> String? {
        screenNames.indices.contains(id.rawValue) ? screenNames[id.rawValue] : nil
    }

    /// The plan of the feedback declared under `name`, if any.
    public func feedback(named name: String) -> FeedbackPlan? {
        feedbackIndex[name].map { feedback[$0] }
    }

    /// Where something of this policy is written, as a location in `file` or the included
    /// file the position names.
    package func location(_ position: SourcePosition) -> SourceLocation {
        position.location(in: files)
    }
}
