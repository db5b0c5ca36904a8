/// One app event handed to `Session.decide(_:)`: resolved ids, so deciding never hashes
/// a string. Build it from names with `Policy.event(t:name:screen:...)` when speed does
/// not matter, or resolve ids once with `Policy.eventID(_:)` and `Policy.screenID(_:)`.
public struct Event: Sendable, Equatable {
    /// One template parameter given by the event (`params: {"bpm": 120}`).
    public struct Parameter: Sendable, Hashable {
        /// The parameter name.
        public var name: String
        /// Its value; nil when the log gave an array, object or null.
        public var value: ScalarValue?

        /// Creates a parameter.
        public init(name: String, value: ScalarValue?) {
            self.name = name
            self.value = value
        }
    }

    /// Seconds since the session began; non-decreasing.
    public var t: Double
    /// The event (`EventID.unknown` for a name not in the catalogue).
    public var event: EventID
    /// The screen it happened on; nil means the last `screen.enter`.
    public var screen: ScreenID?
    /// The name of an unknown screen (`screen == .unknown`), so decisions can show it.
    public var unknownScreenName: String?
    /// Which subject the event is about (a plant, a sensor); bands are tracked per subject.
    public var subject: SubjectID?
    /// The carried value: a sample, a state (`"background"`), a choice (`"confirmed"`).
    public var value: ScalarValue?
    /// Whether the creature speaks with this event (a visible speech bubble).
    public var speaks: Bool
    /// Template parameters, in the order given.
    public var params: [Parameter]
    /// The named fields the event carries besides its value (`data: {"direction": "left"}`),
    /// in the order given; rows test them with `when: {data: ...}`. Never template parameters.
    public var data: [Parameter]

    /// Creates an event. Build it in one call, `data` included: setting a field afterwards
    /// copies the value on the way. Inlinable: called out of line, it took about 300
    /// instructions a log line (callgrind), most of them moving the arguments.
    @inlinable
    public init(
        t: Double, event: EventID, screen: ScreenID? = nil, subject: SubjectID? = nil,
        value: ScalarValue? = nil, speaks: Bool = false, params: [Parameter] = [],
        unknownScreenName: String? = nil, data: [Parameter] = []
    ) {
        self.t = t
        self.event = event
        self.screen = screen
        self.subject = subject
        self.value = value
        self.speaks = speaks
        self.params = params
        self.unknownScreenName = unknownScreenName
        self.data = data
    }

    /// The value of the data field `name`, or nil when the event does not carry it (or
    /// carries null, an array or an object).
    @inline(__always)
    public func dataValue(_ name: String) -> ScalarValue? {
        for field in data where NameKey.same(field.name, name) { return field.value }
        return nil
    }
}
