import HapticPolicy

extension ReportTimelineEntry {
    /// Replays a JSONL event log through the evaluator and turns every line into a
    /// timeline entry: plays, silences with their reasons, band changes, background
    /// stretches, invalid lines, and budget breaches (a play that makes a budget's window
    /// hold more than `max` rings adds a `budget` entry citing the budget id; rings of
    /// events a budget excepts are not counted by it).
    package static func session(
        policy: Policy, log: [UInt8], device: DeviceState = DeviceState()
    ) -> [ReportTimelineEntry] {
        var session = Session(policy: policy, device: device)
        var entries: [ReportTimelineEntry] = []
        var rings: [(time: Double, screen: String?, layer: Layer?, event: String)] = []
        let budgets = policy.content.budgets
        let excepted = budgets.map { Set($0.exceptions) }
        var lineNumber = 0
        for rawLine in log.split(separator: 0x0A, omittingEmptySubsequences: false) {
            lineNumber += 1
            var line = Array(rawLine)
            if line.last == 0x0D { line.removeLast() }
            guard line.contains(where: { $0 != 0x20 && $0 != 0x09 }) else { continue }
            let record: LogRecord
            switch EventLogParser.parse(line) {
            case .failure(let error):
                entries.append(
                    ReportTimelineEntry(
                        time: error.t ?? entries.last?.time ?? 0, event: error.event ?? "(line \(lineNumber))", kind: .other,
                        detail: "invalid line \(lineNumber), column \(error.column): \(error.message)"))
                continue
            case .success(let parsed):
                record = parsed
            }
            let event = session.event(
                t: record.t, name: record.event, screen: record.screen, subject: record.subject, value: record.value,
                speaks: record.speaks, params: record.params)
            let decision = session.decide(event)
            let cites = decision.rule?.cites ?? []
            if record.event == StateEvent.appState.rawValue {
                entries.append(
                    ReportTimelineEntry(
                        time: record.t, event: record.event, screen: decision.screen, kind: .background,
                        detail: record.value.map { "app \($0.description.replacingQuotes)" } ?? "app state"))
                continue
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
                    ReportTimelineEntry(
                        time: record.t, event: record.event, screen: decision.screen, kind: decision.band != nil ? .band : .play,
                        detail: detail, cites: cites))
                rings.append((record.t, decision.screen, decision.layer, record.event))
                for (budget, excepted) in zip(budgets, excepted) where !excepted.contains(record.event) {
                    let window = budget.window
                    let inScope = rings.filter { ring in
                        guard ring.time > record.t - window, !excepted.contains(ring.event) else { return false }
                        switch budget.scope {
                        case .eachScreen: return ring.screen == decision.screen
                        case .screen(let name): return ring.screen == name && decision.screen == name
                        case .layer(let layer): return ring.layer == layer && decision.layer == layer
                        }
                    }
                    if inScope.count > budget.max {
                        entries.append(
                            ReportTimelineEntry(
                                time: record.t, event: record.event, screen: decision.screen, kind: .budget,
                                detail: "\(inScope.count) rings in \(numberText(window)) s, over the budget of \(budget.max)",
                                cites: [budget.id]))
                    }
                }
                let longest = budgets.map(\.window).max() ?? 0
                rings.removeAll { $0.time <= record.t - longest }
            case .silent:
                let why = decision.note ?? decision.reason?.rawValue ?? "silent"
                if let band = decision.band, band.from != band.to {
                    entries.append(
                        ReportTimelineEntry(
                            time: record.t, event: record.event, screen: decision.screen, kind: .band,
                            detail: "\(band.band) \(band.from ?? "start") → \(band.to): silent (\(why))", cites: cites))
                } else {
                    entries.append(
                        ReportTimelineEntry(
                            time: record.t, event: record.event, screen: decision.screen, kind: .silent,
                            detail: decision.reason == .designer || decision.reason == nil ? why : "\(decision.reason?.rawValue ?? ""): \(why)",
                            cites: cites))
                }
            case .stop:
                entries.append(
                    ReportTimelineEntry(
                        time: record.t, event: record.event, screen: decision.screen, kind: .other,
                        detail: "stop \(decision.feedback ?? "all")", cites: cites))
            case .invalid:
                entries.append(
                    ReportTimelineEntry(
                        time: record.t, event: record.event, screen: decision.screen, kind: .other,
                        detail: "invalid: \(decision.note ?? "")"))
            }
        }
        return entries
    }
}

extension String {
    fileprivate var replacingQuotes: String { filter { $0 != "\"" } }
}
