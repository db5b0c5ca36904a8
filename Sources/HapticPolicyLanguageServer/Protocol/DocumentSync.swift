/// The notifications that keep the server's copy of an open document in step with the
/// editor's (3.17, "Text Document Synchronization"), and the ones about the workspace's
/// folders and files (3.17, "Workspace Features").
extension LSP {
    /// `textDocument/didOpen` (3.17, "DidOpenTextDocumentParams").
    struct DidOpenTextDocumentParams: Codable, Sendable {
        /// The document opened, with its text.
        var textDocument: TextDocumentItem
    }

    /// `textDocument/didChange` (3.17, "DidChangeTextDocumentParams"). A change that is
    /// not a `TextDocumentContentChangeEvent` is skipped; the others are applied.
    struct DidChangeTextDocumentParams: Codable, Sendable {
        /// The document and its version after the changes.
        var textDocument: VersionedTextDocumentIdentifier
        /// The changes, in order.
        var contentChanges: [TextDocumentContentChangeEvent]

        init(textDocument: VersionedTextDocumentIdentifier, contentChanges: [TextDocumentContentChangeEvent]) {
            self.textDocument = textDocument
            self.contentChanges = contentChanges
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            textDocument = try container.decode(VersionedTextDocumentIdentifier.self, forKey: .textDocument)
            let changes = try container.decode(
                [Skippable<TextDocumentContentChangeEvent>].self, forKey: .contentChanges)
            contentChanges = changes.compactMap(\.value)
        }
    }

    /// One change of a document (3.17, "TextDocumentContentChangeEvent"): a range and the
    /// text written over it, or, without a range, the document's whole new text.
    /// (`rangeLength`, deprecated, is not read: the range says it.)
    struct TextDocumentContentChangeEvent: Codable, Sendable {
        /// The range replaced; nil replaces the whole document.
        var range: LSPRange?
        /// The new text of the range (or of the document).
        var text: String

        init(range: LSPRange? = nil, text: String) {
            self.range = range
            self.text = text
        }
    }

    /// `textDocument/didClose` (3.17, "DidCloseTextDocumentParams").
    struct DidCloseTextDocumentParams: Codable, Sendable {
        /// The document closed.
        var textDocument: TextDocumentIdentifier
    }

    /// A workspace folder (3.17, "WorkspaceFolder"). Read leniently: only `uri` is needed.
    struct WorkspaceFolder: Codable, Sendable {
        /// The folder's URI.
        var uri: String
        /// Its name in the editor.
        var name: String?

        init(uri: String, name: String?) {
            self.uri = uri
            self.name = name
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            uri = try container.decode(String.self, forKey: .uri)
            name = container.lenient(String.self, forKey: .name)
        }
    }

    /// `workspace/didChangeWorkspaceFolders` (3.17, "DidChangeWorkspaceFoldersParams").
    /// Read leniently: a missing or malformed list is empty.
    struct DidChangeWorkspaceFoldersParams: Codable, Sendable {
        /// The folders added and removed.
        var event: WorkspaceFoldersChangeEvent

        init(event: WorkspaceFoldersChangeEvent) {
            self.event = event
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            event = container.lenient(WorkspaceFoldersChangeEvent.self, forKey: .event) ?? .init(added: [], removed: [])
        }
    }

    /// The folders added to and removed from the workspace (3.17,
    /// "WorkspaceFoldersChangeEvent").
    struct WorkspaceFoldersChangeEvent: Codable, Sendable {
        /// The folders added.
        var added: [WorkspaceFolder]
        /// The folders removed.
        var removed: [WorkspaceFolder]

        init(added: [WorkspaceFolder], removed: [WorkspaceFolder]) {
            self.added = added
            self.removed = removed
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            added = container.lenient([Skippable<WorkspaceFolder>].self, forKey: .added)?.compactMap(\.value) ?? []
            removed = container.lenient([Skippable<WorkspaceFolder>].self, forKey: .removed)?.compactMap(\.value) ?? []
        }
    }

    /// `client/registerCapability` (3.17, "RegistrationParams"), which the server sends
    /// to watch the workspace's YAML files.
    struct RegistrationParams: Codable, Sendable {
        /// The registrations.
        var registrations: [Registration]
    }

    /// One registration (3.17, "Registration"), here of `workspace/didChangeWatchedFiles`.
    struct Registration: Codable, Sendable {
        /// The registration's id, for unregistering it.
        var id: String
        /// The method registered for.
        var method: String
        /// Its options.
        var registerOptions: DidChangeWatchedFilesRegistrationOptions
    }

    /// The files to watch (3.17, "DidChangeWatchedFilesRegistrationOptions").
    struct DidChangeWatchedFilesRegistrationOptions: Codable, Sendable {
        /// The watchers.
        var watchers: [FileSystemWatcher]
    }

    /// Files to watch, by glob (3.17, "FileSystemWatcher", its `GlobPattern` as a string;
    /// `kind` omitted: create, change and delete).
    struct FileSystemWatcher: Codable, Sendable {
        /// The glob, such as `**/*.yaml`.
        var globPattern: String
    }

    /// A value read where an array holds it, or nil when it is not one: the array's other
    /// items are still read.
    struct Skippable<Value: Decodable>: Decodable {
        /// The item, when it is a `Value`.
        var value: Value?

        init(from decoder: any Decoder) throws {
            value = try? Value(from: decoder)
        }
    }
}

extension LSP.Skippable: Sendable where Value: Sendable {}
