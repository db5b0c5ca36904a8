// The built-in state events (`screen.enter`, `app.state`, `low-power`,
// `supports-haptics`, `haptics.enabled`) and the haptic engine they drive.

extension Session {
    /// The built-in state events, in id order (their ids come first in every policy).
    static let stateEvents = StateEvent.allCases
    /// `builtin:<state event>` rules, made once, by state event id.
    private static let stateRules = StateEvent.allCases.map {
        Decision.Rule(id: "builtin:" + $0.rawValue, location: .unknown, stateEvent: $0)
    }

    /// Starts warming the engine; returns whether a `prepare-engine` directive is due
    /// (not in background: the restart on foreground covers it).
    mutating func startEngine(at t: Double) -> Bool {
        engineEverStarted = true
        guard isForeground else { return false }
        switch engine {
        case .ready, .warming: break
        case .cold, .stopped: engine = policy.warmup > 0 ? .warming(until: t + policy.warmup) : .ready
        }
        return true
    }

    /// Decides built-in state event `e` (silent, reason `state`; `bad-state` when its
    /// value is not what it needs).
    mutating func decideState(_ e: Int, _ event: Event) -> Decision {
        let state = Self.stateEvents[e]
        var decision = Decision(action: .silent, reason: .state, rule: Self.stateRules[e])
        switch state {
        case .screenEnter:
            var target = event.screen
            var unknownName = event.unknownScreenName
            if target == nil, case .string(let name)? = event.value {
                target = policy.screenID(name) ?? .unknown
                unknownName = target == .unknown ? name : nil
            }
            guard let target else {
                decision.reason = .badState
                decision.note = "screen.enter needs the screen in 'screen' or 'value'"
                decision.screen = currentScreenName(event)
                return decision
            }
            if ticker.close() { decision.directives.insert(.releaseTicker) }
            screen = target
            unknownScreenName = unknownName
            decision.screen = currentScreenName(Event(t: event.t, event: event.event))
            if target != .unknown {
                decision.rule = policy.screenRules[target.rawValue]
                if policy.screenEnter[target.rawValue].contains(.prepareEngine), startEngine(at: event.t) {
                    decision.directives.insert(.prepareEngine)
                }
                // `enter: [stop-loop]`: a screen that ends what loops (a run's summary).
                if policy.screenEnter[target.rawValue].contains(.stopLoop), loops.stop(nil) {
                    decision.directives.insert(.stopLoop)
                }
            } else {
                decision.reason = .unknownScreen
            }
        case .appState:
            decision.screen = currentScreenName(event)
            guard case .string(let value)? = event.value, value == "foreground" || value == "background" else {
                decision.reason = .badState
                decision.note = "app.state needs \"foreground\" or \"background\" in 'value'"
                return decision
            }
            if value == "background", isForeground {
                isForeground = false
                if engine != .cold { engine = .stopped }
                if loops.stop(nil) { decision.directives.insert(.stopLoop) }
                playing.removeAll()  // the engine stopped, and the patterns with it
                if ticker.close() { decision.directives.insert(.releaseTicker) }
            } else if value == "foreground", !isForeground {
                isForeground = true
                if engineEverStarted {
                    engine = policy.warmup > 0 ? .warming(until: event.t + policy.warmup) : .ready
                    decision.directives.insert(.restartEngine)
                }
            }
        case .lowPower, .supportsHaptics, .hapticsEnabled:
            decision.screen = currentScreenName(event)
            guard case .bool(let on)? = event.value else {
                decision.reason = .badState
                decision.note = "\(state.rawValue) needs true or false in 'value'"
                return decision
            }
            switch state {
            case .lowPower: device.lowPower = on
            case .supportsHaptics: device.supportsHaptics = on
            default: device.hapticsEnabled = on
            }
        }
        return decision
    }
}
