import HapticPolicy
import HapticPolicyCompiler

/// What `haptic-policy codegen` writes, in any language: the typed API of one compiled
/// policy, read from `Policy.content` (never the YAML document). The catalogue in source
/// order, then the built-in state events; every name the app may send, with what it
/// carries.
package struct TypedAPI: Sendable, Equatable {
    /// What an event's value is.
    package enum Payload: Sendable, Equatable {
        /// No value.
        case none
        /// A number; `unit` and the band set's levels (`name below edge`, `name at most
        /// edge`) document it, and the way an approach band's level moves (`falling`).
        case number(unit: String?, band: String?, levels: [String], approach: String? = nil)
        /// A boolean.
        case bool
        /// A string that is one of `choices`: the declared `one-of:` (closed), or the
        /// words rows compare (`value:`, `in:`), `open` when some row takes any other value
        /// (a row without a value condition), so the API keeps an `other` case.
        case choice(type: String, choices: [String], open: Bool)
        /// Free text (no row compares it).
        case string
        /// A screen name (`screen.enter`).
        case screen
        /// `foreground` or `background` (`app.state`).
        case appState
    }

    /// One template parameter an event can carry (`params`), from the templates its rows play.
    package struct Parameter: Sendable, Equatable {
        /// The name (`bpm`).
        package var name: String
        /// The value when the event gives none.
        package var defaultValue: Double
        /// The allowed range, for the documentation.
        package var minimum: Double?
        /// The allowed range, for the documentation.
        package var maximum: Double?
        /// The unit, for people.
        package var unit: String?

        /// `bpm: 60 by default, 30...240 bpm`, for a comment.
        package var summary: String {
            var text = "\(name): \(numberText(defaultValue)) by default"
            if minimum != nil || maximum != nil {
                text += ", \(minimum.map(numberText) ?? "")...\(maximum.map(numberText) ?? "")"
            }
            if let unit { text += " \(unit)" }
            return text
        }
    }

    /// One data field an event carries besides its value (`data:`), as declared: the app
    /// sends it through the typed API, so a field the policy drops breaks the build.
    package struct DataField: Sendable, Equatable {
        /// The name (`direction`).
        package var name: String
        /// The words of the name, for identifiers.
        package var words: [String]
        /// Its type.
        package var kind: ValueKind
        /// The declared strings (`one-of:`), for a string field; nil for any text.
        package var oneOf: [String]?
        /// The smallest number allowed (inclusive), for the documentation.
        package var minimum: Double?
        /// The largest number allowed (inclusive), for the documentation.
        package var maximum: Double?
        /// Whether the event must carry it (`required:`).
        package var required: Bool

        /// `direction: one of left, right; required`, for a comment.
        package var summary: String {
            var text = "\(name): "
            switch kind {
            case .bool: text += "a boolean"
            case .string: text += oneOf.map { "one of " + $0.joined(separator: ", ") } ?? "text"
            case .number:
                text += "a number"
                if minimum != nil || maximum != nil {
                    text += " \(minimum.map(numberText) ?? "")...\(maximum.map(numberText) ?? "")"
                }
            }
            return text + (required ? "; required" : "; optional")
        }
    }

    /// The feedback an event can play at one priority other than `normal`.
    package struct PlayedAt: Sendable, Equatable {
        /// The priority.
        package var priority: Priority
        /// The feedback names, in the order the rows play them.
        package var feedback: [String]
    }

    /// One event the app can send.
    package struct Event: Sendable, Equatable {
        /// The name in the policy (`plant.found`).
        package var name: String
        /// The words of the name, for identifiers in any case style.
        package var words: [String]
        /// The layer; nil for a state event.
        package var layer: Layer?
        /// The screens where it occurs; nil for every screen.
        package var screens: [String]?
        /// What it carries.
        package var payload: Payload
        /// The template parameters it can carry, by name.
        package var parameters: [Parameter]
        /// The designer's note, or the state event's meaning.
        package var note: String?
        /// The line of the declaration in the policy (0 for state events).
        package var line: Int
        /// The included file holding the declaration, relative to the main file's folder
        /// (`stride/catalogue.yaml`); nil when it is in the main file.
        package var file: String? = nil
        /// The declared data fields (`data:`), in source order; none for most events.
        package var data: [DataField] = []
        /// Whether deciding the event forgets its subject (`ends-subject: true`).
        package var endsSubject = false
        /// The feedback its rows can play whose priority is not `normal`, by priority
        /// (highest first), each in the order the rows play them.
        package var priorities: [PlayedAt] = []

        /// `Declared at line 63 of stride/catalogue.yaml`, `Declared at line 44`; nil for a
        /// state event.
        package var declaredAt: String? {
            guard line > 0 else { return nil }
            return "Declared at line \(line)" + (file.map { " of " + $0 } ?? "")
        }
    }

    /// A name with its words.
    package struct Name: Sendable, Equatable {
        /// As written in the policy.
        package var name: String
        /// Its words.
        package var words: [String]
        /// The designer's note.
        package var note: String?
    }

    /// The policy's name.
    package var policy: String
    /// The words of the policy's name (the type name's stem).
    package var policyWords: [String]
    /// The file compiled (`plavo.yaml`).
    package var source: String
    /// `sha256:<hex>` of the compiled policy.
    package var hash: String
    /// Screens in source order.
    package var screens: [Name]
    /// The layers the catalogue uses, in `Layer` order.
    package var layers: [Layer]
    /// The catalogue in source order, then the state events.
    package var events: [Event]

    /// The API of `policy`.
    package init(_ policy: Policy) {
        let content = policy.content
        self.policy = content.name
        policyWords = identifierWords(content.name)
        source = content.source
        hash = policy.hash
        screens = content.screens.map { Name(name: $0.name, words: identifierWords($0.name), note: $0.note) }
        layers = content.layerNames.filter { layer in content.events.contains { $0.layer == layer } }
        // The included file of a declaration; nil for the main file's.
        let file = { (position: SourcePosition) -> String? in
            guard position.file > 0, let files = content.files, files.indices.contains(position.file - 1) else {
                return nil
            }
            return files[position.file - 1]
        }
        var events: [Event] = []
        for (index, event) in content.events.enumerated() {
            let cells = content.cells.filter { $0.event == index }
            let rows = cells.flatMap(\.rows)
            let data = (event.payload?.data ?? []).map { field in
                DataField(
                    name: field.name, words: identifierWords(field.name), kind: field.kind,
                    oneOf: field.kind == .string ? field.oneOf : nil, minimum: field.min, maximum: field.max,
                    required: field.required)
            }
            events.append(
                Event(
                    name: event.name, words: identifierWords(event.name), layer: event.layer,
                    screens: event.screens.map { $0.map { content.screens[$0].name } },
                    payload: Self.payload(event, rows: rows, content: content),
                    parameters: Self.parameters(rows, content: content), note: event.note,
                    line: event.location.line, file: file(event.location), data: data,
                    endsSubject: event.endsSubject == true, priorities: Self.priorities(rows, content: content)))
        }
        // The run-time parameters' setting events: each one's number sets its parameter.
        for parameter in content.parameters ?? [] where !events.contains(where: { $0.name == parameter.setBy }) {
            var range = "\(numberText(parameter.min))...\(numberText(parameter.max))"
            if let unit = parameter.unit { range += " " + unit }
            let note =
                "sets the run-time parameter `\(parameter.name)` (\(range), \(numberText(parameter.defaultValue)) by default)"
                + (parameter.note.map { ": " + clause($0) } ?? "")
            events.append(
                Event(
                    name: parameter.setBy, words: identifierWords(parameter.setBy), layer: nil, screens: nil,
                    payload: .number(unit: parameter.unit, band: nil, levels: []), parameters: [], note: note,
                    line: parameter.location.line, file: file(parameter.location)))
        }
        // The user levels' setting event: its value is one of the levels.
        if let levels = content.userLevels {
            events.append(
                Event(
                    name: levels.setBy, words: identifierWords(levels.setBy), layer: nil, screens: nil,
                    payload: .choice(type: levels.setBy, choices: levels.levels.map(\.name), open: false),
                    parameters: [],
                    note: "the haptics level the user picked in the app's settings", line: levels.location.line,
                    file: file(levels.location)))
        }
        for state in StateEvent.allCases {
            let payload: Payload =
                switch state {
                case .screenEnter: .screen
                case .appState: .appState
                case .lowPower, .supportsHaptics, .hapticsEnabled: .bool
                }
            let note =
                switch state {
                case .screenEnter: "the user opened a screen"
                case .appState: "the app went to the foreground or the background"
                case .lowPower: "Low Power Mode turned on or off"
                case .supportsHaptics: "whether the device supports Core Haptics"
                case .hapticsEnabled: "the user's system haptics setting"
                }
            events.append(
                Event(
                    name: state.rawValue, words: identifierWords(state.rawValue), layer: nil, screens: nil,
                    payload: payload, parameters: [], note: note, line: 0))
        }
        self.events = events
    }

    /// The type names of the events' value enums (one per event, in order; `value` of the
    /// event's words) and of the enums of the data fields declared `one-of:` (by event
    /// name, then field name; `data` of the event's and field's words), made valid and
    /// unique together by `unique`, the value types first so that they keep their names.
    package func choiceTypeNames(
        value: ([String]) -> String, data: ([String]) -> String, unique: ([String]) -> [String]
    ) -> (values: [String], data: [String: [String: String]]) {
        let fields = events.flatMap { event in
            event.data.filter { $0.oneOf != nil }.map {
                (event: event.name, field: $0.name, words: event.words + $0.words)
            }
        }
        let names = unique(events.map { value($0.words) } + fields.map { data($0.words) })
        var dataTypes: [String: [String: String]] = [:]
        for (field, name) in zip(fields, names.dropFirst(events.count)) {
            dataTypes[field.event, default: [:]][field.field] = name
        }
        return (Array(names.prefix(events.count)), dataTypes)
    }

    private static func payload(_ event: PolicyContent.Event, rows: [PolicyContent.Row], content: PolicyContent)
        -> Payload
    {
        switch event.value {
        case nil:
            return .none
        case .bool:
            return .bool
        case .number:
            for row in rows {
                guard case .band(let index) = row.action else { continue }
                let band = content.bands[index]
                let levels = band.levels.map { level in
                    // An edge that reads run-time parameters: as written, then at the defaults;
                    // an inclusive one (`at-most:`) says so.
                    let edge = level.inclusive == true ? "at most" : "below"
                    return level.below.map { below in
                        level.edge.map { "\(level.name) \(edge) \($0) (\(numberText(below)) at the default)" }
                            ?? "\(level.name) \(edge) \(numberText(below))"
                    } ?? "\(level.name) above"
                }
                return .number(
                    unit: band.unit, band: band.name, levels: levels, approach: band.approach.map(\.rawValue))
            }
            return .number(unit: nil, band: nil, levels: [])
        case .string:
            // A declared `one-of:` is every value the runtime accepts (any other is decided
            // `bad-value`): exactly those, and no `other` case.
            if let declared = event.payload?.value, declared.kind == .string, let oneOf = declared.oneOf {
                return .choice(type: event.name, choices: oneOf, open: false)
            }
            // Else the words the rows compare, `value:` and `in:` alike, in row order; open
            // when some row takes a value no row names.
            var choices: [String] = []
            for row in rows {
                let named = [row.condition?.value].compactMap { $0 } + (row.condition?.oneOf ?? [])
                for case .string(let text) in named where !choices.contains(text) { choices.append(text) }
            }
            guard !choices.isEmpty else { return .string }
            let open = rows.contains { $0.condition?.value == nil && $0.condition?.oneOf == nil }
            return .choice(type: event.name, choices: choices, open: open)
        }
    }

    /// The feedback `rows` can play whose priority is not `normal`, grouped by priority from
    /// the highest, for the documentation.
    private static func priorities(_ rows: [PolicyContent.Row], content: PolicyContent) -> [PlayedAt] {
        var played: [Int] = []
        for row in rows {
            for action in row.steps {
                switch action {
                case .play(let f), .loop(let f): played.append(f)
                case .band(let index): played += content.bands[index].plays
                case .silent, .stop, .none: break
                }
            }
        }
        var names: [String] = []
        for f in played where !names.contains(content.feedback[f].name) { names.append(content.feedback[f].name) }
        return Priority.allCases.reversed().compactMap { priority in
            guard priority != .normal else { return nil }
            let feedback = names.filter { name in content.feedback.first { $0.name == name }?.priority == priority }
            return feedback.isEmpty ? nil : PlayedAt(priority: priority, feedback: feedback)
        }
    }

    /// The template parameters the event's `params` can give: those of every template its
    /// rows play, but not one a row's (or, for a band row, the entered level's) `with:`
    /// already gives the template (`with: {bpm: value}` takes the bpm from the event's
    /// `value`, and a number is fixed).
    private static func parameters(_ rows: [PolicyContent.Row], content: PolicyContent) -> [Parameter] {
        var played: [(feedback: Int, given: [String])] = []
        for row in rows {
            let given = (row.arguments ?? []).map(\.name)
            // `with:` goes to the row's loop, or without one to its play (`ExecutionOrder`).
            let steps = row.steps
            let target = ExecutionOrder.argumentsStep(steps.compactMap(\.executionKind))
            for (step, action) in steps.enumerated() {
                switch action {
                case .loop(let index), .play(let index): played.append((index, step == target ? given : []))
                case .band(let index):
                    // A band row's `with:` and the entered level's both go to what the level plays.
                    for level in content.bands[index].levels {
                        let bound = (level.arguments ?? []).map(\.name) + given
                        for f in [level.play, level.fromBelow?.play, level.fromAbove?.play].compactMap({ $0 }) {
                            played.append((f, bound))
                        }
                    }
                case .silent, .stop, .none: break
                }
            }
        }
        var parameters: [Parameter] = []
        for (index, given) in played {
            for parameter in content.feedback[index].parameters
            where !given.contains(parameter.name) && !parameters.contains(where: { $0.name == parameter.name }) {
                parameters.append(
                    Parameter(
                        name: parameter.name, defaultValue: parameter.defaultValue, minimum: parameter.minimum,
                        maximum: parameter.maximum, unit: parameter.unit))
            }
        }
        return parameters
    }
}

