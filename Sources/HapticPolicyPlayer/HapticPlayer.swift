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
    private var loops: [(name: String, plan: PatternPlan)] = []
    /// Loops that ended with the engine (stopped or reset) and resume once it runs again.
    private var pausedLoops: [(name: String, plan: PatternPlan)] = []
    private var plans: [PlanKey: (feedback: FeedbackPlan, plan: PatternPlan)] = [:]

    /// Creates a player driving `output`; fallback sequences are timed with `schedule`
    /// (by default a main-actor task that sleeps).
    public init(
        output: any HapticOutput,
        schedule: @escaping @MainActor (_ seconds: Double, _ body: @escaping @MainActor () -> Void) -> Void =
            HapticPlayer.sleepThenRun
    ) {
        self.output = output
        self.schedule = schedule
        output.onEngineNotice = { [weak self] notice in self?.engineNotice(notice) }
    }

    /// Carries out one decision. Everything it plays comes from the decision: the plan it
    /// points at (`Decision.plan`), what renders (`render`) and the template parameters
    /// (`parameters`); a looping pattern loops every `loopPeriod` seconds. A row that did
    /// several things is carried out in its execution order (`Decision.steps`): its stops,
    /// then its play, then its loop.
    public func handle(_ decision: Decision) {
        guard !decision.also.isEmpty else {
            carryOut(decision)
            return
        }
        for step in decision.steps { carryOut(step) }
    }

    /// Carries out one action of a decision (the decision itself, or one of its `also`).
    private func carryOut(_ decision: Decision) {
        let directives = decision.directives
        noteAppState(decision)
        if directives.contains(.stopLoop) {
            if decision.action == .stop, let name = decision.feedback { stopLoop(name) } else { stopAllLoops() }
        }
        if directives.contains(.interrupt), decision.action == .stop, let name = decision.feedback {
            output.stopPattern(name)
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
            if let plan = decision.plan {
                play(render, of: plan, parameters: plan.bindings(decision.parameters), loopPeriod: decision.loopPeriod)
            } else if case .preset(let preset) = render {
                output.playPreset(preset, intensity: nil)
            } else {
                incident("a decision to play \(render) carries no feedback plan; stayed silent")
            }
        }
        resumePausedLoops()
    }

    /// Carries out a decision served by a `PolicyStore`.
    public func handle(_ decided: PolicyStore.Decided) {
        handle(decided.decision)
    }

    /// The default `schedule`: a main-actor task that sleeps, then runs `body`.
    public static func sleepThenRun(_ seconds: Double, _ body: @escaping @MainActor () -> Void) {
        Task { @MainActor in
            try? await Task.sleep(nanoseconds: UInt64(max(0, seconds) * 1_000_000_000))
            body()
        }
    }

    // MARK: Playing

    /// Plays what the decision renders. A looping pattern loops every `loopPeriod` seconds,
    /// the period the policy decided (`Decision.loopPeriod`).
    private func play(_ render: Render, of feedback: FeedbackPlan, parameters: [String: Double], loopPeriod: Double?) {
        switch render {
        case .preset, .sequence:
            perform(feedback.rendering(render, parameters: parameters), of: feedback)
        case .pattern(let name):
            var plan: PatternPlan
            do {
                plan = try self.plan(feedback, parameters: parameters)
                if plan.loop != nil, let loopPeriod { plan.loop = loopPeriod }
            } catch {
                incident("pattern '\(name)' cannot be instantiated (\(error))")
                fallBack(from: feedback, parameters: parameters)
                return
            }
            guard ensureEngine(reason: "pattern '\(name)'") else {
                fallBack(from: feedback, parameters: parameters)
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
                fallBack(from: feedback, parameters: parameters)
            }
        }
    }

    /// Plays what the plan resolved to: a preset, or timed presets (a fallback sequence).
    private func perform(_ rendering: Rendering, of feedback: FeedbackPlan) {
        switch rendering {
        case .preset(let preset, let intensity):
            output.playPreset(preset, intensity: intensity)
        case .sequence(let steps):
            let output = self.output
            for step in steps {
                if step.at <= 0 {
                    output.playPreset(step.preset, intensity: step.intensity)
                } else {
                    schedule(step.at) { output.playPreset(step.preset, intensity: step.intensity) }
                }
            }
        case .pattern:
            incident("'\(feedback.name)' fell back to a pattern; stayed silent")
        case .silence(let why):
            incident(why + "; stayed silent")
        }
    }

    /// The feedback's declared fallback at play time (the engine or the pattern failed):
    /// a preset, a timed sequence, or silence.
    private func fallBack(from feedback: FeedbackPlan, parameters: [String: Double]) {
        let rendering = feedback.fallbackRendering(parameters: parameters)
        switch rendering {
        case .preset(let preset, _): incident("played the fallback \(preset.rawValue) instead of '\(feedback.name)'")
        case .sequence: incident("played the fallback sequence instead of '\(feedback.name)'")
        case .pattern, .silence: break
        }
        perform(rendering, of: feedback)
    }

    private func plan(_ feedback: FeedbackPlan, parameters: [String: Double]) throws -> PatternPlan {
        let key = PlanKey(feedback: ObjectIdentifier(feedback), parameters: parameters)
        if let cached = plans[key], cached.feedback === feedback { return cached.plan }
        guard let template = feedback.pattern else { throw PlayerError.notAPattern(feedback.name) }
        let plan = PatternPlan(try template.resolve(parameters))
        // Parameters vary (every tempo is a new plan): keep the cache small.
        if plans.count >= 64 { plans.removeAll() }
        plans[key] = (feedback, plan)
        return plan
    }

    /// A cached plan: the feedback it belongs to (kept, so its identifier is not reused)
    /// and the parameters it was resolved with.
    private struct PlanKey: Hashable {
        var feedback: ObjectIdentifier
        var parameters: [String: Double]
    }

    /// Why a pattern could not be planned.
    enum PlayerError: Error, CustomStringConvertible {
        case notAPattern(String)

        var description: String {
            switch self {
            case .notAPattern(let name): "'\(name)' is not a pattern feedback"
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
            || (decision.rule?.stateEvent == .appState
                && !decision.directives.isDisjoint(with: [.stopLoop, .releaseTicker]))
        {
            inBackground = true
        }
    }

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
