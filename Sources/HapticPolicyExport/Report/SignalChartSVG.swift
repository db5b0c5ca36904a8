import HapticPolicy
import HapticPolicyCompiler

/// Draws one signal of a session (one sampled event for one subject, decided through a
/// band set) as an inline SVG: the value over time, the band edges with their
/// hysteresis zones shaded, a marker with the feedback's name at every ring, and a dot
/// for every silence whose `<title>` says why. It shows "rings on change, not on state"
/// at a glance.
///
/// The chart reads the same timeline entries the session table shows, so the two cannot
/// disagree. Every marker carries `data-t` (the decision's time) and `data-feedback`;
/// the `<svg>` carries the axis (`data-t0`, `data-t1`, `data-x0`, `data-x1`), so a test
/// can check that each marker sits where its decision happened.
package enum SignalChartSVG {
    /// One chart: which signal, its band set and its entries in time order.
    package struct Signal: Sendable {
        /// The sampled event (`moisture.sample`).
        package var event: String
        /// The subject (`monstera`); nil when the events name none.
        package var subject: String?
        /// The band set that decided the entries.
        package var band: PolicyContent.Band
        /// The entries with a numeric value, in time order.
        package var entries: [ReportTimelineEntry]
        /// For a band whose edges read run-time parameters: when a setting event in the
        /// log moved them, and to what, in time order; empty when they never moved (then
        /// the chart draws the edges at the parameters' defaults).
        package var edgeSteps: [(time: Double, edges: [Double])] = []
    }

    /// Drawing size in user units.
    package static let width = 960.0, height = 280.0
    /// Margins around the plot, in user units.
    package static let left = 52.0, right = 96.0, top = 34.0, bottom = 26.0

    /// The signals of a session, in order of first appearance: one per (event, subject)
    /// whose entries went through a band set with a number.
    package static func signals(
        in timeline: [ReportTimelineEntry], bands: [PolicyContent.Band], parameters: [PolicyContent.Parameter] = []
    ) -> [Signal] {
        var order: [String] = []
        var found: [String: Signal] = [:]
        // The parameters' values as the log's setting events set them (a value the
        // parameter cannot take changes nothing, as in the evaluator).
        var values = Dictionary(parameters.map { ($0.name, $0.defaultValue) }, uniquingKeysWith: { first, _ in first })
        var steps: [String: [(time: Double, edges: [Double])]] = [:]
        for entry in timeline where entry.kind != .budget {
            if let parameter = parameters.first(where: { $0.setBy == entry.event }) {
                guard case .number(let value)? = entry.value, value >= parameter.min, value <= parameter.max else {
                    continue
                }
                values[parameter.name] = value
                for band in bands
                where band.levels.contains(where: { $0.edge?.parameters.contains(parameter.name) == true }) {
                    let edges = band.levels.dropLast().map { level in
                        level.edge.flatMap { try? $0.evaluate(values) } ?? level.below ?? .infinity
                    }
                    steps[band.name, default: []].append((entry.time, edges))
                }
                continue
            }
            guard let bandName = entry.band, entry.number != nil,
                let band = bands.first(where: { $0.name == bandName })
            else { continue }
            let key = entry.event + "\u{0}" + (entry.subject ?? "") + "\u{0}" + bandName
            if found[key] == nil {
                order.append(key)
                found[key] = Signal(event: entry.event, subject: entry.subject, band: band, entries: [])
            }
            found[key]?.entries.append(entry)
        }
        return order.compactMap { key in
            guard var signal = found[key] else { return nil }
            signal.edgeSteps = steps[signal.band.name] ?? []
            return signal
        }
    }

    /// The edges over the chart's time span: `(from, to, edges)` pieces, the first from
    /// `t0` with the edges at the parameters' defaults (or the band's constant edges), one
    /// more each time a setting event moved them.
    static func edgePieces(_ signal: Signal, t0: Double, t1: Double) -> [(from: Double, to: Double, edges: [Double])] {
        var pieces: [(from: Double, to: Double, edges: [Double])] = [(t0, t1, signal.band.edges)]
        for step in signal.edgeSteps {
            guard step.time < t1 else { break }
            if step.time <= t0 {
                pieces[pieces.count - 1].edges = step.edges
            } else {
                pieces[pieces.count - 1].to = step.time
                pieces.append((step.time, t1, step.edges))
            }
        }
        return pieces
    }

    /// The SVG element for one signal.
    package static func render(_ signal: Signal) -> String {
        let band = signal.band
        let unit = band.unit
        let values = signal.entries.compactMap(\.number)
        let t0 = signal.entries.first?.time ?? 0
        let t1 = max(signal.entries.last?.time ?? 0, t0 + 1)
        let low = values.min() ?? 0
        let high = values.max() ?? 1
        let pad = max(band.hysteresis * 2, (high - low) * 0.08, 1)
        let v0 = low - pad
        let v1 = high + pad
        // The edges' labels at the plot's left, the levels' names at its right: the
        // margins grow to hold the widest (up to a third of the drawing each, longer
        // labels are shortened with "…").
        let pieces = edgePieces(signal, t0: t0, t1: t1)
        let labelledAtDefault = signal.edgeSteps.first.map { $0.time > t0 } ?? true
        let edgeLabels = pieces[0].edges.indices.map { index -> String? in
            let edge = pieces[0].edges[index]
            guard edge > v0, edge < v1 else { return nil }
            let atDefault = band.levels[index].edge != nil && labelledAtDefault
            return ReportNumber.amount(edge, unit: unit) + (atDefault ? " (default)" : "")
        }
        let widest = edgeLabels.compactMap { $0.map { ChartLabel.width($0, fontSize: 11) } }.max() ?? 0
        let x0 = min(max(left, widest + 8), width / 3)
        let widestLevel = band.levels.map { ChartLabel.width($0.name, fontSize: 11) }.max() ?? 0
        let x1 = width - min(max(right, widestLevel + 10), width / 3)
        func x(_ t: Double) -> Double { x0 + (t - t0) / (t1 - t0) * (x1 - x0) }
        func y(_ v: Double) -> Double { top + (1 - (v - v0) / (v1 - v0)) * (height - top - bottom) }
        func f(_ v: Double) -> String { decimalText(v, decimals: 2) }
        func clampY(_ v: Double) -> Double { y(min(v1, max(v0, v))) }
        let name = signal.event + (signal.subject.map { " · " + $0 } ?? "")
        // Edges that read run-time parameters are drawn at the parameters' defaults.
        let parametric = band.levels.contains { $0.edge != nil }

        var svg =
            "<svg class=\"signal\" role=\"img\" viewBox=\"0 0 \(f(width)) \(f(height))\" width=\"\(f(width))\" height=\"\(f(height))\" xmlns=\"http://www.w3.org/2000/svg\""
        svg +=
            " data-event=\"\(htmlAttribute(signal.event))\" data-subject=\"\(htmlAttribute(signal.subject ?? ""))\" data-band=\"\(htmlAttribute(band.name))\""
        svg += " data-t0=\"\(f(t0))\" data-t1=\"\(f(t1))\" data-x0=\"\(f(x0))\" data-x1=\"\(f(x1))\">"
        svg +=
            "<title>\(htmlEscaped("\(name) through band \(band.name): value over \(ReportNumber.span(t0, t1))\(parametric ? (signal.edgeSteps.isEmpty ? "; edges at the parameters' defaults" : "; edges as the log's setting events moved them") : "")"))</title>"

        // Hysteresis zones, then edges and the level names between them. Edges a setting
        // event moved are drawn piece by piece, each piece from where it took effect.
        let edges = pieces[pieces.count - 1].edges
        svg += "<g class=\"bands\">"
        for (number, piece) in pieces.enumerated() {
            let first = number == 0
            let left = first ? x0 : x(piece.from)
            let right = number == pieces.count - 1 ? x1 : x(piece.to)
            for (index, edge) in piece.edges.enumerated()
            where edge + band.hysteresis > v0 && edge - band.hysteresis < v1 {
                if band.hysteresis > 0 {
                    let zoneTop = clampY(edge + band.hysteresis)
                    let zoneBottom = clampY(edge - band.hysteresis)
                    let text =
                        "hysteresis around \(ReportNumber.amount(edge, unit: unit)): up to \(band.levels[index + 1].name) at \(ReportNumber.amount(edge + band.hysteresis, unit: unit)), down to \(band.levels[index].name) below \(ReportNumber.amount(edge - band.hysteresis, unit: unit))"
                    svg +=
                        "<rect class=\"hysteresis\" x=\"\(f(left))\" y=\"\(f(zoneTop))\" width=\"\(f(right - left))\" height=\"\(f(max(0.5, zoneBottom - zoneTop)))\" fill=\"#f0b45b\" fill-opacity=\"0.22\"><title>\(htmlEscaped(text))</title></rect>"
                }
                if edge > v0, edge < v1 {
                    svg +=
                        "<line class=\"edge\" data-edge=\"\(f(edge))\" x1=\"\(f(left))\" y1=\"\(f(y(edge)))\" x2=\"\(f(right))\" y2=\"\(f(y(edge)))\" stroke=\"#b7791f\" stroke-width=\"1\" stroke-dasharray=\"5 3\"/>"
                    if first, let label = edgeLabels[index] {
                        svg +=
                            "<text class=\"edge-label\" x=\"\(f(x0 - 4))\" y=\"\(f(y(edge) + 4))\" text-anchor=\"end\" font-size=\"11\" fill=\"#8a5a12\">\(htmlEscaped(ChartLabel.fitted(label, fontSize: 11, room: x0 - 6)))</text>"
                    }
                }
            }
        }
        for (index, level) in band.levels.enumerated() {
            let bottomValue = max(v0, index == 0 ? v0 : edges[index - 1])
            let topValue = min(v1, index < edges.count ? edges[index] : v1)
            guard topValue > bottomValue else { continue }
            svg +=
                "<text class=\"level-label\" x=\"\(f(x1 + 6))\" y=\"\(f((y(topValue) + y(bottomValue)) / 2 + 4))\" font-size=\"11\" fill=\"#56606b\">\(htmlEscaped(ChartLabel.fitted(level.name, fontSize: 11, room: width - x1 - 8)))</text>"
        }
        svg += "</g>"

        // Axes: time along the bottom.
        svg += "<g class=\"axes\" stroke=\"#c8ced6\" stroke-width=\"1\">"
        svg += "<line x1=\"\(f(x0))\" y1=\"\(f(y(v0)))\" x2=\"\(f(x1))\" y2=\"\(f(y(v0)))\"/>"
        svg += "<line x1=\"\(f(x0))\" y1=\"\(f(top))\" x2=\"\(f(x0))\" y2=\"\(f(y(v0)))\"/></g>"
        svg += "<g class=\"labels\" font-size=\"10\" fill=\"#56606b\">"
        for tick in ticks(from: t0, to: t1) {
            svg +=
                "<text x=\"\(f(ChartLabel.centred(x(tick), ReportNumber.moment(tick), fontSize: 10, within: width)))\" y=\"\(f(height - 8))\" text-anchor=\"middle\">\(ReportNumber.moment(tick))</text>"
        }
        svg += "</g>"

        // The value, as sampled.
        var path = ""
        for entry in signal.entries {
            guard let value = entry.number else { continue }
            path += (path.isEmpty ? "M" : " L") + "\(f(x(entry.time))),\(f(y(value)))"
        }
        svg += "<path class=\"value\" d=\"\(path)\" fill=\"none\" stroke=\"#1d5fa8\" stroke-width=\"1.6\"/>"

        // Silences: a small dot per sample, the reason on hover.
        svg += "<g class=\"silences\">"
        for entry in signal.entries where entry.rang == nil {
            guard let value = entry.number else { continue }
            let changed = entry.kind == .band
            svg +=
                "<circle class=\"silence\(changed ? " change" : "")\" data-t=\"\(f(entry.time))\" cx=\"\(f(x(entry.time)))\" cy=\"\(f(y(value)))\" r=\"\(changed ? "4" : "2.2")\" fill=\"\(changed ? "#ffffff" : "#9aa3ad")\" stroke=\"#6b7280\" stroke-width=\"\(changed ? "1.5" : "0")\">"
            svg += "<title>\(htmlEscaped(describe(entry, unit: unit)))</title></circle>"
        }
        svg += "</g>"

        // Rings: a marker at the moment, with the feedback's name.
        svg += "<g class=\"rings\">"
        for (index, entry) in signal.entries.filter({ $0.rang != nil }).enumerated() {
            guard let value = entry.number, let feedback = entry.rang else { continue }
            let mx = x(entry.time)
            let labelY = index % 2 == 0 ? top - 18 : top - 6
            let labelX = ChartLabel.centred(mx, feedback, fontSize: 11, within: width)
            svg +=
                "<g class=\"ring\" data-t=\"\(f(entry.time))\" data-feedback=\"\(htmlAttribute(feedback))\"><title>\(htmlEscaped(describe(entry, unit: unit)))</title>"
            svg +=
                "<line x1=\"\(f(mx))\" y1=\"\(f(labelY + 3))\" x2=\"\(f(mx))\" y2=\"\(f(y(v0)))\" stroke=\"#2f7d32\" stroke-width=\"1\" stroke-opacity=\"0.5\"/>"
            svg +=
                "<circle class=\"ring-marker\" cx=\"\(f(mx))\" cy=\"\(f(y(value)))\" r=\"5.5\" fill=\"#2f7d32\" stroke=\"#ffffff\" stroke-width=\"1.5\"/>"
            svg +=
                "<text x=\"\(f(labelX))\" y=\"\(f(labelY))\" text-anchor=\"middle\" font-size=\"11\" font-weight=\"600\" fill=\"#2f7d32\">\(htmlEscaped(feedback))</text></g>"
        }
        svg += "</g></svg>"
        return svg
    }

    /// The hover text of a marker: when, the value, and what happened.
    static func describe(_ entry: ReportTimelineEntry, unit: String?) -> String {
        let value = entry.number.map { ReportNumber.amount($0, unit: unit) } ?? ""
        let outcome =
            entry.rang != nil ? "rang " + entry.detail : entry.kind == .band ? entry.detail : "silent: " + entry.detail
        return "\(ReportNumber.moment(entry.time)): \(value), \(outcome)"
    }

    /// Time ticks: at most about ten, on round seconds.
    private static func ticks(from t0: Double, to t1: Double) -> [Double] {
        let candidates = [0.1, 0.2, 0.5, 1, 2, 5, 10, 15, 20, 30, 60, 120, 300, 600, 1800, 3600]
        let step = candidates.first { (t1 - t0) / $0 <= 10 } ?? 3600
        var tick = (t0 / step).rounded(.up) * step
        var out: [Double] = []
        while tick <= t1 + 1e-9, out.count < 100 {
            out.append(tick)
            tick += step
        }
        return out
    }
}
