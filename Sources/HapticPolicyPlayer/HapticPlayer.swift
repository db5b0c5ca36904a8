import HapticPolicy

/// Turns decisions into output calls with the lifecycle done right, on any platform:
///
/// - `prepare-engine` warms the engine (created haptics-only once, then started) when a
///   screen opens, so the first custom pattern is not late; `restart-engine` (foreground)
///   starts it again. After the engine's reset handler it is started at once. After its
///   stopped handler it is started again when `EngineStopReason.restart` says: at once
///   (a system error), when next needed (an interruption, an idle timeout: before the next
///   pattern, or at the next decision when a loop waits) or on foreground (the app was
///   suspended). Loops that ended with the engine resume once it runs again, unless the
///   app is in background or the loop was stopped (or replaced) meanwhile.
/// - One ticker generator per gesture: made and prepared on `ticker: begin`, ticked and
///   prepared again on each tick, released on `ticker: end` (or when the app leaves).
/// - Loops play with the advanced player (`startLoop`), never a timer; a new tempo stops
///   the old loop and starts the new one.
/// - When the engine or a pattern throws, the feedback's fallback preset plays instead;
///   without one, nothing plays. The player never crashes and never throws.
@MainActor
public final class HapticPlayer {
    /// Where calls go.
    public let output: any HapticOutput
    /// Runs `body` after `seconds` (for fallback sequences only; loops never use it).
    public var schedule: @MainActor (_ seconds: Double, _ body: @escaping @MainActor () -> Void) -> Void
    /// Told, in lowercase words, about every failure the player absorbed and what it did.
    public var onIncident: (@MainActor (String) -> Void)?

    private var engineCreated = false
    private var engineRunning = false
    private var tickerLive = false
    /// Whether the app is in background, as far as the decisions and notices tell.
    private var inBackground = false
    /// Loops started and not stopped, by feedback name.
    private var loops: [(name: String, plan: HapticPatternPlan)] = []
    /// Loops that ended with the engine (stopped or reset) and resume once it runs again.
    private var pausedLoops: [(name: String, plan: HapticPatternPlan)] = []
    private var plans: [String: HapticPatternPlan] = [:]
    private var plansHash = ""

    /// Creates a player driving `output`; fallback sequences are timed with `schedule`
    /// (by default a main-actor task that sleeps).
    public init(
        output: any HapticOutput,
        schedule: @escaping @MainActor (_ seconds: Double, _ body: @escaping @MainActor () -> Void) -> Void
            = HapticPlayer.sleepThenRun
    ) {
        self.output = output
        self.schedule = schedule
        output.onEngineNotice = { [weak self] notice in self?.engineNotice(notice) }
    }

    /// Carries out one decision made with `policy`. `parameters` are the event's template
    /// parameters (`bpm`), used to instantiate the pattern.
    public func handle(_ decision: Decision, from policy: LoadedPolicy, parameters: [String: Double] = [:]) {
        let directives = decision.directives
        noteAppState(decision)
        if directives.contains(.stopLoop) {
            if decision.action == .stop, let name = decision.feedback { stopLoop(name) } else { stopAllLoops() }
        }
        if directives.contains(.releaseTicker), tickerLive {
            tickerLive = false
            output.releaseTicker()
        }
        if directives.contains(.prepareEngine) { _ = ensureEngine(reason: "prepare-engine") }
        if directives.contains(.restartEngine) { restartEngine() }

        var ticked = false
        if directives.contains(.prepareTicker) {
            if !tickerLive {
                tickerLive = true
                output.makeTicker()
                output.prepareTicker()
            } else if decision.action == .play, decision.render == .preset(.selection) {
                output.tick()
                output.prepareTicker()
                ticked = true
            }
        }
        if decision.action == .play, !ticked, let render = decision.render {
            play(render, decision: decision, policy: policy, parameters: parameters)
        }
        resumePausedLoops()
    }

    /// Carries out a decision served by a `PolicyStore`.
    public func handle(_ decided: PolicyStore.Decided) {
        handle(decided.decision, from: decided.policy, parameters: decided.parameters)
    }

    /// The default `schedule`: a main-actor task that sleeps, then runs `body`.
    public static func sleepThenRun(_ seconds: Double, _ body: @escaping @MainActor () -> Void) {
        Task { @MainActor in
            try? await Task.sleep(nanoseconds: UInt64(max(0, seconds) * 1_000_000_000))
            body()
        }
    }

