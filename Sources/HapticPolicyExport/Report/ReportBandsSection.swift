import HapticPolicy
import HapticPolicyReplay

/// The report's bands section: for every band set its facts (levels, edges,
/// hysteresis, where it is used) and a table of its levels, each with its values, the
/// values that leave it, and what entering it plays, with a waveform thumbnail for a
/// custom pattern. It reads the bands of the `DecisionTable`, as `haptic-policy table`
/// does, so both say the same.
///
/// A band set's facts are a list of labelled lines, so what the language adds later
/// (directions, dwell, a plausible range) is one more `Fact` in `facts(of:usedBy:)`,
/// and a per-level property one more `Column` in `columns`.
enum ReportBandsSection {
    /// One labelled line about a band set (`hysteresis: 1.5 %`).
    struct Fact {
        /// The label (`edges`).
        var label: String
        /// The text, already rounded for people.
        var text: String
    }

    /// The facts shown above a band set's level table.
    static func facts(of band: DecisionTable.Band, usedBy: [String]) -> [Fact] {
        var facts = [
            Fact(label: "levels", text: "\(band.levels.count), lowest first"),
            Fact(label: "edges", text: band.edgeTexts.joined(separator: ", ")),
            Fact(
                label: "hysteresis",
                text: band.hysteresis > 0
                    ? "\(band.amount(band.hysteresis)): a level is left only \(band.amount(band.hysteresis)) past its edge, so a noisy value near an edge does not chatter"
                    : "none: a level is left as soon as the value crosses its edge"),
        ]
        if let approach = band.approach {
            // An approach band has no hysteresis: its edges are the designer's numbers.
            facts[2] = Fact(
                label: "approach",
                text:
                    "\(approach.rawValue): the level only moves toward the \(approach == .falling ? "lowest" : "highest") level; a sample behind it is receding, decided silent, and the level stays"
            )
        }
        if let dwell = band.dwell, dwell > 0 {
            facts.append(
                Fact(
                    label: "dwell",
                    text:
                        "\(ReportNumber.duration(dwell)): a new level counts only once it has held that long; a shorter excursion neither rings nor moves the level"
                ))
        }
        if let plausible = band.plausibleText {
            facts.append(
                Fact(
                    label: "plausible",
                    text: "\(plausible): a value outside is a bad sample (implausible), decided silent; the level stays"
                ))
        }
        if band.levels.contains(where: { $0.fromBelow != nil || $0.fromAbove != nil }) {
            facts.append(Fact(label: "directions", text: "entering a level from below and from above may differ"))
        }
        if band.levels.contains(where: { $0.edge != nil }) {
            facts.append(
                Fact(
                    label: "parameters",
                    text:
                        "edges read run-time parameters: the levels show them at the parameters' defaults; a setting event moves them while the app runs, and the session charts step them where the log's setting events did"
                ))
        }
        if !usedBy.isEmpty { facts.append(Fact(label: "used by", text: usedBy.joined(separator: ", "))) }
        return facts
    }

    /// A level's column: the header and the cell's HTML for level `index`.
    struct Column {
        /// The column header.
        var header: String
        /// The cell's HTML.
        var cell: (_ band: DecisionTable.Band, _ index: Int) -> String
    }

    /// The level table's columns, in order.
    static func columns(content: PolicyContent, patterns: [String: ResolvedPattern]) -> [Column] {
        [
            Column(header: "Level") { band, index in htmlEscaped(band.levels[index].name) },
            Column(header: "Values") { band, index in htmlEscaped(band.values(ofLevel: index)) },
            Column(header: "Left when") { band, index in htmlEscaped(band.leaving(level: index)) },
            Column(header: "On entering") { band, index in
                // The level an approach band starts from, with nothing to say of its own.
                if let never = band.neverEnteredText(ofLevel: index) {
                    return "<span class=\"decision-silent\">\(htmlEscaped(never))</span>"
                }
                if band.isDirected(index) {
                    // Only the ways the level can be entered: the lowest is never entered
                    // from below, the highest never from above.
                    let ways = band.ways(ofLevel: index).map { way in
                        let kind = way.entry.play != nil ? "decision-play" : "decision-silent"
                        return
                            "<span class=\"\(kind)\">\(way.direction.rawValue): \(htmlEscaped(way.entry.text))</span>"
                    }
                    return ways.joined(separator: "<br>")
                }
                let level = band.levels[index]
                guard let play = level.play else {
                    return "<span class=\"decision-silent\">silent: \(htmlEscaped(level.silent ?? ""))</span>"
                }
                let layer = level.layer?.rawValue ?? "unknown"
                var text =
                    "<span class=\"decision-play\">play \(htmlEscaped(play))</span> \(layerBadge(layer, classes: "layer "))"
                if case .preset(let preset, let intensity)? = content.feedback.first(where: { $0.name == play })?.body {
                    text +=
                        " <span class=\"muted\">\(htmlEscaped(preset.rawValue))\(intensity.map { " at " + ReportNumber.amount($0) } ?? "")</span>"
                }
                // The template parameters the level gives what it plays (`with:`).
                if let arguments = level.arguments { text += " with " + htmlEscaped(arguments) }
                return text
            },
            Column(header: "Waveform") { band, index in
                // Every custom pattern entering the level plays, whichever way it is entered.
                band.plays(ofLevel: index).compactMap { play in
                    patterns[play].map { pattern in
                        "<a href=\"#\(htmlToken("pattern", play))\">"
                            + WaveformSVG.render(pattern, name: play, thumbnail: true) + "</a>"
                    }
                }.joined()
            },
        ]
    }

    /// The section's HTML.
    static func render(content: PolicyContent, table: DecisionTable, patterns: [String: ResolvedPattern]) -> String {
        var html = "<section id=\"bands\">\n<h2>Bands</h2>\n"
        if table.bands.isEmpty {
            html += "<p class=\"muted\">This policy declares no bands.</p>\n"
        }
        let columns = columns(content: content, patterns: patterns)
        for band in table.bands {
            let usedBy = table.screens.flatMap { screen in
                screen.cells.filter { cell in cell.rows.contains { $0.action == .band && $0.target == band.name } }
                    .map { "\(screen.name): \($0.event)" }
            }
            html += "<article class=\"band\" id=\"\(htmlToken("band", band.name))\">\n"
            html +=
                "<h3>\(htmlEscaped(band.name))\(band.unit.map { " <span class=\"muted\">(\(htmlEscaped($0)))</span>" } ?? "")</h3>\n"
            html += "<dl class=\"facts\">"
            for fact in facts(of: band, usedBy: usedBy) {
                html += "<dt>\(htmlEscaped(fact.label))</dt><dd>\(htmlEscaped(fact.text))</dd>"
            }
            html += "</dl>\n"
            html += "<table class=\"levels\" data-band=\"\(htmlAttribute(band.name))\">\n<thead><tr>"
            html += columns.map { "<th>\(htmlEscaped($0.header))</th>" }.joined()
            html += "</tr></thead>\n<tbody>\n"
            for index in band.levels.indices {
                html += "<tr class=\"level\">" + columns.map { "<td>\($0.cell(band, index))</td>" }.joined() + "</tr>\n"
            }
            html += "</tbody>\n</table>\n</article>\n"
        }
        return html + "</section>\n"
    }
}
