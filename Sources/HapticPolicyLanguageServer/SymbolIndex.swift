import HapticPolicy
import HapticPolicyCompiler
import HapticPolicyDocument
import HapticPolicyFrontEnd
import HapticPolicyYAML

/// What a name in a policy stands for.
enum PolicySymbolKind: String, CaseIterable, Sendable {
    /// A named feedback (`feedback:`).
    case feedback
    /// A band set (`bands:`).
    case band
    /// A level of a band set (`levels:`), which test files name in `band:`.
    case level
    /// An event of the catalogue (`events:`).
    case event
    /// A screen (`screens:`).
    case screen
    /// An invariant id (`invariants:`).
    case invariant
    /// A budget id (`budgets:`).
    case budget
}

/// One place a name is written: where it is declared, or where it is used.
struct PolicyOccurrence: Hashable {
    /// What the name stands for.
    var kind: PolicySymbolKind
    /// The name.
    var name: String
    /// The file it is written in (`FrontEndFiles.openDocumentKey` of its path): a split
    /// policy's names are declared and used in any of its files.
    var file: String
    /// Where it is written in `file` (a quoted name with its quotes).
    var span: SourceSpan
    /// Whether this is the declaration.
    var isDefinition: Bool
}

/// A declaration for the editor's outline: its name, its whole extent and what it holds.
struct PolicyDeclaration: Hashable {
    /// What is declared.
    var kind: PolicySymbolKind
    /// The name.
    var name: String
    /// The file it is written in (`FrontEndFiles.openDocumentKey` of its path).
    var file: String
    /// Where the name is written.
    var nameSpan: SourceSpan
    /// The whole declaration (the key and its value).
    var span: SourceSpan
    /// Declarations inside it (a band's levels).
    var children: [PolicyDeclaration]
}

/// Every name written in a policy (in all of its files, when it is split with
/// `include:`) or in a policy test file, with its file, span and meaning, built from what
/// the front end decoded (`PolicyDocument`) and where each file's YAML tree says each node
/// ends. It is read from one of those files (`file`, the document open in the editor):
/// a point the editor names is in that file, and the outline lists what that file
/// declares, while definitions and references lead to any file. The editor features
/// (definition, references, hover, completion, outline) read it; none of them reads YAML.
struct SymbolIndex {
    /// Every occurrence, by file, in source order.
    private(set) var occurrences: [PolicyOccurrence] = []
    /// The declarations, by file, in source order.
    private(set) var declarations: [PolicyDeclaration] = []
    /// In a test file: where its `policy:` value is written (it leads to the policy file).
    private(set) var policyReference: SourceSpan?
    /// Each file's spans, by `FrontEndFiles.openDocumentKey`.
    private let spans: [String: NodeSpans]
    /// The file the index is read from (`FrontEndFiles.openDocumentKey`).
    private(set) var file: String

    /// The same index read from `path`, another of the policy's files.
    func read(from path: String) -> SymbolIndex {
        var index = self
        index.file = FrontEndFiles.openDocumentKey(path)
        return index
    }

    /// The occurrence under `point` of `file`, if a name is written there.
    func occurrence(at point: SourcePoint) -> PolicyOccurrence? {
        occurrences.first { $0.file == file && $0.span.contains(point) }
    }

    /// The declarations written in `file`, for its outline: a policy's included files
    /// have outlines of their own.
    var outline: [PolicyDeclaration] {
        declarations.filter { $0.file == file }
    }

    /// Where `name` of `kind` is declared.
    func definitions(of kind: PolicySymbolKind, _ name: String) -> [PolicyOccurrence] {
        occurrences.filter { $0.isDefinition && $0.kind == kind && $0.name == name }
    }

    /// Every place `name` of `kind` is written, its declaration included.
    func occurrences(of kind: PolicySymbolKind, _ name: String) -> [PolicyOccurrence] {
        occurrences.filter { $0.kind == kind && $0.name == name }
    }

