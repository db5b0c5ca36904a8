import HapticPolicy
import HapticPolicyTools

extension PolicyDecoder {
    /// A band set for a continuous signal.
    mutating func band(named name: Located<String>, _ node: YAMLNode) -> BandDecl? {
        let what = "band '\(name.value)'"
        guard
            let fields = fields(
                node, of: what, keys: ["unit", "hysteresis", "dwell", "plausible", "toward", "levels"],
                required: ["hysteresis", "levels"],
                owner: name.location)
        else { return nil }
        let unit = note(fields["unit"], for: "unit")
        let hysteresis = fields["hysteresis"].flatMap { number($0, for: "hysteresis") }
        let dwell = fields["dwell"].flatMap { number($0, for: "dwell") }
        let plausible = fields["plausible"].flatMap { plausibleRange($0, of: what) }
        var toward: [BandDecl.Toward] = []
        if let node = fields["toward"], let ends = namedEntries(node, for: "toward") {
            toward = ends.compactMap { end in
                entry(end.value, for: "toward \(end.name.value)").map { .init(end: end.name, entry: $0) }
            }
        }
        let items = fields["levels"].flatMap { list($0, for: "levels") }
        let levels = items?.compactMap { level($0, towardGiven: fields["toward"] != nil) }
        guard let hysteresis, let items, let levels, levels.count == items.count,
            fields["dwell"] == nil || dwell != nil, fields["plausible"] == nil || plausible != nil
        else { return nil }
        var band = BandDecl(
            name: name, unit: unit, hysteresis: hysteresis, dwell: dwell, plausible: plausible, levels: levels,
            location: name.location)
        band.toward = toward
        return band
    }

    /// `{play: zone.faster}` or `{silent: why}`: what entering a level does one way.
    private mutating func entry(_ node: YAMLNode, for key: String) -> BandDecl.Entry? {
        guard let fields = fields(node, of: "`\(key)`", keys: ["play", "silent"], valueOf: key) else { return nil }
        switch exclusive(fields, ["play", "silent"], advice: "keep one: entering a level either plays or stays silent")
        {
        case let entry? where entry.name == "play":
            return text(entry.value, for: "play").map { BandDecl.Entry(play: $0, location: node.location) }
        case let entry?:
            return reason(entry.value).map { BandDecl.Entry(silent: $0, location: node.location) }
        case nil:
            missingOneOf(
                ["play", "silent"], of: fields, in: "`\(key)`", at: node.location,
                advice: "say what entering the level this way plays, or why it is silent")
            return nil
        }
    }

    /// `plausible: {min: 2.5, max: 20}`: at least one end.
    private mutating func plausibleRange(_ node: YAMLNode, of what: String) -> BandDecl.Plausible? {
        guard
            let fields = fields(node, of: "the plausible range of \(what)", keys: ["min", "max"], valueOf: "plausible")
        else { return nil }
        let min = fields["min"].flatMap { number($0, for: "min") }
        let max = fields["max"].flatMap { number($0, for: "max") }
        guard fields["min"] == nil || min != nil, fields["max"] == nil || max != nil else { return nil }
        guard min != nil || max != nil else {
            missingOneOf(
                ["min", "max"], of: fields, in: "the plausible range of \(what)", at: node.location,
                advice: "give the smallest and largest values a good sample can have")
            return nil
        }
        return BandDecl.Plausible(min: min, max: max, location: node.location)
    }

    private mutating func level(_ node: YAMLNode, towardGiven: Bool) -> BandDecl.Level? {
        guard
            let fields = fields(
                node, of: "a band level", keys: ["name", "below", "play", "silent", "from-below", "from-above"],
                required: ["name"])
        else { return nil }
        let fromBelow = fields["from-below"].flatMap { entry($0, for: "from-below") }
        let fromAbove = fields["from-above"].flatMap { entry($0, for: "from-above") }
        let directed = towardGiven || fields["from-below"] != nil || fields["from-above"] != nil
        let name = fields["name"].flatMap { text($0, for: "name") }
        let below = fields["below"].flatMap { number($0, for: "below") }
        var play: Located<String>?
        var silent: Located<String>?
        switch exclusive(fields, ["play", "silent"], advice: "keep one: entering a level either plays or stays silent")
        {
        case let entry? where entry.name == "play": play = text(entry.value, for: "play")
        case let entry?: silent = reason(entry.value)
        case nil where !directed:
            missingOneOf(
                ["play", "silent"], of: fields, in: "band level '\(name?.value ?? "")'", at: node.location,
                advice: "say what entering it plays, or why it is silent")
        case nil:
            break
        }
        guard let name, fields["from-below"] == nil || fromBelow != nil, fields["from-above"] == nil || fromAbove != nil
        else { return nil }
        return BandDecl.Level(
            name: name, below: below, play: play, silent: silent, fromBelow: fromBelow, fromAbove: fromAbove,
            location: node.location)
    }

