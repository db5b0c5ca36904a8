/// Why the engine stopped: the cases of Core Haptics' `CHHapticEngine.StoppedReason`, one
/// for one, with the same names and raw values, so the player decides per reason without
/// importing Core Haptics. What the player does with each (following Apple's advice for
/// the case) is `restart`.
public enum EngineStopReason: Int, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// The audio session was interrupted (a phone call, another app's audio).
    case audioSessionInterrupt = 1
    /// The system suspended the app in background.
    case applicationSuspended = 2
    /// The engine shut down after its idle timeout (`isAutoShutdownEnabled`).
    case idleTimeout = 3
    /// A finished handler asked the engine to stop.
    case notifyWhenFinished = 4
    /// The engine object was destroyed (a strong reference was lost).
    case engineDestroyed = 5
    /// The game controller the engine belonged to disconnected.
    case gameControllerDisconnect = 6
    /// A system error.
    case systemError = -1
    /// A reason this version does not know (a newer SDK's case).
    case unknown = 0

    /// When the player starts the engine again after a stop for this reason.
    public enum Restart: Sendable, Hashable {
        /// At once, resuming the loops that ran (`systemError`: Apple advises to retry).
        case atOnce
        /// Before the next thing that needs it: the next pattern, or the next decision
        /// when loops wait to resume (interruptions, idle timeout, a finished handler).
        case whenNeeded
        /// Not before the app is back in foreground (`restart-engine`).
        case onForeground
    }

    /// When the player restarts the engine after a stop for this reason.
    public var restart: Restart {
        switch self {
        case .systemError: .atOnce
        case .applicationSuspended: .onForeground
        case .audioSessionInterrupt, .idleTimeout, .notifyWhenFinished, .engineDestroyed,
            .gameControllerDisconnect, .unknown:
            .whenNeeded
        }
    }

    /// Whether the engine object is gone and must be created again before it starts.
    public var needsNewEngine: Bool { self == .engineDestroyed }

    /// The Core Haptics case name (`audioSessionInterrupt`).
    public var description: String {
        switch self {
        case .audioSessionInterrupt: "audioSessionInterrupt"
        case .applicationSuspended: "applicationSuspended"
        case .idleTimeout: "idleTimeout"
        case .notifyWhenFinished: "notifyWhenFinished"
        case .engineDestroyed: "engineDestroyed"
        case .gameControllerDisconnect: "gameControllerDisconnect"
        case .systemError: "systemError"
        case .unknown: "unknown"
        }
    }
}