    /// The declared names of `kind`, in source order, each once.
    func names(of kind: PolicySymbolKind) -> [String] {
        var seen = Set<String>()
        return occurrences.filter { $0.isDefinition && $0.kind == kind && seen.insert($0.name).inserted }.map(\.name)
    }

    /// The span of what the front end reported at `location`: the scalar that starts there
    /// (a name, a value), else nil.
    func scalarSpan(at location: SourceLocation) -> SourceSpan? {
        spans[FrontEndFiles.openDocumentKey(location.file)]?.scalar(at: SourcePoint(location))
    }

    private init(file: String, trees: [String: YAMLNode]) {
        self.file = FrontEndFiles.openDocumentKey(file)
        var spans: [String: NodeSpans] = [:]
        for (path, tree) in trees { spans[FrontEndFiles.openDocumentKey(path)] = NodeSpans(tree) }
        self.spans = spans
    }

    /// An index with nothing in it, for a file that could not be read at all.
    static var empty: SymbolIndex { SymbolIndex(file: "", trees: [:]) }

    private mutating func add(_ kind: PolicySymbolKind, _ name: Located<String>, definition: Bool = false) {
        guard name.location.line > 0 else { return }
        let file = FrontEndFiles.openDocumentKey(name.location.file)
        let start = SourcePoint(name.location)
        let span =
            spans[file]?.scalar(at: start)
            ?? SourceSpan(
                start: start, end: SourcePoint(line: start.line, column: start.column + name.value.unicodeScalars.count)
            )
        occurrences.append(
            PolicyOccurrence(kind: kind, name: name.value, file: file, span: span, isDefinition: definition))
    }

    private mutating func declare(
        _ kind: PolicySymbolKind, _ name: Located<String>, at location: SourceLocation? = nil,
        children: [PolicyDeclaration] = []
    ) -> PolicyDeclaration? {
        add(kind, name, definition: true)
        guard let occurrence = occurrences.last, occurrence.isDefinition, occurrence.name == name.value else {
            return nil
        }
        // A declaration in a list (an invariant, a level) spans its mapping; one keyed by
        // its name spans the key and its value.
        let spans = spans[occurrence.file]
        let whole =
            location.flatMap { spans?.collection(at: SourcePoint($0)) } ?? spans?.entry(at: SourcePoint(name.location))
            ?? occurrence.span
        return PolicyDeclaration(
            kind: kind, name: name.value, file: occurrence.file, nameSpan: occurrence.span, span: whole,
            children: children)
    }

