import HapticPolicy
import HapticPolicyCompiler
import HapticPolicyDocument

// HP011 wrong type, HP014 unknown enum value, HP015 expression syntax, HP018 non-finite
// number, HP019 a YAML 1.1 boolean word, HP020 unsupported version.

extension PolicyDecoder {
    /// Non-empty scalar text (numbers and booleans are read as written).
    package mutating func text(_ node: YAMLNode, for key: String) -> Located<String>? {
        guard case .scalar(let text, _) = node.content, CoreSchema.resolve(node) != .null else {
            wrongType(expected: "text", for: key, found: node)
            return nil
        }
        return Located(text, at: node.location)
    }

    /// Optional free text (`note:`); nothing written is fine.
    package mutating func note(_ node: YAMLNode?, for key: String = "note") -> String? {
        guard let node else { return nil }
        if CoreSchema.resolve(node) == .null { return nil }
        return text(node, for: key)?.value
    }

    /// A finite number, or a constant's name or an expression of constants (`2 * beat`).
    package mutating func number(_ node: YAMLNode, for key: String) -> Located<Double>? {
        if let folded = folded(node, for: key) { return folded }
        guard let value = CoreSchema.resolve(node) else {
            wrongType(expected: "a number", for: key, found: node)
            return nil
        }
        if let number = value.number {
            guard number.isFinite else {
                report(Self.notFinite(key, at: node.location))
                return nil
            }
            return Located(number, at: node.location)
        }
        wrongType(expected: "a number", for: key, found: node)
        return nil
    }

    /// A whole number, or a constant (or expression of constants) whose value is one.
    package mutating func integer(_ node: YAMLNode, for key: String) -> Located<Int>? {
        if let folded = folded(node, for: key) {
            guard let value = folded else { return nil }
            guard value.value.rounded() == value.value, abs(value.value) < 1e15 else {
                report(Self.notWhole(key, value.value, at: node.location))
                return nil
            }
            return Located(Int(value.value), at: node.location)
        }
        if case .int(let value)? = CoreSchema.resolve(node) { return Located(value, at: node.location) }
        if case .float(let value)? = CoreSchema.resolve(node), value.isFinite, value.rounded() == value,
            abs(value) < 1e15
        {
            return Located(Int(value), at: node.location)
        }
        wrongType(expected: "a whole number", for: key, found: node)
        return nil
    }

    /// `true` or `false`; `yes` / `no` / `on` / `off` get a hint.
    package mutating func bool(_ node: YAMLNode, for key: String) -> Located<Bool>? {
        if case .bool(let value)? = CoreSchema.resolve(node) { return Located(value, at: node.location) }
        if case .scalar(let text, .plain) = node.content, let meant = CoreSchema.looseBooleans[text] {
            report(
                DiagnosticCode.looseBoolean(
                    "'\(text)' is not a boolean for '\(key)'; write \(meant) (only true and false are booleans)",
                    at: node.location))
            return nil
        }
        wrongType(expected: "true or false", for: key, found: node)
        return nil
    }

    /// A number or an arithmetic expression over template parameters.
    mutating func expression(_ node: YAMLNode, for key: String) -> Located<HapticPolicy.Expression>? {
        switch CoreSchema.resolve(node) {
        case .int(let value)?:
            return Located(.number(Double(value)), at: node.location)
        case .float(let value)?:
            guard value.isFinite else {
                report(Self.notFinite(key, at: node.location))
                return nil
            }
            return Located(.number(value), at: node.location)
        case .string(let text)?:
            do {
                let parsed = try HapticPolicy.Expression.parse(text)
                return Located(substitutingConstants(parsed), at: node.location)
            } catch {
                report(
                    DiagnosticCode.expressionSyntax(
                        "in '\(key)': \(error.message)", at: location(in: node, characterOffset: error.offset)))
                return nil
            }
        default:
            wrongType(expected: "a number or an expression", for: key, found: node)
            return nil
        }
    }

    /// A string, boolean or number as written (for `when: {value: ...}`).
    package mutating func scalarValue(_ node: YAMLNode, for key: String) -> Located<ScalarValue>? {
        switch CoreSchema.resolve(node) {
        case .bool(let value)?: return Located(.bool(value), at: node.location)
        case .int(let value)?: return Located(.number(Double(value)), at: node.location)
        case .float(let value)? where value.isFinite: return Located(.number(value), at: node.location)
        case .string(let text)?: return Located(.string(text), at: node.location)
        default:
            wrongType(expected: "text, a number, true or false", for: key, found: node)
            return nil
        }
    }

