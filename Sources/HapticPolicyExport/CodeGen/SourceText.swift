// The only ways a designer's name or note reaches generated source code. A policy is
// untrusted input that ends up in an app's build (the SwiftPM plugin runs codegen), so a
// name or note must come out as data: inside a string literal that it cannot close, or
// inside a comment that it can neither close nor, since Swift and Kotlin block comments
// nest, open again. Docs/security.md, "Generated code, reports and terminal output".

import HapticPolicyCompiler

/// Text for a one-line comment of generated source (`//`, `///`, or inside `/** … */`),
/// in Swift, Kotlin and TypeScript alike: line breaks and tabs as spaces, other unsafe
/// characters (`isUnsafeText`) written as `<U+001B>`, and a space between any `/` and `*`
/// that touch, so the text can neither close the comment (`*/`) nor open a nested one
/// (`/*`; Swift and Kotlin block comments nest).
package func sourceComment(_ text: String) -> String {
    var out = ""
    var previous: Unicode.Scalar? = nil
    for scalar in text.unicodeScalars {
        if isUnsafeText(scalar) {
            // Line breaks and tabs read as spaces; anything else is named.
            out += "\n\r\t\u{2028}\u{2029}".unicodeScalars.contains(scalar) ? " " : unicodeNotation(scalar)
            previous = nil
            continue
        }
        if (previous == "/" && scalar == "*") || (previous == "*" && scalar == "/") { out += " " }
        out.unicodeScalars.append(scalar)
        previous = scalar
    }
    return out
}

/// The languages generated source is written in.
package enum SourceLanguage: Sendable {
    /// Swift 5 and later.
    case swift
    /// Kotlin 1.3 and later.
    case kotlin
    /// TypeScript (and JavaScript, ES5 and later).
    case typeScript
}

/// A double-quoted string literal of `language` whose value is exactly `text`: `\` and
/// `"` escaped, `$` too in Kotlin (string templates), line breaks, tabs and every other
/// unsafe character (`isUnsafeText`) as escapes (`\u{1B}` in Swift, `\u001B` in Kotlin
/// and TypeScript, a surrogate pair above U+FFFF), so the literal always closes where it
/// should and shows no invisible reordering.
package func sourceString(_ text: String, _ language: SourceLanguage) -> String {
    var out = "\""
    for scalar in text.unicodeScalars {
        switch scalar {
        case "\\": out += "\\\\"
        case "\"": out += "\\\""
        case "$" where language == .kotlin: out += "\\$"
        case "\n": out += "\\n"
        case "\t": out += "\\t"
        case "\r": out += "\\r"
        default:
            guard isUnsafeText(scalar) else {
                out.unicodeScalars.append(scalar)
                continue
            }
            switch language {
            case .swift:
                out += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            case .kotlin, .typeScript:
                for unit in String(scalar).utf16 {
                    let hex = String(unit, radix: 16, uppercase: true)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                }
            }
        }
    }
    return out + "\""
}

/// Valid identifiers of `language` for `names` (already in the wanted case style), in
/// order and unique: a name a generated member or declaration uses (`reserved`), a
/// keyword that cannot be quoted or a name already taken gets `_` appended until it is
/// none of them (`a.b` and `aB` become `aB` and `aB_`); then a keyword is backquoted (`` `class` ``),
/// so the same policy always gives the same identifiers and each one compiles. TypeScript
/// cannot quote an identifier, so there every reserved word (`typeScriptKeywords`) gets
/// `_` appended instead. An empty name becomes `_0`, a name starting with a digit gets a
/// `_` in front.
package func sourceIdentifiers(_ names: [String], _ language: SourceLanguage, reserved: Set<String> = [])
    -> [String]
{
    let keywords: Set<String> =
        switch language {
        case .swift: swiftKeywords
        case .kotlin: kotlinKeywords
        case .typeScript: []
        }
    let unquotable: Set<String> =
        switch language {
        case .swift: ["Type", "Protocol", "_"]
        case .kotlin: ["_"]
        case .typeScript: typeScriptKeywords.union(["_"])
        }
    var taken = Set<String>()
    return names.map { name in
        var name = name.isEmpty ? "_0" : name
        if name.first?.isNumber == true { name = "_" + name }
        // One `_` at a time until the name is none of these: a reserved name's `X_` may be
        // taken or reserved itself, and two declarations in one scope never share a name.
        while reserved.contains(name) || unquotable.contains(name) || taken.contains(name) { name += "_" }
        taken.insert(name)
        return keywords.contains(name) ? "`\(name)`" : name
    }
}

/// Swift's reserved words (those an identifier must backquote).
package let swiftKeywords: Set<String> = [
    "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init", "inout",
    "internal", "let", "open", "operator", "private", "precedencegroup", "protocol", "public", "rethrows",
    "static", "struct", "subscript", "typealias", "var", "break", "case", "catch", "continue", "default", "defer",
    "do", "else", "fallthrough", "for", "guard", "if", "in", "repeat", "return", "throw", "switch", "where",
    "while", "Any", "as", "await", "false", "is", "nil", "self", "Self", "super", "throws", "true", "try",
]

/// Kotlin's hard keywords (those an identifier must backquote).
package let kotlinKeywords: Set<String> = [
    "as", "break", "class", "continue", "do", "else", "false", "for", "fun", "if", "in", "interface", "is", "null",
    "object", "package", "return", "super", "this", "throw", "true", "try", "typealias", "typeof", "val", "var",
    "when", "while",
]

/// TypeScript's reserved words, strict-mode reserved words and the predefined type names,
/// none of which a generated identifier may be (TypeScript has no quoted identifiers).
package let typeScriptKeywords: Set<String> = [
    "break", "case", "catch", "class", "const", "continue", "debugger", "default", "delete", "do", "else", "enum",
    "export", "extends", "false", "finally", "for", "function", "if", "import", "in", "instanceof", "new", "null",
    "return", "super", "switch", "this", "throw", "true", "try", "typeof", "var", "void", "while", "with",
    "implements", "interface", "let", "package", "private", "protected", "public", "static", "yield", "await",
    "any", "boolean", "number", "string", "symbol", "bigint", "object", "never", "unknown", "undefined", "type",
    "arguments", "eval",
]
