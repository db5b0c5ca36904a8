import HapticPolicy
import HapticPolicyDocument

extension DiagnosticCode {
    static let userLevelUnknownName = DiagnosticCode.check(
        "HP260", .error, "user-level-unknown-name",
        "a user level keeps a feedback, layer or row the policy does not have")
    static let userLevelStartUnknown = DiagnosticCode.check(
        "HP261", .error, "user-level-start-unknown", "`user-levels:` starts at a level it does not declare")
    static let userLevelsEmpty = DiagnosticCode.check(
        "HP262", .error, "user-levels-empty", "`user-levels:` declares no level")
    static let userLevelKeepsNothing = DiagnosticCode.check(
        "HP420", .warning, "user-level-keeps-nothing",
        "a user level's `keeps:` lists nothing: write `keeps: none` to say so")
    static let userLevelsAlike = DiagnosticCode.check(
        "HP421", .warning, "user-levels-alike", "two user levels keep the same plays")
    static let keptRowNeverPlays = DiagnosticCode.check(
        "HP422", .warning, "kept-row-never-plays", "a user level keeps a row that never plays")
}

/// User levels (`user-levels:`): what each level keeps must exist, and the levels must
/// differ. The `set-by:` event is checked with the parameters' (`ParameterChecks`).
enum UserLevelChecks {
    /// One place a feedback can play: a row's `play:` or `loop:` (a loop plays until it is
    /// stopped, and a level keeps or refuses it as any play), or a band row's level.
    struct Play {
        /// The rule id decisions cite (`workout/lap.completed`, `workout/pace.sample@tempo`).
        var rule: String
        /// The band row's own id, for a band level's play.
        var bandRow: String?
        /// The feedback played.
        var feedback: String
    }

    /// Every row id decisions cite, with whether the row (or band level) can play, in
    /// table order; and every play.
    static func rows(_ context: ValidationContext) -> (ids: [(id: String, plays: Bool)], plays: [Play]) {
        var ids: [(id: String, plays: Bool)] = []
        var plays: [Play] = []
        for (screen, cell) in context.allCells {
            for (position, row) in cell.rows.enumerated() {
                func rule(level: String? = nil) -> String {
                    RuleID(
                        screen: screen?.name.value, event: cell.event.value, row: position, rows: cell.rows.count,
                        level: level
                    ).text
                }
                let id = rule()
                let played = [row.play, row.loop].compactMap { $0 }
                if !played.isEmpty {
                    ids.append((id, true))
                    for feedback in played { plays.append(Play(rule: id, feedback: feedback.value)) }
                } else if let name = row.band, let band = context.bands[name.value] {
                    let bandPlays = band.plays
                    ids.append((id, !bandPlays.isEmpty))
                    for level in band.levels {
                        let levelID = rule(level: level.name.value)
                        let played = bandPlays.filter { $0.level == level.name.value }
                        ids.append((levelID, !played.isEmpty))
                        for entry in played {
                            plays.append(Play(rule: levelID, bandRow: id, feedback: entry.feedback.value))
                        }
                    }
                } else {
                    ids.append((id, false))
                }
            }
        }
        return (ids, plays)
    }

    /// Whether a level keeps a play.
    static func keeps(_ keeps: UserLevelsDecl.Keeps, _ play: Play, layer: Layer?) -> Bool {
        switch keeps {
        case .all: return true
        case .none: return false
        case .some(let feedback, let layers, let rows):
            return feedback.contains { $0.value == play.feedback }
                || layers.contains { layer?.rawValue == $0.value }
                || rows.contains { $0.value == play.rule || $0.value == play.bandRow }
        }
    }

