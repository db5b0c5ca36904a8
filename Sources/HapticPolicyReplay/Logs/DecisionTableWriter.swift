import HapticPolicy
import HapticPolicyCompiler
import HapticPolicyDocument

/// The human decision log: one aligned row per input line. Column widths come from the
/// policy (its screen, event, feedback names and designer texts), so the table streams
/// without buffering and stays aligned with Japanese or Russian text (`displayWidth`).
/// Names longer than the policy's (unknown events, long subjects) push their row out.
///
/// Columns: `LINE T SCREEN EVENT SUBJECT ACTION FEEDBACK RENDER REASON BAND DIRECTIVES`
/// (a template's RENDER also shows its parameters and loop: `pattern:click bpm=120 loop=0.5s`),
/// with `explain` also `RULE AT`, then `NOTE` last (the designer's text, any length, any
/// script); with `explain` the texts of the invariants the rule is or cites follow the
/// note in the same column, after `⟨ ⟩`. The other actions of a row that did several
/// things follow on lines of their own, their ACTION marked `+` (`+stop`).
public struct DecisionTableWriter: DecisionFormat {
    /// The policy (for widths and invariant texts).
    public let policy: Policy
    /// Whether to add the rule, its location and the invariant texts.
    public var explain: Bool
    private let widths: [Int]

    private static let titles = [
        "LINE", "T", "SCREEN", "EVENT", "SUBJECT", "ACTION", "FEEDBACK", "RENDER", "REASON", "BAND", "DIRECTIVES",
        "RULE", "AT", "NOTE",
    ]

    /// Creates a writer sized for `policy`.
    public init(policy: Policy, explain: Bool = false) {
        self.policy = policy
        self.explain = explain
        func widest(_ texts: [String], _ minimum: Int) -> Int {
            max(minimum, texts.map { displayWidth(terminalText($0)) }.max() ?? 0)
        }
        let renders =
            policy.feedback.map { $0.render.description + Self.playedWithWidthSample($0) }
            + Preset.allCases.map { $0.rawValue + " (fallback)" }
        let levels = policy.bands.flatMap { $0.levels.map(\.name) }
        let band = (levels.map(displayWidth).max() ?? 0) * 2 + 3
        let directives = policy.screenEnter.isEmpty ? 0 : "prepare-engine,release-ticker".count
        let rules =
            policy.cells.flatMap { $0.rows.map(\.rule.id) } + policy.screenRules.map(\.id)
            + StateEvent.allCases.map { "builtin:" + $0.rawValue }
        widths = [
            6, 9, widest(policy.screenNames, 8), widest(policy.eventNames, 8), 10, 7,
            widest(policy.feedback.map(\.name), 8), widest(renders, 8),
            widest(LoggedReason.allCases.map(\.rawValue), 6), max(band, 4), max(directives, 10),
            widest(rules, 4), (policy.files.map { displayWidth(terminalText($0)) }.max() ?? 0) + 8, 0,
        ]
    }

    /// Column indices shown: the explain columns only with `explain`.
    private var shown: [Int] { explain ? Array(0..<14) : Array(0..<11) + [13] }

    /// The header row and a rule of dashes.
    public func header(into out: inout [UInt8]) {
        row(shown.map { Self.titles[$0] }, into: &out)
        row(shown.map { String(repeating: "-", count: $0 == 13 ? 4 : widths[$0]) }, into: &out)
    }

    /// One row.
    public func write(_ entry: LoggedDecision, into out: inout [UInt8]) {
        let d = entry.decision
        let t: String = entry.tText.map { String(decoding: $0, as: UTF8.self) } ?? entry.t.map(numberText) ?? "-"
        let render = Self.renderText(d)
        var band = ""
        if let transition = d.band {
            band = transition.from == transition.to ? transition.to : (transition.from ?? "·") + " → " + transition.to
        }
        var note = entry.note ?? ""
        if let column = entry.column { note = "col \(column): " + note }
        var cells: [String] = [String(entry.line), t, d.screen ?? "-", entry.event ?? "-", entry.subject ?? ""]
        cells += [entry.outcome.action.rawValue, d.feedback ?? "", render, entry.outcome.reason?.rawValue ?? "", band]
        cells.append(d.directives.list.map(\.rawValue).joined(separator: ","))
        if explain {
            cells.append(d.rule?.id ?? "")
            cells.append(d.rule.flatMap { $0.location == .unknown ? nil : $0.location.description } ?? "")
            let says = DecisionJSONWriter.invariantIDs(of: d.rule, in: policy).compactMap { id in
                policy.invariantText(id).map { id + ": " + $0 }
            }
            if !says.isEmpty { note += (note.isEmpty ? "" : "  ") + "⟨" + says.joined(separator: " / ") + "⟩" }
        }
        cells.append(note)
        row(cells, into: &out)
        // A row that did several things: each other action on a line of its own, under
        // the decision, its ACTION marked `+`.
        for step in d.also {
            var cells = ["", "", "", "", ""]
            cells += [
                "+" + step.action.rawValue, step.feedback ?? "", Self.renderText(step), step.reason?.rawValue ?? "",
            ]
            cells += ["", step.directives.list.map(\.rawValue).joined(separator: ",")]
            if explain { cells += ["", ""] }
            cells.append(step.note ?? "")
            row(cells, into: &out)
        }
    }

    /// The RENDER cell: what plays, its fallback mark, parameters and loop period.
    private static func renderText(_ d: Decision) -> String {
        var render = ""
        if let chosen = d.render { render = chosen.description + (d.fallback ? " (fallback)" : "") }
        if let parameters = d.parameters {
            for parameter in parameters {
                render += " " + parameter.name + "=" + (parameter.value.map(Self.compact) ?? "null")
            }
        }
        if let period = d.loopPeriod { render += " loop=" + Self.compact(.number(period)) + "s" }
        return render
    }

    /// A value as the RENDER column shows it: numbers to at most three decimals (`0.333`).
    private static func compact(_ value: ScalarValue) -> String {
        guard case .number(let number) = value, number.isFinite else { return value.description }
        return numberText((number * 1000).rounded() / 1000)
    }

    /// What a template's RENDER cell may add, at its widest likely width (` bpm=300
    /// loop=00.000s`), so its rows align; a longer value pushes its row out.
    private static func playedWithWidthSample(_ feedback: FeedbackPlan) -> String {
        var text = ""
        for parameter in feedback.parameters {
            let values = [parameter.defaultValue, parameter.minimum, parameter.maximum].compactMap { $0 }
            let widest = values.map { displayWidth(compact(.number($0))) }.max() ?? 0
            text += " " + parameter.name + "=" + String(repeating: "0", count: max(widest, 3))
        }
        if feedback.loop != nil { text += " loop=00.000s" }
        return text
    }

    private func row(_ cells: [String], into out: inout [UInt8]) {
        var text = ""
        for (index, raw) in cells.enumerated() {
            // Names, subjects and notes come from the policy and the log: shown, never obeyed.
            let cell = terminalText(raw)
            if index > 0 { text += "  " }
            text += index == cells.count - 1 ? cell : padded(cell, to: widths[shown[index]])
        }
        while text.hasSuffix(" ") { text.removeLast() }
        out.append(contentsOf: text.utf8)
        out.append(0x0A)
    }
}
