import HapticPolicy

/// What the engine reports on its own, outside any call: the output forwards Core
/// Haptics' `stoppedHandler` and `resetHandler` to the player through this.
public enum EngineNotice: Sendable, Hashable {
    /// The engine stopped for an external cause (an interruption, the app suspended, an
    /// idle timeout, a system error); its loops ended with it.
    case stopped(EngineStopReason)
    /// The haptic server reset: the engine and every pattern player are gone.
    case reset
}

/// The device side of the player: the handful of calls `HapticPlayer` makes. The Core
/// Haptics / UIKit implementation is `CoreHapticsOutput`; tests use `RecordingOutput`.
///
/// Engine and pattern calls throw what Core Haptics throws; the player falls back to the
/// feedback's preset, then to silence. Preset and ticker calls cannot fail.
@MainActor
public protocol HapticOutput: AnyObject {
    /// Called by the output when the engine stops or resets on its own. The player sets it.
    var onEngineNotice: (@MainActor (EngineNotice) -> Void)? { get set }

    /// Creates the engine (haptics only, handlers wired) if there is none yet.
    func prepareEngine() throws
    /// Starts (or restarts) the engine, creating it first if needed.
    func startEngine() throws
    /// Stops the engine; loops end with it.
    func stopEngine()

    /// Plays a system preset, with an intensity 0-1 for impacts.
    func playPreset(_ preset: Preset, intensity: Double?)
    /// Plays the custom pattern of the feedback `name` once.
    func playPattern(_ name: String, pattern: PatternPlan) throws
    /// Starts a pattern looping every `pattern.loop` seconds under `name` (advanced
    /// player with `loopEnabled`, never a timer); replaces a loop of the same name.
    func startLoop(_ name: String, pattern: PatternPlan) throws
    /// Stops the loop called `name`, if it runs.
    func stopLoop(_ name: String)
    /// Cuts the one-shot pattern of the feedback `name` if it still plays (a play of a
    /// higher `priority:` interrupts it: the `interrupt` directive).
    func stopPattern(_ name: String)

    /// Creates the gesture's ticker generator: one per gesture, never one per tick.
    func makeTicker()
    /// Prepares the ticker generator again (after each tick).
    func prepareTicker()
    /// Ticks the ticker generator.
    func tick()
    /// Releases the ticker generator at the end of the gesture.
    func releaseTicker()
}
