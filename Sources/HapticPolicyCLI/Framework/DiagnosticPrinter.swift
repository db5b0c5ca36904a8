import HapticPolicy
import HapticPolicyCompiler

/// The one way the command line prints diagnostics on stderr, for every command and
/// every kind of file: lint's format, with the source line and a caret under the spot
/// when the file's text is known,
///
///     Policies/x.yaml:12:7: error[HP012]: unknown key 'intensty'; did you mean 'intensity'?
///        12 |       intensty: 0.5
///           |       ^~~~~~~
///
/// coloured only when stderr wants colour (`CommandContext.stderrStyle`).
package enum DiagnosticPrinter {
    /// Prints `diagnostics` in order; `sources` maps a location's file (as the diagnostic
    /// names it: `<stdin>` for `-`) to its text, for the excerpts.
    package static func print(_ diagnostics: [Diagnostic], sources: [String: String], context: CommandContext) {
        guard !diagnostics.isEmpty else { return }
        context.stderr.write(renderText(diagnostics, sources: sources, color: context.stderrStyle.enabled))
    }

    /// Prints the diagnostics of one file, whose text is `source` when it could be read.
    package static func print(_ diagnostics: [Diagnostic], file: String, source: String?, context: CommandContext) {
        print(diagnostics, sources: source.map { [file: $0] } ?? [:], context: context)
    }
}
