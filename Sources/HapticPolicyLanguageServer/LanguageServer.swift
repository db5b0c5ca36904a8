import Foundation
import HapticPolicy
import HapticPolicyCompiler
import HapticPolicyDocument
import HapticPolicyFrontEnd

/// The protocol side of `haptic-policy lsp`: JSON-RPC 2.0 messages in, responses and
/// notifications out, the lifecycle of the Language Server Protocol 3.17, and the
/// translation between LSP positions and the front end's. What a policy means comes from
/// `PolicyWorkspace`, `SymbolIndex`, `PolicyHover` and `PolicyCompletion`.
///
/// Lifecycle: before `initialize` every request is refused (`ServerNotInitialized`) and
/// notifications other than `exit` are dropped; after `shutdown` every request is
/// refused (`InvalidRequest`). `exit` ends the loop with 0 after `shutdown`, else 1.
/// Unknown requests get `MethodNotFound`; unknown notifications are ignored; a body that
/// is not JSON gets a `ParseError` response with a null id.
package final class LanguageServer {
    /// A request that failed, as its error response says.
    typealias Failure = LSP.ResponseError

    private enum State {
        case uninitialized, running, shutDown
    }

    private var state = State.uninitialized
    private let workspace: PolicyWorkspace
    private let send: ([UInt8]) -> Void
    private let log: (String) -> Void
    private var docsURL: String?
    /// The tool's version, the server's in `initialize`.
    private let version: String
    private var pendingDiagnostics = Set<String>()
    /// By policy URI: the included files' URIs its last findings were published for.
    private var includedPublished: [String: Set<String>] = [:]
    /// Whether the client lets the server register for file changes
    /// (`workspace.didChangeWatchedFiles.dynamicRegistration`).
    private var canWatchFiles = false
    /// The id of the next request the server sends the client.
    private var nextRequestID = 1
    /// The exit code, once `exit` arrived.
    private(set) var exitCode: Int32?
    /// Whether `shutdown` arrived: the exit code when input ends without `exit`.
    var shutDown: Bool { state == .shutDown }

    /// A server that writes framed messages with `send` and logs to `log` (stderr).
    /// `docsURL` is the page diagnostics link their code to (`Docs/checks.md`), unless the
    /// client's `initializationOptions.docsURL` says otherwise. `version` is the tool's,
    /// which `initialize` reports as the server's.
    package init(
        environment: [String: String], docsURL: String?, version: String, send: @escaping ([UInt8]) -> Void,
        log: @escaping (String) -> Void
    ) {
        self.workspace = PolicyWorkspace(environment: environment)
        self.docsURL = docsURL
        self.version = version
        self.send = send
        self.log = log
    }

    /// Serves one session: reads messages with `read` (which fills the buffer it is given
    /// and returns the count, 0 at the end of input) until `exit`, the end of input, or
    /// `stopped` (the output cannot be written). Returns whether the session ended as it
    /// should, for the exit code: 0 after `shutdown` and `exit`, else 1.
    package func serve(read: (UnsafeMutableBufferPointer<UInt8>) -> Int, stopped: () -> Bool) -> Bool {
        var reader = MessageReader()
        let buffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: 1 << 16)
        defer { buffer.deallocate() }
        while exitCode == nil, !stopped() {
            let count = read(buffer)
            if count == 0 { break }
            // Every message of one read is handled before the diagnostics go out, so a
            // burst of changes is checked once, at its last text.
            for item in reader.feed(UnsafeBufferPointer(rebasing: buffer[0..<count])) {
                switch item {
                case .message(let body): receive(body)
                case .problem(let problem): skipped(problem)
                }
                if exitCode != nil { break }
            }
            flushDiagnostics()
        }
        if exitCode == nil, reader.hasPartialMessage {
            skipped("the input ended inside a message")
        }
        if let exitCode { return exitCode == 0 }
        return shutDown
    }

    // MARK: - Messages

    /// Handles one message body: routed by its envelope (`LSP.Incoming`), its parameters
    /// read by the type its method expects (`Protocol/`).
    func receive(_ body: [UInt8]) {
        switch LSP.Incoming.read(body) {
        case .invalid(let failure):
            respond(id: nil, failure: failure)
        case .response:
            // A response to a request of ours (`client/registerCapability`): nothing to do.
            break
        case .notification(let method, let message):
            notification(method, message)
        case .request(let id, let method, let message):
            // Findings of earlier changes go out before the answer to a later request.
            flushDiagnostics()
            do throws(Failure) {
                respond(id: id, result: try request(method, message))
            } catch {
                respond(id: id, failure: error)
            }
        }
    }

    /// Reports a message the framing skipped.
    func skipped(_ problem: String) {
        log("haptic-policy lsp: \(problem)")
    }

    /// Publishes the diagnostics of every document changed since the last call. Called
    /// after the messages that arrived together, so a burst of edits is checked once.
    func flushDiagnostics() {
        let uris = pendingDiagnostics.sorted()
        pendingDiagnostics.removeAll()
        for uri in uris {
            let analysis = workspace.analysis(uri)
            let diagnostics = analysis.map { self.diagnostics($0, uri: uri) } ?? []
            notify(
                "textDocument/publishDiagnostics",
                LSP.PublishDiagnosticsParams(
                    uri: uri, version: workspace.documents[uri]?.version, diagnostics: diagnostics))
            publishIncluded(analysis, of: uri)
        }
    }

    /// Publishes the findings located in the files a policy includes for those files'
    /// URIs, and clears the ones published before that have none now.
    private func publishIncluded(_ analysis: PolicyWorkspace.Analysis?, of uri: String) {
        var published: Set<String> = []
        if let analysis {
            for (path, lines) in analysis.included.sorted(by: { $0.key < $1.key }) {
                let found = analysis.diagnostics.filter { $0.location.file == path }
                guard !found.isEmpty else { continue }
                let fileURI = workspace.uri(ofPath: path)
                published.insert(fileURI)
                let diagnostics = found.map { diagnostic in
                    self.diagnostic(diagnostic, range: lines.range(lineSpan(of: diagnostic.location, in: lines)))
                }
                notify(
                    "textDocument/publishDiagnostics",
                    LSP.PublishDiagnosticsParams(uri: fileURI, diagnostics: diagnostics))
            }
        }
        for stale in (includedPublished[uri] ?? []).subtracting(published).sorted() {
            notify("textDocument/publishDiagnostics", LSP.PublishDiagnosticsParams(uri: stale, diagnostics: []))
        }
        includedPublished[uri] = published.isEmpty ? nil : published
    }

    private func notification(_ method: String, _ message: JSONNode) {
        if method == "exit" {
            exitCode = state == .shutDown ? 0 : 1
            return
        }
        guard state == .running else { return }
        switch method {
        case "initialized":
            registerFileWatchers()
        case "workspace/didChangeWorkspaceFolders":
            // The folders the server reads changed: check every open document again.
            let event = LSP.lenientParams(
                from: message, else: LSP.DidChangeWorkspaceFoldersParams(event: .init(added: [], removed: []))
            ).event
            let removed = Set(Self.folderPaths(event.removed))
            var roots = workspace.roots.filter { !removed.contains($0) }
            for added in Self.folderPaths(event.added) where !roots.contains(added) { roots.append(added) }
            workspace.roots = roots
            workspace.filesChanged()
            pendingDiagnostics.formUnion(workspace.documents.keys)
        case "workspace/didChangeWatchedFiles":
            // A policy on disk may now include (or stop including) an open file, or an
            // included file changed under an open policy: check every open document again.
            workspace.filesChanged()
            pendingDiagnostics.formUnion(workspace.documents.keys)
        case "textDocument/didOpen":
            guard let params = try? LSP.params(LSP.DidOpenTextDocumentParams.self, from: message) else { return }
            let document = params.textDocument
            workspace.open(uri: document.uri, text: document.text, version: document.version ?? 0)
            markChanged(document.uri)
        case "textDocument/didChange":
            // Only the version is taken: a copy of the document held here would make the
            // edit copy its whole text.
            guard let params = try? LSP.params(LSP.DidChangeTextDocumentParams.self, from: message),
                let version = workspace.documents[params.textDocument.uri]?.version
            else { return }
            let uri = params.textDocument.uri
            let edits = params.contentChanges.map { (range: $0.range, text: $0.text) }
            // Applied in place, in time proportional to each edit; checked once per burst
            // (`flushDiagnostics`).
            workspace.change(uri: uri, edits: edits, version: params.textDocument.version ?? version + 1)
            markChanged(uri)
        case "textDocument/didClose":
            guard let params = try? LSP.params(LSP.DidCloseTextDocumentParams.self, from: message) else { return }
            let uri = params.textDocument.uri
            workspace.close(uri: uri)
            notify("textDocument/publishDiagnostics", LSP.PublishDiagnosticsParams(uri: uri, diagnostics: []))
            pendingDiagnostics.remove(uri)
            markTestFilesChanged()
        default:
            // Unknown notifications are ignored (3.17: "$/" ones may be; others as well).
            break
        }
    }

    /// Asks the client to report changes to YAML files on disk
    /// (`workspace/didChangeWatchedFiles`), when it lets the server register for them.
    private func registerFileWatchers() {
        guard canWatchFiles else { return }
        let registration = LSP.Registration(
            id: "haptic-policy-watched-files", method: "workspace/didChangeWatchedFiles",
            registerOptions: .init(watchers: [.init(globPattern: "**/*.yaml"), .init(globPattern: "**/*.yml")]))
        write(
            LSP.RequestMessage(
                id: .integer(nextRequestID), method: "client/registerCapability",
                params: LSP.RegistrationParams(registrations: [registration])))
        nextRequestID += 1
    }

    /// A change to one document can change a test file's findings (its policy's names).
    private func markChanged(_ uri: String) {
        pendingDiagnostics.insert(uri)
        // The policies that include it check it again.
        if let path = workspace.documents[uri]?.path { pendingDiagnostics.formUnion(workspace.includers(of: path)) }
        markTestFilesChanged()
    }

    private func markTestFilesChanged() {
        for (uri, document) in workspace.documents where document.path.hasSuffix(".tests.yaml") {
            pendingDiagnostics.insert(uri)
        }
    }

    /// The result of the request `method` whose message is `message`: one of the `LSP`
    /// result types (an `Optional` of one for `null`).
    private func request(_ method: String, _ message: JSONNode) throws(Failure) -> any Encodable & Sendable {
        switch state {
        case .uninitialized:
            guard method == "initialize" else {
                throw Failure(
                    code: .serverNotInitialized, message: "the server is not initialized; send 'initialize' first")
            }
            return initialize(LSP.lenientParams(from: message, else: LSP.InitializeParams()))
        case .shutDown:
            throw Failure(code: .invalidRequest, message: "the server is shut down; send 'exit'")
        case .running:
            break
        }
        switch method {
        case "initialize":
            throw Failure(code: .invalidRequest, message: "the server is already initialized")
        case "shutdown":
            state = .shutDown
            return LSP.Null()
        case "textDocument/hover":
            let params = try documentPosition(message)
            return hover(params.textDocument.uri, params.position)
        case "textDocument/definition":
            let params = try documentPosition(message)
            return definition(params.textDocument.uri, params.position)
        case "textDocument/references":
            let params = try Self.params(
                LSP.ReferenceParams.self, from: message, else: "expected textDocument.uri and a position")
            return references(
                params.textDocument.uri, params.position,
                includeDeclaration: params.context?.includeDeclaration ?? true)
        case "textDocument/completion":
            let params = try documentPosition(message)
            return completion(params.textDocument.uri, params.position)
        case "textDocument/codeAction":
            let params = try Self.params(
                LSP.CodeActionParams.self, from: message, else: "expected textDocument.uri and a range")
            return codeActions(params.textDocument.uri, params.range)
        case "textDocument/documentSymbol":
            let params = try Self.params(LSP.DocumentSymbolParams.self, from: message, else: "missing textDocument.uri")
            return documentSymbols(params.textDocument.uri)
        default:
            throw Failure(code: .methodNotFound, message: "unsupported method '\(method)'")
        }
    }

    private func documentPosition(_ message: JSONNode) throws(Failure) -> LSP.TextDocumentPositionParams {
        try Self.params(
            LSP.TextDocumentPositionParams.self, from: message, else: "expected textDocument.uri and a position")
    }

    /// The parameters of a request as `Params`; when there are none or they are not one, an
    /// `InvalidParams` failure that says `expected`.
    private static func params<Params: Decodable>(
        _: Params.Type, from message: JSONNode, else expected: String
    ) throws(Failure) -> Params {
        guard let params = (try? LSP.params(Params.self, from: message)) ?? nil else {
            throw Failure(code: .invalidParams, message: expected)
        }
        return params
    }

    private func initialize(_ params: LSP.InitializeParams) -> LSP.InitializeResult {
        state = .running
        canWatchFiles = params.capabilities.workspace?.didChangeWatchedFiles?.dynamicRegistration ?? false
        workspace.roots = Self.workspaceRoots(params)
        if let url = params.initializationOptions?.docsURL {
            docsURL = url
        }
        if docsURL == nil, let root = Self.workspaceRoot(params) {
            let checks = PathText.joined(root, "Docs/checks.md")
            if workspace.files(for: checks).isFile(checks) { docsURL = URL(fileURLWithPath: checks).absoluteString }
        }
        return LSP.InitializeResult(
            capabilities: LSP.ServerCapabilities(), serverInfo: LSP.ServerInfo(name: "haptic-policy", version: version))
    }

    /// Every workspace folder's path, and the root's (`rootUri`, else `rootPath`) when it
    /// is not one of them: the folders the server reads (`WorkspaceFiles`).
    private static func workspaceRoots(_ params: LSP.InitializeParams) -> [String] {
        var paths = folderPaths(params.workspaceFolders ?? [])
        let root = params.rootUri.map(PolicyWorkspace.path(of:)) ?? params.rootPath
        if let root, root.hasPrefix("/"), !paths.contains(root) { paths.append(root) }
        return paths
    }

    /// The paths of a list of workspace folders; a folder that is not a `file:` URI is none.
    private static func folderPaths(_ folders: [LSP.WorkspaceFolder]) -> [String] {
        folders.map { PolicyWorkspace.path(of: $0.uri) }.filter { $0.hasPrefix("/") }
    }

    private static func workspaceRoot(_ params: LSP.InitializeParams) -> String? {
        if let uri = params.workspaceFolders?.first?.uri {
            return PolicyWorkspace.path(of: uri)
        }
        if let uri = params.rootUri { return PolicyWorkspace.path(of: uri) }
        return params.rootPath
    }

    // MARK: - Features

    /// The occurrence under the cursor and the policy it belongs to.
    private func lookup(_ uri: String, _ position: LSPPosition) -> (
        PolicyWorkspace.Analysis, PolicyOccurrence
    )? {
        guard let analysis = workspace.analysis(uri), let point = analysis.lines.point(position),
            let occurrence = analysis.index.occurrence(at: point)
        else { return nil }
        return (analysis, occurrence)
    }

    private func hover(_ uri: String, _ position: LSPPosition) -> LSP.Hover? {
        if let help = acknowledgementHover(uri, position) { return help }
        guard let (analysis, occurrence) = lookup(uri, position) else { return keyHover(uri, position) }
        let document = analysis.isTestFile ? analysis.policyFile?.document : analysis.document
        let policy = analysis.isTestFile ? analysis.policyFile?.policy : analysis.policy
        guard let document,
            let text = PolicyHover.text(occurrence.kind, occurrence.name, document: document, policy: policy)
        else { return keyHover(uri, position) }
        return LSP.Hover(contents: .init(markdown: text), range: analysis.lines.range(occurrence.span))
    }

    /// Hover over a code written in an `acknowledge:` map (`AcknowledgementHelp`).
    private func acknowledgementHover(_ uri: String, _ position: LSPPosition) -> LSP.Hover? {
        guard let analysis = workspace.analysis(uri), !analysis.isTestFile, let point = analysis.lines.point(position),
            let scalars = analysis.lines.scalars(ofLine: position.line)
        else { return nil }
        let line = Array(scalars)
        var start = min(max(point.column - 1, 0), line.count)
        var end = start
        func isCode(_ scalar: Unicode.Scalar) -> Bool { ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar) }
        while start > 0, isCode(line[start - 1]) { start -= 1 }
        while end < line.count, isCode(line[end]) { end += 1 }
        let word = String(String.UnicodeScalarView(line[start..<end]))
        let text = String(String.UnicodeScalarView(line))
        let above = (max(0, position.line - 200)..<position.line).compactMap { analysis.lines.scalars(ofLine: $0) }
        let prefix = Array(line[..<start])
        guard AcknowledgementHelp.site(line: prefix, above: above) != nil,
            let markdown = AcknowledgementHelp.hover(
                word, at: SourceLocation(file: analysis.path, line: point.line, column: start + 1), line: text,
                acknowledged: analysis.diagnostics.filter { $0.acknowledged != nil })
        else { return nil }
        let span = SourceSpan(
            start: SourcePoint(line: point.line, column: start + 1), end: SourcePoint(line: point.line, column: end + 1)
        )
        return LSP.Hover(contents: .init(markdown: markdown), range: analysis.lines.range(span))
    }

    private func definition(_ uri: String, _ position: LSPPosition) -> [LSP.Location]? {
        if let analysis = workspace.analysis(uri), let point = analysis.lines.point(position),
            let policy = analysis.policyFile, analysis.index.policyReference?.contains(point) == true
        {
            // A test file's `policy: plavo.yaml` leads to the policy's first line.
            let start = LSPPosition(line: 0, character: 0)
            return [LSP.Location(uri: workspace.uri(ofPath: policy.path), range: LSPRange(start: start, end: start))]
        }
        guard let (analysis, occurrence) = lookup(uri, position) else { return nil }
        let locations: [LSP.Location]
        if analysis.isTestFile {
            guard let policy = analysis.policyFile else { return nil }
            locations = policy.index.definitions(of: occurrence.kind, occurrence.name).compactMap {
                location($0, lines: policy.lines(of:))
            }
        } else {
            locations = analysis.index.definitions(of: occurrence.kind, occurrence.name).compactMap {
                location($0, lines: analysis.lines(of:))
            }
        }
        return locations.isEmpty ? nil : locations
    }

    /// Where `occurrence` is written, as the editor names it: its file's URI and its range
    /// in the lines `lines` gives for that file (`FrontEndFiles.openDocumentKey`).
    private func location(_ occurrence: PolicyOccurrence, lines: (String) -> TextLines?) -> LSP.Location? {
        guard let fileLines = lines(occurrence.file) else { return nil }
        return LSP.Location(uri: workspace.uri(ofPath: occurrence.file), range: fileLines.range(occurrence.span))
    }

    private func references(_ uri: String, _ position: LSPPosition, includeDeclaration: Bool) -> [LSP.Location] {
        guard let (analysis, occurrence) = lookup(uri, position) else { return [] }
        var found: [LSP.Location] = []
        let policyPath: String
        if analysis.isTestFile {
            guard let policy = analysis.policyFile else {
                return analysis.index.occurrences(of: occurrence.kind, occurrence.name).map {
                    LSP.Location(uri: uri, range: analysis.lines.range($0.span))
                }
            }
            policyPath = policy.path
            for each in policy.index.occurrences(of: occurrence.kind, occurrence.name)
            where includeDeclaration || !each.isDefinition {
                if let location = location(each, lines: policy.lines(of:)) { found.append(location) }
            }
        } else {
            policyPath = analysis.path
            for each in analysis.index.occurrences(of: occurrence.kind, occurrence.name)
            where includeDeclaration || !each.isDefinition {
                if let location = location(each, lines: analysis.lines(of:)) { found.append(location) }
            }
        }
        for (testURI, test) in workspace.testFiles(of: policyPath) {
            for each in test.index.occurrences(of: occurrence.kind, occurrence.name) {
                found.append(LSP.Location(uri: testURI, range: test.lines.range(each.span)))
            }
        }
        return found
    }

    private func completion(_ uri: String, _ position: LSPPosition) -> LSP.CompletionList {
        let empty = LSP.CompletionList(items: [])
        guard let analysis = workspace.analysis(uri), let point = analysis.lines.point(position),
            let line = analysis.lines.scalars(ofLine: position.line)
        else { return empty }
        let above = (max(0, position.line - 200)..<position.line).compactMap { analysis.lines.scalars(ofLine: $0) }
        if !analysis.isTestFile,
            let site = AcknowledgementHelp.site(line: Array(line.prefix(point.column - 1)), above: above)
        {
            let range = analysis.lines.range(
                SourceSpan(start: SourcePoint(line: point.line, column: site.startColumn), end: point))
            let reported = Set(analysis.diagnostics.map(\.code))
            let items = AcknowledgementHelp.items(prefix: site.prefix, reported: reported).map { item in
                LSP.CompletionItem(
                    label: item.label, kind: 21, detail: item.detail, sortText: item.sort,
                    textEdit: LSP.TextEdit(range: range, newText: item.label + ": "))
            }
            return LSP.CompletionList(items: items)
        }
        var items: [LSP.CompletionItem] = []
        var labels = Set<String>()
        if let site = PolicyCompletion.site(
            line: Array(line.prefix(point.column - 1)), above: above, isTestFile: analysis.isTestFile)
        {
            let range = analysis.lines.range(
                SourceSpan(start: SourcePoint(line: point.line, column: site.startColumn), end: point))
            for name in workspace.names(of: site.kind, for: analysis) where name.hasPrefix(site.prefix) {
                labels.insert(name)
                items.append(
                    LSP.CompletionItem(
                        label: name, kind: Self.completionKind(site.kind), detail: site.kind.rawValue,
                        textEdit: LSP.TextEdit(range: range, newText: name)))
            }
        }
        // The keys a mapping may hold and the words a value may be (`PolicyKeyHelp`).
        if let cursor = keyCursor(analysis, line: position.line, upTo: point.column - 1) {
            let range = analysis.lines.range(
                SourceSpan(start: SourcePoint(line: point.line, column: cursor.startColumn), end: point))
            let help = PolicyKeyHelp.completions(
                cursor, document: workspace.document(for: analysis), isIncluded: analysis.isIncluded)
            for item in help where labels.insert(item.label).inserted {
                items.append(
                    LSP.CompletionItem(
                        label: item.label, kind: item.kind, detail: item.detail,
                        documentation: item.documentation.map(LSP.MarkupContent.init(markdown:)),
                        textEdit: LSP.TextEdit(range: range, newText: item.insert)))
            }
        }
        return LSP.CompletionList(items: items)
    }

    /// Where the cursor is in a policy's (or included file's) YAML, from the text before it
    /// (the first `column` scalars of `line`); nil in a test file or YAML that is not a policy.
    private func keyCursor(_ analysis: PolicyWorkspace.Analysis, line: Int, upTo column: Int) -> YAMLCursor? {
        guard !analysis.isTestFile, !analysis.isOtherYAML, let scalars = analysis.lines.scalars(ofLine: line) else {
            return nil
        }
        let above = (0..<line).compactMap { analysis.lines.scalars(ofLine: $0) }
        return YAMLCursor.at(line: Array(scalars.prefix(column)), above: above)
    }

    /// Hover over a key (its meaning, from the schema) or over a value the policy gives a
    /// meaning to (a priority, a data field's value) (`PolicyKeyHelp`).
    private func keyHover(_ uri: String, _ position: LSPPosition) -> LSP.Hover? {
        guard let analysis = workspace.analysis(uri), let point = analysis.lines.point(position),
            let scalars = analysis.lines.scalars(ofLine: position.line)
        else { return nil }
        let line = Array(scalars)
        var start = min(max(point.column - 1, 0), line.count)
        var end = start
        while start > 0, YAMLCursor.isWordScalar(line[start - 1]) { start -= 1 }
        while end < line.count, YAMLCursor.isWordScalar(line[end]) { end += 1 }
        guard start < end else { return nil }
        let word = String(String.UnicodeScalarView(line[start..<end]))
        let document = workspace.document(for: analysis)
        let isKey = end < line.count && line[end] == ":" && (end + 1 == line.count || line[end + 1] == " ")
        let markdown: String?
        if isKey {
            guard let cursor = keyCursor(analysis, line: position.line, upTo: start), cursor.position == .key else {
                return nil
            }
            markdown = PolicyKeyHelp.keyHover(word, cursor, document: document)
        } else {
            guard let cursor = keyCursor(analysis, line: position.line, upTo: end),
                case .value(let key) = cursor.position, cursor.prefix == word
            else { return nil }
            markdown = PolicyKeyHelp.valueHover(word, of: key, cursor, document: document)
        }
        guard let markdown else { return nil }
        let span = SourceSpan(
            start: SourcePoint(line: point.line, column: start + 1), end: SourcePoint(line: point.line, column: end + 1)
        )
        return LSP.Hover(contents: .init(markdown: markdown), range: analysis.lines.range(span))
    }

    private func documentSymbols(_ uri: String) -> [LSP.DocumentSymbol] {
        guard let analysis = workspace.analysis(uri) else { return [] }
        func symbol(_ declaration: PolicyDeclaration) -> LSP.DocumentSymbol {
            LSP.DocumentSymbol(
                name: declaration.name, detail: declaration.kind.rawValue, kind: Self.symbolKind(declaration.kind),
                range: analysis.lines.range(declaration.span),
                selectionRange: analysis.lines.range(declaration.nameSpan),
                children: declaration.children.map(symbol))
        }
        return analysis.index.outline.map(symbol)
    }

    // MARK: - Diagnostics

    /// The findings of a document located in it (those in a file it includes are
    /// published for that file, `publishIncluded`).
    private func diagnostics(_ analysis: PolicyWorkspace.Analysis, uri: String) -> [LSP.Diagnostic] {
        located(analysis).map { diagnostic, range in
            var object = self.diagnostic(diagnostic, range: range)
            let related = diagnostic.notes.map { note in
                let inFile = note.location.file == diagnostic.location.file
                return LSP.DiagnosticRelatedInformation(
                    location: LSP.Location(
                        uri: inFile ? uri : workspace.uri(ofPath: note.location.file),
                        range: lines(of: note.location, in: analysis).range(span(of: note.location, in: analysis))),
                    message: note.message)
            }
            if !related.isEmpty { object.relatedInformation = related }
            return object
        }
    }

    /// The findings of a document located in it, each with the range it underlines.
    private func located(_ analysis: PolicyWorkspace.Analysis) -> [(Diagnostic, LSPRange)] {
        analysis.diagnostics.filter { analysis.included[$0.location.file] == nil }.map { diagnostic in
            (diagnostic, analysis.lines.range(span(of: diagnostic.location, in: analysis)))
        }
    }

    /// The quick fixes for the findings of `uri` that touch `range`: each "did you mean"
    /// finding's suggestion, written over the misspelt name (`QuickFix`).
    private func codeActions(_ uri: String, _ range: LSPRange) -> [LSP.CodeAction] {
        guard let analysis = workspace.analysis(uri) else { return [] }
        return located(analysis).compactMap { diagnostic, underlined -> LSP.CodeAction? in
            guard underlined.start <= range.end, range.start <= underlined.end,
                let text = analysis.lines.text(in: underlined),
                let fix = QuickFix(message: diagnostic.message, underlined: text)
            else { return nil }
            let edited = LSPRange(
                start: LSPPosition(
                    line: underlined.start.line, character: underlined.start.character + fix.offset),
                end: LSPPosition(
                    line: underlined.start.line, character: underlined.start.character + fix.offset + fix.length))
            return LSP.CodeAction(
                title: fix.title, diagnostics: [self.diagnostic(diagnostic, range: underlined)],
                edit: LSP.WorkspaceEdit(changes: [uri: [LSP.TextEdit(range: edited, newText: fix.replacement)]]))
        }
    }

    /// A finding as the protocol writes it, underlining `range`: its code, severity and
    /// message (an acknowledged warning a hint), and the link to its code's explanation.
    private func diagnostic(_ diagnostic: Diagnostic, range: LSPRange) -> LSP.Diagnostic {
        var severity = Self.severity(diagnostic.severity)
        var message = diagnostic.message + (diagnostic.invariant.map { " [\($0)]" } ?? "")
        if let reason = diagnostic.acknowledged {
            // An acknowledged warning is a hint (4): shown faintly, not counted as a problem.
            severity = 4
            message = "acknowledged (\(reason.message)): " + message
        }
        var codeDescription: LSP.CodeDescription?
        if let docsURL, DiagnosticRegistry.code(diagnostic.code) != nil {
            codeDescription = LSP.CodeDescription(href: docsURL + "#" + DiagnosticRegistry.anchor(of: diagnostic.code))
        }
        return LSP.Diagnostic(
            range: range, severity: severity, code: diagnostic.code, codeDescription: codeDescription,
            source: "haptic-policy", message: message)
    }

    /// The name written at `location` in a file known only by its lines, else one character.
    private func lineSpan(of location: SourceLocation, in lines: TextLines) -> SourceSpan {
        let start = SourcePoint(line: max(location.line, 1), column: max(location.column, 1))
        let line = Array(lines.scalars(ofSourceLine: start.line) ?? [])
        var end = start.column - 1
        while end < line.count, Self.isNameScalar(line[end]) { end += 1 }
        if end == start.column - 1, end < line.count { end += 1 }
        return SourceSpan(start: start, end: SourcePoint(line: start.line, column: end + 1))
    }

    /// The lines of the file `location` is in: the document's, or those of another file of
    /// its policy (a note in an included file), else the document's.
    private func lines(of location: SourceLocation, in analysis: PolicyWorkspace.Analysis) -> TextLines {
        analysis.lines(of: FrontEndFiles.openDocumentKey(location.file)) ?? analysis.lines
    }

    /// What to underline for a finding at `location`: the scalar that starts there, else
    /// the name written there, else one character, in the file it is in.
    private func span(of location: SourceLocation, in analysis: PolicyWorkspace.Analysis) -> SourceSpan {
        let start = SourcePoint(line: max(location.line, 1), column: max(location.column, 1))
        if let scalar = analysis.index.scalarSpan(at: location) { return scalar }
        let line = Array(lines(of: location, in: analysis).scalars(ofSourceLine: start.line) ?? [])
        var end = start.column - 1
        while end < line.count, Self.isNameScalar(line[end]) { end += 1 }
        if end == start.column - 1, end < line.count { end += 1 }
        return SourceSpan(start: start, end: SourcePoint(line: start.line, column: end + 1))
    }

    // MARK: - Output

    private func respond(id: LSP.RequestID?, result: any Encodable & Sendable) {
        write(LSP.ResponseMessage(id: id, outcome: .result(result)))
    }

    private func respond(id: LSP.RequestID?, failure: Failure) {
        write(LSP.ResponseMessage(id: id, outcome: .error(failure)))
    }

    private func notify<Params: Codable & Sendable>(_ method: String, _ params: Params) {
        write(LSP.NotificationMessage(method: method, params: params))
    }

    /// Writes one message: every message the server sends goes through here, and through
    /// `LSP.framed`, which escapes its strings by the tools' one rule (`JSONString`).
    private func write(_ message: some Encodable) {
        do {
            send(try LSP.framed(message))
        } catch {
            log("haptic-policy lsp: could not encode a message: \(error)")
        }
    }

    // MARK: - Helpers

    private static func isNameScalar(_ scalar: Unicode.Scalar) -> Bool {
        let character = Character(scalar)
        return character.isLetter || character.isNumber || "._-".contains(character)
    }

    private static func severity(_ severity: Severity) -> Int {
        switch severity {
        case .error: 1
        case .warning: 2
        case .note: 3
        }
    }

    private static func symbolKind(_ kind: PolicySymbolKind) -> Int {
        switch kind {
        case .feedback: 12  // Function
        case .band: 10  // Enum
        case .level: 22  // EnumMember
        case .event: 24  // Event
        case .screen: 5  // Class
        case .invariant: 14  // Constant
        case .budget: 16  // Number
        }
    }

    private static func completionKind(_ kind: PolicySymbolKind) -> Int {
        switch kind {
        case .feedback: 3  // Function
        case .band: 13  // Enum
        case .level: 20  // EnumMember
        case .event: 23  // Event
        case .screen: 7  // Class
        case .invariant: 21  // Constant
        case .budget: 12  // Value
        }
    }
}
