import HapticPolicy
import HapticPolicyCompiler
import HapticPolicyDocument

/// Turns a node tree into a `PolicyDocument`.
///
/// It reports every problem it can find in one pass, each once: a section or declaration
/// that cannot be read is reported and skipped, so one mistake never cascades. Semantic
/// checks (references, ranges, gaps) belong to `PolicyValidator`, not here.
package struct PolicyDecoder {
    /// The file name used in locations.
    package let file: String
    /// The source text, to place carets inside scalars.
    let source: String
    /// Where each line of `source` starts.
    private let lineStarts: [String.Index]
    /// The text of each included file, with where its lines start, by file name.
    private let included: [String: (source: String, lineStarts: [String.Index])]
    /// Problems found so far.
    package private(set) var diagnostics: [Diagnostic] = []
    /// The layer names `layer:` fields may use: the declared ones once `layers:` is read.
    private(set) var layerNames = Layer.implicit.map(\.rawValue)
    /// Whether the policy declares its layers.
    private(set) var declaresLayers = false
    /// The run-time parameters a `when:` may test, once `parameters:` is read.
    private(set) var runTimeParameterNames: [String] = []
    /// The policy's named numbers (`constants:`), folded, by name: read before any other
    /// section, so every number the decoder reads may name one (`number`, `integer`,
    /// `expression`; an edge parser calls `substitutingConstants`).
    var constants: [String: Located<Double>] = [:]
    /// The constants some number used.
    var usedConstants: Set<String> = []
    /// The parameters of the pattern being read: in its expressions these names are the
    /// parameters, never constants (a clash is HP231).
    var templateParameters: Set<String> = []

    /// Creates a decoder for the text of `file`; `included` holds the text of the files
    /// merged into its tree by `include:`, by file name.
    package init(file: String, source: String, included: [String: String] = [:]) {
        self.file = file
        self.source = source
        self.lineStarts = Self.lineStarts(of: source)
        self.included = included.mapValues { ($0, Self.lineStarts(of: $0)) }
    }

    /// Records a problem.
    package mutating func report(_ diagnostic: Diagnostic) {
        diagnostics.append(diagnostic)
    }

    /// The 1-based `number` line's scalars of `file` (the main file by default), without
    /// its line break.
    func sourceLine(_ number: Int, in file: String? = nil) -> String.UnicodeScalarView? {
        var source = self.source
        var lineStarts = self.lineStarts
        if let file, file != self.file {
            guard let text = included[file] else { return nil }
            (source, lineStarts) = text
        }
        guard number >= 1, number <= lineStarts.count else { return nil }
        let start = lineStarts[number - 1]
        let bytes = source.utf8
        var end = start
        while end < bytes.endIndex, bytes[end] != UInt8(ascii: "\n"), bytes[end] != UInt8(ascii: "\r") {
            end = bytes.index(after: end)
        }
        return String(source[start..<end]).unicodeScalars
    }

    /// Where each line starts, found by scanning bytes (splitting into Characters would
    /// cost grapheme breaking on every load).
    private static func lineStarts(of source: String) -> [String.Index] {
        let bytes = source.utf8
        var starts = [bytes.startIndex]
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let byte = bytes[index]
            index = bytes.index(after: index)
            if byte == UInt8(ascii: "\r"), index < bytes.endIndex, bytes[index] == UInt8(ascii: "\n") {
                index = bytes.index(after: index)
            }
            if byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") { starts.append(index) }
        }
        return starts
    }

    static let topLevelKeys = [
        "policy", "version", "description", "engine", "layers", "invariants", "feedback", "bands", "events",
        "everywhere", "screens", "budgets", "parameters", "include", "constants", "user-levels",
        "background",
    ]

    /// Decodes the document; nil only when the root is not a mapping.
    mutating func decode(_ root: YAMLNode) -> PolicyDocument? {
        guard
            let top = fields(
                root, of: "the policy file", keys: Self.topLevelKeys, required: ["policy", "version"])
        else { return nil }
        var document = PolicyDocument(
            file: file, name: Located("", at: root.location), location: root.location)
        // `include:` was merged by the loader (`PolicyIncludes`); constants come first.
        if let node = top["constants"] { readConstants(node) }
        if let node = top["policy"], let name = text(node, for: "policy") { document.name = name }
        if let node = top["version"], let version = integer(node, for: "version") {
            if version.value != 1 { report(Self.unsupportedVersion(version.value, at: version.location)) }
            document.version = version
        }
        document.description = note(top["description"], for: "description")
        if let node = top["engine"] { document.engine = engine(node) }
        if let node = top["layers"], let entries = namedEntries(node, for: "layers") {
            document.layers = entries.compactMap { layer(named: $0.name, $0.value) }
            if !entries.isEmpty {
                declaresLayers = true
                layerNames = entries.map(\.name.value)
            }
        }
        if let node = top["invariants"], let items = list(node, for: "invariants") {
            document.invariants = items.compactMap { invariant($0) }
        }
        if let node = top["feedback"], let entries = namedEntries(node, for: "feedback") {
            document.feedback = entries.compactMap { feedback(named: $0.name, $0.value) }
        }
        // Before the tables: a row's `when:` may test a run-time parameter.
        if let node = top["parameters"], let entries = namedEntries(node, for: "parameters") {
            document.parameters = entries.compactMap { parameter(named: $0.name, $0.value) }
            runTimeParameterNames = document.parameters.map(\.name.value)
        }
        if let node = top["bands"], let entries = namedEntries(node, for: "bands") {
            document.bands = entries.compactMap { band(named: $0.name, $0.value) }
        }
        if let node = top["events"], let entries = namedEntries(node, for: "events") {
            document.events = entries.compactMap { event(named: $0.name, $0.value) }
        }
        if let node = top["everywhere"] { document.everywhere = cells(node, for: "everywhere") }
        if let node = top["screens"], let entries = namedEntries(node, for: "screens") {
            document.screens = entries.compactMap { screen(named: $0.name, $0.value) }
        }
        if let node = top["budgets"], let items = list(node, for: "budgets") {
            document.budgets = items.compactMap { budget($0) }
        }
        if let entry = top.entry("user-levels") {
            document.userLevels = userLevels(entry.value, key: Located("user-levels", at: entry.key.location))
        }
        if let entry = top.entry("background") {
            document.background = background(entry.value, key: Located("background", at: entry.key.location))
        }
        reportUnusedConstants()
        return document
    }

    private mutating func engine(_ node: YAMLNode) -> EngineSettings {
        var settings = EngineSettings()
        guard let engine = fields(node, of: "engine", keys: ["warmup", "haptics-only"], valueOf: "engine") else {
            return settings
        }
        if let node = engine["warmup"], let warmup = number(node, for: "warmup") { settings.warmup = warmup }
        if let node = engine["haptics-only"], let value = bool(node, for: "haptics-only") {
            settings.hapticsOnly = value
        }
        return settings
    }

    /// A declared layer (`coach: {plays: patterns}`).
    private mutating func layer(named name: Located<String>, _ node: YAMLNode) -> LayerDecl? {
        guard
            let fields = fields(
                node, of: "layer '\(name.value)'", keys: ["plays", "note"], owner: name.location)
        else { return nil }
        let plays = fields["plays"].flatMap { choice($0, for: "plays", what: "layer content", as: LayerPlays.self) }
        return LayerDecl(name: name, plays: plays, note: note(fields["note"]), location: name.location)
    }

    /// A `layer:` field: one of the declared layers (`ui` or `creature` when none are).
    mutating func layer(_ node: YAMLNode) -> Located<Layer>? {
        if let name = node.scalarText, CoreSchema.resolve(node) != .null, !layerNames.contains(name),
            Suggestions.closest(to: name, in: layerNames) == nil
        {
            let known = layerNames.map { "'\($0)'" }.joined(separator: ", ")
            let advice =
                declaresLayers
                ? "use \(known) or declare it under `layers:`"
                : "declare it under `layers:` (a policy that declares none has 'ui' and 'creature')"
            report(DiagnosticCode.unknownWord("unknown layer '\(name)': \(advice)", at: node.location))
            return nil
        }
        return choice(node, for: "layer", what: "layer", options: layerNames).map {
            Located(Layer($0.value), at: $0.location)
        }
    }

    private mutating func invariant(_ node: YAMLNode) -> InvariantDecl? {
        guard
            let fields = fields(
                node, of: "an invariant", keys: ["id", "rule", "says", "presets", "layer", "except"],
                required: ["id", "rule"])
        else { return nil }
        let id = fields["id"].flatMap { text($0, for: "id") }
        let kind = fields["rule"].flatMap {
            choice($0, for: "rule", what: "invariant rule", as: InvariantDecl.Kind.self)
        }
        let says = note(fields["says"], for: "says")
        var presets: [Located<Preset>] = []
        if let node = fields["presets"], let items = list(node, for: "presets") {
            presets = items.compactMap { choice($0, for: "presets", what: "preset", as: Preset.self) }
        }
        let layer = fields["layer"].flatMap { self.layer($0) }
        if let kind, kind.value != .creatureNeedsSpeech {
            notAllowed(fields, "layer", because: "only 'rule: creature-needs-speech' names the layer that needs speech")
        }
        let exceptions = exceptions(fields["except"])
        if kind?.value == .bannedPresets, !fields.has("presets"), !fields.explainsMissing(["presets"]) {
            report(Self.missingKey("presets", in: "a banned-presets invariant", at: kind?.location ?? node.location))
        } else if let kind, kind.value != .bannedPresets {
            notAllowed(fields, "presets", because: "only 'rule: banned-presets' lists presets")
        }
        guard let id, let kind else { return nil }
        return InvariantDecl(
            id: id, kind: kind, text: says, presets: presets, layer: layer, exceptions: exceptions,
            location: node.location)
    }

    private mutating func budget(_ node: YAMLNode) -> BudgetDecl? {
        guard
            let fields = fields(
                node, of: "a budget",
                keys: ["id", "max", "per", "each", "screen", "layer", "event", "events", "except", "enforce"],
                required: ["id", "max", "per"], acknowledges: true)
        else { return nil }
        let id = fields["id"].flatMap { text($0, for: "id") }
        let max = fields["max"].flatMap { integer($0, for: "max") }
        let per = fields["per"].flatMap { number($0, for: "per") }
        var scope: BudgetDecl.Scope?
        let scopes = ["each", "screen", "layer", "event", "events"]
        switch exclusive(fields, scopes, advice: "keep one: a budget counts one scope") {
        case let entry? where entry.name == "each":
            if choice(entry.value, for: "each", what: "budget scope", options: ["screen"]) != nil {
                scope = .eachScreen
            }
        case let entry? where entry.name == "screen":
            scope = text(entry.value, for: "screen").map { .screen($0) }
        case let entry? where entry.name == "event":
            scope = text(entry.value, for: "event").map { .events([$0]) }
        case let entry? where entry.name == "events":
            if let items = list(entry.value, for: "events") {
                let names = items.compactMap { text($0, for: "events") }
                if names.count == items.count { scope = .events(names) }
            }
        case let entry?:
            scope = layer(entry.value).map { .layer($0) }
        case nil:
            missingOneOf(
                scopes, of: fields, in: "a budget", at: node.location,
                advice: "add one, for example 'each: screen'")
        }
        let exceptions = exceptions(fields["except"])
        let enforce = fields["enforce"].flatMap { bool($0, for: "enforce") }
        guard let id, let max, let per, let scope else { return nil }
        return BudgetDecl(
            id: id, scope: scope, max: max, window: per, exceptions: exceptions, enforce: enforce,
            location: node.location)
    }

    /// A run-time parameter (`max_hr: {set-by: profile.set, min: 120, max: 220, default: 190}`).
    private mutating func parameter(named name: Located<String>, _ node: YAMLNode) -> ParameterDecl? {
        guard
            let fields = fields(
                node, of: "parameter '\(name.value)'", keys: ["set-by", "min", "max", "default", "unit", "note"],
                required: ["set-by", "min", "max", "default"], owner: name.location, acknowledges: true)
        else { return nil }
        // Read every field before giving up, so each mistake is reported.
        let setBy = fields["set-by"].flatMap { text($0, for: "set-by") }
        let min = fields["min"].flatMap { number($0, for: "min") }
        let max = fields["max"].flatMap { number($0, for: "max") }
        let defaultValue = fields["default"].flatMap { number($0, for: "default") }
        let unit = note(fields["unit"], for: "unit")
        if let constant = constants[name.value] {
            report(
                DiagnosticCode.constantShadowsParameter(
                    "run-time parameter '\(name.value)' has the name of a constant, so '\(name.value)' in an edge or a condition could mean either; rename the parameter or the constant",
                    at: name.location, notes: [Diagnostic.Note("the constant is declared here", at: constant.location)])
            )
        }
        guard let setBy, let min, let max, let defaultValue else { return nil }
        return ParameterDecl(
            name: name, setBy: setBy, min: min, max: max, defaultValue: defaultValue, unit: unit,
            note: note(fields["note"]), location: name.location)
    }

    /// An `except:` map (event → the designer's reason), shared by invariants and budgets.
    private mutating func exceptions(_ node: YAMLNode?) -> [InvariantDecl.Exception] {
        guard let node, let entries = namedEntries(node, for: "except") else { return [] }
        return entries.compactMap { entry in
            let written: Bool
            if case .scalar(let text, _) = entry.value.content {
                written = CoreSchema.resolve(entry.value) != .null && !text.allSatisfy(\.isWhitespace)
            } else {
                written = true
            }
            guard written else {
                report(Self.missingReason(entry.name.value, at: entry.value.location))
                return nil
            }
            return text(entry.value, for: entry.name.value).map {
                InvariantDecl.Exception(event: entry.name, reason: $0)
            }
        }
    }

    /// HP011: an `except:` entry without the designer's reason.
    static func missingReason(_ event: String, at location: SourceLocation) -> Diagnostic {
        DiagnosticCode.wrongType(
            "the exception '\(event)' has no reason: write why it is exempt after the colon", at: location)
    }
}
