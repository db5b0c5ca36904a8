import HapticPolicy

/// A document that cannot be compiled: its errors, each located, as the validator and
/// the compiler found them.
public struct PolicyCompileError: Error, Sendable, CustomStringConvertible {
    /// Every error (and related warnings) that prevented compiling.
    public var diagnostics: [Diagnostic]

    /// Creates the error.
    public init(diagnostics: [Diagnostic]) { self.diagnostics = diagnostics }

    /// One `file:line:column: error: message [code]` line per diagnostic.
    public var description: String {
        diagnostics.map { "\($0.location): \($0.severity.rawValue): \($0.message) [\($0.code)]" }
            .joined(separator: "\n")
    }
}
