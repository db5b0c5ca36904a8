import HapticPolicy

/// An output that records every call instead of playing, for tests on any platform:
/// assert the exact call sequence, make chosen calls throw, and fire the engine's
/// stopped and reset handlers by hand.
@MainActor
public final class RecordingOutput: HapticOutput {
    /// A call that can be made to throw.
    public enum Failing: Sendable, Hashable {
        /// `prepareEngine()`.
        case prepareEngine
        /// `startEngine()`.
        case startEngine
        /// `playPattern(_:pattern:)`.
        case playPattern
        /// `startLoop(_:pattern:)`.
        case startLoop
    }

    /// The error a failing call throws.
    public struct InjectedFailure: Error, Sendable, Equatable {
        /// The call that threw.
        public var call: Failing
    }

    /// Every call, in order, as text: `startEngine`, `preset impact.rigid 0.7`,
    /// `pattern pulse`, `loop click every 0.5`, `tick`; a call that threw ends in ` threw`;
    /// a fired handler reads `notice reset`.
    public private(set) var calls: [String] = []
    /// The plans of played patterns and loops, in order.
    public private(set) var plans: [PatternPlan] = []
    /// Calls that throw until removed.
    public var failing: Set<Failing> = []
    /// Ticker generators created so far (one per gesture).
    public private(set) var tickersCreated = 0
    /// Set by the player.
    public var onEngineNotice: (@MainActor (EngineNotice) -> Void)?

    /// Creates an empty recorder.
    public init() {}

    /// Forgets the calls recorded so far.
    public func clear() {
        calls.removeAll()
        plans.removeAll()
    }

    /// Fires the engine's stopped or reset handler, as Core Haptics would.
    public func fire(_ notice: EngineNotice) {
        switch notice {
        case .stopped(let reason): calls.append("notice stopped \(reason)")
        case .reset: calls.append("notice reset")
        }
        onEngineNotice?(notice)
    }

    private func record(_ call: String, failing kind: Failing? = nil) throws {
        if let kind, failing.contains(kind) {
            calls.append(call + " threw")
            throw InjectedFailure(call: kind)
        }
        calls.append(call)
    }

    /// Records `prepareEngine`.
    public func prepareEngine() throws { try record("prepareEngine", failing: .prepareEngine) }
    /// Records `startEngine`.
    public func startEngine() throws { try record("startEngine", failing: .startEngine) }
    /// Records `stopEngine`.
    public func stopEngine() { calls.append("stopEngine") }

    /// Records `preset <id>` or `preset <id> <intensity>`.
    public func playPreset(_ preset: Preset, intensity: Double?) {
        calls.append("preset \(preset.rawValue)" + (intensity.map { " " + numberText($0) } ?? ""))
    }

    /// Records `pattern <name>`.
    public func playPattern(_ name: String, pattern: PatternPlan) throws {
        try record("pattern \(name)", failing: .playPattern)
        plans.append(pattern)
    }

    /// Records `loop <name> every <seconds>`.
    public func startLoop(_ name: String, pattern: PatternPlan) throws {
        try record("loop \(name) every \(numberText(pattern.loop ?? 0))", failing: .startLoop)
        plans.append(pattern)
    }

    /// Records `stopLoop <name>`.
    public func stopLoop(_ name: String) { calls.append("stopLoop \(name)") }

    /// Records `stopPattern <name>`.
    public func stopPattern(_ name: String) { calls.append("stopPattern \(name)") }

    /// Records `makeTicker`.
    public func makeTicker() {
        tickersCreated += 1
        calls.append("makeTicker")
    }

    /// Records `prepareTicker`.
    public func prepareTicker() { calls.append("prepareTicker") }
    /// Records `tick`.
    public func tick() { calls.append("tick") }
    /// Records `releaseTicker`.
    public func releaseTicker() { calls.append("releaseTicker") }
}