    /// The findings of one `keeps:` (a user level's, or `background:`'s, named by
    /// `owner`): a name the policy does not have (`codes.unknown`), a map that lists
    /// nothing (`codes.nothing`), a row that never plays (`codes.neverPlays`).
    static func names(
        _ keeps: UserLevelsDecl.Keeps, of owner: String, at keepsLocation: SourceLocation,
        _ context: ValidationContext, rowIDs: [(id: String, plays: Bool)],
        codes: (unknown: DiagnosticCode, nothing: DiagnosticCode, neverPlays: DiagnosticCode)
    ) -> [Diagnostic] {
        guard case .some(let feedback, let layers, let rows) = keeps else { return [] }
        var out: [Diagnostic] = []
        let rowPlays = Dictionary(rowIDs.map { ($0.id, $0.plays) }, uniquingKeysWith: { first, _ in first })
        let layerNames = context.document.layerNames.map(\.rawValue)
        if feedback.isEmpty, layers.isEmpty, rows.isEmpty {
            out.append(
                codes.nothing(
                    "\(owner) keeps nothing: write `keeps: none`, or list the feedback, layers or rows it keeps",
                    at: keepsLocation))
        }
        for name in feedback where context.feedback[name.value] == nil {
            let hint = context.didYouMean(name.value, among: context.feedbackNames)
            out.append(
                codes.unknown(
                    "\(owner) keeps the feedback '\(name.value)', which is not declared\(hint.isEmpty ? ": declare it under `feedback:` or fix the name" : hint)",
                    at: name.location))
        }
        for name in layers where !layerNames.contains(name.value) {
            let hint = context.didYouMean(name.value, among: layerNames)
            out.append(
                codes.unknown(
                    "\(owner) keeps the layer '\(name.value)', which the policy does not have\(hint.isEmpty ? ": use \(layerNames.map { "'\($0)'" }.joined(separator: ", "))" : hint)",
                    at: name.location))
        }
        for name in rows {
            guard let playing = rowPlays[name.value] else {
                let hint = context.didYouMean(name.value, among: rowIDs.map(\.id))
                out.append(
                    codes.unknown(
                        "\(owner) keeps the row '\(name.value)', which no table has\(hint.isEmpty ? ": write a row id as decisions cite it, such as 'workout/lap.completed', 'settings/data.reset#1' or 'workout/pace.sample@tempo'" : hint)",
                        at: name.location))
                continue
            }
            if !playing {
                out.append(
                    codes.neverPlays(
                        "\(owner) keeps the row '\(name.value)', which never plays: keeping it changes nothing; remove it or keep the row that plays",
                        at: name.location))
            }
        }
        return out
    }

    static func run(_ context: ValidationContext) -> [Diagnostic] {
        guard let declared = context.document.userLevels else { return [] }
        var out: [Diagnostic] = []
        let levelNames = declared.levels.map(\.name.value)
        if declared.levels.isEmpty {
            out.append(
                DiagnosticCode.userLevelsEmpty(
                    "`user-levels:` declares no level: add at least one, such as `full: {keeps: all}`",
                    at: declared.location))
        } else if !levelNames.contains(declared.start.value) {
            let hint = context.didYouMean(declared.start.value, among: levelNames)
            let known = levelNames.map { "'\($0)'" }.joined(separator: ", ")
            out.append(
                DiagnosticCode.userLevelStartUnknown(
                    "the user levels start at '\(declared.start.value)', which is not a level\(hint.isEmpty ? ": use one of \(known)" : hint)",
                    at: declared.start.location))
        }
        let (rowIDs, plays) = rows(context)
        for level in declared.levels {
            out += names(
                level.keeps, of: "level '\(level.name.value)'", at: level.keepsLocation, context,
                rowIDs: rowIDs, codes: (.userLevelUnknownName, .userLevelKeepsNothing, .keptRowNeverPlays))
        }
        // Two levels that keep the same plays are one level under two names.
        var seen: [[Bool]: UserLevelsDecl.Level] = [:]
        for level in declared.levels {
            let kept = plays.map { keeps(level.keeps, $0, layer: context.feedback[$0.feedback]?.layer.value) }
            if let first = seen[kept] {
                out.append(
                    DiagnosticCode.userLevelsAlike(
                        "levels '\(first.name.value)' and '\(level.name.value)' keep the same plays: the user could not tell them apart; make '\(level.name.value)' keep something else, or remove it",
                        at: level.name.location,
                        notes: [Diagnostic.Note("'\(first.name.value)' is declared here", at: first.name.location)]))
            } else {
                seen[kept] = level
            }
        }
        return out
    }
}

extension PolicyDocument {
    /// Every row id decisions cite (`workout/lap.completed`, `settings/data.reset#1`,
    /// `workout/pace.sample@tempo`), with whether the row can play, in table order: what a
    /// `keeps: {rows: [...]}` may name (the editor completes them).
    package var rowIDs: [(id: String, plays: Bool)] { UserLevelChecks.rows(ValidationContext(self)).ids }
}
