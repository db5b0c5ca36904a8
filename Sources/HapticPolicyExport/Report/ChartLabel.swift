import HapticPolicyCompiler

/// Where the report's charts put their labels so that none is clipped by the drawing's
/// edge (an edge label `7200 rpm` showed as `·200 rpm`): how wide a label is, erring
/// wide, and where a centred label's anchor must go for all of it to show.
package enum ChartLabel {
    /// Em a display column takes, more than the average glyph of the page's sans-serif
    /// fonts (digits are 0.55 em in Helvetica, Arial and DejaVu Sans; a wide CJK
    /// character counts two columns).
    static let emPerColumn = 0.62

    /// The width of `text` drawn at `fontSize`, in user units.
    package static func width(_ text: String, fontSize: Double) -> Double {
        Double(displayWidth(text)) * fontSize * emPerColumn
    }

    /// The x of a label meant to be centred at `x`, moved in just enough that the whole
    /// label lies inside `0...limit`, 2 units clear of each edge.
    package static func centred(_ x: Double, _ text: String, fontSize: Double, within limit: Double) -> Double {
        let half = width(text, fontSize: fontSize) / 2
        return max(half + 2, min(x, limit - half - 2))
    }

    /// `text`, or its start and "…" when it is wider than `room` at `fontSize`. A label
    /// shortened so keeps its full text in the chart's hover titles.
    package static func fitted(_ text: String, fontSize: Double, room: Double) -> String {
        guard width(text, fontSize: fontSize) > room else { return text }
        var kept = ""
        for character in text {
            guard width(kept + String(character) + "…", fontSize: fontSize) <= room else { break }
            kept.append(character)
        }
        return kept + "…"
    }
}
