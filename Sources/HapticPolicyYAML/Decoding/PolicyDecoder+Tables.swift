import HapticPolicy
import HapticPolicyCompiler
import HapticPolicyDocument

extension PolicyDecoder {
    /// A band set for a continuous signal.
    mutating func band(named name: Located<String>, _ node: YAMLNode) -> BandDecl? {
        let what = "band '\(name.value)'"
        guard
            let fields = fields(
                node, of: what, keys: ["unit", "approach", "hysteresis", "dwell", "plausible", "toward", "levels"],
                required: Self.requiredBandKeys(node),
                owner: name.location, acknowledges: true)
        else { return nil }
        let unit = note(fields["unit"], for: "unit")
        let approach = fields["approach"].flatMap {
            choice($0, for: "approach", what: "approach", as: BandApproach.self)
        }
        // An approach band's edges are exact: its hysteresis may be left out (HP151 when given).
        let hysteresis =
            fields["hysteresis"].flatMap { number($0, for: "hysteresis") }
            ?? (fields["hysteresis"] == nil && approach != nil ? Located(0, at: name.location) : nil)
        let dwell = fields["dwell"].flatMap { number($0, for: "dwell") }
        let plausible = fields["plausible"].flatMap { plausibleRange($0, of: what) }
        var toward: [BandDecl.Toward] = []
        if let node = fields["toward"], let ends = namedEntries(node, for: "toward") {
            toward = ends.compactMap { end in
                entry(end.value, for: "toward \(end.name.value)").map { .init(end: end.name, entry: $0) }
            }
        }
        let items = fields["levels"].flatMap { list($0, for: "levels") }
        let levels = items?.compactMap { level($0, towardGiven: fields["toward"] != nil || approach != nil) }
        guard let hysteresis, let items, let levels, levels.count == items.count,
            fields["dwell"] == nil || dwell != nil, fields["plausible"] == nil || plausible != nil,
            fields["approach"] == nil || approach != nil
        else { return nil }
        var band = BandDecl(
            name: name, unit: unit, hysteresis: hysteresis, dwell: dwell, plausible: plausible, levels: levels,
            location: name.location)
        band.toward = toward
        band.approach = approach
        band.hysteresisWritten = fields["hysteresis"] != nil
        return band
    }

