import HapticPolicy
import HapticPolicyYAML

/// Loads one policy file and runs every check on it: the shared first step of the
/// commands that take a policy.
enum PolicyChecker {
    struct Result {
        /// The document, when the file could be decoded (it may still have errors).
        var document: PolicyDocument?
        /// The validated document, when nothing is an error.
        var validated: ValidatedPolicy?
        /// Every finding, sorted by location.
        var diagnostics: [Diagnostic]
        /// The decoded text, for caret lines.
        var source: String?

        /// Whether any finding is an error.
        var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }
    }

    /// Reads, decodes and validates `path` (`-` is stdin, named `<stdin>`).
    /// Files over the size limit are refused before they are read.
    static func check(path: String) -> Result {
        let loaded = PolicyLoader.load(path: path)
        var diagnostics = loaded.diagnostics
        var validated: ValidatedPolicy?
        // The decoder drops declarations it cannot read; validating what is left would
        // report each of them again as undefined. Semantic checks run on a clean load.
        if let document = loaded.document, !loaded.hasErrors {
            let outcome = PolicyValidator.check(document)
            diagnostics += outcome.diagnostics
            validated = outcome.validated
        }
        diagnostics.sort { ($0.location, $0.code) < ($1.location, $1.code) }
        return Result(document: loaded.document, validated: validated, diagnostics: diagnostics, source: loaded.source)
    }

    /// A policy ready for a command: compiled, with its source text for caret lines.
    struct Usable {
        /// The compiled policy.
        var policy: Policy
        /// The policy's text by display name, for diagnostics with caret lines.
        var sources: [String: String]
    }

    /// Loads a policy for a command that needs a usable one: prints the diagnostics to
    /// stderr and returns nil when it has errors.
    static func loadUsable(path: String, context: CommandContext) -> Usable? {
        let displayName = path == "-" ? "<stdin>" : path
        let result = check(path: path)
        if let validated = result.validated {
            return Usable(
                policy: PolicyCompiler.compile(validated), sources: result.source.map { [displayName: $0] } ?? [:])
        }
        let errors = result.diagnostics.filter { $0.severity == .error }
        context.stderr.write(
            renderText(errors, sources: result.source.map { [displayName: $0] } ?? [:], color: context.stderrStyle.enabled))
        context.stderr.line("\(displayName): \(errors.count) \(errors.count == 1 ? "error" : "errors"); run 'haptic-policy lint \(path)' and fix them first")
        return nil
    }
}
