import HapticPolicy
import HapticPolicyCompiler
import HapticPolicyDocument
import HapticPolicyYAML

/// The editor's help with the keys and values of a policy: completion of the keys a
/// mapping may hold and of the words a value may be, and hover over a key or a value.
///
/// What a key means and which words a value may be come from the policy schema
/// (`PolicySchema`), the text the schema-aware editors and `Docs/policy-language.md` use;
/// what only this policy knows comes from its document: the data fields an event declares
/// (`when: {data: {direction: left}}`), the parameters of the template a `with:` gives to,
/// the row ids and layers a `keeps:` may name, and what a priority means among its feedback.
enum PolicyKeyHelp {
    /// One completion: the text, what it is, and the LSP completion kind.
    struct Item: Equatable {
        /// The label, which is also what is inserted (a key gets its `: `).
        var label: String
        /// A short line (a key's meaning, a field's type).
        var detail: String
        /// The LSP `CompletionItemKind`: 10 a property (key), 12 a value, 5 a field.
        var kind: Int
        /// What is inserted.
        var insert: String
        /// The whole meaning, for the editor's documentation pane (a key's description).
        var documentation: String? = nil
    }

    /// Keys only a policy's main file sets, not offered in an included file.
    static let mainOnlyKeys = Set(PolicyLoader.mainFileOnlyKeys)

    /// Completions at `cursor`, for a partial word matching its prefix. `isIncluded`: the
    /// file is one a policy includes.
    static func completions(
        _ cursor: YAMLCursor, document: PolicyDocument?, isIncluded: Bool, schema: PolicySchema = .shared
    ) -> [Item] {
        var items: [Item] = []
        switch cursor.position {
        case .key:
            items += policyKeys(cursor, document: document)
            for key in schema.keys(at: cursor.path) where !cursor.written.contains(key.name) {
                if isIncluded, cursor.path.isEmpty, mainOnlyKeys.contains(key.name) { continue }
                items.append(
                    Item(
                        label: key.name, detail: firstSentence(key.description), kind: 10, insert: key.name + ": ",
                        documentation: key.description.isEmpty ? nil : key.description))
            }
            if cursor.path.last == .item { items += words(schema.words(at: cursor.path), "value") }
        case .value(let key):
            items += policyValues(of: key, cursor, document: document)
            items += words(schema.words(at: cursor.path + [.key(key)]), key)
        case .item:
            items += policyItems(cursor, document: document)
            items += words(schema.words(at: cursor.path), "value")
        }
        var seen = Set<String>()
        return items.filter { $0.label.hasPrefix(cursor.prefix) && seen.insert($0.label).inserted }
    }

    /// The Markdown shown over `key` (a key written at `cursor`, which is at its start).
    static func keyHover(
        _ key: String, _ cursor: YAMLCursor, document: PolicyDocument?, schema: PolicySchema = .shared
    ) -> String? {
        if let event = dataEvent(cursor.path), let document {
            return dataField(key, of: event, document: document)
        }
        if cursor.path.count == 3, cursor.path[0] == .key("events"), cursor.path[2] == .key("data"),
            case .key(let event) = cursor.path[1], let document
        {
            return dataField(key, of: event, document: document)
        }
        if cursor.path.last == .key("with"), let document,
            let text = templateParameter(key, feedback: withTargets(cursor, document: document), document: document)
        {
            return text
        }
        guard let description = schema.description(of: key, at: cursor.path) else { return nil }
        return "**`\(key)`**\n\n" + description
    }

    /// The Markdown shown over `word`, the value of `key` at `cursor`: what a priority
    /// means among this policy's feedback, or the key's meaning for a word the schema lists.
    static func valueHover(
        _ word: String, of key: String, _ cursor: YAMLCursor, document: PolicyDocument?,
        schema: PolicySchema = .shared
    ) -> String? {
        if key == "priority", let priority = Priority(rawValue: word), let document {
            return priorityText(priority, document: document, schema: schema, path: cursor.path)
        }
        if let event = dataEvent(cursor.path), let document, let text = dataValue(word, field: key, of: event, document)
        {
            return text
        }
        guard schema.words(at: cursor.path + [.key(key)]).contains(word),
            let description = schema.description(of: key, at: cursor.path)
        else { return nil }
        return "**`\(key): \(word)`**\n\n" + description
    }

    // MARK: - What the policy knows

