/// The structures the messages share (3.17, "Basic JSON Structures"). `LSPPosition` and
/// `LSPRange` (3.17, "Position" and "Range") are in `TextLines.swift`, with the counting.

extension LSP {
    /// A document's URI (3.17, "TextDocumentIdentifier").
    struct TextDocumentIdentifier: Codable, Sendable {
        /// The document's URI.
        var uri: String
    }

    /// A document's URI and version (3.17, "VersionedTextDocumentIdentifier"). Read
    /// leniently: a missing version is taken as the next one (`didChange`).
    struct VersionedTextDocumentIdentifier: Codable, Sendable {
        /// The document's URI.
        var uri: String
        /// Its version after the change.
        var version: Int?

        init(uri: String, version: Int?) {
            self.uri = uri
            self.version = version
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            uri = try container.decode(String.self, forKey: .uri)
            version = container.lenient(Int.self, forKey: .version)
        }
    }

    /// A document the client opened, with its text (3.17, "TextDocumentItem"). Read
    /// leniently: only `uri` and `text` are needed (a missing version is 0, and
    /// `languageId` is not read: the server tells policies from other YAML by their text).
    struct TextDocumentItem: Codable, Sendable {
        /// The document's URI.
        var uri: String
        /// Its language, `yaml`.
        var languageId: String?
        /// Its version.
        var version: Int?
        /// Its whole text.
        var text: String

        init(uri: String, languageId: String? = "yaml", version: Int?, text: String) {
            self.uri = uri
            self.languageId = languageId
            self.version = version
            self.text = text
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            uri = try container.decode(String.self, forKey: .uri)
            text = try container.decode(String.self, forKey: .text)
            languageId = container.lenient(String.self, forKey: .languageId)
            version = container.lenient(Int.self, forKey: .version)
        }
    }

    /// A document and a position in it (3.17, "TextDocumentPositionParams"): the
    /// parameters of `hover`, `definition` and `completion`.
    struct TextDocumentPositionParams: Codable, Sendable {
        /// The document.
        var textDocument: TextDocumentIdentifier
        /// The position.
        var position: LSPPosition
    }

    /// A range in a document (3.17, "Location").
    struct Location: Codable, Sendable {
        /// The document's URI.
        var uri: String
        /// The range.
        var range: LSPRange
    }

    /// Text to show, in Markdown (3.17, "MarkupContent": `kind` is `markdown`).
    struct MarkupContent: Codable, Sendable {
        /// `markdown`.
        var kind = "markdown"
        /// The Markdown.
        var value: String

        init(markdown: String) {
            value = markdown
        }
    }

    /// A replacement of a range of a document (3.17, "TextEdit").
    struct TextEdit: Codable, Sendable {
        /// The range replaced.
        var range: LSPRange
        /// The text written over it.
        var newText: String
    }

    /// Edits of documents by URI (3.17, "WorkspaceEdit", its `changes` form).
    struct WorkspaceEdit: Codable, Sendable {
        /// By document URI, the edits of that document.
        var changes: [String: [TextEdit]]
    }
}
