import HapticPolicy

/// The report's session section (`report --events`): a chart per signal and subject
/// (`SignalChartSVG`), then the table of every entry, in order. A run of identical
/// silences (same kind, event, screen, subject and reason) is folded into one
/// expandable row, `232 × silent, same band, 25.3–82.7 s`, that opens with `<details>`
/// (no script needed). Rings inside the window of a broken budget are marked.
package enum ReportSessionSection {
    /// Runs at least this long are folded.
    package static let foldedRunLength = 3

    /// A stretch of the table: one entry, or a run of identical silences.
    package enum Stretch: Equatable {
        /// One entry, by index.
        case single(Int)
        /// Identical silences, by index range.
        case run(Range<Int>)
    }

    /// The table's stretches, in order; every entry is in exactly one.
    package static func stretches(_ timeline: [ReportTimelineEntry]) -> [Stretch] {
        func same(_ a: ReportTimelineEntry, _ b: ReportTimelineEntry) -> Bool {
            a.kind == .silent && b.kind == .silent && a.event == b.event && a.screen == b.screen
                && a.subject == b.subject && a.detail == b.detail && a.cites == b.cites
        }
        var out: [Stretch] = []
        var start = 0
        while start < timeline.count {
            var end = start + 1
            while end < timeline.count, same(timeline[start], timeline[end]) { end += 1 }
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
                let first = timeline[range.lowerBound]
                let last = timeline[range.upperBound - 1]
                html +=
                    "<tr class=\"timeline-run\" data-count=\"\(range.count)\"><td colspan=\"6\"><details><summary>\(range.count) × silent, \(htmlEscaped(first.detail)), \(ReportNumber.span(first.time, last.time)) <span class=\"muted\">\(htmlEscaped(first.event))\(first.subject.map { " · " + htmlEscaped($0) } ?? "")\(first.screen.map { " on " + htmlEscaped($0) } ?? "")</span></summary>\n"
                html += "<table class=\"timeline timeline-folded\">\n<tbody>\n"
                for index in range { html += row(timeline[index]) }
                html += "</tbody>\n</table>\n</details></td></tr>\n"
            }
        }
        return html + "</tbody>\n</table>\n</section>\n"
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
