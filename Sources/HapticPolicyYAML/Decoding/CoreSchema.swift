/// What a scalar means under the YAML 1.2 core schema, restricted the way policies need:
/// booleans are only `true` / `false`.
package enum CoreSchema {
    /// A resolved scalar.
    package enum Value: Equatable {
        /// Empty, `~` or `null`.
        case null
        /// `true` or `false`.
        case bool(Bool)
        /// An integer (`12`, `-3`, `0x1F`, `0o17`).
        case int(Int)
        /// A float (`0.5`, `1e-3`, `.inf`, `.nan`).
        case float(Double)
        /// Anything else, and every quoted scalar.
        case string(String)

        /// The number, for ints and floats.
        var number: Double? {
            switch self {
            case .int(let value): Double(value)
            case .float(let value): value
            default: nil
            }
        }
    }

    /// Resolves a scalar node; nil for lists and mappings.
    package static func resolve(_ node: YAMLNode) -> Value? {
        guard case .scalar(let text, let style) = node.content else { return nil }
        switch node.tag {
        case "tag:yaml.org,2002:str"?: return .string(text)
        case "tag:yaml.org,2002:null"?: return .null
        case "tag:yaml.org,2002:bool"?, "tag:yaml.org,2002:int"?, "tag:yaml.org,2002:float"?:
            return resolvePlain(text)
        default:
            return style.isQuoted ? .string(text) : resolvePlain(text)
        }
    }

    /// Plain-scalar resolution.
    static func resolvePlain(_ text: String) -> Value {
        // Most plain scalars are names: only these first bytes can start anything else.
        guard let first = text.utf8.first else { return .null }
        guard Self.specialFirstBytes.contains(first) else { return .string(text) }
        switch text {
        case "", "~", "null", "Null", "NULL": return .null
        case "true": return .bool(true)
        case "false": return .bool(false)
        case ".inf", ".Inf", ".INF", "+.inf", "+.Inf", "+.INF": return .float(.infinity)
        case "-.inf", "-.Inf", "-.INF": return .float(-.infinity)
        case ".nan", ".NaN", ".NAN": return .float(.nan)
        default: break
        }
        if let int = integer(text) { return int }
        if isFloat(text), let value = Double(text) { return .float(value) }
        return .string(text)
    }

    private static let specialFirstBytes = Set("0123456789+-.~nNtf".utf8)

    /// Words YAML 1.1 read as booleans; the policy language asks for `true` / `false`.
    static let looseBooleans: [String: Bool] = [
        "yes": true, "Yes": true, "YES": true, "y": true, "Y": true, "on": true, "On": true, "ON": true,
        "True": true, "TRUE": true,
        "no": false, "No": false, "NO": false, "n": false, "N": false, "off": false, "Off": false, "OFF": false,
        "False": false, "FALSE": false,
    ]

    private static func integer(_ text: String) -> Value? {
        let scalars = Array(text.unicodeScalars)
        if text.hasPrefix("0x"), scalars.count > 2, scalars.dropFirst(2).allSatisfy(\.properties.isASCIIHexDigit) {
            return Int(text.dropFirst(2), radix: 16).map(Value.int) ?? .float(.infinity)
        }
        if text.hasPrefix("0o"), scalars.count > 2, scalars.dropFirst(2).allSatisfy({ ("0"..."7").contains($0) }) {
            return Int(text.dropFirst(2), radix: 8).map(Value.int) ?? .float(.infinity)
        }
        var digits = scalars[...]
        if let sign = digits.first, sign == "-" || sign == "+" { digits = digits.dropFirst() }
        guard !digits.isEmpty, digits.allSatisfy({ ("0"..."9").contains($0) }) else { return nil }
        if let value = Int(text) { return .int(value) }
        return Double(text).map(Value.float)
    }

    /// `[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?`
    private static func isFloat(_ text: String) -> Bool {
        var chars = Array(text.unicodeScalars)[...]
        func digits() -> Int {
            var count = 0
            while let c = chars.first, ("0"..."9").contains(c) {
                chars = chars.dropFirst()
                count += 1
            }
            return count
        }
        if let sign = chars.first, sign == "-" || sign == "+" { chars = chars.dropFirst() }
        let whole = digits()
        if chars.first == "." {
            chars = chars.dropFirst()
            let fraction = digits()
            if whole == 0, fraction == 0 { return false }
        } else if whole == 0 {
            return false
        }
        if let e = chars.first, e == "e" || e == "E" {
            chars = chars.dropFirst()
            if let sign = chars.first, sign == "-" || sign == "+" { chars = chars.dropFirst() }
            if digits() == 0 { return false }
        }
        return chars.isEmpty
    }
}
