// Carrying out a matching row: its ticker step, its directives, then its action (a
// play, a loop, a stop, a band step, a silent reason) or its several actions.

extension Session {
    /// Carries out a matching row into `decision` (built by the caller, so the decision is
    /// written in place rather than copied out).
    mutating func apply(
        _ row: CompiledRow, to event: Event, event e: Int, screen s: Int, into decision: inout Decision
    ) {
        var tickOutside = false
        if let step = row.ticker {
            switch ticker.step(step) {
            case .directive(let directive): decision.directives.insert(DirectiveSet(directive))
            case .tickOutside: tickOutside = true
            case .endWithoutGesture: decision.note = TickerGesture.endWithoutGestureNote
            }
        }
        if row.directives.contains(.prepareEngine), startEngine(at: event.t) {
            decision.directives.insert(.prepareEngine)
        }
        // The action that a tick outside a gesture marks: a row's play (or, for a row
        // with one action, its loop).
        let marksTick: Bool
        if let several = row.several {
            applySeveral(row, several, to: event, event: e, screen: s, into: &decision)
            marksTick = if case .play = row.action { true } else { false }
        } else {
            switch row.action {
            case .none:
                decision.reason = .directiveOnly
            case .silent(let text):
                decision.reason = .designer
                decision.note = text
            case .stop(let target):
                stop(target, into: &decision)
            case .play(let f), .loop(let f):
                play(f, event: event, eventIndex: e, screen: s, rule: row.keepSlot, into: &decision)
            case .band(let b, let slot):
                applyBand(row, b, slot: slot, to: event, event: e, screen: s, into: &decision)
            }
            marksTick =
                switch row.action {
                case .play, .loop: true
                default: false
                }
        }
        if tickOutside, marksTick, decision.action == .play, decision.reason == nil {
            decision.reason = .tickOutsideGesture
            decision.note = TickerGesture.tickOutsideNote
        }
    }

    /// Carries out a band row: the sample's step in its signal (`BandTracker.step`), then
    /// the entered level's play or silent reason when the level moved.
    private mutating func applyBand(
        _ row: CompiledRow, _ b: Int, slot: Int, to event: Event, event e: Int, screen s: Int,
        into decision: inout Decision
    ) {
        let band = policy.bands[b]
        guard case .number(let value)? = event.value else {
            decision.reason = .badValue
            decision.note = "band '\(band.name)' needs a number in 'value'"
            return
        }
        let step = bands.step(
            band, slot: slot, subject: event.subject, value: value, at: event.t, edges: parameters.bandEdges)
        switch step {
        case .implausible(let previous):
            if let previous {
                let level = band.levels[previous].name
                decision.band = Decision.BandTransition(band: band.name, from: level, to: level)
            }
            decision.reason = .implausible
            decision.noteSource = .implausible(band: band, value: value)
        case .baseline(let level):
            decision.band = Decision.BandTransition(band: band.name, from: nil, to: band.levels[level].name)
            decision.reason = .baseline
        case .same(let level):
            let name = band.levels[level].name
            decision.band = Decision.BandTransition(band: band.name, from: name, to: name)
            decision.reason = .sameBand
        case .dwelling(let level, let pending, let held):
            let from = band.levels[level].name
            decision.band = Decision.BandTransition(band: band.name, from: from, to: from)
            decision.reason = .dwelling
            decision.noteSource = .dwelling(band: band, pending: pending, held: held)
        case .receding(let level, let behind):
            let name = band.levels[level].name
            decision.band = Decision.BandTransition(band: band.name, from: name, to: name)
            decision.reason = .receding
            decision.noteSource = .receding(band: band, level: level, behind: behind)
        case .moved(let previous, let level):
            decision.band = Decision.BandTransition(
                band: band.name, from: band.levels[previous].name, to: band.levels[level].name)
            let entered = band.levels[level]
            if let f = level > previous ? entered.play : entered.downPlay {
                decision.rule = row.levelRules[level]
                if let arguments = row.bandArguments?[level], !arguments.isEmpty {
                    play(
                        f, with: arguments, event: event, eventIndex: e, screen: s, rule: row.keepSlot + 1 + level,
                        into: &decision)
                } else {
                    play(f, event: event, eventIndex: e, screen: s, rule: row.keepSlot + 1 + level, into: &decision)
                }
            } else {
                decision.reason = .designer
                decision.note = level > previous ? entered.silent : entered.downSilent
            }
        }
    }

