/// The Core Haptics engine as the session believes the app's player holds it.
public enum EngineState: Sendable, Hashable {
    /// Never prepared (launching the app does not start it).
    case cold
    /// `prepare-engine` or `restart-engine` was issued at some time; ready at `until`.
    case warming(until: Double)
    /// Started and warm: custom patterns play.
    case ready
    /// Stopped because the app went to background; restarted on foreground.
    case stopped
}
