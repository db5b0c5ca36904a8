/// The checks a play goes through, in this order (`allCases`): the first that refuses
/// decides the play silent with its reason (or, for `deviceFallback`, makes it a
/// fallback). This order is the semantics a port copies; Docs/decision-order.md lists
/// it and a test checks the two agree.
package enum PlayGate: String, CaseIterable, Sendable {
    /// The app is in background and `background:` does not keep the play: `background`.
    case background
    /// The user turned haptics off (`device.hapticsEnabled`): `haptics-disabled`.
    case hapticsSetting = "haptics-setting"
    /// The current user level does not keep the play: `user-level`, citing the level.
    case userLevel = "user-level"
    /// Speech feedback for an event that does not speak: `no-speech`, citing the invariant.
    case speech
    /// The event's `params` do not fit the template, or the loop period is not usable:
    /// `bad-params`.
    case templateParameters = "template-parameters"
    /// Something still playing has a higher priority (`priority:`): `outranked`, naming
    /// both. Before the fallbacks, so that what yields does not fall back either, and
    /// before the budgets, so that a refused play is not counted as a ring.
    case outranked
    /// A pattern the device or engine cannot play now plays its fallback, with reason
    /// `background` (a play `background:` keeps), `no-core-haptics`, `low-power` or
    /// `engine-cold` (in that order); without a fallback it is silent: `no-fallback`.
    case deviceFallback = "device-fallback"
    /// An enforced budget already holds `max` rings in its window: `over-budget`, citing it.
    case enforcedBudgets = "enforced-budgets"

    /// The reasons this gate gives, the first one for a silent decision.
    package var reasons: [Reason] {
        switch self {
        case .background: [.background]
        case .hapticsSetting: [.hapticsDisabled]
        case .userLevel: [.userLevel]
        case .speech: [.noSpeech]
        case .templateParameters: [.badParams]
        case .outranked: [.outranked]
        case .deviceFallback: [.noFallback, .background, .noCoreHaptics, .lowPower, .engineCold]
        case .enforcedBudgets: [.overBudget]
        }
    }
}

/// What the gates found out about a play on the way: the bound parameters and loop
/// period (`templateParameters`) and the fallback's reason (`deviceFallback`).
struct PlayContext {
    /// Whether `templateParameters` bound the template's parameters, into
    /// `Session.boundValues` (kept there, not here, so that a play of a preset carries no
    /// more than before).
    var bound = false
    var period: Double?
    var fallback: (reason: Reason, render: Render)?
}

extension Session {
    /// Plays feedback `f` for a row; `rule` is its rule slot (`CompiledRow.keepSlot`),
    /// which user levels may keep it by, and `arguments` its `with:` arguments, given on
    /// top of the event's `params`. Runs `PlayGate.allCases` in order; a gate that
    /// refuses has written its reason into `decision`.
    mutating func play(
        _ f: Int, event: Event, arguments: [PolicyContent.Row.Argument] = [], eventIndex e: Int, screen s: Int,
        rule: Int, into decision: inout Decision
    ) {
        let feedback = policy.feedback[f]
        decision.plan = feedback
        var context = PlayContext()
        for gate in PlayGate.allCases {
            guard
                pass(
                    gate, f, feedback, event: event, arguments: arguments, eventIndex: e, screen: s, rule: rule,
                    &context, into: &decision)
            else { return }
        }
        if let table = policy.priorities {
            interrupt(
                f, feedback, at: event.t, asItself: context.fallback == nil,
                values: context.bound ? boundValues : nil, table, screen: decision.screen, rule: decision.rule)
        }
        decision.action = .play
        if let fallback = context.fallback {
            decision.render = fallback.render
            decision.fallback = true
            decision.reason = fallback.reason
            // A fallback sequence is timed with the template's parameters.
            if !feedback.parameters.isEmpty {
                decision.parameters = boundParameters(f, bound: context.bound)
            }
            return
        }
        decision.render = feedback.render
        if !feedback.parameters.isEmpty {
            decision.parameters = boundParameters(f, bound: context.bound)
        }
        decision.loopPeriod = context.period
        if let period = context.period {
            loops.start(
                RunningLoop(
                    feedback: feedback.name, values: context.bound ? boundValues : TemplateValues(feedback.parameters),
                    of: feedback.parameters, period: period, start: event.t, feedbackIndex: f, ruleSlot: rule))
        }
    }

    /// Whether the play of `feedback` passes `gate`; when not, the gate's reason (and
    /// rule and note) is in `decision`.
    @inline(__always)
    private mutating func pass(
        _ gate: PlayGate, _ f: Int, _ feedback: FeedbackPlan, event: Event, arguments: [PolicyContent.Row.Argument],
        eventIndex e: Int, screen s: Int, rule: Int, _ context: inout PlayContext, into decision: inout Decision
    ) -> Bool {
        switch gate {
        case .background:
            // `background:` keeps some plays; a kept pattern meets the stopped engine at
            // `deviceFallback` and plays its fallback.
            guard isForeground || policy.keepsInBackground(f, slot: rule) else {
                decision.reason = .background
                return false
            }
        case .hapticsSetting:
            guard device.hapticsEnabled else {
                decision.reason = .hapticsDisabled
                return false
            }
        case .userLevel:
            guard userLevels.keeps(f, slot: rule, in: policy) else {
                decision.reason = .userLevel
                (decision.rule, decision.noteSource) = userLevels.refusal(of: f, in: policy)
                return false
            }
        case .speech:
            if policy.needsSpeech[f], let speech = policy.speechRule, !policy.speechExempt[e], !event.speaks {
                decision.reason = .noSpeech
                decision.rule = speech
                return false
            }
        case .templateParameters:
            guard
                !event.params.isEmpty || !arguments.isEmpty || feedback.loop != nil || !feedback.parameters.isEmpty
            else { break }
            switch Self.bind(event.params, arguments: arguments, value: event.value, to: feedback, into: &boundValues) {
            case .failure(let problem):
                decision.reason = .badParams
                decision.note = problem.message
                return false
            case .success(let period):
                context.bound = true
                context.period = period
            }
        case .outranked:
            if let table = policy.priorities, let note = outranking(f, at: event.t, table) {
                decision.reason = .outranked
                decision.note = note
                return false
            }
        case .deviceFallback:
            guard feedback.isPattern else { break }
            // In background (a play `background:` keeps) the engine is stopped.
            let problem: Reason? =
                !isForeground
                ? .background
                : !device.supportsHaptics
                    ? .noCoreHaptics
                    : device.lowPower
                        ? .lowPower
                        : engine != .ready
                            ? .engineCold
                            : nil
            guard let problem else { break }
            guard let fallback = feedback.fallbackRender else {
                decision.reason = .noFallback
                decision.note = "'\(feedback.name)' cannot play (\(problem.rawValue)) and has no fallback"
                return false
            }
            context.fallback = (problem, fallback)
        case .enforcedBudgets:
            if !policy.enforcedBudgets.isEmpty,
                !budgets.admit(f, event: e, screen: s, at: event.t, policy: policy, into: &decision)
            {
                return false
            }
        }
        return true
    }
}
