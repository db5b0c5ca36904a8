import HapticPolicy

/// What `FeedbackFields` and `DeclarationFields` share: fields flattened to text, owned by
/// a named declaration and maybe grouped under a part of it (a pattern event, a band
/// level), compared old against new. A field changed, added or gone is one difference; a
/// whole group added or gone is one; a whole owner added or gone is one.
enum FieldComparison {
    /// One field's value.
    struct Entry {
        /// The declaration's key (`pulse`, `band pace`).
        var owner: String
        /// The field's name, unique within its owner.
        var field: String
        /// The value as text.
        var value: String
        /// Where it is declared.
        var location: SourceLocation
        /// The part of the owner the field belongs to, added or gone as a whole; nil for
        /// the owner's own fields.
        var group: String?
    }

    /// One difference: `before` nil when new, `after` nil when gone; `field` is the
    /// group, or `wholeField` for a whole owner.
    struct Difference {
        var owner: String
        var field: String
        var before: String?
        var after: String?
        var location: SourceLocation
    }

    /// The differences from `old` to `new`: owners in `new`'s order, then the removed ones
    /// in `old`'s. `whole` says what a whole owner is (`pattern`), `summary` a whole group.
    static func differences(
        from old: [Entry], to new: [Entry], wholeField: String, whole: ([Entry]) -> String,
        summary: (_ group: String, _ fields: [Entry]) -> String
    ) -> [Difference] {
        func grouped(_ fields: [Entry]) -> (order: [String], byOwner: [String: [Entry]]) {
            var order: [String] = []
            var byOwner: [String: [Entry]] = [:]
            for field in fields {
                if byOwner[field.owner] == nil { order.append(field.owner) }
                byOwner[field.owner, default: []].append(field)
            }
            return (order, byOwner)
        }
        let before = grouped(old)
        let after = grouped(new)
        var changes: [Difference] = []
        for owner in after.order {
            let now = after.byOwner[owner] ?? []
            guard let was = before.byOwner[owner] else {
                changes.append(
                    Difference(
                        owner: owner, field: wholeField, before: nil, after: whole(now),
                        location: now.first?.location ?? .unknown))
                continue
            }
            let wasByField = Dictionary(was.map { ($0.field, $0) }, uniquingKeysWith: { first, _ in first })
            let nowFields = Set(now.map(\.field))
            let wasGroups = Set(was.compactMap(\.group))
            let nowGroups = Set(now.compactMap(\.group))
            var whole: Set<String> = []
            for field in now where wasByField[field.field]?.value != field.value {
                if let group = field.group, !wasGroups.contains(group) {
                    if whole.insert(group).inserted {
                        changes.append(
                            Difference(
                                owner: owner, field: group, before: nil, after: summary(group, now),
                                location: field.location))
                    }
                    continue
                }
                changes.append(
                    Difference(
                        owner: owner, field: field.field, before: wasByField[field.field]?.value, after: field.value,
                        location: field.location))
            }
            for field in was where !nowFields.contains(field.field) {
                if let group = field.group, !nowGroups.contains(group) {
                    if whole.insert(group).inserted {
                        changes.append(
                            Difference(
                                owner: owner, field: group, before: summary(group, was), after: nil,
                                location: field.location))
                    }
                    continue
                }
                changes.append(
                    Difference(
                        owner: owner, field: field.field, before: field.value, after: nil, location: field.location))
            }
        }
        for owner in before.order where after.byOwner[owner] == nil {
            let was = before.byOwner[owner] ?? []
            changes.append(
                Difference(
                    owner: owner, field: wholeField, before: whole(was), after: nil,
                    location: was.first?.location ?? .unknown))
        }
        return changes
    }

    /// `transient, time 0.16, intensity 0.8`: a whole group's fields (named `<group> <name>`)
    /// in one value, those reading `none` left out, a `type` field by its value alone.
    static func summary(of group: String, in fields: [Entry]) -> String {
        fields.filter { $0.group == group && $0.value != "none" }.map { field in
            let name = String(field.field.dropFirst(group.count + 1))
            return name == "type" ? field.value : "\(name) \(field.value)"
        }.joined(separator: ", ")
    }
}