    /// The numeric template parameters of an event, by name.
    public static func parameters(of event: Event) -> [String: Double] {
        var values: [String: Double] = [:]
        for parameter in event.params {
            if case .number(let number)? = parameter.value { values[parameter.name] = number }
        }
        return values
    }

    // MARK: Playing

    private func play(_ render: Render, decision: Decision, policy: LoadedPolicy, parameters: [String: Double]) {
        switch render {
        case .preset(let preset):
            output.playPreset(preset, intensity: presetIntensity(decision, policy: policy))
        case .sequence(let name):
            playSequence(of: name, policy: policy, parameters: parameters)
        case .pattern(let name):
            let plan: HapticPatternPlan
            do {
                plan = try self.plan(name, policy: policy, parameters: parameters)
            } catch {
                incident("pattern '\(name)' cannot be instantiated (\(error))")
                fallBack(from: name, policy: policy, parameters: parameters)
                return
            }
            guard ensureEngine(reason: "pattern '\(name)'") else {
                fallBack(from: name, policy: policy, parameters: parameters)
                return
            }
            do {
                if plan.loop != nil {
                    stopLoop(name)
                    try output.startLoop(name, pattern: plan)
                    loops.append((name, plan))
                } else {
                    try output.playPattern(name, pattern: plan)
                }
            } catch {
                incident("pattern '\(name)' threw (\(error))")
                fallBack(from: name, policy: policy, parameters: parameters)
            }
        }
    }

    /// The feedback's declared fallback: a preset, a timed sequence, or silence.
    private func fallBack(from name: String, policy: LoadedPolicy, parameters: [String: Double]) {
        switch policy.feedback(named: name)?.fallback {
        case .target(let target)?:
            if let (preset, intensity) = Self.preset(named: target.value, policy: policy) {
                incident("played the fallback \(preset.rawValue) instead of '\(name)'")
                output.playPreset(preset, intensity: intensity)
            } else {
                incident("fallback '\(target.value)' of '\(name)' is not a preset; stayed silent")
            }
        case .sequence?:
            incident("played the fallback sequence instead of '\(name)'")
            playSequence(of: name, policy: policy, parameters: parameters)
        case .none?, nil:
            incident("'\(name)' has no fallback; stayed silent")
        }
    }

    private func playSequence(of name: String, policy: LoadedPolicy, parameters: [String: Double]) {
        guard let feedback = policy.feedback(named: name), case .sequence(let steps, _)? = feedback.fallback else {
            incident("'\(name)' has no fallback sequence; stayed silent")
            return
        }
        var values = parameters
        if case .pattern(let pattern) = feedback.body {
            for parameter in pattern.parameters where values[parameter.name.value] == nil {
                values[parameter.name.value] = parameter.defaultValue.value
            }
        }
        for step in steps {
            guard let at = try? step.at.value.evaluate(values), at.isFinite,
                let (preset, intensity) = Self.preset(named: step.target.value, policy: policy)
            else {
                incident("a step of the fallback sequence of '\(name)' cannot play; skipped it")
                continue
            }
            let output = self.output
            if at <= 0 {
                output.playPreset(preset, intensity: intensity)
            } else {
                schedule(at) { output.playPreset(preset, intensity: intensity) }
            }
        }
    }

    /// The intensity of a preset render: the preset feedback's own `intensity:`, or for a
    /// fallback, the intensity of the preset feedback the fallback names (`snap`).
    private func presetIntensity(_ decision: Decision, policy: LoadedPolicy) -> Double? {
        guard let name = decision.feedback, let feedback = policy.feedback(named: name) else { return nil }
        if decision.fallback {
            guard case .target(let target)? = feedback.fallback else { return nil }
            return Self.preset(named: target.value, policy: policy)?.intensity
        }
        if case .preset(_, let intensity) = feedback.body { return intensity?.value }
        return nil
    }

    /// A preset id or a preset feedback's name, with the feedback's intensity.
    private static func preset(named name: String, policy: LoadedPolicy) -> (preset: Preset, intensity: Double?)? {
        if let preset = Preset(rawValue: name) { return (preset, nil) }
        if case .preset(let preset, let intensity)? = policy.feedback(named: name)?.body {
            return (preset.value, intensity?.value)
        }
        return nil
    }

