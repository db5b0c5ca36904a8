import HapticPolicy
import HapticPolicyCompiler
import HapticPolicyReplay

/// The decision table as Markdown: one section per screen, then the band sets (levels,
/// edges, hysteresis, what entering each level does), columns aligned by display width.
enum DecisionTableMarkdownReporter {
    static let header = ["event", "when", "decision", "feedback", "layer", "reason / note", "cites"]

    static func render(_ table: DecisionTable, policy: String) -> String {
        var out = "# \(escape(policy)): decision table\n\n"
        if !table.invariants.isEmpty {
            out += "Invariants:\n\n"
            for id in table.invariants.keys.sorted() {
                out += "- **\(escape(id))**: \(escape(table.invariants[id] ?? ""))\n"
            }
            out += "\n"
        }
        if !table.payloads.isEmpty {
            out += "Declared payloads (anything else is decided silent, bad-value, before any row):\n\n"
            for payload in table.payloads {
                out += "- **\(escape(payload.event))**: \(escape(payload.fields.joined(separator: "; ")))\n"
            }
            out += "\n"
        }
        if !table.priorities.isEmpty {
            out += "Priorities (a play cuts what still plays at a lower one; below a higher one it is outranked; "
            out += "the rest are normal):\n\n"
            for entry in table.priorities {
                out += "- **\(escape(entry.feedback))**: \(entry.priority.rawValue)\n"
            }
            out += "\n"
        }
        for screen in table.screens {
            out += "## \(escape(screen.name))\n\n"
            if !screen.onEnter.isEmpty { out += "On enter: \(screen.onEnter.joined(separator: ", "))\n\n" }
            if let note = screen.note { out += "> \(escape(note))\n\n" }
            var rows: [[String]] = []
            for cell in screen.cells {
                if cell.origin == .gap {
                    rows.append([
                        cell.event, "", "GAP: no decision", "", cell.eventLayer?.rawValue ?? "",
                        "add a row or a silence with its reason", "",
                    ])
                    continue
                }
                for (index, row) in cell.rows.enumerated() {
                    var decision = row.action.rawValue
                    if row.action == .band, let target = row.target { decision = "band \(target)" }
                    if row.action == .stop, let target = row.target { decision = "stop \(target)" }
                    if row.action == .loop, let target = row.target { decision = "loop \(target)" }
                    if let steps = row.stepsText { decision = steps }
                    let extra = row.directives.filter { $0 != "stop-loop" }
                    if row.action == .directive {
                        decision = extra.joined(separator: " + ")
                    } else if !extra.isEmpty {
                        decision += " + " + extra.joined(separator: " + ")
                    }
                    if cell.origin == .everywhere { decision += " (everywhere)" }
                    if cell.origin == .otherwise { decision += " (the screen's default)" }
                    if cell.endsSubject { decision += "; " + DecisionTable.Cell.endsSubjectText }
                    let feedback = row.action == .play ? row.target ?? "" : ""
                    let reason = [row.reason, row.note].compactMap { $0 }.joined(separator: " — ")
                    rows.append([
                        index == 0 ? cell.event : "", row.condition ?? (cell.rows.count > 1 ? "otherwise" : ""),
                        decision, feedback, row.layer?.rawValue ?? "", reason, row.cites.joined(separator: ", "),
                    ])
                }
            }
            out += alignedTable(rows.map { $0.map(escape) })
            out += "\n"
        }
        if !table.bands.isEmpty { out += "## Bands\n\n" }
        for band in table.bands {
            out += "### \(escape(band.name))\(band.unit.map { " (\(escape($0)))" } ?? "")\n\n"
            var facts =
                "Edges \(band.edgeTexts.joined(separator: ", ")); "
                + (band.approachText ?? "hysteresis \(band.amount(band.hysteresis))")
            if let dwell = band.dwell, dwell > 0 {
                facts += "; dwell \(decimalText(dwell, decimals: 2)) s"
            }
            if let plausible = band.plausibleText { facts += "; plausible \(plausible)" }
            out += escape(facts) + ".\n\n"
            for index in band.levels.indices where band.isDirected(index) {
                let ways = band.ways(ofLevel: index).map { $0.direction.rawValue + " " + $0.entry.text }
                out += "- \(escape(band.levels[index].name)): \(escape(ways.joined(separator: "; ")))\n"
            }
            if band.levels.indices.contains(where: band.isDirected) { out += "\n" }
            // Band levels that give template parameters (`with:`), one line each.
            for level in band.levels {
                if let arguments = level.arguments {
                    out += "- \(escape(level.name)) plays with \(escape(arguments))\n"
                }
            }
            if band.levels.contains(where: { $0.arguments != nil }) { out += "\n" }
            let rows = band.levels.indices.map { index in
                [band.levels[index].name, band.values(ofLevel: index), band.leaving(level: index)]
                    + entering(band, level: index)
            }
            out += alignedTable(rows.map { $0.map(escape) }, header: bandHeader)
            out += "\n"
        }
        if !table.userLevels.isEmpty {
            out += "## User levels\n\n"
            out +=
                escape(
                    "Picked by \(table.userLevelEvent ?? "") (its value names the level); starts at \(table.startLevel ?? "")."
                ) + "\n\n"
            let rows = table.userLevels.map { level in
                [
                    level.name, level.keeps,
                    level.silences.isEmpty
                        ? "every play" : level.rings.isEmpty ? "none" : level.rings.joined(separator: ", "),
                    level.silences.joined(separator: ", "), level.note ?? "",
                ]
            }
            out += alignedTable(rows.map { $0.map(escape) }, header: ["level", "keeps", "rings", "silences", "note"])
            out += "\n"
        }
        if let background = table.background {
            out += "## Background\n\n"
            out +=
                escape(
                    "With the app in background, the plays background keeps go on (a pattern plays its fallback: the engine is stopped); the others are silent (background)."
                ) + "\n\n"
            let rows = [
                [
                    background.keeps, background.rings.isEmpty ? "none" : background.rings.joined(separator: ", "),
                    background.silences.joined(separator: ", "), background.note ?? "",
                ]
            ]
            out += alignedTable(rows.map { $0.map(escape) }, header: ["keeps", "rings", "silences", "note"])
            out += "\n"
        }
        if !table.budgets.isEmpty {
            out += "## Budgets\n\n"
            out +=
                escape(
                    "Rings counted in a sliding window. Over an enforced budget a ring is silent (over-budget); over the others it plays and the breach is reported (eval, test, diff, report)."
                ) + "\n\n"
            let rows = table.budgets.map { budget in
                [
                    budget.id, budget.scope.text, String(budget.max), budget.perText, budget.decisionText,
                    budget.exceptions.map(\.text).joined(separator: "; "),
                    budget.acknowledged.map(\.text).joined(separator: "; "),
                ]
            }
            out += alignedTable(
                rows.map { $0.map(escape) },
                header: ["budget", "counts", "max", "per", "decides", "except", "acknowledged"])
            out += "\n"
        }
        return out
    }

