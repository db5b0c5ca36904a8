// The only ways a designer's name, note or reason reaches the report page. Policies and
// logs are untrusted input rendered in a designer's browser; Docs/security.md,
// "Generated code, reports and terminal output".

/// Escapes designer-written text for HTML element content: `&`, `<`, `>` and both quotes
/// as character references, NUL as U+FFFD. Every name, note and reason goes through this
/// (or `htmlAttribute`, or `htmlToken`).
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

/// Escapes designer-written text for a double-quoted attribute value (`title`, `data-*`,
/// `aria-label`): what `htmlEscaped` escapes, and line breaks and tabs as character
/// references so the value stays on its line.
package func htmlAttribute(_ text: String) -> String {
    var out = ""
    for scalar in htmlEscaped(text).unicodeScalars {
        switch scalar {
        case "\n": out += "&#10;"
        case "\r": out += "&#13;"
        case "\t": out += "&#9;"
        default: out.unicodeScalars.append(scalar)
        }
    }
    return out
}

/// A token for an `id` or `class` attribute made from a designer name (`layer-ui`,
/// `pattern-soil_parched`): the prefix, `-`, then the name's ASCII letters, digits, `-`
/// and `_`, anything else `_`. It never holds a space, quote or `<`, so a name can neither
/// add a class nor leave the attribute.
package func htmlToken(_ prefix: String, _ name: String) -> String {
    prefix + "-"
        + String(
            name.unicodeScalars.map { scalar -> Character in
                scalar.isASCII
                    && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "-"
                        || scalar == "_")
                    ? Character(scalar) : "_"
            })
}

/// A layer's badge, `<span class="layer layer-ui">ui</span>`: its class from
/// `htmlToken`, its text from `htmlEscaped`. `classes` goes in front of the token (`"layer "`
/// where the badge styles itself; empty where its row carries the token).
package func layerBadge(_ layer: String, classes: String = "") -> String {
    classes.isEmpty
        ? "<span class=\"layer\">\(htmlEscaped(layer))</span>"
        : "<span class=\"\(classes)\(htmlToken("layer", layer))\">\(htmlEscaped(layer))</span>"
}
