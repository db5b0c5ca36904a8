// The oracle of the emitted-output fuzz targets and tests (Fuzz/Targets/emit-*.swift,
// Tests/HapticPolicyExportTests/HostileNamesTests.swift): small lexer models of the
// languages haptic-policy writes, and a policy made of given names with a twin made of
// plain ones. A name reaches generated output as data only when the hostile policy's
// output has the same skeleton (every identifier `I`, every string literal `S`, every
// number `N`, comments dropped, punctuation kept) as its twin's, every literal closes,
// no comment is left open and no control character is written raw.

import HapticPolicyCompiler
import HapticPolicyDocument
import HapticPolicyExport

/// What the lexer model found wrong in generated output.
package struct EmittedOutputError: Error, Equatable, CustomStringConvertible {
    /// What is wrong, with the offset (in Unicode scalars) where it was found.
    package var description: String
    /// An error at `offset`.
    package init(_ message: String, at offset: Int) { description = "\(message) at scalar \(offset)" }
}

/// The lexer model of Swift, Kotlin and TypeScript source as haptic-policy writes it.
package struct SourceSkeleton: Sendable, Equatable {
    /// The tokens outside comments: `I` for an identifier or keyword (backquoted or not),
    /// `S` for a string literal, `N` for a number, any other character as itself.
    package var tokens: [String] = []
    /// The value of every string literal, escapes decoded, in order.
    package var strings: [String] = []
    /// How many comments there were (line and block).
    package var comments = 0

    /// Lexes `source`; throws when a string literal or a block comment does not close,
    /// a literal holds a raw line break, control or bidirectional character, an
    /// interpolation (`\(` in Swift, `$name` or `${` in Kotlin), or an
    /// unknown escape, or a comment holds a control or bidirectional character.
    package init(_ source: String, _ language: SourceLanguage) throws(EmittedOutputError) {
        let text = Array(source.unicodeScalars)
        let nests = language != .typeScript
        var index = 0
        func at(_ offset: Int) -> Unicode.Scalar? { index + offset < text.count ? text[index + offset] : nil }
        while index < text.count {
            let scalar = text[index]
            if scalar == "/", at(1) == "/" {
                comments += 1
                while index < text.count, text[index] != "\n", text[index] != "\r" {
                    if isUnsafeText(text[index]), text[index] != "\t" {
                        throw EmittedOutputError("a raw \(unicodeNotation(text[index])) in a comment", at: index)
                    }
                    index += 1
                }
                continue
            }
            if scalar == "/", at(1) == "*" {
                comments += 1
                let start = index
                var depth = 0
                repeat {
                    if at(0) == "/", at(1) == "*" {
                        if depth > 0, !nests {
                            // JavaScript: `/*` inside a comment is text.
                            index += 2
                            continue
                        }
                        depth += 1
                        index += 2
                    } else if at(0) == "*", at(1) == "/" {
                        depth -= 1
                        index += 2
                    } else {
                        if isUnsafeText(text[index]), !"\n\t".unicodeScalars.contains(text[index]) {
                            throw EmittedOutputError("a raw \(unicodeNotation(text[index])) in a comment", at: index)
                        }
                        index += 1
                    }
                } while depth > 0 && index < text.count
                if depth > 0 { throw EmittedOutputError("a block comment that never closes", at: start) }
                continue
            }
            if scalar == "\"" {
                if at(1) == "\"", at(2) == "\"" {
                    throw EmittedOutputError("a multi-line string literal", at: index)
                }
                strings.append(try Self.literal(text, &index, language))
                tokens.append("S")
                continue
            }
            if scalar == "`" {
                let start = index
                index += 1
                while index < text.count, text[index] != "`" {
                    guard Self.isWord(text[index]) else {
                        throw EmittedOutputError("a backquoted name with \(unicodeNotation(text[index]))", at: index)
                    }
                    index += 1
                }
                guard index < text.count else { throw EmittedOutputError("a backquote that never closes", at: start) }
                index += 1
                tokens.append("I")
                continue
            }
            if scalar.properties.isWhitespace {
                if isUnsafeText(scalar), !"\n\t\r".unicodeScalars.contains(scalar) {
                    throw EmittedOutputError("a raw \(unicodeNotation(scalar)) in code", at: index)
                }
                index += 1
                continue
            }
            if ("0"..."9").contains(scalar) {
                while index < text.count,
                    Self.isWord(text[index]) || text[index] == "." && at(1).map({ ("0"..."9").contains($0) }) == true
                {
                    index += 1
                }
                tokens.append("N")
                continue
            }
            if Self.isWord(scalar) {
                while index < text.count, Self.isWord(text[index]) { index += 1 }
                tokens.append("I")
                continue
            }
            if isUnsafeText(scalar) || scalar == "'" || scalar == "\\" || scalar == "#" && language != .swift {
                throw EmittedOutputError("\(unicodeNotation(scalar)) outside a literal", at: index)
            }
            tokens.append(String(scalar))
            index += 1
        }
    }

    /// A letter, digit or `_` (of any script: identifiers made of designer names may keep them).
    static func isWord(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "_" || isIdentifierScalar(scalar)
    }

    /// Reads the string literal starting at `index` (its opening quote), past its end.
    private static func literal(_ text: [Unicode.Scalar], _ index: inout Int, _ language: SourceLanguage)
        throws(EmittedOutputError) -> String
    {
        let start = index
        var value = String.UnicodeScalarView()
        var pendingHigh: UInt32? = nil
        index += 1
        func hex(_ digits: ArraySlice<Unicode.Scalar>) -> UInt32? {
            guard !digits.isEmpty, digits.count <= 8 else { return nil }
            return UInt32(String(String.UnicodeScalarView(digits)), radix: 16)
        }
        while true {
            guard index < text.count else { throw EmittedOutputError("a string literal that never closes", at: start) }
            let scalar = text[index]
            if scalar == "\"" {
                index += 1
                break
            }
            if isUnsafeText(scalar) {
                throw EmittedOutputError("a raw \(unicodeNotation(scalar)) in a string literal", at: index)
            }
            if scalar == "$", language != .swift, index + 1 < text.count {
                let next = text[index + 1]
                if language == .kotlin, next == "{" || isWord(next) || next == "`" {
                    throw EmittedOutputError("a string template in a literal", at: index)
                }
            }
            guard scalar == "\\" else {
                value.append(scalar)
                index += 1
                continue
            }
            guard index + 1 < text.count else {
                throw EmittedOutputError("a string literal that never closes", at: start)
            }
            let escape = text[index + 1]
            index += 2
            switch escape {
            case "\\": value.append("\\")
            case "\"": value.append("\"")
            case "n": value.append("\n")
            case "t": value.append("\t")
            case "r": value.append("\r")
            case "$" where language == .kotlin: value.append("$")
            case "0" where language == .swift: value.append("\0")
            case "(" where language == .swift:
                throw EmittedOutputError("an interpolation in a string literal", at: index - 2)
            case "u":
                if language == .swift || (language == .typeScript && index < text.count && text[index] == "{") {
                    guard index < text.count, text[index] == "{",
                        let close = text[index...].firstIndex(of: "}"), let code = hex(text[(index + 1)..<close]),
                        let decoded = Unicode.Scalar(code)
                    else { throw EmittedOutputError("a bad \\u{…} escape", at: index - 2) }
                    value.append(decoded)
                    index = close + 1
                } else {
                    guard index + 4 <= text.count, let unit = hex(text[index..<(index + 4)]) else {
                        throw EmittedOutputError("a bad \\uXXXX escape", at: index - 2)
                    }
                    index += 4
                    if (0xD800...0xDBFF).contains(unit) {
                        pendingHigh = unit
                        continue
                    }
                    if (0xDC00...0xDFFF).contains(unit), let high = pendingHigh {
                        let code = 0x10000 + ((high - 0xD800) << 10) + (unit - 0xDC00)
                        value.append(Unicode.Scalar(code) ?? "\u{FFFD}")
                    } else {
                        value.append(Unicode.Scalar(unit) ?? "\u{FFFD}")
                    }
                }
            default:
                throw EmittedOutputError("an unknown escape \\\(escape)", at: index - 2)
            }
            pendingHigh = nil
        }
        return String(value)
    }
}