    /// The index of a policy read from `file`: its declarations and every name its
    /// tables, bands, fallbacks, events, invariants and budgets refer to, in whichever of
    /// its files each is written (`trees`: the YAML tree of each, by path). Feedback and
    /// fallback targets that are preset ids (`impact.soft`) are not names.
    static func policy(_ document: PolicyDocument, trees: [String: YAMLNode], file: String) -> SymbolIndex {
        var index = SymbolIndex(file: file, trees: trees)
        let feedback = Set(document.feedback.map(\.name.value))
        for invariant in document.invariants {
            if let declaration = index.declare(.invariant, invariant.id, at: invariant.location) {
                index.declarations.append(declaration)
            }
            for exception in invariant.exceptions { index.add(.event, exception.event) }
        }
        for decl in document.feedback {
            if let declaration = index.declare(.feedback, decl.name) { index.declarations.append(declaration) }
            switch decl.fallback {
            case .target(let target)? where feedback.contains(target.value):
                index.add(.feedback, target)
            case .sequence(let steps, _)?:
                for step in steps where feedback.contains(step.target.value) { index.add(.feedback, step.target) }
            default:
                break
            }
        }
        for band in document.bands {
            var levels: [PolicyDeclaration] = []
            for level in band.levels {
                if let declaration = index.declare(.level, level.name, at: level.location) {
                    levels.append(declaration)
                }
                if let play = level.play { index.add(.feedback, play) }
            }
            if let declaration = index.declare(.band, band.name, children: levels) {
                index.declarations.append(declaration)
            }
        }
        for event in document.events {
            if let declaration = index.declare(.event, event.name) { index.declarations.append(declaration) }
            if case .only(let screens) = event.screens {
                for screen in screens { index.add(.screen, screen) }
            }
        }
        for cell in document.everywhere { index.addCell(cell, feedback: feedback) }
        for screen in document.screens {
            if let declaration = index.declare(.screen, screen.name) { index.declarations.append(declaration) }
            for cell in screen.cells { index.addCell(cell, feedback: feedback) }
        }
        for budget in document.budgets {
            if let declaration = index.declare(.budget, budget.id, at: budget.location) {
                index.declarations.append(declaration)
            }
            if case .screen(let screen) = budget.scope { index.add(.screen, screen) }
            if case .events(let events) = budget.scope { for event in events { index.add(.event, event) } }
            for exception in budget.exceptions { index.add(.event, exception.event) }
        }
        // Feedback a user level keeps by name, so renaming the feedback renames it there too.
        for level in document.userLevels?.levels ?? [] {
            guard case .some(let kept, _, _) = level.keeps else { continue }
            for name in kept where feedback.contains(name.value) { index.add(.feedback, name) }
        }
        // And what `background:` keeps by name.
        if case .some(let kept, _, _)? = document.background?.keeps {
            for name in kept where feedback.contains(name.value) { index.add(.feedback, name) }
        }
        index.occurrences.sort { ($0.file, $0.span.start) < ($1.file, $1.span.start) }
        index.declarations.sort { ($0.file, $0.span.start) < ($1.file, $1.span.start) }
        return index
    }

    private mutating func addCell(_ cell: CellDecl, feedback: Set<String>) {
        add(.event, cell.event)
        for row in cell.rows {
            for play in row.plays { add(.feedback, play) }
            if let band = row.band { add(.band, band) }
            if let stop = row.stop, feedback.contains(stop.value) { add(.feedback, stop) }
            for cite in row.cites { add(.invariant, cite) }
        }
    }

    /// The index of a policy test file: the screens, events, feedback, band levels and
    /// budgets its table rows and case steps name (`screen:`, `event:`, `play:`, `stop:`,
    /// `band:`, `breaches:`). It declares nothing: its names are declared in its policy.
    static func testFile(_ path: String, tree: YAMLNode?) -> SymbolIndex {
        var index = SymbolIndex(file: path, trees: tree.map { [path: $0] } ?? [:])
        if let tree { index.addTestNames(tree, file: tree.location.file) }
        if let value = tree?.pairs?.first(where: { $0.key.scalarText == "policy" })?.value, value.scalarText != nil {
            index.policyReference = index.scalarSpan(at: value.location)
        }
        index.occurrences.sort { $0.span.start < $1.span.start }
        return index
    }

    private static let testKeys: [String: PolicySymbolKind] = [
        "screen": .screen, "event": .event, "play": .feedback, "stop": .feedback, "band": .level,
        "breaches": .budget,
    ]

    private mutating func addTestNames(_ node: YAMLNode, file: String) {
        switch node.content {
        case .scalar:
            break
        case .sequence(let items):
            for item in items { addTestNames(item, file: file) }
        case .mapping(let pairs):
            for pair in pairs {
                guard let key = pair.key.scalarText, let kind = Self.testKeys[key] else {
                    addTestNames(pair.value, file: file)
                    continue
                }
                let values = pair.value.items ?? [pair.value]
                for value in values {
                    guard let text = value.scalarText, !text.isEmpty, !(kind == .feedback && text == "all") else {
                        continue
                    }
                    add(kind, Located(text, at: value.location))
                }
            }
        }
    }
}