    /// A band level's decision, feedback, layer and reason: what entering it does, or,
    /// when that differs by direction, what each way it can be entered does (never a
    /// direction that cannot happen).
    static func entering(_ band: DecisionTable.Band, level index: Int) -> [String] {
        if let never = band.neverEnteredText(ofLevel: index) { return ["silent", "", "", never] }
        if let entry = band.uniformEntry(ofLevel: index) {
            return [
                entry.play != nil ? "play" : "silent", entry.play ?? "", entry.layer?.rawValue ?? "",
                entry.silent ?? "",
            ]
        }
        let ways = band.ways(ofLevel: index)
        let action = { (way: DecisionTable.Band.Way) in way.entry.play != nil ? "play" : "silent" }
        let decision =
            Set(ways.map(action)).count == 1
            ? action(ways[0]) : ways.map { action($0) + " " + $0.direction.rawValue }.joined(separator: ", ")
        let plays = ways.filter { $0.entry.play != nil }
        let feedback =
            Set(plays.compactMap(\.entry.play)).count <= 1
            ? plays.first?.entry.play ?? ""
            : plays.map { ($0.entry.play ?? "") + " " + $0.direction.rawValue }.joined(separator: ", ")
        var layers: [String] = []
        for layer in plays.compactMap(\.entry.layer?.rawValue) where !layers.contains(layer) { layers.append(layer) }
        let silences = ways.filter { $0.entry.play == nil && !($0.entry.silent ?? "").isEmpty }
        let reason =
            Set(silences.compactMap(\.entry.silent)).count == 1 && silences.count == ways.count
            ? silences[0].entry.silent ?? ""
            : silences.map { $0.direction.rawValue + ": " + ($0.entry.silent ?? "") }.joined(separator: "; ")
        return [decision, feedback, layers.joined(separator: ", "), reason]
    }

    /// The columns of a band set's levels: as many as the screens' tables have.
    static let bandHeader = ["level", "values", "left when", "decision", "feedback", "layer", "reason"]

    private static func alignedTable(_ rows: [[String]], header: [String] = header) -> String {
        var widths = header.map(displayWidth)
        for row in rows {
            for (column, text) in row.enumerated() { widths[column] = max(widths[column], displayWidth(text)) }
        }
        func line(_ cells: [String]) -> String {
            "| " + zip(cells, widths).map { padded($0, to: $1) }.joined(separator: " | ") + " |\n"
        }
        var out = line(header)
        out += "|" + widths.map { String(repeating: "-", count: $0 + 2) }.joined(separator: "|") + "|\n"
        for row in rows { out += line(row) }
        return out
    }

    /// Keeps designer text from breaking the table, and from the terminal the Markdown is
    /// often printed on (`terminalText`).
    private static func escape(_ text: String) -> String {
        terminalText(text.replacingOccurrences(of: "|", with: "\\|").replacingOccurrences(of: "\n", with: " "))
    }
}

extension String {
    fileprivate func replacingOccurrences(of target: String, with replacement: String) -> String {
        split(separator: Substring(target), omittingEmptySubsequences: false).joined(separator: replacement)
    }
}