    /// One of a fixed set of words.
    mutating func choice(_ node: YAMLNode, for key: String, what: String, options: [String]) -> Located<String>? {
        guard case .scalar(let text, _) = node.content, CoreSchema.resolve(node) != .null else {
            wrongType(
                expected: options.map { "'\($0)'" }.joined(separator: ", ").replacingLastComma(), for: key, found: node)
            return nil
        }
        guard options.contains(text) else {
            report(
                DiagnosticCode.unknownWord(
                    "unknown \(what) '\(text)'\(Suggestions.hint(for: text, in: options))",
                    at: node.location))
            return nil
        }
        return Located(text, at: node.location)
    }

    /// One case of a string enum.
    mutating func choice<Value: RawRepresentable & CaseIterable>(
        _ node: YAMLNode, for key: String, what: String, as type: Value.Type = Value.self
    ) -> Located<Value>? where Value.RawValue == String {
        guard let word = choice(node, for: key, what: what, options: Value.allCases.map(\.rawValue)),
            let value = Value(rawValue: word.value)
        else { return nil }
        return Located(value, at: word.location)
    }

    /// The items of a list.
    package mutating func list(_ node: YAMLNode, for key: String) -> [YAMLNode]? {
        if CoreSchema.resolve(node) == .null { return [] }
        guard let items = node.items else {
            wrongType(expected: "a list", for: key, found: node)
            return nil
        }
        return items
    }

    /// A list of names, or a single name.
    package mutating func names(_ node: YAMLNode, for key: String) -> [Located<String>]? {
        if node.scalarText != nil, CoreSchema.resolve(node) != .null {
            return text(node, for: key).map { [$0] }
        }
        guard let items = list(node, for: key) else { return nil }
        return items.compactMap { text($0, for: key) }
    }

    /// A mapping from names to values, keys located.
    package mutating func namedEntries(_ node: YAMLNode, for key: String) -> [(name: Located<String>, value: YAMLNode)]?
    {
        if CoreSchema.resolve(node) == .null { return [] }
        guard let pairs = node.pairs else {
            wrongType(expected: "a mapping of names", for: key, found: node)
            return nil
        }
        return pairs.compactMap { pair in
            guard let name = pair.key.scalarText, CoreSchema.resolve(pair.key) != .null else {
                report(Self.keyNotText(found: describe(pair.key), at: pair.key.location))
                return nil
            }
            return (Located(name, at: pair.key.location), pair.value)
        }
    }

    /// Reports a value of the wrong kind.
    mutating func wrongType(expected: String, for key: String, found node: YAMLNode) {
        var message = "expected \(expected) for '\(key)', found \(describe(node))"
        var fix = "; replace it with \(expected)"
        // `'0.5'` or `"true"`: quoting made a number or boolean into text.
        if node.tag == nil, case .scalar(let text, let style) = node.content, style.isQuoted, !text.isEmpty,
            CoreSchema.resolvePlain(text) != .string(text)
        {
            fix = "; remove the quotes"
        }
        if expected.hasPrefix("a mapping"), node.isKeyWithoutSpace {
            fix = "; put a space after ':' to write a key and its value"
        }
        message += fix
        report(DiagnosticCode.wrongType(message, at: node.location))
    }

    /// How a node reads in a message: "a list", "text 'abc'", "nothing".
    package func describe(_ node: YAMLNode) -> String {
        switch node.content {
        case .mapping: return "a mapping"
        case .sequence: return "a list"
        case .scalar(let text, _):
            switch CoreSchema.resolve(node) {
            case .null?: return "nothing"
            case .bool?: return "the boolean \(text)"
            case .int?, .float?: return "the number \(text)"
            default:
                let short = text.count > 40 ? text.prefix(37) + "..." : Substring(text)
                return "text '\(short)'"
            }
        }
    }

    static func notFinite(_ key: String, at location: SourceLocation) -> Diagnostic {
        DiagnosticCode.numberNotFinite(
            "'\(key)' must be a finite number; replace .inf or .nan with a number", at: location)
    }

    static func unsupportedVersion(_ version: Int, at location: SourceLocation) -> Diagnostic {
        DiagnosticCode.unsupportedVersion(
            "unsupported policy language version \(version); write 'version: 1'", at: location)
    }
}

extension String {
    /// "'a', 'b', 'c'" -> "'a', 'b' or 'c'".
    fileprivate func replacingLastComma() -> String {
        var parts = components(separatedBy: ", ")
        guard parts.count > 1, let last = parts.popLast() else { return self }
        return parts.joined(separator: ", ") + " or " + last
    }
}

extension YAMLNode {
    /// `layer:ui`: plain text that was meant as `layer: ui`.
    var isKeyWithoutSpace: Bool {
        guard case .scalar(let text, .plain) = content, let colon = text.firstIndex(of: ":") else { return false }
        let after = text.index(after: colon)
        return colon != text.startIndex && after < text.endIndex && text[after] != " "
    }
}
