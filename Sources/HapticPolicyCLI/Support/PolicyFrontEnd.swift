import HapticPolicy
import HapticPolicyCompiler
import HapticPolicyReplay
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
/// located diagnostic (HP001, HP004) like any other finding. Wherever a policy is taken,
/// a compiled bundle (`haptic-policy compile`) is taken too: it is already validated and
/// compiled, so it is only checked for damage, and decides exactly like its source.
enum PolicyFrontEnd {
    /// What kind of input a policy argument holds. This is the one place that decides.
    enum InputKind {
        /// A policy in the policy language (YAML), parsed by `PolicyLoader`.
        case yaml
        /// A compiled bundle (Docs/embedding.md), loaded by `Policy(bundle:)`.
        case bundle

        /// The kind of the bytes read for `path`: a bundle starts (after white space or a
        /// byte order mark, which the bundle reader then refuses) with its `format`
        /// marker, which no policy in YAML can.
        static func of(path: String, bytes: [UInt8]) -> InputKind {
            let marker = Array(#"{"format":"\#(PolicyBundle.formatName)""#.utf8)
            let start = bytes.firstIndex { ![0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains($0) } ?? bytes.endIndex
            return bytes[start...].starts(with: marker) ? .bundle : .yaml
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
        /// The text of each file `include:` merged in, by its name in locations.
        var includedSources: [String: String] = [:]
        /// Every file `include:` names (read or not), as locations name them.
        var includedFiles: [String] = []
        /// The document, when the input is YAML that could be decoded (it may still have
        /// errors); nil for a bundle.
        var document: PolicyDocument?
        /// The compiled policy, when the input has no errors.
        var policy: Policy?
        /// Every finding of every step, sorted by location; not the acknowledged warnings.
        var diagnostics: [Diagnostic]
        /// The warnings the policy acknowledges (`acknowledge:`), sorted by location, each
        /// with `Diagnostic.acknowledged` set: `lint` counts them apart.
        var acknowledged: [Diagnostic] = []
        /// The policy's `acknowledge:` entries that may acknowledge a warning, for the editor.
        var acknowledgements: [Acknowledgement] = []

        /// `source` keyed by `name`, and each included file's text, as `DiagnosticPrinter` wants it.
        var sources: [String: String] {
            includedSources.merging(source.map { [name: $0] } ?? [:]) { _, main in main }
        }
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
        /// The text of each file `include:` merged in, by its name in locations.
        var includedSources: [String: String] = [:]
        /// The compiled policy.
        var policy: Policy
        /// The findings that did not refuse the policy (warnings), sorted by location.
        var diagnostics: [Diagnostic]
        /// The document the policy was compiled from; nil for a bundle. What the compiled
        /// policy does not keep (a budget's reasons for its exceptions) is read from it.
        var document: PolicyDocument? = nil
        /// The policy's `acknowledge:` entries (none for a bundle), for `table` and `report`.
        var acknowledgements: [Acknowledgement] = []

        /// `source` keyed by `name`, and each included file's text, as `DiagnosticPrinter` wants it.
        var sources: [String: String] {
            includedSources.merging(source.map { [name: $0] } ?? [:]) { _, main in main }
        }

        /// The policy's decision table, with what only its source says (`DecisionTable`).
        var table: DecisionTable {
            DecisionTable(policy, budgetNotes: document?.budgetNotes(acknowledgements: acknowledgements) ?? [:])
        }
    }

    /// Reads, parses, validates and compiles the policy at `path` (`-` is stdin), keeping
    /// every finding. Prints nothing.
    static func check(_ path: String, context: CommandContext) -> Checked {
        let name = InputFiles.displayName(path)
        var checked = Checked(path: path, name: name, diagnostics: [])
        let bytes: [UInt8]
        do throws(InputError) {
            // A bundle may be larger than a policy: up to the limit every runtime reads.
            bytes = try context.files.read(path, limit: max(InputFiles.wholeFileLimit, PolicyBundle.maxBytes))
        } catch {
            checked.diagnostics = [error.diagnostic]
            return checked
        }
        let kind = InputKind.of(path: path, bytes: bytes)
        if kind == .yaml, bytes.count > InputFiles.wholeFileLimit {
            // As a read up to the policy limit words it: a stream stops there, unmeasured.
            let size = path == "-" ? nil : bytes.count
            let problem = InputError.Problem.tooLarge(size: size, limit: InputFiles.wholeFileLimit)
            checked.diagnostics = [InputError(path: path, problem: problem).diagnostic]
            return checked
        }
        switch kind {
        case .bundle:
            do throws(PolicyBundle.LoadError) {
                checked.policy = try Policy(bundle: bytes)
            } catch {
                checked.diagnostics = [BundleCodes.refused(error, file: name)]
            }
            return checked
        case .yaml:
            // Included files open in an editor are read from its buffers, as the policy is.
            // `lsp` reads the others through its workspace's reader, a file it refuses as
            // empty, never from disk (`CommandContext.fileReader`).
            let open = context.openDocuments
            let reader = context.fileReader
            var contents: (@Sendable (String) -> [UInt8]?)?
            if !open.isEmpty || reader != nil {
                contents = { @Sendable path -> [UInt8]? in
                    open[CommandContext.openDocumentKey(path)] ?? reader.map { $0(path) ?? [] }
                }
            }
            let loaded = PolicyLoader.parse(bytes, file: name, contents: contents)
            checked.document = loaded.document
            checked.diagnostics = loaded.diagnostics
            checked.source = loaded.source
            checked.includedSources = loaded.sources.filter { $0.key != name }
            checked.includedFiles = loaded.includedFiles
            checked.acknowledged = loaded.acknowledged
            checked.acknowledgements = loaded.acknowledgements
            // What the output guard protects along with the policy.
            for file in loaded.includedFiles { context.inputs.record(path: file) }
        }
        // The decoder drops declarations it cannot read; validating what is left would
        // report each of them again as undefined. Semantic checks run on a clean load,
        // and the compiler on the validated document, once.
        if let document = checked.document, !checked.hasErrors {
            let outcome = PolicyValidator.check(document)
            checked.diagnostics += outcome.diagnostics
            checked.acknowledged += outcome.acknowledged
            checked.policy = outcome.validated.map(PolicyCompiler.compile)
        }
        checked.diagnostics.sort { ($0.location, $0.code) < ($1.location, $1.code) }
        checked.acknowledged.sort { ($0.location, $0.code) < ($1.location, $1.code) }
        return checked
    }

    /// The policy at `path` ready for use, or nil after printing its errors (with their
    /// source lines) and `<name>: N errors; run 'haptic-policy lint <path>' and fix them first`.
    static func load(_ path: String, context: CommandContext) -> Usable? {
        let checked = check(path, context: context)
        guard let policy = checked.policy, !checked.hasErrors else {
            refuse(checked, context: context)
            return nil
        }
        return Usable(
            path: path, name: checked.name, source: checked.source, includedSources: checked.includedSources,
            policy: policy, diagnostics: checked.diagnostics, document: checked.document,
            acknowledgements: checked.acknowledgements)
    }

    /// Prints why a policy cannot be used: its errors, then the `lint` hint.
    private static func refuse(_ checked: Checked, context: CommandContext) {
        let errors = checked.errors
        DiagnosticPrinter.print(errors, sources: checked.sources, context: context)
        context.stderr.line(
            "\(terminalText(checked.name)): \(errors.count) \(errors.count == 1 ? "error" : "errors"); run 'haptic-policy lint \(terminalText(checked.path))' and fix them first"
        )
    }
}

/// The diagnostic of a bundle that cannot be loaded (the same code as `PolicyStore`'s).
enum BundleCodes {
    /// `file:1:1: error: bundle hash mismatch: ...; recompile it [refusal: hash-mismatch,
    /// path: hash, byte: none]`: `PolicyStore`'s message, then the refusal's code, JSON path
    /// and byte offset (`Docs/bundle-format.md`, "One refusal in every runtime").
    static func refused(_ error: PolicyBundle.LoadError, file: String) -> Diagnostic {
        let offset = error.offset.map(String.init) ?? "none"
        let refusal = "[refusal: \(error.code.rawValue), path: \(error.path), byte: \(offset)]"
        return DiagnosticCode.bundleRefused(
            "\(error.description) \(refusal)", at: SourceLocation(file: file, line: 1, column: 1))
    }
}
