import HapticPolicy
import HapticPolicyCompiler
import HapticPolicyDocument

/// What the editor shows over a name (Markdown): what the policy declares it as, read
/// from the document and, for feedback, from the compiled plan when the policy compiles.
enum PolicyHover {
    /// The text for `name` of `kind` in `document`; nil when the document does not declare it.
    static func text(
        _ kind: PolicySymbolKind, _ name: String, document: PolicyDocument, policy: Policy?
    ) -> String? {
        switch kind {
        case .feedback:
            guard let decl = document.feedback.first(where: { $0.name.value == name }) else { return nil }
            return feedback(decl, plan: policy?.feedback(named: name), document: document)
        case .band:
            return document.bands.first { $0.name.value == name }.map(band)
        case .level:
            for band in document.bands {
                if let index = band.levels.firstIndex(where: { $0.name.value == name }) {
                    return "**band level `\(name)`** of `\(band.name.value)`\n\n" + levelLine(band, index)
                }
            }
            return nil
        case .event:
            return document.events.first { $0.name.value == name }.map { event($0, document: document) }
        case .screen:
            return document.screens.first { $0.name.value == name }.map(screen)
        case .invariant:
            return document.invariants.first { $0.id.value == name }.map(invariant)
        case .budget:
            return document.budgets.first { $0.id.value == name }.map(budget)
        }
    }

    private static func feedback(_ decl: FeedbackDecl, plan: FeedbackPlan?, document: PolicyDocument) -> String {
        var lines = ["**feedback `\(decl.name.value)`** · \(decl.layer.value.rawValue) layer", ""]
        if let plan {
            switch plan.body {
            case .preset(let preset, let intensity):
                lines.append(
                    "system preset `\(preset.rawValue)`" + (intensity.map { ", intensity \(numberText($0))" } ?? ""))
            case .pattern(let template):
                lines.append(patternSummary(template))
                lines.append("fallback: " + fallbackText(plan.fallback))
            }
        } else {
            switch decl.body {
            case .preset(let preset, let intensity):
                lines.append(
                    "system preset `\(preset.value.rawValue)`"
                        + (intensity.map { ", intensity \(numberText($0.value))" } ?? ""))
            case .pattern(let pattern):
                lines.append("custom pattern: \(count(pattern.events.count, "event"))")
            }
        }
        if let priority = decl.priority?.value {
            lines += [
                "",
                "priority `\(priority.rawValue)`: cuts what plays at a lower priority, yields (`outranked`) to a higher one",
            ]
        }
        if let note = decl.note { lines += ["", note] }
        let uses = playedIn(decl.name.value, document: document)
        if !uses.isEmpty { lines += ["", "played by: " + uses.joined(separator: ", ")] }
        if let background = backgroundText(decl, document: document) { lines += ["", background] }
        return lines.joined(separator: "\n")
    }

    /// What `background:` does with the feedback's plays, when it keeps all of them (by
    /// name, layer or `all`); nil when the policy has no `background:` or keeps only some
    /// rows of it.
    private static func backgroundText(_ decl: FeedbackDecl, document: PolicyDocument) -> String? {
        guard let background = document.background else { return nil }
        let kept: Bool
        switch background.keeps {
        case .all: kept = true
        case .none: kept = false
        case .some(let feedback, let layers, _):
            kept =
                feedback.contains { $0.value == decl.name.value }
                || layers.contains { $0.value == decl.layer.value.rawValue }
        }
        guard kept else { return "in background: silent (`background`) unless a kept row plays it" }
        if case .pattern = decl.body {
            return "in background: kept; plays its fallback (the engine is stopped)"
        }
        return "in background: kept; plays as in foreground"
    }

