import HapticPolicy
import HapticPolicyDocument

extension DiagnosticCode {
    static let unusedFeedback = DiagnosticCode.check(
        "HP211", .warning, "unused-feedback", "a feedback no table, band level or fallback uses")
    static let unusedBand = DiagnosticCode.check("HP212", .warning, "unused-band", "a band set no row uses")
    static let unusedScreen = DiagnosticCode.check(
        "HP213", .warning, "unused-screen", "a screen with no table and no `enter:`, on which no event can occur")
    static let unusedInvariant = DiagnosticCode.check(
        "HP214", .warning, "unused-invariant", "a `guideline` invariant no row cites")
    static let unusedParameter = DiagnosticCode.check(
        "HP217", .warning, "unused-parameter", "a template parameter no expression of its pattern uses")
}

/// Declarations nothing uses: probably a leftover or a typo elsewhere (warnings).
enum UsageChecks {
    static func run(_ context: ValidationContext) -> [Diagnostic] {
        let document = context.document
        var usedFeedback = Set<String>()
        var usedBands = Set<String>()
        var cited = Set<String>()
        for (_, cell) in context.allCells {
            for row in cell.rows {
                for play in row.plays { usedFeedback.insert(play.value) }
                if let stop = row.stop { usedFeedback.insert(stop.value) }
                if let band = row.band { usedBands.insert(band.value) }
                cited.formUnion(row.cites.map(\.value))
            }
        }
        for row in document.screens.compactMap(\.otherwise) { cited.formUnion(row.cites.map(\.value)) }
        for band in document.bands {
            for (play, _) in band.plays { usedFeedback.insert(play.value) }
        }
        for feedback in document.feedback {
            switch feedback.fallback {
            case .target(let target): usedFeedback.insert(target.value)
            case .sequence(let steps, _): usedFeedback.formUnion(steps.map(\.target.value))
            case nil, .some(.none): break
            }
        }
        var listed = Set<String>()
        var everyScreen = false
        for event in document.events {
            switch event.screens {
            case .only(let names): listed.formUnion(names.map(\.value))
            case .all: everyScreen = true
            }
        }

        var out: [Diagnostic] = []
        for feedback in document.feedback where !usedFeedback.contains(feedback.name.value) {
            out.append(
                DiagnosticCode.unusedFeedback(
                    "feedback '\(feedback.name.value)' is never played, stopped or used as a fallback: play it in a table or band level, or remove it",
                    at: feedback.name.location))
        }
        for band in document.bands where !usedBands.contains(band.name.value) {
            out.append(
                DiagnosticCode.unusedBand(
                    "band set '\(band.name.value)' is never used: decide the event it maps with `band: \(band.name.value)`, or remove it",
                    at: band.name.location))
        }
        for screen in document.screens
        where screen.cells.isEmpty && screen.onEnter.isEmpty && !everyScreen && !listed.contains(screen.name.value) {
            out.append(
                DiagnosticCode.unusedScreen(
                    "no event can occur on screen '\(screen.name.value)' and it has no table: list it in an event's `screens` and add a table, or remove the screen",
                    at: screen.name.location))
        }
        for invariant in document.invariants
        where invariant.kind.value == .guideline && !cited.contains(invariant.id.value) {
            out.append(
                DiagnosticCode.unusedInvariant(
                    "guideline '\(invariant.id.value)' is never cited: cite it on the rows it explains (`cite: \(invariant.id.value)`), or remove it",
                    at: invariant.id.location, invariant: invariant.id.value))
        }
        out += parameterFindings(document)
        return out
    }

    /// Template parameters no expression of the pattern (or its fallback sequence) uses.
    static func parameterFindings(_ document: PolicyDocument) -> [Diagnostic] {
        var out: [Diagnostic] = []
        for feedback in document.feedback {
            guard case .pattern(let pattern) = feedback.body, !pattern.parameters.isEmpty else { continue }
            var used = Set<String>()
            func use(_ expression: Located<Expression>?) {
                if let expression { used.formUnion(expression.value.parameters) }
            }
            use(pattern.loop)
            for event in pattern.events {
                use(event.time)
                use(event.duration)
                use(event.intensity)
                use(event.sharpness)
                for curve in event.curves {
                    for point in curve.points {
                        use(point.time)
                        use(point.value)
                    }
                }
            }
            if case .sequence(let steps, _) = feedback.fallback { for step in steps { use(step.at) } }
            // An undeclared name is most likely this parameter misspelt (HP206 says so).
            guard used.isSubset(of: pattern.parameters.map(\.name.value)) else { continue }
            for parameter in pattern.parameters where !used.contains(parameter.name.value) {
                out.append(
                    DiagnosticCode.unusedParameter(
                        "parameter '\(parameter.name.value)' of '\(feedback.name.value)' is used by no expression: use it in a time, duration or value, or remove it",
                        at: parameter.name.location))
            }
        }
        return out
    }
}
