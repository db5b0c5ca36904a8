// The only way a name someone else wrote (a policy's, an event's in a log, a file's)
// reaches a human-readable text output: lint's diagnostics, eval's summary, test results.
// Docs/security.md, "Generated code, reports and terminal output".

/// Whether `scalar` must never reach generated source or a terminal as it is: control
/// characters (C0, DEL, C1: line breaks, ESC, BEL, NEL, CSI), the line and paragraph
/// separators, and the bidirectional controls that reorder what a reader sees ("Trojan
/// Source": U+061C, U+200E, U+200F, U+202A-U+202E, U+2066-U+2069).
package func isUnsafeText(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x00...0x1F, 0x7F...0x9F, 0x2028, 0x2029, 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069:
        return true
    default:
        return false
    }
}

/// `<U+001B>`: how a character that must not appear is shown instead, in a comment of
/// generated source or on a terminal.
package func unicodeNotation(_ scalar: Unicode.Scalar) -> String {
    let hex = String(scalar.value, radix: 16, uppercase: true)
    return "<U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + ">"
}

/// `text` safe to print on a terminal: every unsafe character (`isUnsafeText`: ESC, BEL,
/// CSI, line breaks, bidirectional controls) shown as `<U+001B>`, so a hostile name can
/// neither move the cursor, change the title, ring the bell nor fake another line.
/// `keepTabs` keeps tabs as they are (a source line shown under a diagnostic, whose caret
/// lines up with them).
package func terminalText(_ text: String, keepTabs: Bool = false) -> String {
    guard text.unicodeScalars.contains(where: isUnsafeText) else { return text }
    var out = ""
    for scalar in text.unicodeScalars {
        if isUnsafeText(scalar), !(keepTabs && scalar == "\t") {
            out += unicodeNotation(scalar)
        } else {
            out.unicodeScalars.append(scalar)
        }
    }
    return out
}