    /// `when: {data: {` of a row: the fields the row's event declares.
    private static func policyKeys(_ cursor: YAMLCursor, document: PolicyDocument?) -> [Item] {
        guard let document else { return [] }
        if let event = dataEvent(cursor.path) {
            let fields = document.events.first { $0.name.value == event }?.data ?? []
            return fields.filter { !cursor.written.contains($0.name.value) }.map { field in
                Item(
                    label: field.name.value, detail: field.payload.expectation, kind: 5, insert: field.name.value + ": "
                )
            }
        }
        if cursor.path.last == .key("with") {
            let feedback = withTargets(cursor, document: document)
            var seen = Set<String>()
            return feedback.flatMap { parameters(of: $0, document) }.filter {
                !cursor.written.contains($0.name.value) && seen.insert($0.name.value).inserted
            }.map { parameter in
                Item(
                    label: parameter.name.value, detail: parameterText(parameter), kind: 5,
                    insert: parameter.name.value + ": ")
            }
        }
        return []
    }

    /// `when: {data: {direction: ` of a row: the field's `one-of` strings (or true/false).
    private static func policyValues(of key: String, _ cursor: YAMLCursor, document: PolicyDocument?) -> [Item] {
        guard let document, let event = dataEvent(cursor.path), let field = field(key, of: event, document) else {
            return []
        }
        return words(values(of: field), "data field `\(key)`")
    }

    /// `in: [` of a data condition (its field's strings), and `keeps: {rows: [` and
    /// `layers: [` (the ids of the rows that can play, and the layers of the policy).
    private static func policyItems(_ cursor: YAMLCursor, document: PolicyDocument?) -> [Item] {
        guard let document else { return [] }
        let path = cursor.path
        if path.count >= 3, path[path.count - 2] == .key("in"), case .key(let name) = path[path.count - 3],
            let event = dataEvent(Array(path.dropLast(3))), let field = field(name, of: event, document)
        {
            return words(values(of: field), "data field `\(name)`")
        }
        guard path.count >= 3, path[path.count - 3] == .key("keeps") else { return [] }
        switch path[path.count - 2] {
        case .key("rows"):
            // Only rows that can play: keeping one that never plays is a warning (HP422).
            return document.rowIDs.filter(\.plays).map { Item(label: $0.id, detail: "row", kind: 12, insert: $0.id) }
        case .key("layers"):
            return words(document.layerNames.map(\.rawValue), "layer")
        default:
            return []
        }
    }

    /// The event of a row's data condition at `path` (`…/table/<event>/…/when/data`).
    private static func dataEvent(_ path: [PolicySchema.Step]) -> String? {
        guard path.count >= 3, path[path.count - 1] == .key("data"), path[path.count - 2] == .key("when") else {
            return nil
        }
        if case .key("everywhere") = path[0], path.count > 1, case .key(let event) = path[1] { return event }
        for index in path.indices.dropLast() where path[index] == .key("table") {
            if case .key(let event) = path[index + 1] { return event }
        }
        return nil
    }

    private static func field(_ name: String, of event: String, _ document: PolicyDocument) -> ParamDecl? {
        document.events.first { $0.name.value == event }?.data?.first { $0.name.value == name }
    }

    private static func values(of field: ParamDecl) -> [String] {
        switch field.payload.kind.value {
        case .bool: ["true", "false"]
        case .string: field.payload.oneOf?.map(\.value) ?? []
        case .number: []
        }
    }

    /// The feedback a `with:` at `cursor` gives parameters to: a level's `play:`; a row's
    /// `loop:`, else its `play:`, else what each level of its `band:` plays.
    private static func withTargets(_ cursor: YAMLCursor, document: PolicyDocument) -> [String] {
        guard cursor.values.count >= 2 else { return [] }
        let owner = cursor.values[cursor.values.count - 2]
        if let name = owner["loop"] ?? owner["play"] { return [name] }
        guard let name = owner["band"], let band = document.bands.first(where: { $0.name.value == name }) else {
            return []
        }
        var names: [String] = []
        for play in band.plays where !names.contains(play.feedback.value) { names.append(play.feedback.value) }
        return names
    }

    private static func parameters(of feedback: String, _ document: PolicyDocument) -> [TemplateParameter] {
        guard let decl = document.feedback.first(where: { $0.name.value == feedback }),
            case .pattern(let pattern) = decl.body
        else { return [] }
        return pattern.parameters
    }

