import HapticPolicy
import HapticPolicyCompiler
import HapticPolicyDocument

/// What loading a policy file produced: the document (when the file is usable), every
/// diagnostic found, and the decoded text for rendering source lines under diagnostics.
public struct LoadResult: Sendable {
    /// The decoded document; nil only when the file is unusable (unreadable, not UTF-8,
    /// too large, a YAML syntax error, a limit exceeded). When `diagnostics` holds errors
    /// the document is best effort: declarations that could not be decoded are left out,
    /// so semantic checks run on it would report them as undefined (a cascade); check
    /// `hasErrors` first.
    public var document: PolicyDocument?
    /// Every problem found, in source order.
    public var diagnostics: [Diagnostic]
    /// The file's text (without a byte order mark), for caret rendering; nil when unreadable.
    public var source: String?
    /// The text of every file read, by the name locations give it: the main file's
    /// (`source`) and each included file's, for the source lines under diagnostics.
    public var sources: [String: String] = [:]
    /// Every file `include:` names, read or not, as locations name them (what `watch`
    /// polls besides the main file); empty for a policy in one file.
    public var includedFiles: [String] = []
    /// Every `acknowledge:` entry the policy holds whose code may be acknowledged, in
    /// source order (language v3); the validator gets those the front end did not use as
    /// `PolicyDocument.acknowledgements`.
    public var acknowledgements: [Acknowledgement] = []
    /// The front end's warnings the policy acknowledges (`Diagnostic.acknowledged` set):
    /// not in `diagnostics`.
    public var acknowledged: [Diagnostic] = []

    /// Creates a result.
    public init(document: PolicyDocument?, diagnostics: [Diagnostic], source: String?) {
        self.document = document
        self.diagnostics = diagnostics
        self.source = source
    }

    /// Whether any diagnostic is an error.
    public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }
}
