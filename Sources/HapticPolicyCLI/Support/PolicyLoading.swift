import HapticPolicy
import HapticPolicyCompiler
import HapticPolicyDocument
import HapticPolicyFrontEnd
import HapticPolicyReplay

/// The command line's side of the front end (`PolicyFrontEnd`): a policy every command
/// but `lint` can use, or its errors printed.
extension PolicyFrontEnd {
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

    /// The policy at `path` ready for use, or nil after printing its errors (with their
    /// source lines) and `<name>: N errors; run 'haptic-policy lint <path>' and fix them first`.
    static func load(_ path: String, context: CommandContext) -> Usable? {
        let checked = check(path, files: context.frontEndFiles)
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

extension CommandContext {
    /// How the front end reads the files given on the command line (and stdin for `-`):
    /// through `files`, each file `include:` merges in recorded as an input, which the
    /// command's outputs must not replace.
    package var frontEndFiles: FrontEndFiles {
        let files = files
        let inputs = inputs
        return FrontEndFiles(
            readFile: { (path: String, limit: Int?) throws(InputError) -> [UInt8] in
                try files.read(path, limit: limit)
            },
            recordInput: { inputs.record(path: $0) })
    }
}