    private static func parameterText(_ parameter: TemplateParameter) -> String {
        var text = "default \(numberText(parameter.defaultValue.value))"
        switch (parameter.minimum?.value, parameter.maximum?.value) {
        case (let low?, let high?): text += ", \(numberText(low)) to \(numberText(high))"
        case (let low?, nil): text += ", at least \(numberText(low))"
        case (nil, let high?): text += ", at most \(numberText(high))"
        case (nil, nil): break
        }
        return text + (parameter.unit.map { " (\($0))" } ?? "")
    }

    // MARK: - Hover texts

    private static func dataField(_ name: String, of event: String, document: PolicyDocument) -> String? {
        guard let field = field(name, of: event, document) else { return nil }
        var lines = [
            "**data field `\(name)`** of event `\(event)`", "",
            field.payload.expectation
                + (field.payload.isRequired ? "; every line of the event carries it" : "; optional"),
        ]
        let rows = rowsTesting(name, of: event, document: document)
        lines += [
            "",
            rows.isEmpty
                ? "no row tests it (`when: {data: {\(name): …}}`)" : "tested by: " + rows.joined(separator: ", "),
        ]
        return lines.joined(separator: "\n")
    }

    private static func dataValue(_ word: String, field name: String, of event: String, _ document: PolicyDocument)
        -> String?
    {
        guard let field = field(name, of: event, document) else { return nil }
        let allowed = values(of: field)
        guard allowed.contains(word) || field.payload.kind.value == .number else { return nil }
        return "**`\(name)` = `\(word)`**: a data field of `\(event)`\n\n" + field.payload.expectation
    }

    /// `screen/event` (`everywhere/event`) of every cell with a row that tests data field `name`.
    private static func rowsTesting(_ name: String, of event: String, document: PolicyDocument) -> [String] {
        var rows: [String] = []
        func scan(_ cells: [CellDecl], _ owner: String) {
            for cell in cells where cell.event.value == event {
                for (index, row) in cell.rows.enumerated()
                where row.condition?.data.contains(where: { $0.name.value == name }) == true {
                    rows.append("`\(owner)/\(event)#\(index + 1)`")
                }
            }
        }
        scan(document.everywhere, "everywhere")
        for screen in document.screens { scan(screen.cells, screen.name.value) }
        return rows
    }

    /// Each feedback of `feedback` that declares parameter `name`, with its default and range.
    private static func templateParameter(_ name: String, feedback: [String], document: PolicyDocument) -> String? {
        let declared = feedback.compactMap { each in
            parameters(of: each, document).first { $0.name.value == name }.map { (each, $0) }
        }
        guard !declared.isEmpty else { return nil }
        let lines = declared.map { "- `\($0.0)`: " + parameterText($0.1) }
        return "**template parameter `\(name)`** of " + declared.map { "`\($0.0)`" }.joined(separator: ", ") + "\n\n"
            + lines.joined(separator: "\n")
    }

    /// What `priority` means among the policy's feedback: which have it, which it cuts,
    /// which it yields to.
    private static func priorityText(
        _ priority: Priority, document: PolicyDocument, schema: PolicySchema, path: [PolicySchema.Step]
    ) -> String {
        var byPriority: [Priority: [String]] = [:]
        for decl in document.feedback {
            byPriority[decl.priority?.value ?? .normal, default: []].append("`\(decl.name.value)`")
        }
        func list(_ priorities: [Priority]) -> String {
            priorities.compactMap { each in
                byPriority[each].map { $0.joined(separator: ", ") + " (\(each.rawValue))" }
            }.joined(separator: "; ")
        }
        let lower = Priority.allCases.filter { $0 < priority }
        let higher = Priority.allCases.filter { $0 > priority }
        var lines = ["**priority `\(priority.rawValue)`**", ""]
        lines.append("in this policy: " + (byPriority[priority]?.joined(separator: ", ") ?? "no feedback") + " at it")
        let cuts = list(lower)
        lines.append("- cuts, while they still play: " + (cuts.isEmpty ? "nothing" : cuts))
        let yields = list(higher)
        lines.append("- is silent `outranked` while one of these plays: " + (yields.isEmpty ? "none" : yields))
        if let description = schema.description(of: "priority", at: path) { lines += ["", description] }
        return lines.joined(separator: "\n")
    }

    // MARK: - Helpers

    private static func words(_ words: [String], _ detail: String) -> [Item] {
        words.map { Item(label: $0, detail: detail, kind: 12, insert: $0) }
    }

    /// The first sentence of a description, for a completion's one line.
    static func firstSentence(_ text: String) -> String {
        guard let end = text.range(of: ". ") else { return text }
        return String(text[..<end.lowerBound]) + "."
    }
}