/// The lexer model of the report page: its tags with their attribute names (and how many
/// classes each `class` holds), text as `T`; throws when an attribute value is not quoted
/// or a comment, tag or raw-text element does not close.
package struct HTMLSkeleton: Sendable, Equatable {
    /// `<tag attr attr class=2>`, `</tag>`, `T` for text, the raw text of `script` and `style`.
    package var tokens: [String] = []

    /// Lexes `html`.
    package init(_ html: String) throws(EmittedOutputError) {
        let text = Array(html.unicodeScalars)
        var index = 0
        var inText = false
        func starts(_ prefix: String, _ at: Int) -> Bool {
            let scalars = Array(prefix.unicodeScalars)
            guard at + scalars.count <= text.count else { return false }
            return (0..<scalars.count).allSatisfy {
                String(text[at + $0]).lowercased() == String(scalars[$0])
            }
        }
        while index < text.count {
            if text[index] != "<" {
                if !inText { tokens.append("T") }
                inText = true
                index += 1
                continue
            }
            inText = false
            let start = index
            if starts("<!--", index) {
                guard let end = (index..<text.count).first(where: { starts("-->", $0) }) else {
                    throw EmittedOutputError("a comment that never closes", at: start)
                }
                index = end + 3
                continue
            }
            index += 1
            let closing = index < text.count && text[index] == "/"
            if closing { index += 1 }
            var name = ""
            while index < text.count,
                text[index].properties.isAlphabetic || ("0"..."9").contains(text[index])
                    || text[index] == "!"
            {
                name.unicodeScalars.append(text[index])
                index += 1
            }
            name = name.lowercased()
            var tag = (closing ? "</" : "<") + name
            while true {
                while index < text.count, text[index].properties.isWhitespace { index += 1 }
                guard index < text.count else { throw EmittedOutputError("a tag that never closes", at: start) }
                if text[index] == ">" {
                    index += 1
                    break
                }
                if text[index] == "/", index + 1 < text.count, text[index + 1] == ">" {
                    index += 2
                    break
                }
                var attribute = ""
                while index < text.count, !text[index].properties.isWhitespace,
                    !"=>\"'<".unicodeScalars.contains(
                        text[index])
                {
                    attribute.unicodeScalars.append(text[index])
                    index += 1
                }
                guard !attribute.isEmpty else {
                    throw EmittedOutputError("\(unicodeNotation(text[index])) inside a tag", at: index)
                }
                tag += " " + attribute.lowercased()
                guard index < text.count, text[index] == "=" else { continue }
                index += 1
                guard index < text.count, text[index] == "\"" else {
                    throw EmittedOutputError("an attribute value without quotes", at: index)
                }
                index += 1
                var value = ""
                while index < text.count, text[index] != "\"" {
                    value.unicodeScalars.append(text[index])
                    index += 1
                }
                guard index < text.count else { throw EmittedOutputError("an attribute that never closes", at: start) }
                index += 1
                if attribute == "class" { tag += "=\(value.split(separator: " ").count)" }
                if attribute == "http-equiv" || attribute.hasPrefix("on") { tag += "=\(value)" }
            }
            tokens.append(tag + ">")
            if !closing, name == "script" || name == "style" {
                guard let end = (index..<text.count).first(where: { starts("</\(name)", $0) }) else {
                    throw EmittedOutputError("a <\(name)> that never closes", at: start)
                }
                tokens.append(String(String.UnicodeScalarView(text[index..<end])))
                index = end
            }
        }
    }
}

