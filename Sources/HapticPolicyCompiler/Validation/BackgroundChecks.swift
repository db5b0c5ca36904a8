import HapticPolicy
import HapticPolicyDocument

extension DiagnosticCode {
    static let backgroundUnknownName = DiagnosticCode.check(
        "HP180", .error, "background-unknown-name",
        "`background:` keeps a feedback, layer or row the policy does not have")
    static let backgroundKeepsNothing = DiagnosticCode.check(
        "HP181", .warning, "background-keeps-nothing",
        "`background:`'s `keeps:` lists nothing: write `keeps: none` to say so")
    static let backgroundRowNeverPlays = DiagnosticCode.check(
        "HP182", .warning, "background-row-never-plays", "`background:` keeps a row that never plays")
    static let backgroundPatternWithoutFallback = DiagnosticCode.check(
        "HP183", .warning, "background-pattern-without-fallback",
        "`background:` keeps a pattern without a fallback, which can never play in background")
}

/// `background:`: what it keeps must exist (as a user level's `keeps:`, with the same
/// reasoning, `UserLevelChecks.names`), and a kept pattern needs a fallback: in
/// background the engine is stopped, so a pattern plays only its fallback.
enum BackgroundChecks {
    static func run(_ context: ValidationContext) -> [Diagnostic] {
        guard let background = context.document.background else { return [] }
        var (rowIDs, plays) = UserLevelChecks.rows(context)
        // A row's `loop:` plays too (a kept loop plays its fallback once in background).
        var loopRules = Set<String>()
        for (screen, cell) in context.allCells {
            for (position, row) in cell.rows.enumerated() {
                guard let loop = row.loop else { continue }
                let rule = RuleID(
                    screen: screen?.name.value, event: cell.event.value, row: position, rows: cell.rows.count,
                    level: nil
                ).text
                loopRules.insert(rule)
                plays.append(UserLevelChecks.Play(rule: rule, feedback: loop.value))
            }
        }
        rowIDs = rowIDs.map { ($0.id, $0.plays || loopRules.contains($0.id)) }
        var out = UserLevelChecks.names(
            background.keeps, of: "background", at: background.keepsLocation, context, rowIDs: rowIDs,
            codes: (.backgroundUnknownName, .backgroundKeepsNothing, .backgroundRowNeverPlays))
        // Each kept pattern without a fallback once, at the first place that keeps it.
        var reported = Set<String>()
        for play in plays
        where UserLevelChecks.keeps(background.keeps, play, layer: context.feedback[play.feedback]?.layer.value) {
            guard let feedback = context.feedback[play.feedback], case .pattern = feedback.body else { continue }
            switch feedback.fallback {
            case nil, .none?: break
            case .target?, .sequence?: continue
            }
            guard reported.insert(feedback.name.value).inserted else { continue }
            out.append(
                DiagnosticCode.backgroundPatternWithoutFallback(
                    "background keeps '\(feedback.name.value)', a pattern without a fallback: in background the engine is stopped, so it is always silent (no-fallback); give it a `fallback:` preset, or do not keep it",
                    at: keptLocation(background, play, feedback) ?? background.keepsLocation))
        }
        return out
    }

    /// Where `keeps:` names the play: its feedback, its layer or its row.
    private static func keptLocation(
        _ background: BackgroundDecl, _ play: UserLevelChecks.Play, _ feedback: FeedbackDecl
    ) -> SourceLocation? {
        guard case .some(let names, let layers, let rows) = background.keeps else { return nil }
        return names.first { $0.value == play.feedback }?.location
            ?? layers.first { $0.value == feedback.layer.value.rawValue }?.location
            ?? rows.first { $0.value == play.rule || $0.value == play.bandRow }?.location
    }
}