    /// Carries out a row with several actions or `with:` arguments: its stops, then its
    /// action, then its loop, each decided on its own; the others go in `decision.also`.
    private mutating func applySeveral(
        _ row: CompiledRow, _ several: CompiledRow.Several, to event: Event, event e: Int, screen s: Int,
        into decision: inout Decision
    ) {
        // The session's list of steps, reused: a decision shares it until the session
        // next carries out a row with several actions (then, if the app still holds that
        // decision, this copies it once).
        var also = steps
        steps = []
        also.removeAll(keepingCapacity: true)
        defer { steps = also }
        for case .stop(let target) in several.also {
            var step = Decision(action: .silent, screen: decision.screen, rule: row.rule)
            stop(target, into: &step)
            // `stop: all` beside a play or a loop stops whatever is running; when nothing
            // is, it did nothing, and a `not-running` step would only say so on every
            // decision of the row. A named stop keeps its `not-running`: that loop was
            // expected to run.
            if target == nil, step.reason == .notRunning { continue }
            also.append(step)
        }
        switch row.action {
        case .play(let f):
            play(f, onLoop: false, several, event: event, eventIndex: e, screen: s, rule: row.keepSlot, into: &decision)
        case .loop(let f):
            play(f, onLoop: true, several, event: event, eventIndex: e, screen: s, rule: row.keepSlot, into: &decision)
        case .stop(let target):
            stop(target, into: &decision)
        case .none, .silent, .band:
            break
        }
        for action in several.also {
            switch action {
            case .play(let f), .loop(let f):
                var step = Decision(action: .silent, screen: decision.screen, rule: row.rule)
                let onLoop = if case .loop = action { true } else { false }
                play(
                    f, onLoop: onLoop, several, event: event, eventIndex: e, screen: s, rule: row.keepSlot, into: &step)
                also.append(step)
            case .stop, .none, .silent, .band:
                break
            }
        }
        if !also.isEmpty { decision.also = also }
    }

    /// Plays `f` for a row with `with:` arguments: they go to the loop (or, without one,
    /// to the play) on top of the event's own `params`; `value` is the event's number.
    private mutating func play(
        _ f: Int, onLoop: Bool, _ several: CompiledRow.Several, event: Event, eventIndex e: Int, screen s: Int,
        rule: Int, into decision: inout Decision
    ) {
        guard onLoop == several.argumentsOnLoop, !several.arguments.isEmpty else {
            play(f, event: event, eventIndex: e, screen: s, rule: rule, into: &decision)
            return
        }
        play(f, with: several.arguments, event: event, eventIndex: e, screen: s, rule: rule, into: &decision)
    }

    /// Plays `f` with `with:` arguments (a row's, or a band level's and its row's) on top
    /// of the event's own `params`; `value` is the event's number. The arguments are bound
    /// as they are (`Session.bind`), not copied into a new params list.
    private mutating func play(
        _ f: Int, with arguments: [PolicyContent.Row.Argument], event: Event, eventIndex e: Int, screen s: Int,
        rule: Int, into decision: inout Decision
    ) {
        play(f, event: event, arguments: arguments, eventIndex: e, screen: s, rule: rule, into: &decision)
        guard decision.reason == .badParams else { return }
        var missing: String?
        if case .number? = event.value {
        } else {
            missing = arguments.first { $0.number == nil }?.name
        }
        if let missing, decision.note?.hasPrefix("parameter '\(missing)' must be a number") == true {
            let found = event.value.map { "it is \($0)" } ?? "it has none"
            decision.note =
                "'with: {\(missing): value}' gives '\(missing)' the event's value, which must be a number (\(found)); "
                + "send the number in 'value'"
        }
    }

    /// Stops the loops of `target` (all when nil): `stop` with `stop-loop`, or silent
    /// `not-running` when none was playing.
    private mutating func stop(_ target: Int?, into decision: inout Decision) {
        if let target { decision.plan = policy.feedback[target] }
        if loops.stop(target) {
            decision.action = .stop
            decision.directives.insert(.stopLoop)
        } else {
            decision.reason = .notRunning
        }
    }
}
