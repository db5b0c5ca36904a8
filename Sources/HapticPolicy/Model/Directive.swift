/// A lifecycle directive a decision asks the app's player to carry out.
public enum Directive: String, Sendable, Hashable, Codable, CaseIterable {
    /// Start (warm up) the haptic engine.
    case prepareEngine = "prepare-engine"
    /// Restart the engine after background, interruption or reset.
    case restartEngine = "restart-engine"
    /// Create and prepare the ticker generator for a gesture.
    case prepareTicker = "prepare-ticker"
    /// Release the ticker generator at the end of a gesture.
    case releaseTicker = "release-ticker"
    /// Stop the running loop.
    case stopLoop = "stop-loop"
    /// Cut the one-shot pattern `feedback` names, still playing: a play of a higher
    /// `priority:` interrupts it (an `also` stop entry).
    case interrupt
}
