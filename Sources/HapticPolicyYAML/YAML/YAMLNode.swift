import HapticPolicy
import HapticPolicyCompiler

/// A YAML node with its source location: a value-type tree built from libyaml events,
/// with aliases already expanded (shared copy-on-write, so expansion costs nothing).
package struct YAMLNode: Sendable, Hashable {
    /// A mapping entry; the key node keeps its own location.
    package struct Pair: Sendable, Hashable {
        /// The key node (a scalar in every policy).
        package var key: YAMLNode
        /// The value node.
        package var value: YAMLNode
    }

    /// The shape of a node.
    package enum Content: Sendable, Hashable {
        /// A scalar, with its text and how it was written.
        case scalar(String, YAMLScalarStyle)
        /// A sequence, in order.
        case sequence([YAMLNode])
        /// A mapping, as ordered pairs (duplicate keys are rejected while building).
        case mapping([Pair])
    }

    /// The shape and contents.
    package var content: Content
    /// The explicit tag, expanded (`tag:yaml.org,2002:str`), if any.
    package var tag: String?
    /// Where the node starts (for quoted scalars: the opening quote).
    package var location: SourceLocation
    /// Where the node ends (exclusive).
    package var end: SourceLocation

    /// Creates a node.
    package init(_ content: Content, tag: String? = nil, at location: SourceLocation, end: SourceLocation? = nil) {
        self.content = content
        self.tag = tag
        self.location = location
        self.end = end ?? location
    }

    /// The scalar text, when the node is a scalar.
    package var scalarText: String? {
        if case .scalar(let text, _) = content { return text }
        return nil
    }

    /// The mapping pairs, when the node is a mapping.
    package var pairs: [Pair]? {
        if case .mapping(let pairs) = content { return pairs }
        return nil
    }

    /// The items, when the node is a sequence.
    package var items: [YAMLNode]? {
        if case .sequence(let items) = content { return items }
        return nil
    }
}