    private func plan(_ name: String, policy: LoadedPolicy, parameters: [String: Double]) throws -> HapticPatternPlan {
        if plansHash != policy.hash {
            plans.removeAll()
            plansHash = policy.hash
        }
        let key = name + parameters.sorted { $0.key < $1.key }.map { "|\($0.key)=\($0.value)" }.joined()
        if let plan = plans[key] { return plan }
        guard case .pattern(let pattern)? = policy.feedback(named: name)?.body else {
            throw PlayerError.notAPattern(name)
        }
        let plan = HapticPatternPlan(try pattern.resolve(parameters))
        // Parameters vary (every tempo is a new plan): keep the cache small.
        if plans.count >= 64 { plans.removeAll() }
        plans[key] = plan
        return plan
    }

    /// Why a pattern could not be planned.
    enum PlayerError: Error, CustomStringConvertible {
        case notAPattern(String)

        var description: String {
            switch self {
            case .notAPattern(let name): "'\(name)' is not a pattern feedback of this policy"
            }
        }
    }

    // MARK: Engine

    /// Creates and starts the engine unless it runs; false when it cannot.
    private func ensureEngine(reason: String) -> Bool {
        if engineRunning { return true }
        do {
            if !engineCreated {
                try output.prepareEngine()
                engineCreated = true
            }
            try output.startEngine()
            engineRunning = true
            return true
        } catch {
            incident("the engine did not start for \(reason) (\(error))")
            return false
        }
    }

    private func restartEngine() {
        engineRunning = false
        _ = ensureEngine(reason: "restart-engine")
    }

    private func engineNotice(_ notice: EngineNotice) {
        // Whatever happened, the engine's pattern players are gone: the loops pause.
        engineRunning = false
        pausedLoops += loops
        loops.removeAll()
        switch notice {
        case .stopped(let reason):
            if reason.needsNewEngine { engineCreated = false }
            switch reason.restart {
            case .atOnce:
                restartNow(after: "the engine stopped (\(reason))")
            case .whenNeeded:
                break  // the next pattern starts it; the next decision resumes the loops
            case .onForeground:
                inBackground = true
            }
        case .reset:
            restartNow(after: "the engine reset")
        }
    }

    /// Starts the engine at once (in foreground) and resumes the paused loops.
    private func restartNow(after cause: String) {
        guard !inBackground else { return }
        if ensureEngine(reason: cause) { resumePausedLoops() } else { dropPausedLoops() }
    }

    /// Follows the app's state from what the decisions show: only a foreground session
    /// plays or warms the engine, and only a background one silences for `background` or
    /// stops loops and the ticker on `app.state`.
    private func noteAppState(_ decision: Decision) {
        if decision.action == .play || !decision.directives.isDisjoint(with: [.prepareEngine, .restartEngine]) {
            inBackground = false
        } else if decision.reason == .background
            || (decision.rule?.id == Self.appStateRule && !decision.directives.isDisjoint(with: [.stopLoop, .releaseTicker]))
        {
            inBackground = true
        }
    }

    private static let appStateRule = "builtin:" + StateEvent.appState.rawValue

    /// Starts the engine again if needed and restarts the loops that ended with it; a loop
    /// that cannot restart is dropped with an incident (it is not retried on every event).
    private func resumePausedLoops() {
        guard !pausedLoops.isEmpty, !inBackground else { return }
        let resumed = pausedLoops
        pausedLoops.removeAll()
        guard ensureEngine(reason: "resuming loops") else {
            pausedLoops = resumed
            dropPausedLoops()
            return
        }
        for (name, plan) in resumed {
            do {
                try output.startLoop(name, pattern: plan)
                loops.append((name, plan))
            } catch {
                incident("loop '\(name)' did not resume (\(error))")
            }
        }
    }

    // MARK: Loops

    private func dropPausedLoops() {
        for (name, _) in pausedLoops { incident("loop '\(name)' did not resume; the engine did not start") }
        pausedLoops.removeAll()
    }

    /// Stops a running loop; a paused one (it ended with the engine) is only forgotten.
    private func stopLoop(_ name: String) {
        pausedLoops.removeAll { $0.name == name }
        guard loops.contains(where: { $0.name == name }) else { return }
        loops.removeAll { $0.name == name }
        output.stopLoop(name)
    }

    private func stopAllLoops() {
        for (name, _) in loops { output.stopLoop(name) }
        loops.removeAll()
        pausedLoops.removeAll()
    }

    private func incident(_ text: String) {
        onIncident?(text)
    }
}