/// A policy (in the policy language) whose every name and note is one of `names`: its
/// name, a layer, feedback, events, their screen, string values, notes and a reason.
/// `plainPolicyYAML(count:)` is its twin with `n0`, `n1`, … instead. Every scalar that is
/// not printable ASCII is written as a YAML escape, so any text fits.
package func hostilePolicyYAML(_ names: [String]) -> String {
    var names = names.isEmpty ? ["n"] : names
    // Names that are equal stay equal in the twin; make them distinct.
    var seen = Set<String>()
    names = names.map { name in
        var name = name
        while seen.contains(name) || ["ui", "tap", "screen.enter", "app.state"].contains(name) { name += "'" }
        seen.insert(name)
        return name
    }
    func q(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            if scalar.isASCII, scalar.value >= 0x20, scalar.value < 0x7F, scalar != "\"", scalar != "\\" {
                out.unicodeScalars.append(scalar)
            } else {
                out +=
                    scalar.value <= 0xFFFF
                    ? "\\u" + String(String(scalar.value, radix: 16).leftPadded(4))
                    : "\\U" + String(String(scalar.value, radix: 16).leftPadded(8))
            }
        }
        return out + "\""
    }
    let name = { (index: Int) in names[index % names.count] }
    let layer = q(name(1))
    let screen = q(name(2))
    var yaml = "policy: \(q(name(0)))\nversion: 1\n"
    let patterns = q("c" + name(1))
    yaml += "layers:\n  ui: {plays: presets}\n  \(layer): {plays: presets, note: \(q(name(3)))}\n"
    yaml += "  \(patterns): {plays: patterns, note: \(q(name(4)))}\n"
    yaml += "feedback:\n  tap: {layer: ui, preset: impact.light}\n"
    yaml += "  \(q("p" + name(0))):\n    layer: \(patterns)\n    note: \(q(name(5)))\n    pattern:\n      events:\n"
    yaml += "        - {type: transient, time: 0, intensity: 0.8, sharpness: 0.5, note: \(q(name(6)))}\n"
    yaml += "        - {type: silence, time: 0.1, duration: 0.2, note: \(q(name(7)))}\n"
    yaml += "    fallback: tap\n"
    let count = max(1, min(names.count, 8))
    for index in 0..<count {
        yaml += "  \(q("f" + name(index))): {layer: \(layer), preset: impact.medium, note: \(q(name(index + 1)))}\n"
    }
    yaml += "events:\n"
    for index in 0..<count {
        yaml +=
            "  \(q(name(index))): {layer: \(layer), screens: [\(screen)], value: string, note: \(q(name(index + 2)))}\n"
    }
    yaml += "screens:\n  \(screen):\n    table:\n"
    for index in 0..<count {
        yaml += "      \(q(name(index))):\n"
        yaml += "        - {when: {value: \(q(name(index + 3)))}, play: \(q("f" + name(index)))}\n"
        yaml += "        - {silent: \(q(name(index + 4)))}\n"
    }
    yaml += "budgets:\n  - {id: B-1, each: screen, max: 6, per: 10}\n"
    return yaml
}