    /// An event of the catalogue.
    mutating func event(named name: Located<String>, _ node: YAMLNode) -> EventDecl? {
        let what = "event '\(name.value)'"
        guard
            let fields = fields(
                node, of: what, keys: ["layer", "screens", "value", "note"], required: ["layer", "screens"],
                owner: name.location)
        else { return nil }
        let layer = fields["layer"].flatMap { self.layer($0) }
        let value = fields["value"].flatMap { choice($0, for: "value", what: "value kind", as: ValueKind.self) }
        var screens: EventDecl.Screens?
        if let node = fields["screens"] {
            if node.items != nil {
                screens = list(node, for: "screens").map { .only($0.compactMap { text($0, for: "screens") }) }
            } else if case .string("all")? = CoreSchema.resolve(node) {
                screens = .all(node.location)
            } else {
                wrongType(expected: "'all' or a list of screen names", for: "screens", found: node)
            }
        }
        guard let layer, let screens else { return nil }
        return EventDecl(
            name: name, layer: layer, screens: screens, value: value, note: note(fields["note"]),
            location: name.location)
    }

    /// A screen with its table.
    mutating func screen(named name: Located<String>, _ node: YAMLNode) -> ScreenDecl? {
        guard
            let fields = fields(
                node, of: "screen '\(name.value)'", keys: ["enter", "table", "note"], owner: name.location)
        else { return nil }
        var onEnter: [Located<Directive>] = []
        if let node = fields["enter"], let items = list(node, for: "enter") {
            onEnter = items.compactMap { choice($0, for: "enter", what: "directive", as: Directive.self) }
        }
        let table = fields["table"].map { cells($0, for: "table") } ?? []
        return ScreenDecl(
            name: name, onEnter: onEnter, cells: table, note: note(fields["note"]), location: name.location)
    }

    /// A decision table: event → one row or a list of rows.
    mutating func cells(_ node: YAMLNode, for key: String) -> [CellDecl] {
        guard let entries = namedEntries(node, for: key) else { return [] }
        return entries.compactMap { entry in
            let rows: [RowDecl]?
            if let items = entry.value.items {
                let decoded = items.compactMap { row($0, for: entry.name.value) }
                rows = decoded.count == items.count ? decoded : nil
            } else if entry.value.pairs != nil {
                rows = row(entry.value, for: entry.name.value).map { [$0] }
            } else {
                wrongType(expected: "a row or a list of rows", for: entry.name.value, found: entry.value)
                rows = nil
            }
            return rows.map { CellDecl(event: entry.name, rows: $0, location: entry.name.location) }
        }
    }

    static let rowKeys = [
        "when", "play", "band", "silent", "stop", "loop", "with", "ticker", "prepare", "cite", "note",
    ]

    /// The keys saying what a row does; `play:`, `stop:` and `loop:` combine, `band:` and
    /// `silent:` decide a row alone.
    static let actionKeys = ["play", "band", "silent", "stop", "loop"]

