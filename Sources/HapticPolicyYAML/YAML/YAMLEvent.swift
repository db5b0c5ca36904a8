import HapticPolicy
import HapticPolicyCompiler

/// One libyaml parse event, copied out of C memory into Swift values.
///
/// Marks are already 1-based `SourceLocation`s: `YAMLParser` converts them in one place.
package struct YAMLEvent: Sendable, Hashable {
    /// What the event says.
    package enum Kind: Sendable, Hashable {
        case streamStart
        case streamEnd
        case documentStart(implicit: Bool)
        case documentEnd
        case alias(anchor: String)
        case scalar(value: String, style: YAMLScalarStyle, anchor: String?, tag: String?)
        case sequenceStart(anchor: String?, tag: String?)
        case sequenceEnd
        case mappingStart(anchor: String?, tag: String?)
        case mappingEnd
    }

    /// What the event says.
    package var kind: Kind
    /// Where the event starts (1-based).
    package var start: SourceLocation
    /// Where the event ends (1-based, exclusive column).
    package var end: SourceLocation
}

/// How a scalar was written in the source.
package enum YAMLScalarStyle: Sendable, Hashable {
    /// `abc`: resolved by the YAML 1.2 core schema (numbers, booleans, null).
    case plain
    /// `'abc'`: always a string.
    case singleQuoted
    /// `"abc"`: always a string, with escapes.
    case doubleQuoted
    /// `|` block: always a string.
    case literal
    /// `>` block: always a string.
    case folded

    /// Whether the scalar is a string whatever its text (every style but plain).
    package var isQuoted: Bool { self != .plain }
}
