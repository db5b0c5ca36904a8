/// One kind of finding the validator can report: a stable code (`HP106`), its severity,
/// a short slug naming the fixture files (`continuous-too-long`) and a one-line summary
/// for the documentation. Each check file declares its codes next to the check.
package struct CheckCode: Sendable, Hashable {
    /// The stable code, `HP` and three digits; never reused for another meaning.
    package var code: String
    /// How serious the finding is.
    package var severity: Severity
    /// Kebab-case name of the finding; the example fixtures are `<code>-<slug>.{fail,pass}.yaml`.
    package var slug: String
    /// One lowercase line saying what the code means.
    package var summary: String

    /// Declares a code.
    package init(_ code: String, _ severity: Severity, _ slug: String, _ summary: String) {
        self.code = code
        self.severity = severity
        self.slug = slug
        self.summary = summary
    }

    /// A diagnostic of this code.
    package func callAsFunction(
        _ message: String, at location: SourceLocation, notes: [Diagnostic.Note] = [], invariant: String? = nil
    ) -> Diagnostic {
        Diagnostic(
            code: code, severity: severity, message: message, at: location, notes: notes, invariant: invariant)
    }
}
