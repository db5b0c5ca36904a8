/// Escapes designer-written text for HTML element content and quoted attribute values.
/// Policies are untrusted input: every name, note and reason goes through this.
package func htmlEscaped(_ text: String) -> String {
    var out = ""
    out.reserveCapacity(text.utf8.count)
    for scalar in text.unicodeScalars {
        switch scalar {
        case "&": out += "&amp;"
        case "<": out += "&lt;"
        case ">": out += "&gt;"
        case "\"": out += "&quot;"
        case "'": out += "&#39;"
        case "\u{0}": out += "\u{FFFD}"
        default: out.unicodeScalars.append(scalar)
        }
    }
    return out
}

/// An `id` attribute value made from a designer name: letters, digits, `-` and `_` only.
package func htmlID(_ prefix: String, _ name: String) -> String {
    prefix + "-"
        + String(
            name.unicodeScalars.map { scalar -> Character in
                scalar.isASCII
                    && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "-"
                        || scalar == "_")
                    ? Character(scalar) : "_"
            })
}