    private static func patternSummary(_ template: PatternTemplate) -> String {
        let transients = template.events.count { $0.kind == .transient }
        let continuous = template.events.count { $0.kind == .continuous }
        var parts: [String] = []
        if transients > 0 { parts.append(count(transients, "transient")) }
        if continuous > 0 { parts.append("\(continuous) continuous") }
        var text = "custom pattern: " + (parts.isEmpty ? "silence only" : parts.joined(separator: " and "))
        if let resolved = try? template.resolve() {
            text += ", \(numberText(resolved.length)) s"
            if let loop = try? template.loop?.evaluate(template.defaults) {
                text += ", looping every \(numberText(loop)) s"
            }
        }
        if !template.parameters.isEmpty {
            let names = template.parameters.map { parameter in
                "`\(parameter.name)` = \(numberText(parameter.defaultValue))" + (parameter.unit.map { " \($0)" } ?? "")
            }
            text += "\n\ntemplate parameters (defaults): " + names.joined(separator: ", ")
        }
        return text
    }

    private static func fallbackText(_ fallback: FeedbackPlan.Fallback?) -> String {
        func step(_ step: FeedbackPlan.TimedPreset) -> String {
            let preset = step.preset.rawValue + (step.intensity.map { " \(numberText($0))" } ?? "")
            return step.name == step.preset.rawValue ? "`\(preset)`" : "`\(step.name)` → `\(preset)`"
        }
        switch fallback {
        case nil: return "unspecified (skips silently when the pattern cannot play)"
        case .none?: return "none (skips silently when the pattern cannot play)"
        case .preset(let timed)?: return step(timed)
        case .sequence(let steps)?:
            return "sequence " + steps.map { "\(step($0)) at \($0.at) s" }.joined(separator: ", ")
        }
    }

    /// `screen/event` of every table cell (and `everywhere/event`) with a row that plays `name`.
    private static func playedIn(_ name: String, document: PolicyDocument) -> [String] {
        var uses: [String] = []
        func scan(_ cells: [CellDecl], _ owner: String) {
            for cell in cells where cell.rows.contains(where: { $0.plays.contains { $0.value == name } }) {
                uses.append("\(owner)/\(cell.event.value)")
            }
        }
        scan(document.everywhere, "everywhere")
        for screen in document.screens { scan(screen.cells, screen.name.value) }
        for band in document.bands where band.levels.contains(where: { $0.play?.value == name }) {
            uses.append("band \(band.name.value)")
        }
        return uses
    }

    private static func band(_ band: BandDecl) -> String {
        var lines = [
            "**band `\(band.name.value)`**" + (band.unit.map { " (\($0))" } ?? "")
                + (band.approach.map { " · approach: \($0.value.rawValue) (a sample behind the level is `receding`)" }
                    ?? " · hysteresis \(numberText(band.hysteresis.value))"),
            "",
        ]
        for index in band.levels.indices { lines.append("- " + levelLine(band, index)) }
        return lines.joined(separator: "\n")
    }

    private static func levelLine(_ band: BandDecl, _ index: Int) -> String {
        let level = band.levels[index]
        let unit = band.unit.map { $0 == "%" ? "%" : " \($0)" } ?? ""
        // An edge that reads run-time parameters is shown as written (`0.6 * max_hr`).
        func edge(_ level: BandDecl.Level) -> String? {
            level.below.map { numberText($0.value) + unit } ?? level.belowExpression.map { "`\($0.value)`" }
        }
        let lower = index > 0 ? edge(band.levels[index - 1]) : nil
        let range: String
        let inclusive = level.inclusive
        let lowerInclusive = index > 0 && band.levels[index - 1].inclusive
        switch (lower, edge(level)) {
        case (let low?, let high?) where inclusive || lowerInclusive:
            range = "\(lowerInclusive ? "over" : "from") \(low) to \(inclusive ? "at most" : "below") \(high)"
        case (nil, let high?) where inclusive: range = "at most \(high)"
        case (let low?, nil) where lowerInclusive: range = "over \(low)"
        case (let low?, let high?): range = "\(low) to below \(high)"
        case (nil, let high?): range = "below \(high)"
        case (let low?, nil): range = "\(low) and above"
        case (nil, nil): range = "every value"
        }
        let action: String
        if band.isUnenteredStart(index), let approach = band.approach {
            action = approach.value.startLevelText
        } else {
            action =
                level.play.map { "plays `\($0.value)`" } ?? level.silent.map { "silent: \($0.value)" }
                ?? "decides nothing"
        }
        return "`\(level.name.value)`: \(range), \(action)" + withText(level.with)
    }