/// The twin of `hostilePolicyYAML(names)`: the same policy with `n0`, `n1`, … for the names.
package func plainPolicyYAML(_ names: [String]) -> String {
    hostilePolicyYAML((0..<max(1, names.count)).map { "n\($0)" })
}

extension String {
    fileprivate func leftPadded(_ width: Int) -> String {
        String(repeating: "0", count: max(0, width - count)) + self
    }
}

/// The names of a hostile-name corpus (`Tests/Fixtures/hostile-names.txt`): one a line,
/// `#` lines and empty lines skipped, with the escapes `\e` (ESC), `\a` (BEL), `\n`, `\r`,
/// `\t`, `\0`, `\\` and `\u{XXXX}`.
package func hostileNames(corpus: String) -> [String] {
    corpus.split(separator: "\n", omittingEmptySubsequences: true).compactMap { line -> String? in
        guard !line.hasPrefix("#") else { return nil }
        var out = String.UnicodeScalarView()
        var scalars = Substring(line).unicodeScalars[...]
        while let scalar = scalars.popFirst() {
            guard scalar == "\\", let escape = scalars.popFirst() else {
                out.append(scalar)
                continue
            }
            switch escape {
            case "e": out.append("\u{1B}")
            case "a": out.append("\u{07}")
            case "n": out.append("\n")
            case "r": out.append("\r")
            case "t": out.append("\t")
            case "0": out.append("\0")
            case "u":
                let digits = scalars.prefix { $0 != "}" }.dropFirst()
                scalars = scalars.dropFirst(digits.count + 2)
                out.append(
                    UInt32(String(String.UnicodeScalarView(digits)), radix: 16).flatMap(Unicode.Scalar.init) ?? "?")
            default: out.append(escape)
            }
        }
        return String(out)
    }
}

/// The shape of a JSON document as exported: objects and arrays kept, every key `K`,
/// every string `S`, numbers, booleans and null as written; throws when it does not
/// parse. `strings` collects every key and string value.
package func jsonSkeleton(_ text: String, strings: inout [String]) throws(EmittedOutputError) -> String {
    let node: JSONNode
    do throws(JSONParser.SyntaxError) {
        node = try JSONParser.parse(text, file: "export.json")
    } catch {
        throw EmittedOutputError("JSON that does not parse (\(error))", at: 0)
    }
    func shape(_ node: JSONNode) -> String {
        switch node.value {
        case .null: return "null"
        case .bool(let value): return value ? "true" : "false"
        case .number(let value, _): return "\(value)"
        case .numeral(let text): return text
        case .string(let value):
            strings.append(value)
            return "S"
        case .array(let items): return "[" + items.map(shape).joined(separator: ",") + "]"
        case .object(let members):
            return "{"
                + members.map { member in
                    strings.append(member.key)
                    return "K:" + shape(member.value)
                }.joined(separator: ",") + "}"
        }
    }
    return shape(node)
}
