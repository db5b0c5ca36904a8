import HapticPolicy
import HapticPolicyDocument

/// The report's session section (`report --events`): a chart per signal and subject
/// (`SignalChartSVG`), then the table of every entry, in order. A run of silences
/// between two other entries (plays, band changes, budget breaches) is folded into one
/// expandable row that opens with `<details>` (no script needed), whatever events,
/// subjects and reasons it mixes, so two signals sampled in turn fold as one:
/// `232 × silent, same band, 25.3–82.7 s` when every silence is the same,
/// `452 × silent, 2–300.5 s: 448 same band, 4 out of range` with a count per reason
/// when they differ. Rings inside the window of a broken budget are marked.
package enum ReportSessionSection {
    /// Runs at least this long are folded.
    package static let foldedRunLength = 3

    /// A stretch of the table: one entry, or a run of silences.
    package enum Stretch: Equatable {
        /// One entry, by index.
        case single(Int)
        /// Consecutive silences, by index range.
        case run(Range<Int>)
    }

    /// The table's stretches, in order; every entry is in exactly one. Consecutive
    /// silences, `foldedRunLength` or more, are one run, whatever their events, subjects
    /// and reasons.
    package static func stretches(_ timeline: [ReportTimelineEntry]) -> [Stretch] {
        var out: [Stretch] = []
        var start = 0
        while start < timeline.count {
            var end = start + 1
            if timeline[start].kind == .silent {
                while end < timeline.count, timeline[end].kind == .silent { end += 1 }
            }
            if end - start >= foldedRunLength {
                out.append(.run(start..<end))
            } else {
                out.append(contentsOf: (start..<end).map(Stretch.single))
            }
            start = end
        }
        return out
    }

    /// The section's HTML.
    static func render(
        _ timeline: [ReportTimelineEntry], bands: [PolicyContent.Band], parameters: [PolicyContent.Parameter] = []
    ) -> String {
        var html = "<section id=\"timeline\">\n<h2>Session</h2>\n"
        let signals = SignalChartSVG.signals(in: timeline, bands: bands, parameters: parameters)
        if !signals.isEmpty {
            html +=
                "<p class=\"legend\"><span><span class=\"swatch\" style=\"background:#2f7d32\"></span>rang (feedback named above)</span><span><span class=\"swatch\" style=\"background:#9aa3ad\"></span>silent (hover for why)</span><span><span class=\"swatch\" style=\"background:#ffffff;border:1.5px solid #6b7280\"></span>level changed, silent on purpose</span><span><span class=\"swatch\" style=\"background:#f9e7c8\"></span>hysteresis</span><span>dashed line = band edge</span></p>\n"
        }
        for signal in signals {
            html +=
                "<figure class=\"signal\"><figcaption>\(htmlEscaped(signal.event))\(signal.subject.map { " · " + htmlEscaped($0) } ?? "") <span class=\"muted\">through band <a href=\"#\(htmlToken("band", signal.band.name))\">\(htmlEscaped(signal.band.name))</a>: \(countText(signal.entries.filter { $0.rang != nil }.count, "ring")) in \(countText(signal.entries.count, "sample"))</span></figcaption>"
            html += SignalChartSVG.render(signal) + "</figure>\n"
        }

        let windows = timeline.filter { $0.kind == .budget && $0.window != nil }
        func budgetsCounting(_ entry: ReportTimelineEntry) -> [ReportTimelineEntry] {
            guard entry.rang != nil else { return [] }
            return windows.filter { window in
                entry.time <= window.time && entry.time >= window.time - (window.window ?? 0)
            }
        }
        func row(_ entry: ReportTimelineEntry) -> String {
            let counted = budgetsCounting(entry)
            var classes = "timeline-\(entry.kind.rawValue)"
            var title = ""
            if !counted.isEmpty {
                classes += " in-budget-window"
                title =
                    " title=\"\(htmlAttribute("within the window that broke " + counted.map { "\($0.cites.joined(separator: ", ")) (window \(ReportNumber.span($0.time - ($0.window ?? 0), $0.time)))" }.joined(separator: "; ")))\""
            }
            var outcome = "\(entry.kind.rawValue): \(htmlEscaped(entry.detail))"
            if entry.kind == .budget, let window = entry.window {
                outcome +=
                    " <span class=\"muted\">(window \(htmlEscaped(ReportNumber.span(entry.time - window, entry.time))))</span>"
            }
            return
                "<tr class=\"\(classes)\"\(title)><td>\(ReportNumber.moment(entry.time))</td><td>\(htmlEscaped(entry.screen ?? ""))</td><td>\(htmlEscaped(entry.event))\(entry.subject.map { " <span class=\"muted\">\(htmlEscaped($0))</span>" } ?? "")</td><td>\(htmlEscaped(valueText(entry.value)))</td><td>\(outcome)</td><td>\(entry.cites.map { "<span class=\"cite\">\(htmlEscaped($0))</span>" }.joined())</td></tr>\n"
        }
        let header =
            "<thead><tr><th>Time</th><th>Screen</th><th>Event</th><th>Value</th><th>Outcome</th><th>Cites</th></tr></thead>\n"
        html += "<table class=\"timeline\">\n" + header + "<tbody>\n"
        for stretch in stretches(timeline) {
            switch stretch {
            case .single(let index):
                html += row(timeline[index])
            case .run(let range):
                html +=
                    "<tr class=\"timeline-run\" data-count=\"\(range.count)\"><td colspan=\"6\"><details><summary>\(runSummary(timeline[range]))</summary>\n"
                html += "<table class=\"timeline timeline-folded\">\n<tbody>\n"
                for index in range { html += row(timeline[index]) }
                html += "</tbody>\n</table>\n</details></td></tr>\n"
            }
        }
        return html + "</tbody>\n</table>\n</section>\n"
    }

    /// The summary of a folded run: `22 × silent, same band, 83.75–104.75 s` when all
    /// its silences have one reason, else the span and a count per reason (most first,
    /// ties in order of appearance); then the events (with their subjects) and screens
    /// it holds, in order of appearance.
    static func runSummary(_ run: ArraySlice<ReportTimelineEntry>) -> String {
        guard let first = run.first, let last = run.last else { return "" }
        func distinct(_ values: [String]) -> [String] {
            var seen: Set<String> = []
            return values.filter { seen.insert($0).inserted }
        }
        let signals = distinct(run.map { $0.event + ($0.subject.map { " · " + $0 } ?? "") })
        let screens = distinct(run.compactMap(\.screen))
        let reasons = distinct(run.map(\.detail))
        let span = ReportNumber.span(first.time, last.time)
        var counts: [String: Int] = [:]
        for entry in run { counts[entry.detail, default: 0] += 1 }
        let head =
            reasons.count == 1
            ? "\(run.count) × silent, \(htmlEscaped(first.detail)), \(span)"
            : "\(run.count) × silent, \(span): "
                + reasons.enumerated().sorted {
                    counts[$0.element, default: 0] != counts[$1.element, default: 0]
                        ? counts[$0.element, default: 0] > counts[$1.element, default: 0] : $0.offset < $1.offset
                }
                .map { "\(counts[$0.element, default: 0]) \(htmlEscaped($0.element))" }.joined(separator: ", ")
        let on = screens.isEmpty ? "" : " on " + screens.map(htmlEscaped).joined(separator: ", ")
        return head + " <span class=\"muted\">\(signals.map(htmlEscaped).joined(separator: ", "))\(on)</span>"
    }

    /// An event's value as the table shows it: numbers rounded, text as written.
    static func valueText(_ value: ScalarValue?) -> String {
        switch value {
        case nil: ""
        case .number(let n)?: ReportNumber.amount(n)
        case .bool(let b)?: String(b)
        case .string(let s)?: s
        }
    }
}