/// The ASCII words of a designer name: `plant.limitReached` → `plant`, `limitReached`;
/// `plant-settings` → `plant`, `settings`. Letters and digits only; anything else splits.
package func identifierWords(_ name: String) -> [String] {
    name.unicodeScalars.split { !($0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0))) }
        .map { String(String.UnicodeScalarView($0)) }
}

/// `lowerCamelCase` of the words (`plantFound`), or `fallback` when there are none.
package func lowerCamel(_ words: [String], fallback: String) -> String {
    guard let first = words.first else { return fallback }
    let head = first.prefix(1).lowercased() + first.dropFirst()
    let tail = words.dropFirst().map { $0.prefix(1).uppercased() + $0.dropFirst() }
    let joined = head + tail.joined()
    return joined.first?.isNumber == true ? "_" + joined : joined
}

/// `UpperCamelCase` of the words (`PlantFound`), or `fallback` when there are none.
package func upperCamel(_ words: [String], fallback: String) -> String {
    guard !words.isEmpty else { return fallback }
    let joined = words.map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    return joined.first?.isNumber == true ? "_" + joined : joined
}

/// `SCREAMING_SNAKE_CASE` of the words (`PLANT_SETTINGS`; `limitReached` → `LIMIT_REACHED`).
package func screamingSnake(_ words: [String], fallback: String) -> String {
    guard !words.isEmpty else { return fallback }
    var parts: [String] = []
    for word in words {
        var part = ""
        for character in word {
            if character.isUppercase, let last = part.last, last.isLowercase || last.isNumber { part += "_" }
            part.append(character)
        }
        parts.append(part.uppercased())
    }
    let joined = parts.joined(separator: "_")
    return joined.first?.isNumber == true ? "_" + joined : joined
}

