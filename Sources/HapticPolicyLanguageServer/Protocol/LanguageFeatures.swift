/// The requests about what a policy means (3.17, "Language Features"): hover, go to
/// definition, references, completion and the document's symbols. (Code actions are with
/// the findings they fix, in `Diagnostics.swift`.)
extension LSP {
    /// `textDocument/references`' parameters (3.17, "ReferenceParams"). Read leniently: a
    /// missing or malformed `context` includes the declaration.
    struct ReferenceParams: Codable, Sendable {
        /// The document.
        var textDocument: TextDocumentIdentifier
        /// The position of the name.
        var position: LSPPosition
        /// Whether the declaration counts as a reference.
        var context: ReferenceContext?

        init(textDocument: TextDocumentIdentifier, position: LSPPosition, context: ReferenceContext?) {
            self.textDocument = textDocument
            self.position = position
            self.context = context
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            textDocument = try container.decode(TextDocumentIdentifier.self, forKey: .textDocument)
            position = try container.decode(LSPPosition.self, forKey: .position)
            context = container.lenient(ReferenceContext.self, forKey: .context)
        }
    }

    /// 3.17, "ReferenceContext".
    struct ReferenceContext: Codable, Sendable {
        /// Whether the declaration counts as a reference.
        var includeDeclaration: Bool
    }

    /// `textDocument/documentSymbol`'s parameters (3.17, "DocumentSymbolParams").
    struct DocumentSymbolParams: Codable, Sendable {
        /// The document.
        var textDocument: TextDocumentIdentifier
    }

    /// `textDocument/hover`'s result (3.17, "Hover").
    struct Hover: Codable, Sendable {
        /// What to show, in Markdown.
        var contents: MarkupContent
        /// The range the hover is about.
        var range: LSPRange
    }

    /// `textDocument/completion`'s result (3.17, "CompletionList").
    struct CompletionList: Codable, Sendable {
        /// Always false: the list is complete for the text before the cursor.
        var isIncomplete = false
        /// The completions.
        var items: [CompletionItem]

        init(items: [CompletionItem]) {
            self.items = items
        }
    }

    /// One completion (3.17, "CompletionItem").
    struct CompletionItem: Codable, Sendable {
        /// The text shown and, here, written.
        var label: String
        /// What it is (3.17, "CompletionItemKind").
        var kind: Int
        /// A word on what it is, shown beside it.
        var detail: String
        /// Its meaning, in Markdown.
        var documentation: MarkupContent?
        /// What it sorts by in place of its label.
        var sortText: String?
        /// What it writes, and over what.
        var textEdit: TextEdit

        init(
            label: String, kind: Int, detail: String, documentation: MarkupContent? = nil, sortText: String? = nil,
            textEdit: TextEdit
        ) {
            self.label = label
            self.kind = kind
            self.detail = detail
            self.documentation = documentation
            self.sortText = sortText
            self.textEdit = textEdit
        }
    }

    /// One symbol of a document, with the ones inside it (3.17, "DocumentSymbol").
    struct DocumentSymbol: Codable, Sendable {
        /// Its name.
        var name: String
        /// What it is, in the policy's words (`feedback`, `band`, …).
        var detail: String
        /// What it is (3.17, "SymbolKind").
        var kind: Int
        /// Its whole declaration.
        var range: LSPRange
        /// Its name.
        var selectionRange: LSPRange
        /// The symbols declared inside it (always written, empty when none).
        var children: [DocumentSymbol]
    }
}