    private mutating func row(_ node: YAMLNode, for event: String) -> RowDecl? {
        guard let fields = fields(node, of: "the row for '\(event)'", keys: Self.rowKeys, valueOf: event) else {
            return nil
        }
        var row = RowDecl(location: node.location)
        var usable = true
        let present = fields.entries.filter { Self.actionKeys.contains($0.name) }
        var actions: [Fields.Entry] = present
        if present.count > 1, let alone = present.first(where: { $0.name == "band" || $0.name == "silent" }) {
            // Keep the first action written; each later one conflicts with it.
            let first = present[0]
            for other in present.dropFirst() {
                let advice =
                    alone.name == "band"
                    ? "a 'band:' row plays what its levels say and nothing else; split it into two rows with 'when:'"
                    : "a 'silent:' row does nothing else; split it into two rows with 'when:', or drop 'silent:'"
                report(
                    DiagnosticCode.conflictingKeys(
                        "'\(other.name)' cannot be used together with '\(first.name)'; \(advice)",
                        at: other.key.location,
                        notes: [Diagnostic.Note("'\(first.name)' is set here", at: first.key.location)]))
            }
            actions = [first]
        }
        for action in actions {
            switch action.name {
            case "play": row.play = text(action.value, for: "play")
            case "band": row.band = text(action.value, for: "band")
            case "silent": row.silent = reason(action.value)
            case "stop": row.stop = text(action.value, for: "stop")
            default: row.loop = text(action.value, for: "loop")
            }
        }
        let read = [row.play, row.band, row.silent, row.stop, row.loop].compactMap { $0 }.count
        if read < actions.count { usable = false }
        if let node = fields["with"] {
            if let arguments = templateArguments(node) {
                row.with = arguments
            } else {
                usable = false
            }
            if row.play == nil, row.loop == nil, actions.count == read {
                report(
                    DiagnosticCode.keyNotApplicable(
                        "'with' does not apply here: it gives template parameters to the row's 'loop:' or 'play:'; "
                            + "add one, or remove 'with'",
                        at: fields.entry("with")?.key.location ?? node.location))
                usable = false
            }
        }
        let action = actions.first
        if let node = fields["ticker"] {
            row.ticker = choice(node, for: "ticker", what: "ticker step", as: RowDecl.TickerStep.self)
            if row.ticker == nil { usable = false }
        }
        if let node = fields["prepare"] {
            if choice(node, for: "prepare", what: "prepare target", options: ["engine"]) != nil {
                row.directives.append(Located(.prepareEngine, at: node.location))
            } else {
                usable = false
            }
        }
        if action == nil, !fields.has("ticker"), !fields.has("prepare") {
            missingOneOf(
                ["play", "band", "silent", "stop", "loop"], of: fields, in: "the row for '\(event)'", at: node.location,
                advice: "add one, or 'ticker:' / 'prepare:' alone; write 'silent: <reason>' to decide on silence")
            usable = false
        }
        if let node = fields["cite"] { row.cites = names(node, for: "cite") ?? [] }
        if let node = fields["when"] {
            row.condition = condition(node)
            if row.condition == nil { usable = false }
        }
        row.note = note(fields["note"])
        return usable ? row : nil
    }

    private mutating func condition(_ node: YAMLNode) -> ConditionDecl? {
        guard let fields = fields(node, of: "a condition", keys: ["speaks", "value", "subject"], valueOf: "when") else {
            return nil
        }
        // Read every field before giving up, so each mistake is reported.
        let speaks = fields["speaks"].map { bool($0, for: "speaks") }
        let value = fields["value"].map { scalarValue($0, for: "value") }
        let subject = fields["subject"].map { text($0, for: "subject") }
        if speaks == .some(nil) || value == .some(nil) || subject == .some(nil) { return nil }
        return ConditionDecl(
            speaks: speaks ?? nil, value: value ?? nil, subject: subject ?? nil, location: node.location)
    }

    /// `with: {bpm: value, depth: 0.5}`: each parameter takes the event's value or a number.
    private mutating func templateArguments(_ node: YAMLNode) -> [TemplateArgument]? {
        guard let entries = namedEntries(node, for: "with") else { return nil }
        var arguments: [TemplateArgument] = []
        for (name, value) in entries {
            if case .string("value")? = CoreSchema.resolve(value) {
                arguments.append(TemplateArgument(name: name, source: Located(.eventValue, at: value.location)))
            } else if let folded = folded(value, for: name.value) {
                // A constant, or an expression of constants (`with: {bpm: base_cadence}`).
                guard let folded else { return nil }
                arguments.append(
                    TemplateArgument(name: name, source: Located(.number(folded.value), at: value.location)))
            } else if let number = CoreSchema.resolve(value)?.number {
                guard number.isFinite else {
                    report(Self.notFinite(name.value, at: value.location))
                    return nil
                }
                arguments.append(TemplateArgument(name: name, source: Located(.number(number), at: value.location)))
            } else {
                wrongType(expected: "'value' (the event's value) or a number", for: name.value, found: value)
                return nil
            }
        }
        return arguments
    }

    /// A silence reason; written-but-empty stays empty for the validator to report.
    private mutating func reason(_ node: YAMLNode) -> Located<String>? {
        if CoreSchema.resolve(node) == .null { return Located("", at: node.location) }
        return text(node, for: "silent")
    }
}