/// A designer's note as a clause of a generated comment: without its final periods, so
/// the comment can end the sentence itself.
package func clause(_ note: String) -> String {
    var text = note
    while text.hasSuffix(".") { text.removeLast() }
    return text
}

extension TypedAPI.Event {
    /// The event's documentation for a block comment (Kotlin's KDoc, TypeScript's JSDoc):
    /// its name, layer and screens, note, payload, data fields, parameters, what it plays
    /// at a priority, whether it ends its subject, and declaring line, written through
    /// `sourceComment` so it cannot close the comment.
    var blockDocumentation: String { documentation(listing: true) }

    /// The documentation: `listing` adds the data fields and parameters (Swift lists them
    /// as lines of their own instead).
    func documentation(listing: Bool) -> String {
        var text = "`\(name)`"
        var facts: [String] = []
        if let layer = layer { facts.append(layer.rawValue) }
        if let screens = screens { facts.append("on " + screens.joined(separator: ", ")) }
        if layer != nil, screens == nil { facts.append("on every screen") }
        if !facts.isEmpty { text += " (\(facts.joined(separator: ", ")))" }
        if let note = note { text += ": \(clause(note))" }
        switch payload {
        case .number(let unit, let band, let levels, let approach):
            text += ". Carries a number\(unit.map { " in \($0)" } ?? "")"
            if let band {
                text += " through band `\(band)` ("
                if let approach { text += "approach \(approach): " }
                text += "\(levels.joined(separator: ", ")))"
            }
        case .bool: text += ". Carries a boolean"
        case .string: text += ". Carries text"
        case .choice, .screen, .appState, .none: break
        }
        if listing {
            for field in data { text += ". Data \(field.summary)" }
            for parameter in parameters { text += ". Parameter \(parameter.summary)" }
        }
        for played in priorities {
            let (priority, feedback) = (played.priority, played.feedback)
            let effect = priority > .normal ? "cuts what plays at a lower priority" : "yields to what plays higher"
            text += ". Plays \(feedback.map { "`\($0)`" }.joined(separator: ", ")) at \(priority.rawValue) priority "
            text += "(\(effect))"
        }
        if endsSubject {
            text += ". Ends its subject: once decided, the session forgets the band levels of its subject"
        }
        if let declaredAt { text += ". " + declaredAt }
        return sourceComment(text) + "."
    }
}