    /// The keys a band needs: `levels`, and `hysteresis` unless it has an `approach:`
    /// (whose edges are exact).
    static func requiredBandKeys(_ node: YAMLNode) -> [String] {
        let approach = node.pairs?.contains { $0.key.scalarText == "approach" } ?? false
        return approach ? ["levels"] : ["hysteresis", "levels"]
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
                node, of: "a band level",
                keys: ["name", "below", "at-most", "play", "silent", "from-below", "from-above", "with"],
                required: ["name"], acknowledges: true)
        else { return nil }
        let fromBelow = fields["from-below"].flatMap { entry($0, for: "from-below") }
        let fromAbove = fields["from-above"].flatMap { entry($0, for: "from-above") }
        let directed = towardGiven || fields["from-below"] != nil || fields["from-above"] != nil
        let name = fields["name"].flatMap { text($0, for: "name") }
        var below: Located<Double>?
        var belowExpression: Located<HapticPolicy.Expression>?
        var belowNames: [Located<String>] = []
        var edgeUsable = true
        let edgeEntry = exclusive(
            fields, ["below", "at-most"],
            advice:
                "a level has one upper edge: 'below:' leaves the edge's own value to the next level, 'at-most:' keeps it"
        )
        if let edgeEntry {
            let node = edgeEntry.value
            if let edge = expression(node, for: edgeEntry.name) {
                if edge.value.parameters.isEmpty {
                    // Names no parameter: a plain number, so a v1 band encodes as before.
                    if let value = edge.value.constant {
                        below = Located(value, at: edge.location)
                    } else {
                        report(Self.notFinite(edgeEntry.name, at: node.location))
                        edgeUsable = false
                    }
                } else {
                    belowExpression = edge
                    belowNames = expressionNames(node)
                }
            } else {
                edgeUsable = false
            }
        }
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
        var with: [TemplateArgument] = []
        if let node = fields["with"] {
            if let arguments = templateArguments(node) { with = arguments } else { edgeUsable = false }
        }
        guard let name, edgeUsable, fields["from-below"] == nil || fromBelow != nil,
            fields["from-above"] == nil || fromAbove != nil
        else { return nil }
        var level = BandDecl.Level(
            name: name, below: below, play: play, silent: silent, fromBelow: fromBelow, fromAbove: fromAbove,
            belowExpression: belowExpression, location: node.location)
        level.belowNames = belowNames
        level.inclusive = edgeEntry?.name == "at-most"
        level.with = with
        return level
    }

    /// A level's edge (`below:`): a number, or an expression text over run-time parameters
    /// (`0.6 * max_hr`). Constants are substituted here, before the caller folds an
    /// expression that names no parameter into a plain number.
    mutating func edgeExpression(_ node: YAMLNode) -> Located<HapticPolicy.Expression>? {
        expression(node, for: "below")
    }

    /// Every name an expression scalar mentions, each at its own line and column (for
    /// errors about one name of an edge).
    private func expressionNames(_ node: YAMLNode) -> [Located<String>] {
        guard case .scalar(let text, _) = node.content else { return [] }
        let chars = Array(text)
        var out: [Located<String>] = []
        var index = 0
        while index < chars.count {
            let c = chars[index]
            if c.isNumber || c == "." {
                // Skip a number, exponent included, as the parser reads it.
                while index < chars.count, chars[index].isASCII, chars[index].isNumber || chars[index] == "." {
                    index += 1
                }
                if index < chars.count, chars[index] == "e" || chars[index] == "E" {
                    index += 1
                    if index < chars.count, chars[index] == "-" || chars[index] == "+" { index += 1 }
                    while index < chars.count, chars[index].isASCII, chars[index].isNumber { index += 1 }
                }
            } else if c.isLetter || c == "_" {
                let start = index
                while index < chars.count, chars[index].isLetter || chars[index].isNumber || chars[index] == "_" {
                    index += 1
                }
                out.append(Located(String(chars[start..<index]), at: location(in: node, characterOffset: start)))
            } else {
                index += 1
            }
        }
        return out
    }

    /// An event of the catalogue.
    mutating func event(named name: Located<String>, _ node: YAMLNode) -> EventDecl? {
        let what = "event '\(name.value)'"
        guard
            let fields = fields(
                node, of: what, keys: ["layer", "screens", "value", "params", "data", "note", "ends-subject"],
                required: ["layer", "screens"],
                owner: name.location, acknowledges: true)
        else { return nil }
        let layer = fields["layer"].flatMap { self.layer($0) }
        var value: Located<ValueKind>?
        var payload: PayloadDecl?
        var usable = true
        if let node = fields["value"] {
            if node.pairs != nil {
                payload = self.payload(node, of: "the value of \(what)", valueOf: "value")
                value = payload?.kind
                usable = payload != nil
            } else {
                value = choice(node, for: "value", what: "value kind", as: ValueKind.self)
            }
        }
        var params: [ParamDecl]?
        if let node = fields["params"], let entries = namedEntries(node, for: "params") {
            let decoded = entries.compactMap { entry in
                self.payload(entry.value, of: "param '\(entry.name.value)' of \(what)", valueOf: entry.name.value)
                    .map { ParamDecl(name: entry.name, payload: $0) }
            }
            if decoded.count == entries.count { params = decoded } else { usable = false }
        } else if fields["params"] != nil {
            usable = false
        }
        var data: [ParamDecl]?
        if let node = fields["data"], let entries = namedEntries(node, for: "data") {
            let decoded = entries.compactMap { entry in
                self.payload(entry.value, of: "data field '\(entry.name.value)' of \(what)", valueOf: entry.name.value)
                    .map { ParamDecl(name: entry.name, payload: $0) }
            }
            if decoded.count == entries.count { data = decoded } else { usable = false }
        } else if fields["data"] != nil {
            usable = false
        }
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
        guard let layer, let screens, usable else { return nil }
        var event = EventDecl(
            name: name, layer: layer, screens: screens, value: value, note: note(fields["note"]),
            location: name.location)
        event.payload = payload
        event.params = params
        event.endsSubject = fields["ends-subject"].flatMap { bool($0, for: "ends-subject") }
        event.data = data
        return event
    }

    /// `{type: number, min: 100, max: 200, required: false}`: what a value or param must be.
    private mutating func payload(_ node: YAMLNode, of what: String, valueOf key: String) -> PayloadDecl? {
        guard
            let fields = fields(
                node, of: what, keys: ["type", "min", "max", "one-of", "required"], valueOf: key)
        else { return nil }
        if !fields.has("type"), !fields.explainsMissing(["type"]) {
            report(
                DiagnosticCode.missingKey(
                    "missing required key 'type' in \(what); add it: 'type: number', 'type: string' or 'type: bool'",
                    at: node.location))
        }
        let kind = fields["type"].flatMap { choice($0, for: "type", what: "value type", as: ValueKind.self) }
        let min = fields["min"].flatMap { number($0, for: "min") }
        let max = fields["max"].flatMap { number($0, for: "max") }
        let required = fields["required"].flatMap { bool($0, for: "required") }
        var oneOf: [Located<String>]?
        if let node = fields["one-of"], let items = list(node, for: "one-of") {
            let names = items.compactMap { text($0, for: "one-of") }
            if names.count == items.count { oneOf = names }
        }
        guard let kind else { return nil }
        var usable =
            (fields["min"] == nil || min != nil) && (fields["max"] == nil || max != nil)
            && (fields["required"] == nil || required != nil) && (fields["one-of"] == nil || oneOf != nil)
        if kind.value != .number, fields.has("min") || fields.has("max") {
            notAllowed(fields, "min", because: "only a number has a range; use `type: number` or remove it")
            notAllowed(fields, "max", because: "only a number has a range; use `type: number` or remove it")
            usable = false
        }
        if kind.value != .string, fields.has("one-of") {
            notAllowed(fields, "one-of", because: "only text has choices; use `type: string` or remove it")
            usable = false
        }
        guard usable else { return nil }
        return PayloadDecl(kind: kind, min: min, max: max, oneOf: oneOf, required: required, location: node.location)
    }

    /// A screen with its table.
    mutating func screen(named name: Located<String>, _ node: YAMLNode) -> ScreenDecl? {
        guard
            let fields = fields(
                node, of: "screen '\(name.value)'", keys: ["enter", "table", "otherwise", "note"],
                owner: name.location, acknowledges: true)
        else { return nil }
        var onEnter: [Located<Directive>] = []
        if let node = fields["enter"], let items = list(node, for: "enter") {
            // `interrupt` is the session's (a play of a higher priority), not a screen's.
            let words = Directive.allCases.filter { $0 != .interrupt }.map(\.rawValue)
            onEnter = items.compactMap { item in
                choice(item, for: "enter", what: "directive", options: words).flatMap { word in
                    Directive(rawValue: word.value).map { Located($0, at: word.location) }
                }
            }
        }
        let table = fields["table"].map { cells($0, for: "table") } ?? []
        var screen = ScreenDecl(
            name: name, onEnter: onEnter, cells: table, note: note(fields["note"]), location: name.location)
        if let node = fields["otherwise"] { screen.otherwise = row(node, for: "otherwise") }
        return screen
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
            if row.play == nil, row.loop == nil, row.band == nil, actions.count == read {
                report(
                    DiagnosticCode.keyNotApplicable(
                        "'with' does not apply here: it gives template parameters to the row's 'loop:', 'play:' "
                            + "or 'band:'; add one, or remove 'with'",
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

    /// The keys a condition reads besides run-time parameters.
    static let conditionKeys = ["speaks", "value", "subject", "in-gesture", "data"]

    private mutating func condition(_ node: YAMLNode) -> ConditionDecl? {
        let keys =
            Self.conditionKeys + runTimeParameterNames.filter { !Self.conditionKeys.contains($0) }
        guard let fields = fields(node, of: "a condition", keys: keys, valueOf: "when") else {
            return nil
        }
        // Read every field before giving up, so each mistake is reported.
        let speaks = fields["speaks"].map { bool($0, for: "speaks") }
        var value: Located<ScalarValue>??
        var range: NumberRangeDecl?
        var oneOf: [Located<ScalarValue>]?
        var usable = true
        if let node = fields["value"] {
            if node.pairs != nil {
                usable = valueTest(node, range: &range, oneOf: &oneOf)
            } else {
                value = scalarValue(node, for: "value")
            }
        }
        let subject = fields["subject"].map { text($0, for: "subject") }
        var parameters: [ParameterTestDecl] = []
        for entry in fields.entries
        where runTimeParameterNames.contains(entry.name) && !Self.conditionKeys.contains(entry.name) {
            if let test = parameterTest(entry) { parameters.append(test) } else { usable = false }
        }
        let inGesture = fields["in-gesture"].map { bool($0, for: "in-gesture") }
        var data: [DataTestDecl] = []
        if let node = fields["data"] {
            if let tests = dataTests(node) { data = tests } else { usable = false }
        }
        if speaks == .some(nil) || value == .some(nil) || subject == .some(nil) || inGesture == .some(nil) || !usable {
            return nil
        }
        var condition = ConditionDecl(
            speaks: speaks ?? nil, value: value ?? nil, subject: subject ?? nil, location: node.location)
        condition.range = range
        condition.oneOf = oneOf
        condition.parameters = parameters
        condition.inGesture = inGesture ?? nil
        condition.data = data
        return condition
    }

    /// `data: {direction: {in: [left, u-turn]}, lanes: {at-least: 2}}`: each data field
    /// tested as `value` is (a literal, a range or `in:`).
    private mutating func dataTests(_ node: YAMLNode) -> [DataTestDecl]? {
        guard let entries = namedEntries(node, for: "data") else { return nil }
        if entries.isEmpty {
            report(
                DiagnosticCode.wrongType(
                    "'data' in a condition names no field; test one (`data: {direction: left}`) or remove it",
                    at: node.location))
            return nil
        }
        var tests: [DataTestDecl] = []
        var usable = true
        for (name, value) in entries {
            if value.pairs != nil {
                var range: NumberRangeDecl?
                var oneOf: [Located<ScalarValue>]?
                if valueTest(value, range: &range, oneOf: &oneOf) {
                    tests.append(DataTestDecl(name: name, range: range, oneOf: oneOf))
                } else {
                    usable = false
                }
            } else if let literal = scalarValue(value, for: name.value) {
                tests.append(DataTestDecl(name: name, value: literal))
            } else {
                usable = false
            }
        }
        return usable ? tests : nil
    }

    /// `max_hr: {at-least: 200}`: a run-time parameter's value must be in a range (a
    /// number alone means exactly that value).
    private mutating func parameterTest(_ entry: Fields.Entry) -> ParameterTestDecl? {
        let name = Located(entry.name, at: entry.key.location)
        if entry.value.pairs == nil {
            guard let value = number(entry.value, for: entry.name) else { return nil }
            return ParameterTestDecl(
                name: name,
                range: NumberRangeDecl(
                    lower: value, lowerInclusive: true, upper: value, upperInclusive: true, location: value.location))
        }
        var range: NumberRangeDecl?
        var oneOf: [Located<ScalarValue>]?
        guard valueTest(entry.value, range: &range, oneOf: &oneOf) else { return nil }
        guard let range else {
            report(
                DiagnosticCode.wrongType(
                    "a run-time parameter is tested with a range (`\(entry.name): {at-least: 200}`), not `in:`; write one row per range",
                    at: entry.value.location))
            return nil
        }
        return ParameterTestDecl(name: name, range: range)
    }

    /// `value: {at-least: 4.25, below: 6}` or `value: {in: [trail, track]}`.
    private mutating func valueTest(
        _ node: YAMLNode, range: inout NumberRangeDecl?, oneOf: inout [Located<ScalarValue>]?
    ) -> Bool {
        let keys = ["above", "at-least", "below", "at-most", "in"]
        guard let fields = fields(node, of: "a value condition", keys: keys, valueOf: "value") else { return false }
        let lower = exclusive(fields, ["above", "at-least"], advice: "a range has one lower bound; keep one")
        let upper = exclusive(fields, ["below", "at-most"], advice: "a range has one upper bound; keep one")
        if let set = fields.entry("in") {
            if let bound = fields.entries.first(where: { $0.name != "in" }) {
                report(
                    DiagnosticCode.conflictingKeys(
                        "'\(bound.name)' cannot be used together with 'in'; write a range or a list of values, in two rows if need be",
                        at: bound.key.location,
                        notes: [Diagnostic.Note("'in' is set here", at: set.key.location)]))
                return false
            }
            guard let items = list(set.value, for: "in") else { return false }
            let values = items.compactMap { scalarValue($0, for: "in") }
            guard values.count == items.count else { return false }
            oneOf = values
            return true
        }
        guard lower != nil || upper != nil else {
            missingOneOf(
                keys, of: fields, in: "a value condition", at: node.location,
                advice: "compare the value with a number (`below: 6`) or list the values it may be (`in: [a, b]`)")
            return false
        }
        let low = lower.flatMap { number($0.value, for: $0.name) }
        let high = upper.flatMap { number($0.value, for: $0.name) }
        guard lower == nil || low != nil, upper == nil || high != nil else { return false }
        range = NumberRangeDecl(
            lower: low, lowerInclusive: lower?.name == "at-least", upper: high,
            upperInclusive: upper?.name == "at-most",
            location: node.location)
        return true
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
