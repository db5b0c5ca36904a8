import Foundation
import HapticPolicy
import HapticPolicyReplay

extension ReportTimelineEntry {
    /// Replays a JSONL event log through the evaluator and turns every line into a
    /// timeline entry: plays, silences with their reasons, band changes, background
    /// stretches, invalid lines, and budget breaches (a play that makes a budget's window
    /// hold more than `max` rings adds a `budget` entry citing the budget id; rings of
    /// events a budget excepts are not counted by it).
    ///
    /// Lines are read by `EventLogReader`, as `eval` reads them: blank lines are left out,
    /// and every invalid line (malformed, out of time order, over-long) is an entry with
    /// the line, column and message `eval` gives. Budgets are counted by `BudgetMeter`, as
    /// in `eval`, `test` and `diff`.
    package static func session(
        policy: Policy, log: [UInt8], device: DeviceState = DeviceState()
    ) -> [ReportTimelineEntry] {
        var replay = Replay(policy: policy, device: device)
        replay.budgetMeter = BudgetMeter(policy: policy)
        var timeline = SessionTimeline(replay: replay)
        var reader = EventLogReader()
        log.withUnsafeBufferPointer { bytes in
            reader.consume(bytes) { timeline.add($0) }
        }
        reader.finish { timeline.add($0) }
        return timeline.entries
    }
}

/// The timeline being built: the replay (its budget meter attached) and the entries.
private struct SessionTimeline {
    var replay: Replay
    var entries: [ReportTimelineEntry] = []

    /// Adds the entries of one line; always reads on.
    mutating func add(_ item: EventLogReader.Item) -> Bool {
        switch item {
        case .record(let line):
            add(line.record)
        case .blank:
            break
        case .invalid(let problem):
            entries.append(
                ReportTimelineEntry(
                    time: problem.t ?? entries.last?.time ?? 0, event: problem.event ?? "(line \(problem.line))",
                    kind: .other,
                    detail: "invalid line \(problem.line), column \(problem.column): \(problem.message)"))
        }
        return true
    }

    private mutating func add(_ record: TimedEvent) {
        let decision = replay.decide(record)
        let overruns = replay.overruns
        func entry(_ kind: ReportTimelineEntry.Kind, _ detail: String, cites: [String] = [], rang: String? = nil)
            -> ReportTimelineEntry
        {
            ReportTimelineEntry(
                time: record.t, event: record.name, screen: decision.screen, kind: kind, detail: detail, cites: cites,
                value: record.value, subject: record.subject, band: decision.band?.band, rang: rang)
        }
        let cites = decision.rule?.cites ?? []
        if record.name == StateEvent.appState.rawValue {
            entries.append(
                entry(.background, record.value.map { "app \($0.description.replacingQuotes)" } ?? "app state"))
            return
        }
        switch decision.action {
        case .play:
            var detail = decision.feedback ?? "?"
            if let render = decision.render, render.description != detail { detail += " → \(render)" }
            if decision.fallback, let reason = decision.reason { detail += " (fallback: \(reason.rawValue))" }
            if let band = decision.band {
                detail = "\(band.band) \(band.from ?? "start") → \(band.to): " + detail
            }
            entries.append(
                entry(decision.band != nil ? .band : .play, detail, cites: cites, rang: decision.feedback ?? "?"))
        case .silent:
            let why = Self.why(decision)
            if let band = decision.band, band.from != band.to {
                entries.append(
                    entry(.band, "\(band.band) \(band.from ?? "start") → \(band.to): silent (\(why))", cites: cites))
            } else {
                entries.append(entry(.silent, why, cites: cites))
            }
        case .stop:
            entries.append(entry(.other, "stop \(decision.feedback ?? "all")", cites: cites))
        }
        // The other actions of a row that did several things, in execution order.
        for step in decision.also {
            switch step.action {
            case .play:
                var detail = (step.feedback ?? "?") + (step.loopPeriod != nil ? " (loop)" : "")
                if step.fallback, let reason = step.reason { detail += " (fallback: \(reason.rawValue))" }
                entries.append(entry(.play, detail, cites: cites, rang: step.feedback ?? "?"))
            case .stop:
                entries.append(entry(.other, "stop \(step.feedback ?? "all")", cites: cites))
            case .silent:
                entries.append(entry(.silent, "\(step.feedback ?? "all"): \(Self.why(step))", cites: cites))
            }
        }
        // A ring that puts a budget over its maximum: one entry per budget, after the ring.
        for overrun in overruns {
            var breach = entry(
                .budget,
                "\(overrun.count) rings in \(ReportNumber.duration(overrun.window)), over the budget of \(overrun.max)",
                cites: [overrun.budget])
            breach.window = overrun.window
            entries.append(breach)
        }
    }

    /// Why a decision is silent, in words: the designer's reason as written, or the
    /// evaluator's reason spelt out ("same band", not "same-band: same-band"), with its
    /// note when there is one.
    private static func why(_ decision: Decision) -> String {
        guard let reason = decision.reason, reason != .designer else { return decision.note ?? "silent" }
        let words: String
        switch reason {
        case .sameBand: words = "same band"
        case .baseline: words = "first sample, the band's baseline"
        default: words = reason.rawValue.replacingOccurrences(of: "-", with: " ")
        }
        return decision.note.map { "\(words): \($0)" } ?? words
    }
}

extension String {
    fileprivate var replacingQuotes: String { filter { $0 != "\"" } }
}
