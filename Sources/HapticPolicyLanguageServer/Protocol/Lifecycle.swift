/// `initialize` and what it exchanges (3.17, "Lifecycle Messages", "Initialize Request").
/// `initialized`, `shutdown` and `exit` carry nothing the server reads.
extension LSP {
    /// `initialize`'s parameters (3.17, "InitializeParams"): the fields the server reads.
    /// Read leniently, as the server always has: a field of the wrong type is absent.
    struct InitializeParams: Codable, Sendable {
        /// What the client can do.
        var capabilities: ClientCapabilities
        /// The workspace's root as a URI (deprecated for `workspaceFolders`, still sent).
        var rootUri: String?
        /// The workspace's root as a path (deprecated for `rootUri`).
        var rootPath: String?
        /// The workspace's folders.
        var workspaceFolders: [WorkspaceFolder]?
        /// The server's own options (`initializationOptions`, `LSPAny` in the spec).
        var initializationOptions: InitializationOptions?

        init(
            capabilities: ClientCapabilities = .init(), rootUri: String? = nil, rootPath: String? = nil,
            workspaceFolders: [WorkspaceFolder]? = nil, initializationOptions: InitializationOptions? = nil
        ) {
            self.capabilities = capabilities
            self.rootUri = rootUri
            self.rootPath = rootPath
            self.workspaceFolders = workspaceFolders
            self.initializationOptions = initializationOptions
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            capabilities = container.lenient(ClientCapabilities.self, forKey: .capabilities) ?? .init()
            rootUri = container.lenient(String.self, forKey: .rootUri)
            rootPath = container.lenient(String.self, forKey: .rootPath)
            workspaceFolders = container.lenient([Skippable<WorkspaceFolder>].self, forKey: .workspaceFolders)?
                .compactMap(\.value)
            initializationOptions = container.lenient(InitializationOptions.self, forKey: .initializationOptions)
        }
    }

    /// The options a client may give the server in `initializationOptions`.
    struct InitializationOptions: Codable, Sendable {
        /// The page diagnostics link their code to, in place of `Docs/checks.md`.
        var docsURL: String?

        init(docsURL: String?) {
            self.docsURL = docsURL
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            docsURL = container.lenient(String.self, forKey: .docsURL)
        }
    }

    /// What the client can do (3.17, "ClientCapabilities"): only whether it lets the
    /// server register for file changes (`workspace.didChangeWatchedFiles.dynamicRegistration`).
    struct ClientCapabilities: Codable, Sendable {
        /// The workspace's capabilities.
        var workspace: WorkspaceClientCapabilities?

        init(workspace: WorkspaceClientCapabilities? = nil) {
            self.workspace = workspace
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            workspace = container.lenient(WorkspaceClientCapabilities.self, forKey: .workspace)
        }
    }

    /// The client's workspace capabilities (3.17, "ClientCapabilities", `workspace`).
    struct WorkspaceClientCapabilities: Codable, Sendable {
        /// Whether file changes can be registered for.
        var didChangeWatchedFiles: DynamicRegistrationCapability?

        init(didChangeWatchedFiles: DynamicRegistrationCapability?) {
            self.didChangeWatchedFiles = didChangeWatchedFiles
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            didChangeWatchedFiles = container.lenient(
                DynamicRegistrationCapability.self, forKey: .didChangeWatchedFiles)
        }
    }

    /// Whether the client lets the server register a capability itself (3.17,
    /// "DidChangeWatchedFilesClientCapabilities", `dynamicRegistration`).
    struct DynamicRegistrationCapability: Codable, Sendable {
        /// Whether it does.
        var dynamicRegistration: Bool?

        init(dynamicRegistration: Bool?) {
            self.dynamicRegistration = dynamicRegistration
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            dynamicRegistration = container.lenient(Bool.self, forKey: .dynamicRegistration)
        }
    }

    /// `initialize`'s result (3.17, "InitializeResult").
    struct InitializeResult: Codable, Sendable {
        /// What the server can do.
        var capabilities: ServerCapabilities
        /// The server's name and version.
        var serverInfo: ServerInfo
    }

    /// The server's name and version (3.17, "InitializeResult", `serverInfo`).
    struct ServerInfo: Codable, Sendable {
        /// `haptic-policy`.
        var name: String
        /// The tool's version.
        var version: String
    }

    /// What the server can do (3.17, "ServerCapabilities"): the features it answers.
    struct ServerCapabilities: Codable, Sendable {
        /// Positions count UTF-16 code units (3.17, "PositionEncodingKind").
        var positionEncoding = "utf-16"
        /// Opens and closes, and incremental changes.
        var textDocumentSync = TextDocumentSyncOptions()
        /// Workspace folders, and their changes.
        var workspace = WorkspaceServerCapabilities()
        var hoverProvider = true
        var definitionProvider = true
        var referencesProvider = true
        var documentSymbolProvider = true
        /// Quick fixes only.
        var codeActionProvider = CodeActionOptions()
        /// The characters after which the client asks for completions.
        var completionProvider = CompletionOptions()
    }

    /// How the client sends a document's changes (3.17, "TextDocumentSyncOptions").
    struct TextDocumentSyncOptions: Codable, Sendable {
        /// Opens and closes are sent.
        var openClose = true
        /// 2 (`TextDocumentSyncKind.Incremental`): each change a range and its new text
        /// (`DocumentText`).
        var change = 2
    }

    /// The server's workspace capabilities (3.17, "ServerCapabilities", `workspace`).
    struct WorkspaceServerCapabilities: Codable, Sendable {
        /// Folders are supported, and their changes wanted.
        var workspaceFolders = WorkspaceFoldersServerCapabilities()
    }

    /// 3.17, "WorkspaceFoldersServerCapabilities".
    struct WorkspaceFoldersServerCapabilities: Codable, Sendable {
        var supported = true
        /// `workspace/didChangeWorkspaceFolders` is wanted.
        var changeNotifications = true
    }

    /// 3.17, "CodeActionOptions".
    struct CodeActionOptions: Codable, Sendable {
        /// `quickfix` only.
        var codeActionKinds = ["quickfix"]
    }

    /// 3.17, "CompletionOptions".
    struct CompletionOptions: Codable, Sendable {
        /// A space, `[` and `,`: where a name or a key starts in flow YAML.
        var triggerCharacters = [" ", "[", ","]
    }
}
