/// The findings the server publishes (3.17, "PublishDiagnostics Notification") and the quick
/// fixes it offers for them (3.17, "Code Action Request").
extension LSP {
    /// `textDocument/publishDiagnostics` (3.17, "PublishDiagnosticsParams").
    struct PublishDiagnosticsParams: Codable, Sendable {
        /// The document the findings are in.
        var uri: String
        /// The version of the document they were found in; omitted for a file not open.
        var version: Int?
        /// The findings: all of them, replacing what was published before.
        var diagnostics: [Diagnostic]
    }

    /// One finding (3.17, "Diagnostic").
    struct Diagnostic: Codable, Sendable {
        /// What it underlines.
        var range: LSPRange
        /// 1 error, 2 warning, 3 information, 4 hint (3.17, "DiagnosticSeverity").
        var severity: Int
        /// Its code, such as `HP014`.
        var code: String
        /// Where its code is explained.
        var codeDescription: CodeDescription?
        /// `haptic-policy`.
        var source: String
        /// What is wrong.
        var message: String
        /// Its notes, each at the place it is about.
        var relatedInformation: [DiagnosticRelatedInformation]?
    }

    /// A link to a code's explanation (3.17, "CodeDescription").
    struct CodeDescription: Codable, Sendable {
        /// The page and anchor.
        var href: String
    }

    /// A note of a finding (3.17, "DiagnosticRelatedInformation").
    struct DiagnosticRelatedInformation: Codable, Sendable {
        /// Where it is.
        var location: Location
        /// What it says.
        var message: String
    }

    /// `textDocument/codeAction`'s parameters (3.17, "CodeActionParams"): the document and
    /// the range the fixes are for. Its `context` (the client's copy of the findings there)
    /// is not read: the server finds them again, located as it published them.
    struct CodeActionParams: Codable, Sendable {
        /// The document.
        var textDocument: TextDocumentIdentifier
        /// The range the fixes must touch.
        var range: LSPRange
    }

    /// A quick fix (3.17, "CodeAction").
    struct CodeAction: Codable, Sendable {
        /// What it does, for the menu.
        var title: String
        /// `quickfix`.
        var kind = "quickfix"
        /// Whether it is the one fix to apply (3.17: `isPreferred`).
        var isPreferred = true
        /// The findings it fixes.
        var diagnostics: [Diagnostic]
        /// The edit it makes.
        var edit: WorkspaceEdit

        init(title: String, diagnostics: [Diagnostic], edit: WorkspaceEdit) {
            self.title = title
            self.diagnostics = diagnostics
            self.edit = edit
        }
    }
}
