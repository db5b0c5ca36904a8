#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Terminal facts: whether a stream is a TTY and whether colour is welcome.
package enum Terminal {
    /// Whether the file descriptor is a terminal.
    package static func isTerminal(_ fd: Int32) -> Bool { isatty(fd) == 1 }

    /// Colour only on a TTY, never when `NO_COLOR` is set (any value) or `TERM=dumb`.
    package static func wantsColor(isTerminal: Bool, environment: [String: String]) -> Bool {
        guard isTerminal else { return false }
        if environment["NO_COLOR"] != nil { return false }
        if environment["TERM"] == "dumb" { return false }
        return true
    }
}

/// ANSI styling that disappears when colour is off.
package struct Style: Sendable {
    /// Whether escapes are emitted.
    package var enabled: Bool

    /// Creates a style.
    package init(enabled: Bool) { self.enabled = enabled }

    private func wrap(_ text: String, _ code: String) -> String {
        enabled ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }

    /// Bold text.
    package func bold(_ text: String) -> String { wrap(text, "1") }
    /// Red text (errors).
    package func red(_ text: String) -> String { wrap(text, "31") }
    /// Yellow text (warnings).
    package func yellow(_ text: String) -> String { wrap(text, "33") }
    /// Green text (passes).
    package func green(_ text: String) -> String { wrap(text, "32") }
    /// Dim text (context).
    package func dim(_ text: String) -> String { wrap(text, "2") }
}
