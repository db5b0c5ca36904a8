import Foundation
import HapticPolicy
import HapticPolicyYAML

/// A policy loaded, checked and compiled for `test`, `simulate` and `diff`.
struct PolicyInput {
    var path: String
    var policy: Policy

    /// Loads `path` like `eval` does (`PolicyChecker.loadUsable`); on any error prints
    /// the diagnostics to stderr and returns nil.
    static func load(_ path: String, context: CommandContext) -> PolicyInput? {
        guard let usable = PolicyChecker.loadUsable(path: path, context: context) else { return nil }
        return PolicyInput(path: path == "-" ? "<stdin>" : path, policy: usable.policy)
    }
}

/// Prints diagnostics of test files, scenarios and logs with the shared renderer
/// (`file:line:column: severity: message [code]`, the source line and a caret).
enum DiagnosticPrinter {
    static func print(_ diagnostics: [Diagnostic], source: String?, context: CommandContext) {
        guard !diagnostics.isEmpty else { return }
        var sources: [String: String] = [:]
        if let source, let file = diagnostics.first?.location.file { sources[file] = source }
        context.stderr.write(renderText(diagnostics, sources: sources, color: context.stderrStyle.enabled))
    }
}
