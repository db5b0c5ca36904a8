import HapticPolicy
import HapticPolicyCompiler

/// Builds the node tree from parser events and enforces the structural rules libyaml does
/// not: one document, no duplicate keys, bounded nesting and alias expansion, known tags.
struct YAMLTreeBuilder {
    /// What building produced.
    struct Outcome {
        /// The document's root; nil when the stream holds no document or an error stopped it.
        var root: YAMLNode?
        /// Problems found.
        var diagnostics: [Diagnostic]
        /// Whether an error made the tree unusable.
        var isFatal: Bool
    }

    private struct Frame {
        var isMapping: Bool
        var start: SourceLocation
        var anchor: String?
        var tag: String?
        var items: [YAMLNode] = []
        var pairs: [YAMLNode.Pair] = []
        var pendingKey: YAMLNode?
        var skipsValue = false
        // Keys are equal when their code points are (`NameKey`), as names are.
        var keys = NameTable<SourceLocation>()
        /// Nodes in the subtree after alias expansion, this one included.
        var weight = 1
        /// Nesting levels in the subtree, this one included.
        var height = 1
    }

    private struct Anchored {
        var node: YAMLNode
        var weight: Int
        var height: Int
    }

    private let file: String
    private let limits: ParseLimits
    private var stack: [Frame] = []
    private var anchors: [String: Anchored] = [:]
    private var nodeCount = 0
    private var root: YAMLNode?
    private var diagnostics: [Diagnostic] = []

    private init(file: String, limits: ParseLimits) {
        self.file = file
        self.limits = limits
    }

    /// Reads every event of `parser` and builds the tree.
    static func build(_ parser: YAMLParser, file: String, limits: ParseLimits) -> Outcome {
        var builder = YAMLTreeBuilder(file: file, limits: limits)
        return builder.run(parser)
    }

    private mutating func run(_ parser: YAMLParser) -> Outcome {
        var documents = 0
        while true {
            let event: YAMLEvent
            switch parser.next() {
            case .success(let next): event = next
            case .failure(let error): return fatal(error.diagnostic)
            }
            switch event.kind {
            case .streamStart, .documentEnd:
                continue
            case .streamEnd:
                return Outcome(root: root, diagnostics: diagnostics, isFatal: false)
            case .documentStart:
                documents += 1
                if documents > 1 { return fatal(Self.multipleDocuments(at: event.start)) }
            case .alias(let name):
                guard let anchored = anchors[name] else {
                    return fatal(YAMLSyntaxError.undefinedAlias(name, at: event.start))
                }
                if stack.count + anchored.height > limits.maxDepth {
                    return fatal(Self.tooDeep(limit: limits.maxDepth, at: event.start))
                }
                nodeCount += anchored.weight
                if nodeCount > limits.maxNodes {
                    return fatal(Self.tooManyNodes(limit: limits.maxNodes, at: event.start))
                }
                var node = anchored.node
                node.location = event.start
                node.end = event.end
                add(node, weight: anchored.weight, height: anchored.height)
            case .scalar(let value, let style, let anchor, let tag):
                nodeCount += 1
                if nodeCount > limits.maxNodes {
                    return fatal(Self.tooManyNodes(limit: limits.maxNodes, at: event.start))
                }
                let node = YAMLNode(
                    .scalar(value, style), tag: checked(tag, allowed: Self.scalarTags, at: event.start),
                    at: event.start, end: event.end)
                if let anchor { anchors[anchor] = Anchored(node: node, weight: 1, height: 0) }
                add(node, weight: 1, height: 0)
            case .sequenceStart(let anchor, let tag), .mappingStart(let anchor, let tag):
                let isMapping = if case .mappingStart = event.kind { true } else { false }
                if stack.count + 1 > limits.maxDepth {
                    return fatal(Self.tooDeep(limit: limits.maxDepth, at: event.start))
                }
                nodeCount += 1
                if nodeCount > limits.maxNodes {
                    return fatal(Self.tooManyNodes(limit: limits.maxNodes, at: event.start))
                }
                let allowed = isMapping ? "tag:yaml.org,2002:map" : "tag:yaml.org,2002:seq"
                stack.append(
                    Frame(
                        isMapping: isMapping, start: event.start, anchor: anchor,
                        tag: checked(tag, allowed: [allowed], at: event.start)))
            case .sequenceEnd, .mappingEnd:
                guard let frame = stack.popLast() else { continue }
                let content: YAMLNode.Content = frame.isMapping ? .mapping(frame.pairs) : .sequence(frame.items)
                let node = YAMLNode(content, tag: frame.tag, at: frame.start, end: event.end)
                if let anchor = frame.anchor {
                    anchors[anchor] = Anchored(node: node, weight: frame.weight, height: frame.height)
                }
                add(node, weight: frame.weight, height: frame.height)
            }
        }
    }

