/// A policy ready to serve: the validated document, its compiled `Policy`, and the content
/// hash that every decision made with it cites. Immutable and `Sendable`; `PolicyStore`
/// swaps one for another atomically, and the player reads feedback declarations from it.
public final class LoadedPolicy: Sendable {
    /// The document as written (or as shipped in a bundle).
    public let document: PolicyDocument
    /// The compiled policy.
    public let policy: Policy
    /// `sha256:<hex>` of the document's bundle encoding: the same for a policy loaded from
    /// YAML and from its compiled bundle.
    public let hash: String

    private let feedbackIndex: [String: FeedbackDecl]

    /// Compiles a document; `hash` defaults to the hash its bundle would carry.
    public convenience init(document: PolicyDocument, hash: String? = nil) throws(PolicyCompileError) {
        try self.init(document: document, hash: hash, validation: nil)
    }

    /// Compiles a document the caller has just validated (`validation` is what
    /// `PolicyValidator.validate(document)` returned), without validating it again.
    package init(document: PolicyDocument, hash: String? = nil, validation: [Diagnostic]?) throws(PolicyCompileError) {
        let policy =
            if let validation {
                try Policy(compiling: document, validation: validation)
            } else {
                try Policy(compiling: document)
            }
        self.document = document
        self.policy = policy
        if let hash {
            self.hash = hash
        } else {
            do {
                self.hash = try PolicyBundle.hash(of: document)
            } catch {
                throw PolicyCompileError(diagnostics: [
                    Diagnostic(
                        code: "HP990", severity: .error,
                        message: "the policy cannot be encoded for hashing (\(error)); check for non-finite numbers",
                        at: document.location)
                ])
            }
        }
        var index: [String: FeedbackDecl] = [:]
        for feedback in document.feedback where index[feedback.name.value] == nil {
            index[feedback.name.value] = feedback
        }
        feedbackIndex = index
    }

    /// Loads a compiled bundle (no libyaml needed): refuses damaged bundles, then compiles.
    public convenience init(bundle bytes: [UInt8]) throws {
        let (document, hash) = try PolicyBundle.decode(bytes)
        try self.init(document: document, hash: hash)
    }

    /// The feedback declared under `name`, if any.
    public func feedback(named name: String) -> FeedbackDecl? {
        feedbackIndex[name]
    }
}
