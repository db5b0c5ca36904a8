import HapticPolicy
import HapticPolicyCompiler

/// Draws a resolved pattern as an inline SVG: intensity over time as filled shapes whose
/// colour shows sharpness (warm = round, cool = sharp), a dashed line for sharpness,
/// transients as bars, silences as hatched, labelled spans.
package enum WaveformSVG {
    /// Drawing size in user units.
    package static let width = 640.0, height = 140.0
    static let left = 36.0, right = 12.0, top = 10.0, bottom = 24.0

    /// The SVG element. A `thumbnail` (the bands section's, next to a level) is the same
    /// drawing shown small, with ids of its own so the page has no duplicates.
    package static func render(_ pattern: ResolvedPattern, name: String, thumbnail: Bool = false) -> String {
        let end = max(
            pattern.loop ?? 0, pattern.length,
            IntensitySampler.lengthMs(pattern) > 0 ? Double(IntensitySampler.lengthMs(pattern)) / 1000 : 0, 0.05)
        let plotWidth = width - left - right
        let plotHeight = height - top - bottom
        func x(_ t: Double) -> Double { left + t / end * plotWidth }
        func y(_ v: Double) -> Double { top + (1 - v) * plotHeight }
        func f(_ v: Double) -> String { decimalText(v, decimals: 2) }

        let patternID = htmlToken(thumbnail ? "hatch-thumb" : "hatch", name)
        let shown = thumbnail ? (width: width / 3, height: height / 3) : (width: width, height: height)
        var svg =
            "<svg class=\"waveform\(thumbnail ? " thumbnail" : "")\" role=\"img\" viewBox=\"0 0 \(f(width)) \(f(height))\" width=\"\(f(shown.width))\" height=\"\(f(shown.height))\" xmlns=\"http://www.w3.org/2000/svg\">"
        svg += "<title>\(htmlEscaped("waveform of \(name): intensity over \(ReportNumber.duration(end))"))</title>"
        svg +=
            "<defs><pattern id=\"\(patternID)\" width=\"6\" height=\"6\" patternUnits=\"userSpaceOnUse\" patternTransform=\"rotate(45)\"><line x1=\"0\" y1=\"0\" x2=\"0\" y2=\"6\" stroke=\"#9aa3ad\" stroke-width=\"2\"/></pattern></defs>"
        // Axes and grid.
        svg += "<g class=\"axes\" stroke=\"#c8ced6\" stroke-width=\"1\">"
        svg += "<line x1=\"\(f(left))\" y1=\"\(f(y(0)))\" x2=\"\(f(width - right))\" y2=\"\(f(y(0)))\"/>"
        svg +=
            "<line x1=\"\(f(left))\" y1=\"\(f(y(1)))\" x2=\"\(f(width - right))\" y2=\"\(f(y(1)))\" stroke-dasharray=\"2 3\"/>"
        svg += "</g><g class=\"labels\" font-size=\"10\" fill=\"#56606b\" font-family=\"sans-serif\">"
        svg += "<text x=\"2\" y=\"\(f(y(1) + 4))\">1</text><text x=\"2\" y=\"\(f(y(0)))\">0</text>"
        for tick in ticks(end) {
            svg +=
                "<text x=\"\(f(ChartLabel.centred(x(tick), ReportNumber.moment(tick), fontSize: 10, within: width)))\" y=\"\(f(height - 6))\" text-anchor=\"middle\">\(ReportNumber.moment(tick))</text>"
        }
        svg += "</g>"
        // Silences first, under everything.
        for event in pattern.events where event.kind == .silence {
            let w = max(1, x(event.end) - x(event.time))
            let label = event.note ?? "silence"
            svg +=
                "<g class=\"silence\"><rect x=\"\(f(x(event.time)))\" y=\"\(f(top))\" width=\"\(f(w))\" height=\"\(f(plotHeight))\" fill=\"url(#\(patternID))\" opacity=\"0.45\"/>"
            svg +=
                "<text x=\"\(f(ChartLabel.centred(x(event.time) + w / 2, label, fontSize: 11, within: width)))\" y=\"\(f(top + plotHeight / 2))\" text-anchor=\"middle\" font-size=\"11\" font-family=\"sans-serif\" fill=\"#38424d\">\(htmlEscaped(label))</text>"
            svg +=
                "<title>\(htmlEscaped("silence \(ReportNumber.span(event.time, event.end))\(event.note.map { ": \($0)" } ?? "")"))</title></g>"
        }
        for event in pattern.events where event.kind == .continuous {
            let steps = max(2, min(400, Int(event.duration / end * plotWidth)))
            var intensity = "M\(f(x(event.time))),\(f(y(0)))"
            var sharpness = ""
            var meanSharpness = 0.0
            for i in 0...steps {
                let offset = event.duration * Double(i) / Double(steps)
                intensity += " L\(f(x(event.time + offset))),\(f(y(event.intensity(at: offset))))"
                let s = event.sharpness(at: offset)
                meanSharpness += s / Double(steps + 1)
                sharpness += (i == 0 ? "M" : " L") + "\(f(x(event.time + offset))),\(f(y(s)))"
            }
            intensity += " L\(f(x(event.end))),\(f(y(0))) Z"
            svg +=
                "<path class=\"intensity continuous\" d=\"\(intensity)\" fill=\"\(colour(meanSharpness))\" fill-opacity=\"0.75\" stroke=\"\(colour(meanSharpness))\"><title>\(htmlEscaped("continuous \(ReportNumber.span(event.time, event.end)), intensity \(ReportNumber.amount(event.intensity)), sharpness \(ReportNumber.amount(event.sharpness))"))</title></path>"
            svg +=
                "<path class=\"sharpness\" d=\"\(sharpness)\" fill=\"none\" stroke=\"#1f2933\" stroke-width=\"1.2\" stroke-dasharray=\"4 3\"/>"
        }
        for event in pattern.events where event.kind == .transient {
            let bar = max(3, Double(IntensitySampler.transientMs) / 1000 / end * plotWidth)
            svg +=
                "<rect class=\"intensity transient\" x=\"\(f(x(event.time)))\" y=\"\(f(y(event.intensity)))\" width=\"\(f(bar))\" height=\"\(f(y(0) - y(event.intensity)))\" fill=\"\(colour(event.sharpness))\"><title>\(htmlEscaped("transient at \(ReportNumber.moment(event.time)), intensity \(ReportNumber.amount(event.intensity)), sharpness \(ReportNumber.amount(event.sharpness))"))</title></rect>"
            svg +=
                "<circle class=\"sharpness\" cx=\"\(f(x(event.time) + bar / 2))\" cy=\"\(f(y(event.sharpness)))\" r=\"2.5\" fill=\"#1f2933\"/>"
        }
        if let loop = pattern.loop {
            svg +=
                "<line class=\"loop\" x1=\"\(f(x(loop)))\" y1=\"\(f(top))\" x2=\"\(f(x(loop)))\" y2=\"\(f(y(0)))\" stroke=\"#7b3fb5\" stroke-width=\"1.5\" stroke-dasharray=\"6 3\"><title>\(htmlEscaped("repeats every \(ReportNumber.duration(loop))"))</title></line>"
        }
        svg += "</svg>"
        return svg
    }

    /// Warm orange for round (0) to cool blue for sharp (1).
    package static func colour(_ sharpness: Double) -> String {
        let s = min(1, max(0, sharpness))
        let r = Int((0xE0 + (0x2B - 0xE0) * s).rounded())
        let g = Int((0x8A + (0x6C - 0x8A) * s).rounded())
        let b = Int((0x2E + (0xD9 - 0x2E) * s).rounded())
        func hex(_ v: Int) -> String {
            let h = String(v, radix: 16)
            return h.count == 1 ? "0" + h : h
        }
        return "#" + hex(r) + hex(g) + hex(b)
    }

    private static func ticks(_ end: Double) -> [Double] {
        let candidates = [0.05, 0.1, 0.2, 0.25, 0.5, 1, 2, 5, 10, 20, 30, 60]
        let step = candidates.first { end / $0 <= 8 } ?? 60
        return stride(from: 0.0, through: end + 1e-9, by: step).map { ($0 * 1000).rounded() / 1000 }
    }
}
