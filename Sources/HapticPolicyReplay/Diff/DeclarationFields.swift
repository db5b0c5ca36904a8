import HapticPolicy

/// Every field of a policy's band sets and budgets, flattened to text: a band's unit,
/// hysteresis, dwell, plausible range, approach and each level's edge, what entering it
/// plays and its `with:`; a budget's scope, max, window, exceptions and whether it is
/// enforced. Two policies' fields compared give what a designer changed in a band edge or a
/// budget (`changes(from:to:)`), which `diff` lists beside the decisions those changes
/// move, as `FeedbackFields` does for waveforms. Notes are left out.
public struct DeclarationFields: Sendable, Equatable {
    /// What a declaration is.
    public enum Kind: String, Sendable, Equatable {
        /// A band set (`bands:`).
        case band
        /// A budget (`budgets:`).
        case budget
    }

    /// One field's value.
    public struct Field: Sendable, Equatable {
        /// What the declaration is.
        public var kind: Kind
        /// Its name: the band set's name or the budget's id.
        public var name: String
        /// The field: `hysteresis`, `dwell`, `plausible`, `approach`, `unit`, `levels`,
        /// `level NAME edge`, `level NAME enters` (or `level NAME from below|above`),
        /// `level NAME with`; `scope`, `max`, `window`, `except`, `enforced`.
        public var field: String
        /// The value as text, numbers as `numberText` prints them.
        public var value: String
        /// Where it is declared: the level's place for a level's fields, else the
        /// declaration's. Shown, not compared.
        public var location: SourceLocation
        /// The band level the field belongs to (`level steady`); nil for the
        /// declaration's own fields. A level added or gone is one change.
        public var level: String?
    }

    /// One field that differs: `before` nil when the field or declaration is new, `after`
    /// nil when it is gone; `field` empty for a whole declaration added or gone.
    public struct Change: Sendable, Equatable {
        /// What the declaration is.
        public var kind: Kind
        /// Its name.
        public var name: String
        /// The field (`Field.field`), a level (`level steady`) added or removed as a
        /// whole, or empty for the whole declaration.
        public var field: String
        /// The old value; nil when new.
        public var before: String?
        /// The new value; nil when gone.
        public var after: String?
        /// Where it is declared now (where it was, for one that is gone).
        public var location: SourceLocation

        /// `band 'moisture' hysteresis: 3 -> 0 (plavo.yaml:120:5)`.
        public var text: String {
            var line = "\(kind.rawValue) '\(name)'" + (field.isEmpty ? "" : " \(field)")
            line += ": \(before ?? "(none)") -> \(after ?? "(none)")"
            if location != .unknown { line += " (\(location))" }
            return line
        }
    }

    /// The fields: band sets in declaration order, then budgets.
    public var fields: [Field]

