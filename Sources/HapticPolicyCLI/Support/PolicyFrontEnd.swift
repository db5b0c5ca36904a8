import HapticPolicy
import HapticPolicyYAML

/// The front end of every command that takes a policy (lint, table, eval, test,
/// simulate, diff, export, report, compile): read → parse → validate → compile.
///
/// - `check` runs every step it can and keeps every finding, for `lint`.
/// - `load` is for the commands that need a usable policy: it refuses one with errors
///   by printing them (with their source lines) and `run 'haptic-policy lint <path>'`,
///   and returns nil so the command exits 1.
///
/// The file is read with `InputFiles` (a path, or `-` for stdin), up to the YAML size
/// limit, refused before it is read when it is over; a file that cannot be read is a
/// located diagnostic (HP001, HP004) like any other finding.
enum PolicyFrontEnd {
    /// What kind of input a policy argument holds. This is the one place that decides;
    /// every step after it works on the `PolicyDocument` it yields.
    enum InputKind {
        /// A policy in the policy language (YAML), parsed by `PolicyLoader`.
        case yaml

        /// The kind of the bytes read for `path`. A compiled bundle (Docs/embedding.md)
        /// is to be recognised here, with its case and its branch in `parse`.
        static func of(path: String, bytes: [UInt8]) -> InputKind {
            .yaml
        }
    }

    /// Everything the front end found out about one policy input, errors included.
    struct Checked {
        /// The path as given (`-` for stdin), for the `run 'haptic-policy lint <path>'` hint.
        var path: String
        /// How diagnostics and output name the input: the path, or `<stdin>`.
        var name: String
        /// The text read, for the source lines under diagnostics; nil when unreadable.
        var source: String?
        /// The document, when the input could be decoded (it may still have errors).
        var document: PolicyDocument?
        /// The compiled policy, when the document has no errors.
        var policy: Policy?
        /// What the validator found, when it ran (it runs on a cleanly decoded document).
        var validation: [Diagnostic]?
        /// Every finding of every step, sorted by location.
        var diagnostics: [Diagnostic]

        /// `source` keyed by `name`, as `DiagnosticPrinter` wants it.
        var sources: [String: String] { source.map { [name: $0] } ?? [:] }
        /// The findings that make the policy unusable.
        var errors: [Diagnostic] { diagnostics.filter { $0.severity == .error } }
        /// Whether any finding is an error.
        var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }
    }

    /// A policy with no errors, compiled: what the commands other than `lint` work on.
    struct Usable {
        /// The path as given (`-` for stdin).
        var path: String
        /// How diagnostics and output name the input: the path, or `<stdin>`.
        var name: String
        /// The text read, for the source lines under diagnostics.
        var source: String?
        /// The validated document.
        var document: PolicyDocument
        /// The compiled policy.
        var policy: Policy
        /// What the validator found (warnings only), for callers that compile again.
        var validation: [Diagnostic]
        /// The findings that did not refuse the policy (warnings), sorted by location.
        var diagnostics: [Diagnostic]

        /// `source` keyed by `name`, as `DiagnosticPrinter` wants it.
        var sources: [String: String] { source.map { [name: $0] } ?? [:] }
    }

    /// Reads, parses, validates and compiles the policy at `path` (`-` is stdin), keeping
    /// every finding. Prints nothing.
    static func check(_ path: String, context: CommandContext) -> Checked {
        let name = InputFiles.displayName(path)
        var checked = Checked(path: path, name: name, diagnostics: [])
        let bytes: [UInt8]
        do throws(InputError) {
            bytes = try context.files.read(path, limit: InputFiles.wholeFileLimit)
        } catch {
            checked.diagnostics = [error.diagnostic]
            return checked
        }
        switch InputKind.of(path: path, bytes: bytes) {
        case .yaml:
            let loaded = PolicyLoader.parse(bytes, file: name)
            checked.document = loaded.document
            checked.diagnostics = loaded.diagnostics
            checked.source = loaded.source
        }
        // The decoder drops declarations it cannot read; validating what is left would
        // report each of them again as undefined. Semantic checks run on a clean load,
        // and the compiler on a valid document (it is handed the validator's findings).
        if let document = checked.document, !checked.hasErrors {
            let validation = PolicyValidator.validate(document)
            checked.validation = validation
            checked.diagnostics += validation
            if !checked.hasErrors {
                do throws(PolicyCompileError) {
                    checked.policy = try Policy(compiling: document, validation: validation)
                } catch {
                    checked.diagnostics += error.diagnostics
                }
            }
        }
        checked.diagnostics.sort { ($0.location, $0.code) < ($1.location, $1.code) }
        return checked
    }

    /// The policy at `path` ready for use, or nil after printing its errors (with their
    /// source lines) and `<name>: N errors; run 'haptic-policy lint <path>' and fix them first`.
    static func load(_ path: String, context: CommandContext) -> Usable? {
        let checked = check(path, context: context)
        guard let document = checked.document, let policy = checked.policy, !checked.hasErrors else {
            refuse(checked, context: context)
            return nil
        }
        return Usable(
            path: path, name: checked.name, source: checked.source, document: document, policy: policy,
            validation: checked.validation ?? [], diagnostics: checked.diagnostics)
    }

    /// Prints why a policy cannot be used: its errors, then the `lint` hint.
    private static func refuse(_ checked: Checked, context: CommandContext) {
        let errors = checked.errors
        DiagnosticPrinter.print(errors, sources: checked.sources, context: context)
        context.stderr.line(
            "\(checked.name): \(errors.count) \(errors.count == 1 ? "error" : "errors"); run 'haptic-policy lint \(checked.path)' and fix them first")
    }
}
