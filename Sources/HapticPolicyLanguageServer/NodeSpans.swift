import HapticPolicy
import HapticPolicyYAML

/// Where each node of a YAML tree ends, by where it starts: the front end's locations
/// are starts only (`SourceLocation`), and the editor wants ranges.
struct NodeSpans {
    /// Scalar starts (the opening quote of a quoted one) → their ends.
    private(set) var scalarEnds: [SourcePoint: SourcePoint] = [:]
    /// Mapping keys' starts → the end of their values (a declaration's whole extent).
    private(set) var entryEnds: [SourcePoint: SourcePoint] = [:]
    /// Mapping and sequence starts → their ends.
    private(set) var collectionEnds: [SourcePoint: SourcePoint] = [:]

    /// The spans of every node under `root`.
    init(_ root: YAMLNode?) {
        guard let root else { return }
        visit(root)
    }

    init() {}

    private mutating func visit(_ node: YAMLNode) {
        let start = SourcePoint(node.location)
        let end = SourcePoint(node.end)
        switch node.content {
        case .scalar:
            scalarEnds[start] = end
        case .sequence(let items):
            collectionEnds[start] = end
            for item in items { visit(item) }
        case .mapping(let pairs):
            collectionEnds[start] = end
            for pair in pairs {
                entryEnds[SourcePoint(pair.key.location)] = SourcePoint(pair.value.end)
                visit(pair.key)
                visit(pair.value)
            }
        }
    }

    /// The span of the scalar that starts at `start`, if one does.
    func scalar(at start: SourcePoint) -> SourceSpan? {
        scalarEnds[start].map { SourceSpan(start: start, end: $0) }
    }

    /// The span of a declaration whose key starts at `start`: the key and its value.
    func entry(at start: SourcePoint) -> SourceSpan? {
        entryEnds[start].map { SourceSpan(start: start, end: $0) }
    }

    /// The span of the mapping or sequence that starts at `start`, if one does.
    func collection(at start: SourcePoint) -> SourceSpan? {
        collectionEnds[start].map { SourceSpan(start: start, end: $0) }
    }
}

extension SourcePoint {
    /// The point of a front-end location (its file aside).
    init(_ location: SourceLocation) {
        self.init(line: location.line, column: location.column)
    }
}
