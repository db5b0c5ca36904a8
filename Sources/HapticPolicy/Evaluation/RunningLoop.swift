/// A looping pattern the session believes is playing: which feedback, with which
/// parameters, repeating every `period` seconds, since `start`.
public struct RunningLoop: Sendable, Hashable {
    /// The looping feedback's name.
    public var feedback: String
    /// The parameters it was started with (defaults filled in), in declaration order.
    public var parameters: [Event.Parameter]
    /// Seconds between repetitions (the pattern's `loop:` evaluated with the parameters).
    public var period: Double
    /// When the loop started.
    public var start: Double

    let feedbackIndex: Int
    /// The rule slot of the row that started it (`CompiledRow.keepSlot`), which user
    /// levels may keep it by; -1 when unknown (a loop carried over by a hot reload).
    var ruleSlot = -1
}
