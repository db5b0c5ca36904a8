import Foundation
import HapticPolicy
import HapticPolicyCompiler
import HapticPolicyDocument
import HapticPolicyReplay
import HapticPolicyYAML

/// The front end of every command that takes a policy (lint, table, eval, test,
/// simulate, diff, export, report, compile) and of the language server: read → parse →
/// validate → compile.
///
/// - `check` runs every step it can and keeps every finding, for `lint` and `lsp`.
/// - The command line's `load` (`PolicyFrontEnd.load`, in HapticPolicyCLI) is for the
///   commands that need a usable policy: it refuses one with errors by printing them
///   (with their source lines) and `run 'haptic-policy lint <path>'`, and returns nil so
///   the command exits 1.
///
/// The file is read with `FrontEndFiles` (a path, or `-` for stdin; an editor's buffer),
/// up to the YAML size limit, refused before it is read when it is over; a file that
/// cannot be read is a located diagnostic (HP001, HP004) like any other finding. Wherever
/// a policy is taken, a compiled bundle (`haptic-policy compile`) is taken too: it is
/// already validated and compiled, so it is only checked for damage, and decides exactly
/// like its source.
package enum PolicyFrontEnd {
    /// What kind of input a policy argument holds. This is the one place that decides.
    package enum InputKind {
        /// A policy in the policy language (YAML), parsed by `PolicyLoader`.
        case yaml
        /// A compiled bundle (Docs/embedding.md), loaded by `Policy(bundle:)`.
        case bundle

        /// The kind of the bytes read for `path`: a bundle starts (after white space or a
        /// byte order mark, which the bundle reader then refuses) with its `format`
        /// marker, which no policy in YAML can.
        package static func of(path: String, bytes: [UInt8]) -> InputKind {
            let marker = Array(#"{"format":"\#(PolicyBundle.formatName)""#.utf8)
            let start = bytes.firstIndex { ![0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains($0) } ?? bytes.endIndex
            return bytes[start...].starts(with: marker) ? .bundle : .yaml
        }
    }

    /// Everything the front end found out about one policy input, errors included.
    package struct Checked {
        /// The path as given (`-` for stdin), for the `run 'haptic-policy lint <path>'` hint.
        package var path: String
        /// How diagnostics and output name the input: the path, or `<stdin>`.
        package var name: String
        /// The text read, for the source lines under diagnostics; nil when unreadable.
        package var source: String?
        /// The text of each file `include:` merged in, by its name in locations.
        package var includedSources: [String: String] = [:]
        /// Every file `include:` names (read or not), as locations name them.
        package var includedFiles: [String] = []
        /// The document, when the input is YAML that could be decoded (it may still have
        /// errors); nil for a bundle.
        package var document: PolicyDocument?
        /// The compiled policy, when the input has no errors.
        package var policy: Policy?
        /// Every finding of every step, sorted by location; not the acknowledged warnings.
        package var diagnostics: [Diagnostic]
        /// The warnings the policy acknowledges (`acknowledge:`), sorted by location, each
        /// with `Diagnostic.acknowledged` set: `lint` counts them apart.
        package var acknowledged: [Diagnostic] = []
        /// The policy's `acknowledge:` entries that may acknowledge a warning, for the editor.
        package var acknowledgements: [Acknowledgement] = []

        /// `source` keyed by `name`, and each included file's text, as `DiagnosticPrinter` wants it.
        package var sources: [String: String] {
            includedSources.merging(source.map { [name: $0] } ?? [:]) { _, main in main }
        }
        /// The findings that make the policy unusable.
        package var errors: [Diagnostic] { diagnostics.filter { $0.severity == .error } }
        /// Whether any finding is an error.
        package var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }
    }

    /// Reads, parses, validates and compiles the policy at `path` (`-` is stdin), keeping
    /// every finding. Prints nothing.
    package static func check(_ path: String, files: FrontEndFiles) -> Checked {
        let name = FrontEndFiles.displayName(path)
        var checked = Checked(path: path, name: name, diagnostics: [])
        let bytes: [UInt8]
        do throws(InputError) {
            // A bundle may be larger than a policy: up to the limit every runtime reads.
            bytes = try files.read(path, limit: max(FrontEndFiles.wholeFileLimit, PolicyBundle.maxBytes))
        } catch {
            checked.diagnostics = [error.diagnostic]
            return checked
        }
        let kind = InputKind.of(path: path, bytes: bytes)
        if kind == .yaml, bytes.count > FrontEndFiles.wholeFileLimit {
            // As a read up to the policy limit words it: a stream stops there, unmeasured.
            let size = path == "-" ? nil : bytes.count
            let problem = InputError.Problem.tooLarge(size: size, limit: FrontEndFiles.wholeFileLimit)
            checked.diagnostics = [InputError(path: path, problem: problem).diagnostic]
            return checked
        }
        switch kind {
        case .bundle:
            do throws(PolicyBundle.LoadError) {
                // Both lines: the tools need the positions, invariants and budgets of line 2.
                let (content, hash) = try PolicyBundle.decode(bytes)
                checked.policy = Policy(content: content, file: nil, hash: hash)
            } catch {
                checked.diagnostics = [BundleCodes.refused(error, file: name)]
            }
            return checked
        case .yaml:
            // Included files open in an editor are read from its buffers, as the policy is.
            // `lsp` reads the others through its workspace's reader, a file it refuses as
            // empty, never from disk (`FrontEndFiles.includedContents`).
            let loaded = PolicyLoader.parse(bytes, file: name, contents: files.includedContents)
            checked.document = loaded.document
            checked.diagnostics = loaded.diagnostics
            checked.source = loaded.source
            checked.includedSources = loaded.sources.filter { $0.key != name }
            checked.includedFiles = loaded.includedFiles
            checked.acknowledged = loaded.acknowledged
            checked.acknowledgements = loaded.acknowledgements
            // What the output guard protects along with the policy.
            for file in loaded.includedFiles { files.recordInput(file) }
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

    /// The findings and the acknowledged warnings in one list, by location then code.
    package static func merged(_ diagnostics: [Diagnostic], _ acknowledged: [Diagnostic]) -> [Diagnostic] {
        guard !acknowledged.isEmpty else { return diagnostics }
        return (diagnostics + acknowledged).sorted { ($0.location, $0.code) < ($1.location, $1.code) }
    }

    /// Where a test file's policy is, or why it is not read.
    package enum PolicyPath {
        /// The path to read.
        case found(String)
        /// The diagnostic at the `policy:` value (HP804, HP808).
        case refused(Diagnostic)

        /// The path, when found.
        package var path: String? {
            if case .found(let path) = self { path } else { nil }
        }
    }

    /// The policy of a test file: its `policy:` key relative to the file, else the same
    /// name without `.tests`, through the path policy of every file a data file names
    /// (`ProjectFolder`: inside the test file's folder, no link out, a regular file, under
    /// the size limit), checked before anything is read. A refusal is the diagnostic at
    /// the `policy:` value: HP804 when there is no such file, HP808 otherwise.
    package static func policyPath(for suite: PolicyTestSuite, file: String) -> PolicyPath {
        let project = ProjectFolder(of: file)
        let location = suite.policy?.location ?? SourceLocation(file: file, line: 1, column: 1)
        let written: String
        if let value = suite.policy?.value {
            written = value
        } else {
            let name = PathText.baseName(file)
            written = name.hasSuffix(".tests.yaml") ? String(name.dropLast(".tests.yaml".count)) + ".yaml" : name
        }
        let folder = project.folder.isEmpty ? "the test file's folder" : "the test file's folder ('\(project.folder)')"
        let checked = project.components(of: written).flatMap { components in
            project.check(components, limit: FrontEndFiles.wholeFileLimit).map { _ in project.display(components) }
        }
        switch checked {
        case .success(let path):
            return .found(path)
        case .failure(.missing):
            let path = project.components(of: written).map(project.display)
            return .refused(
                DiagnosticCode.testPolicyNotFound(
                    "policy \((try? path.get()) ?? written) not found; set 'policy:' to the policy file, relative to the test file",
                    at: location))
        case .failure(let refusal):
            let display = (try? project.components(of: written).map(project.display).get()) ?? written
            return .refused(
                DiagnosticCode.namedFileRefused(
                    "the policy is refused: \(refusal.message(written, display: display, folder: folder)); it was not read",
                    at: location))
        }
    }

    /// A `*.tests.yaml` file: its own format and its names against its policy, in one
    /// pass (a syntax error does not hide a misspelt name). Returns the findings and the
    /// file's text.
    package static func checkTestFile(_ path: String, files: FrontEndFiles) -> ([Diagnostic], String?) {
        let bytes: [UInt8]
        do throws(InputError) {
            bytes = try files.read(path, limit: FrontEndFiles.wholeFileLimit)
        } catch {
            return ([error.diagnostic], nil)
        }
        let loaded = PolicyTestLoader.parse(bytes, file: path)
        var diagnostics = loaded.diagnostics
        if let suite = loaded.draft {
            switch policyPath(for: suite, file: path) {
            case .refused(let refusal):
                diagnostics.append(refusal)
            case .found(let policyPath):
                let policy = check(policyPath, files: files)
                if let compiled = policy.policy, !policy.hasErrors {
                    diagnostics += suite.unknownReferences(in: compiled)
                } else {
                    diagnostics.append(
                        DiagnosticCode.testPolicyNotFound(
                            "the policy of this test file cannot be loaded; run 'haptic-policy lint \(policyPath)'",
                            at: suite.policy?.location ?? SourceLocation(file: path, line: 1, column: 1)))
                }
            }
        }
        diagnostics.sort { ($0.location, $0.code) < ($1.location, $1.code) }
        return (diagnostics, loaded.source)
    }
}

/// The diagnostic of a bundle that cannot be loaded (the same code as `PolicyStore`'s).
package enum BundleCodes {
    /// `file:1:1: error: bundle hash mismatch: ...; recompile it [refusal: hash-mismatch,
    /// path: hash, byte: none]`: `PolicyStore`'s message, then the refusal's code, JSON path
    /// and byte offset (`Docs/bundle-format.md`, "One refusal in every runtime").
    package static func refused(_ error: PolicyBundle.LoadError, file: String) -> Diagnostic {
        let offset = error.offset.map(String.init) ?? "none"
        let refusal = "[refusal: \(error.code.rawValue), path: \(error.path), byte: \(offset)]"
        return DiagnosticCode.bundleRefused(
            "\(error.description) \(refusal)", at: SourceLocation(file: file, line: 1, column: 1))
    }
}
