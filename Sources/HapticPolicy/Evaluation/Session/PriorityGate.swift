// Priority and interruption (`priority:` on a feedback, Docs/decision-order.md, the
// `outranked` gate): what still plays, what a play yields to and what it cuts.

/// The priorities of a policy's feedback, lowered once; nil in a `Policy` whose feedback
/// all have priority `normal`, so such a policy tracks nothing and decides as before.
package struct PriorityTable: Sendable {
    /// By feedback index, its priority.
    package let priorities: [Priority]
    /// By feedback index, how long a one-shot pattern plays (its latest event end), for a
    /// pattern without template parameters; nil for presets, loops and templates.
    package let lengths: [Double?]

    /// The table the compiler lowered (`PolicyContent.Decide.priorities`), by feedback.
    package init(_ lowered: [PolicyContent.Decide.FeedbackPriority]) {
        priorities = lowered.map { Priority.allCases[$0.rank] }
        lengths = lowered.map(\.length)
    }

    /// The table of `feedback`, or nil when every one has priority `normal`.
    package init?(feedback: [FeedbackPlan]) {
        guard feedback.contains(where: { $0.priority != .normal }) else { return nil }
        priorities = feedback.map(\.priority)
        lengths = feedback.map { plan in
            guard let pattern = plan.pattern, pattern.loop == nil, pattern.parameters.isEmpty else { return nil }
            return Self.length(of: pattern, bindings: [:])
        }
    }

    /// How long `pattern` plays with `bindings`: the latest end (`time + duration`, a
    /// transient ending at its time) of its events; 0 when one cannot be evaluated.
    package static func length(of pattern: PatternTemplate, bindings: [String: Double]) -> Double {
        length(of: pattern) { bindings[$0] }
    }

    /// How long `pattern` plays with the parameter values `value` gives by name.
    static func length(of pattern: PatternTemplate, _ value: (String) -> Double?) -> Double {
        var end = 0.0
        for event in pattern.events {
            guard let time = try? event.time.evaluate(value) else { return 0 }
            var duration = 0.0
            if event.kind != .transient, let expression = event.duration {
                guard let value = try? expression.evaluate(value) else { return 0 }
                duration = value
            }
            let eventEnd = time + duration
            if eventEnd.isFinite, eventEnd > end { end = eventEnd }
        }
        return end
    }

    /// How long feedback `f` plays as itself with the bound template `values`
    /// (`Decision.parameters`; the defaults when nil); 0 for a preset or a loop.
    func length(_ f: Int, _ plan: FeedbackPlan, values: TemplateValues?) -> Double {
        if let length = lengths[f] { return length }
        guard let pattern = plan.pattern, pattern.loop == nil else { return 0 }
        let values = values ?? TemplateValues(plan.parameters)
        return Self.length(of: pattern) { values.value(of: $0, plan.parameters) }
    }
}

/// The one-shot patterns a session believes still play (loops are in `LoopSet`): one entry
/// per feedback at most, so it is bounded by the policy's feedback count.
struct PlayingPatterns: Sendable {
    /// A pattern playing until `end`.
    struct Entry: Sendable {
        /// The feedback index.
        var feedback: Int
        /// Its priority.
        var priority: Priority
        /// When it ends (seconds, the session's clock).
        var end: Double
    }

    /// The patterns, in the order they started.
    private(set) var entries: [Entry] = []

    /// Forgets the patterns that have ended at `t` (a pattern ending at `t` no longer
    /// plays; `SessionClock`: one played at 0.1 for 0.32 s has ended at 0.42).
    mutating func prune(at t: Double) {
        if !entries.isEmpty { entries.removeAll { SessionClock.reached(t, $0.end) } }
    }

    /// Records `entry`, replacing a pattern of the same feedback.
    mutating func record(_ entry: Entry) {
        entries.removeAll { $0.feedback == entry.feedback }
        entries.append(entry)
    }

    /// Forgets the patterns of a priority below `priority`.
    mutating func cut(below priority: Priority) {
        entries.removeAll { $0.priority < priority }
    }

    /// Forgets every pattern (the engine stopped).
    mutating func removeAll() { entries.removeAll() }
}

extension Session {
    /// The `outranked` note when something still playing at `t` has a higher priority
    /// than feedback `f`, or nil. It names the highest priority playing; among equals, a
    /// loop (the oldest) before a pattern, and the pattern that ends last.
    mutating func outranking(_ f: Int, at t: Double, _ table: PriorityTable) -> String? {
        let own = table.priorities[f]
        playing.prune(at: t)
        var best: (feedback: Int, priority: Priority, end: Double?)?
        for loop in loops.loops {
            let priority = table.priorities[loop.feedbackIndex]
            if priority > own, best.map({ priority > $0.priority }) ?? true {
                best = (loop.feedbackIndex, priority, nil)
            }
        }
        for entry in playing.entries where entry.priority > own {
            guard let current = best else {
                best = (entry.feedback, entry.priority, entry.end)
                continue
            }
            if entry.priority > current.priority
                || (entry.priority == current.priority && current.end.map { entry.end > $0 } ?? false)
            {
                best = (entry.feedback, entry.priority, entry.end)
            }
        }
        guard let best else { return nil }
        let name = policy.feedback[f].name
        let other = policy.feedback[best.feedback].name
        let head = "'\(name)' (\(own.rawValue)) yields to '\(other)' (\(best.priority.rawValue)), "
        if let end = best.end { return head + "playing until \(numberText((end * 1000).rounded() / 1000)) s" }
        let since = loops.loops.first { $0.feedbackIndex == best.feedback }?.start ?? t
        return head + "looping since \(numberText(since)) s"
    }

    /// Carries out the interruption of a play of `f` that passed every gate at `t`: the
    /// loops and the one-shot patterns still playing at a lower priority stop (each an
    /// `also` stop entry, `stop-loop` for a loop and `interrupt` for a pattern, in the
    /// order they started, loops first); then a pattern that plays as itself and does not
    /// loop is recorded as playing until `t` plus its length.
    mutating func interrupt(
        _ f: Int, _ plan: FeedbackPlan, at t: Double, asItself: Bool, values: TemplateValues?,
        _ table: PriorityTable, screen: String?, rule: Decision.Rule?
    ) {
        let own = table.priorities[f]
        func cutEntry(_ target: Int, _ directive: DirectiveSet) -> Decision {
            Decision(
                action: .stop, screen: screen, plan: policy.feedback[target],
                note: "cut by '\(plan.name)' (\(own.rawValue))", rule: rule, directives: directive)
        }
        if own > .low {
            let before = cuts.count
            for loop in loops.loops where table.priorities[loop.feedbackIndex] < own {
                cuts.append(cutEntry(loop.feedbackIndex, .stopLoop))
            }
            if cuts.count > before { _ = loops.keep { table.priorities[$0.feedbackIndex] >= own } }
            playing.prune(at: t)
            for entry in playing.entries where entry.priority < own {
                cuts.append(cutEntry(entry.feedback, .interrupt))
            }
            playing.cut(below: own)
        }
        guard asItself, plan.isPattern, plan.loop == nil else { return }
        let length = table.length(f, plan, values: values)
        if length > 0 { playing.record(.init(feedback: f, priority: own, end: t + length)) }
    }

    /// Puts the entries of what the event's plays cut into `decision.also`: after the
    /// row's own stops, before its plays (the player carries stops out first).
    mutating func addCuts(into decision: inout Decision) {
        let at = decision.also.firstIndex { !$0.isStop } ?? decision.also.count
        decision.also.insert(contentsOf: cuts, at: at)
        cuts.removeAll(keepingCapacity: true)
    }
}