    /// ` with side -1, urgency 3` for `with:` arguments (`value`: the event's value), or "".
    private static func withText(_ arguments: [TemplateArgument]) -> String {
        guard !arguments.isEmpty else { return "" }
        return " with "
            + arguments.map { argument in
                switch argument.source.value {
                case .eventValue: "\(argument.name.value) = the value"
                case .number(let number): "\(argument.name.value) \(numberText(number))"
                }
            }.joined(separator: ", ")
    }

    private static func event(_ event: EventDecl, document: PolicyDocument) -> String {
        let screens: String
        switch event.screens {
        case .all: screens = "every screen"
        case .only(let names): screens = names.map { "`\($0.value)`" }.joined(separator: ", ")
        }
        var lines = [
            "**event `\(event.name.value)`** · \(event.layer.value.rawValue) layer", "",
            "occurs on: \(screens)" + (event.value.map { " · carries a \($0.value.rawValue) value" } ?? ""),
        ]
        if let data = event.data, !data.isEmpty {
            // The event's data fields (language v3), each with what a good value is.
            lines += [
                "", "data: " + data.map { "`\($0.name.value)` (\($0.payload.expectation))" }.joined(separator: ", "),
            ]
        }
        if let note = event.note { lines += ["", note] }
        if event.endsSubject?.value == true {
            lines += ["", "ends its subject: once decided, the session forgets the subject's band levels and slot"]
        }
        var decided: [String] = []
        if document.everywhere.contains(where: { $0.event.value == event.name.value }) { decided.append("everywhere") }
        for screen in document.screens where screen.cells.contains(where: { $0.event.value == event.name.value }) {
            decided.append(screen.name.value)
        }
        if !decided.isEmpty { lines += ["", "decided on: " + decided.joined(separator: ", ")] }
        return lines.joined(separator: "\n")
    }

    private static func screen(_ screen: ScreenDecl) -> String {
        var lines = ["**screen `\(screen.name.value)`**", ""]
        if !screen.onEnter.isEmpty {
            lines.append("on entering: " + screen.onEnter.map(\.value.rawValue).joined(separator: ", "))
        }
        lines.append(
            "decides \(count(screen.cells.count, "event")): "
                + screen.cells.map { "`\($0.event.value)`" }.joined(separator: ", "))
        if let silent = screen.otherwise?.silent {
            lines.append("otherwise (every other event that can occur here): silent, \(silent.value)")
        }
        if let note = screen.note { lines += ["", note] }
        return lines.joined(separator: "\n")
    }

    private static func invariant(_ invariant: InvariantDecl) -> String {
        var lines = ["**invariant \(invariant.id.value)** · rule `\(invariant.kind.value.rawValue)`"]
        if let text = invariant.text { lines += ["", text] }
        if !invariant.presets.isEmpty {
            lines += [
                "",
                "presets never played: " + invariant.presets.map { "`\($0.value.rawValue)`" }.joined(separator: ", "),
            ]
        }
        for exception in invariant.exceptions {
            lines += ["", "except `\(exception.event.value)`: \(exception.reason.value)"]
        }
        return lines.joined(separator: "\n")
    }

    private static func budget(_ budget: BudgetDecl) -> String {
        let scope: String
        switch budget.scope {
        case .eachScreen: scope = "on each screen"
        case .screen(let screen): scope = "on screen `\(screen.value)`"
        case .layer(let layer): scope = "of the \(layer.value.rawValue) layer"
        case .events(let names):
            scope = "of " + names.map { "`\($0.value)`" }.joined(separator: ", ") + " on any screen"
        }
        var lines = [
            "**budget \(budget.id.value)**: at most \(count(budget.max.value, "ring")) per \(numberText(budget.window.value)) s \(scope)"
        ]
        for exception in budget.exceptions {
            lines += ["", "except `\(exception.event.value)`: \(exception.reason.value)"]
        }
        return lines.joined(separator: "\n")
    }

    private static func count(_ number: Int, _ noun: String) -> String { countText(number, noun) }
}

extension PatternTemplate {
    /// Every parameter at its default.
    fileprivate var defaults: [String: Double] {
        Dictionary(parameters.map { ($0.name, $0.defaultValue) }, uniquingKeysWith: { first, _ in first })
    }
}
