extension Diagnostic {
    /// The one code the runtime reports: a compiled bundle `PolicyStore.reload(bundle:)`
    /// refuses. The tooling registers it, with its slug, summary and example, as
    /// `DiagnosticCode.bundleRefused` (a test checks they agree).
    package static let bundleRefusedCode = "HP950"

    /// A refused bundle: `bundleRefusedCode`, an error at `location`.
    package static func bundleRefused(_ message: String, at location: SourceLocation) -> Diagnostic {
        Diagnostic(code: bundleRefusedCode, severity: .error, message: message, at: location)
    }
}