    private mutating func fatal(_ diagnostic: Diagnostic) -> Outcome {
        Outcome(root: nil, diagnostics: diagnostics + [diagnostic], isFatal: true)
    }

    private mutating func add(_ node: YAMLNode, weight: Int, height: Int) {
        guard !stack.isEmpty else {
            root = node
            return
        }
        // Mutate the open collection in place: frames are large, copying each out and
        // back for every child would dominate building.
        let top = stack.count - 1
        stack[top].weight += weight
        stack[top].height = max(stack[top].height, height + 1)
        if !stack[top].isMapping {
            stack[top].items.append(node)
        } else if let key = stack[top].pendingKey {
            if !stack[top].skipsValue { stack[top].pairs.append(YAMLNode.Pair(key: key, value: node)) }
            stack[top].pendingKey = nil
            stack[top].skipsValue = false
        } else {
            stack[top].pendingKey = node
            if let text = node.scalarText {
                if let first = stack[top].keys[text] {
                    diagnostics.append(Self.duplicateKey(text, at: node.location, first: first))
                    stack[top].skipsValue = true
                } else {
                    stack[top].keys[text] = node.location
                }
            }
        }
    }

    private static let scalarTags: Set<String> = [
        "tag:yaml.org,2002:str", "tag:yaml.org,2002:int", "tag:yaml.org,2002:float",
        "tag:yaml.org,2002:bool", "tag:yaml.org,2002:null",
    ]

    /// The tag when supported; otherwise reports it and drops it, so the node decodes as
    /// if untagged.
    private mutating func checked(_ tag: String?, allowed: Set<String>, at location: SourceLocation) -> String? {
        guard let tag, tag != "!" else { return nil }
        if allowed.contains(tag) { return tag }
        diagnostics.append(Self.unsupportedTag(tag, at: location))
        return nil
    }

    // HP006-HP010: structure libyaml accepts but a policy must not contain.

    /// HP006: the same key twice in one mapping.
    static func duplicateKey(_ key: String, at location: SourceLocation, first: SourceLocation) -> Diagnostic {
        DiagnosticCode.duplicateKey(
            "duplicate key '\(key)'; a key may appear once in a mapping, remove or rename one",
            at: location, notes: [Diagnostic.Note("'\(key)' is first set here", at: first)])
    }

    /// HP007: nesting deeper than the limit.
    static func tooDeep(limit: Int, at location: SourceLocation) -> Diagnostic {
        DiagnosticCode.nestingTooDeep(
            "lists and mappings are nested more than \(limit) levels deep; flatten the structure",
            at: location)
    }

    /// HP008: too many nodes after alias expansion.
    static func tooManyNodes(limit: Int, at location: SourceLocation) -> Diagnostic {
        DiagnosticCode.aliasExpansionTooLarge(
            "the document grows past \(limit) nodes (counting every alias expansion); "
                + "remove nested aliases or split the file",
            at: location)
    }

    /// HP009: a second YAML document.
    static func multipleDocuments(at location: SourceLocation) -> Diagnostic {
        DiagnosticCode.multipleDocuments(
            "a second yaml document starts here; a policy file holds one document, move this one to its own file",
            at: location)
    }

    /// HP010: a tag the policy language does not use.
    static func unsupportedTag(_ tag: String, at location: SourceLocation) -> Diagnostic {
        let shown = tag.hasPrefix("tag:yaml.org,2002:") ? "!!" + tag.dropFirst("tag:yaml.org,2002:".count) : tag
        return DiagnosticCode.unsupportedTag(
            "unsupported tag '\(shown)'; remove it (policies use plain values, '!!str' at most)",
            at: location)
    }
}