    /// The fields of `policy`'s band sets and budgets.
    public init(policy: Policy) {
        let content = policy.content
        let files = policy.files
        var fields: [Field] = []
        for band in content.bands {
            let place = band.location.location(in: files)
            func add(_ field: String, _ value: String, at location: SourceLocation = place, level: String? = nil) {
                fields.append(
                    Field(kind: .band, name: band.name, field: field, value: value, location: location, level: level))
            }
            add("unit", band.unit ?? "none")
            add("hysteresis", numberText(band.hysteresis))
            add("dwell", band.dwell.map { numberText($0) + " s" } ?? "none")
            add("plausible", Self.plausibleText(band.plausible))
            add("approach", band.approach?.rawValue ?? "none")
            add("levels", band.levels.map(\.name).joined(separator: ", "))
            for (index, level) in band.levels.enumerated() {
                let group = "level \(level.name)"
                let at = level.location.location(in: files)
                if index < band.levels.count - 1 {
                    let edge = level.edge?.description ?? level.below.map(numberText) ?? "none"
                    add(group + " edge", (level.inclusive == true ? "at most " : "below ") + edge, at: at, level: group)
                }
                let entry = { (play: Int?, silent: String?) -> String in
                    if let play, content.feedback.indices.contains(play) {
                        return "play " + content.feedback[play].name
                    }
                    return silent.map { "silent (\($0))" } ?? "nothing"
                }
                add(group + " enters", entry(level.play, level.silent), at: at, level: group)
                if let below = level.fromBelow {
                    add(group + " from below", entry(below.play, below.silent), at: at, level: group)
                }
                if let above = level.fromAbove {
                    add(group + " from above", entry(above.play, above.silent), at: at, level: group)
                }
                if let arguments = level.arguments, !arguments.isEmpty {
                    add(group + " with", Self.argumentsText(arguments), at: at, level: group)
                }
            }
        }
        for budget in content.budgets {
            let place = budget.location.location(in: files)
            func add(_ field: String, _ value: String) {
                fields.append(Field(kind: .budget, name: budget.id, field: field, value: value, location: place))
            }
            add("scope", Self.scopeText(budget.scope))
            add("max", "\(budget.max)")
            add("window", numberText(budget.window) + " s")
            add("except", budget.exceptions.isEmpty ? "none" : budget.exceptions.joined(separator: ", "))
            add("enforced", budget.enforced ? "yes" : "no")
        }
        self.fields = fields
    }

    /// Fields as given (band sets, then budgets, in declaration order).
    public init(fields: [Field]) {
        self.fields = fields
    }

    /// What changed from `old` to `new`, field by field: a band set or budget added or
    /// removed is one change, a band level added or removed is one, a field changed, added
    /// or gone is one each. Declarations in `new`'s order, then the removed ones in `old`'s.
    public static func changes(from old: DeclarationFields, to new: DeclarationFields) -> [Change] {
        var owners: [String: (Kind, String)] = [:]
        func entries(_ fields: [Field]) -> [FieldComparison.Entry] {
            fields.map { field in
                let owner = field.kind.rawValue + " " + field.name
                owners[owner] = (field.kind, field.name)
                return .init(
                    owner: owner, field: field.field, value: field.value, location: field.location, group: field.level)
            }
        }
        let differences = FieldComparison.differences(
            from: entries(old.fields), to: entries(new.fields), wholeField: "",
            whole: { fields in
                // `levels dry, ok, wet` for a band set; `scope layer ui, max 6, window 60 s` for a budget.
                let own = fields.filter { $0.group == nil }
                let shown = own.contains { $0.field == "levels" } ? ["levels"] : ["scope", "max", "window"]
                return own.filter { shown.contains($0.field) }.map { "\($0.field) \($0.value)" }
                    .joined(separator: ", ")
            },
            summary: { group, fields in
                fields.filter { $0.group == group }.map { String($0.field.dropFirst(group.count + 1)) + " " + $0.value }
                    .joined(separator: ", ")
            })
        return differences.compactMap { difference in
            guard let (kind, name) = owners[difference.owner] else { return nil }
            return Change(
                kind: kind, name: name, field: difference.field, before: difference.before, after: difference.after,
                location: difference.location)
        }
    }

    private static func plausibleText(_ plausible: PolicyContent.Band.Plausible?) -> String {
        switch (plausible?.min, plausible?.max) {
        case (let min?, let max?): "\(numberText(min)) to \(numberText(max))"
        case (let min?, nil): "at least \(numberText(min))"
        case (nil, let max?): "at most \(numberText(max))"
        case (nil, nil): "any"
        }
    }

    private static func argumentsText(_ arguments: [PolicyContent.Row.Argument]) -> String {
        arguments.map { "\($0.name)=\($0.number.map(numberText) ?? "value")" }.joined(separator: ", ")
    }

    private static func scopeText(_ scope: PolicyContent.Budget.Scope) -> String {
        switch scope {
        case .eachScreen: "each screen"
        case .screen(let name): "screen \(name)"
        case .layer(let layer): "layer \(layer.rawValue)"
        case .events(let names): PolicyContent.Budget.Scope.eventsText(names)
        }
    }
}
