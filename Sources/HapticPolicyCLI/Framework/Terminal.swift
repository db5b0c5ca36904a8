#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// When output is coloured: `--color auto|always|never`, which every command that
/// colours (all but `lsp`) declares.
package enum ColorMode: String, CaseIterable, Sendable {
    /// On a terminal, unless `NO_COLOR` is set to a non-empty value or `TERM=dumb`.
    case auto
    /// Always, even into a pipe or a file, and whatever `NO_COLOR` says.
    case always
    /// Never.
    case never
}

/// Terminal facts: whether a stream is a TTY and whether colour is welcome.
package enum Terminal {
    /// Whether the file descriptor is a terminal.
    package static func isTerminal(_ fd: Int32) -> Bool { isatty(fd) == 1 }

    /// Whether a progress bar may be drawn on `stderr`: it is a terminal and `stdout` is
    /// not that same terminal (the same device and inode), where the bar would overwrite
    /// the results. A bar on a terminal while stdout goes to a file, a pipe or another
    /// terminal is fine.
    package static func drawsProgress(stdout: Int32 = 1, stderr: Int32 = 2) -> Bool {
        guard isTerminal(stderr) else { return false }
        guard isTerminal(stdout) else { return true }
        var out = stat()
        var err = stat()
        guard fstat(stdout, &out) == 0, fstat(stderr, &err) == 0 else { return false }
        return out.st_dev != err.st_dev || out.st_ino != err.st_ino || out.st_rdev != err.st_rdev
    }

    /// Whether a stream is coloured: `--color always` and `never` decide; `auto` colours
    /// only a TTY, never when `NO_COLOR` has a non-empty value (an empty `NO_COLOR=` does
    /// not count, as https://no-color.org says) or `TERM=dumb`.
    package static func wantsColor(
        isTerminal: Bool, environment: [String: String], mode: ColorMode = .auto
    ) -> Bool {
        switch mode {
        case .always: return true
        case .never: return false
        case .auto: break
        }
        guard isTerminal else { return false }
        if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return false }
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
