import Foundation
import HapticPolicy
import HapticPolicyCompiler
import HapticPolicyDocument
import HapticPolicyFrontEnd
import HapticPolicyReplay
import HapticPolicyYAML

/// The documents an editor has open and what the front end makes of each: the policy
/// logic of `haptic-policy lsp`, apart from the protocol (`LanguageServer`).
///
/// A document is checked exactly as `haptic-policy lint` checks the file (the same
/// `PolicyFrontEnd.check` and `PolicyFrontEnd.checkTestFile`), reading the editor's text
/// instead of the file for every open document (`FrontEndFiles.openDocuments`), so a
/// test file is checked against its policy's unsaved text when that is open too.
final class PolicyWorkspace {
    /// One open document.
    struct Document {
        /// The URI the editor names it by.
        var uri: String
        /// The path the front end reads and names it by.
        var path: String
        /// The editor's text, as its edits change it.
        var content: DocumentText
        /// The editor's text.
        var text: String { content.text }
        /// The editor's version number.
        var version: Int
    }

    /// What the front end found in one document.
    struct Analysis {
        /// The document's path.
        var path: String
        /// Its lines, for position conversion.
        var lines: TextLines
        /// Every finding `lint` gives for the file, sorted by location.
        var diagnostics: [Diagnostic]
        /// The names written in it.
        var index: SymbolIndex
        /// Whether it is a policy test file (`*.tests.yaml`).
        var isTestFile: Bool
        /// For a policy: its decoded document (best effort when it has errors).
        var document: PolicyDocument?
        /// For a policy: the compiled policy, when it has no errors.
        var policy: Policy?
        /// For a test file: the analysis of the policy it names, when that can be read.
        var policyFile: PolicyFile?
        /// For a policy: the lines of each file it includes (`include:`), by path, so a
        /// finding in one is published for that file.
        var included: [String: TextLines] = [:]
        /// For a policy split with `include:`, or a file one includes: the lines of the
        /// policy's other files (`FrontEndFiles.openDocumentKey`), where `index` leads a
        /// definition or a reference written in another file.
        var otherFiles: [String: TextLines] = [:]
        /// Whether it is a file a policy includes, opened on its own: `index` is its
        /// policy's, read from this file.
        var isIncluded = false
        /// The lines of `file` (`FrontEndFiles.openDocumentKey`), this document or another
        /// file of its policy; nil for a file it does not know.
        func lines(of file: String) -> TextLines? {
            file == FrontEndFiles.openDocumentKey(path) ? lines : otherFiles[file]
        }
        /// Whether it is YAML this server does not check (a scenario, a file that is not a
        /// policy): no help with policy keys there.
        var isOtherYAML = false
    }

    /// The policy a test file names, analysed.
    struct PolicyFile {
        /// Its path.
        var path: String
        /// Its lines.
        var lines: TextLines
        /// The lines of the files it includes (`FrontEndFiles.openDocumentKey`).
        var otherFiles: [String: TextLines] = [:]
        /// Its names.
        var index: SymbolIndex
        /// Its document, when it decodes.
        var document: PolicyDocument?
        /// Its compiled policy, when it has no errors.
        var policy: Policy?

        /// The lines of `file` (`FrontEndFiles.openDocumentKey`), the policy or one of
        /// the files it includes; nil for another.
        func lines(of file: String) -> TextLines? {
            file == FrontEndFiles.openDocumentKey(path) ? lines : otherFiles[file]
        }
    }

    private(set) var documents: [String: Document] = [:]
    private var cache: [String: (version: Int, analysis: Analysis)] = [:]
    /// The names each policy declared the last time it decoded, for completion while the
    /// text being typed is not valid YAML.
    private var lastNames: [String: [PolicySymbolKind: [String]]] = [:]
    /// The document each policy decoded to the last time it did without an error, for the
    /// help with keys and values (`PolicyKeyHelp`) while the text being typed does not read.
    private var lastDocuments: [String: PolicyDocument] = [:]
    private let environment: [String: String]
    /// By included file's path: the URIs of the open policies that included it.
    private var includers: [String: Set<String>] = [:]
    /// The policies on disk that include a file, for one opened on its own.
    private let includingPolicies = IncludingPolicies()
    /// The workspace folders' paths (`initialize`, `workspace/didChangeWorkspaceFolders`):
    /// the only folders the server reads (`WorkspaceFiles`), and where policies on disk
    /// are looked for.
    var roots: [String] = []

    init(environment: [String: String]) {
        self.environment = environment
    }

    /// Opens or replaces a document.
    func open(uri: String, text: String, version: Int) {
        documents[uri] = Document(uri: uri, path: Self.path(of: uri), content: DocumentText(text), version: version)
        invalidate()
    }

    /// Replaces the text of an open document; false when it is not open.
    @discardableResult
    func change(uri: String, text: String, version: Int) -> Bool {
        change(uri: uri, edits: [(nil, text)], version: version)
    }

    /// Applies an editor's changes to an open document in order: each replaces a range
    /// (LSP positions), or the whole text when it has none. The text is edited in place
    /// (`DocumentText`): an edit costs time in proportion to it, not to the document, and
    /// nothing is checked until the next `analysis`. False when the document is not open.
    @discardableResult
    func change(uri: String, edits: [(range: LSPRange?, text: String)], version: Int) -> Bool {
        guard documents[uri] != nil else { return false }
        for edit in edits {
            if let range = edit.range {
                documents[uri]?.content.replace(range, with: edit.text)
            } else {
                documents[uri]?.content.replaceAll(with: edit.text)
            }
        }
        documents[uri]?.version = version
        invalidate()
        return true
    }

    /// Forgets a document.
    func close(uri: String) {
        documents[uri] = nil
        invalidate()
    }

    // Any change can change another document's findings (a test file's policy), and
    // checking is cheap next to typing: forget every analysis.
    private func invalidate() {
        cache.removeAll()
    }

    /// Files changed on disk (`workspace/didChangeWatchedFiles`): forget every analysis
    /// and what every policy on disk was found to include.
    func filesChanged() {
        includingPolicies.invalidate()
        invalidate()
    }

    /// The analysis of an open document; nil when it is not open.
    func analysis(_ uri: String) -> Analysis? {
        guard let document = documents[uri] else { return nil }
        if let cached = cache[uri], cached.version == document.version { return cached.analysis }
        let analysis = analyze(document)
        cache[uri] = (document.version, analysis)
        return analysis
    }

    /// The URI to name `path` by: the editor's own when the file is open, else a file URI.
    func uri(ofPath path: String) -> String {
        let key = FrontEndFiles.openDocumentKey(path)
        if let open = documents.values.first(where: { FrontEndFiles.openDocumentKey($0.path) == key }) {
            return open.uri
        }
        return URL(fileURLWithPath: path).absoluteString
    }

    /// The names of `kind` the document (or a test file's policy) declares, or declared
    /// the last time it could be read.
    func names(of kind: PolicySymbolKind, for analysis: Analysis) -> [String] {
        let index = analysis.isTestFile ? analysis.policyFile?.index : analysis.index
        let path = analysis.isTestFile ? analysis.policyFile?.path : analysis.path
        let current = index?.names(of: kind) ?? []
        guard current.isEmpty, let path else { return current }
        return lastNames[path]?[kind] ?? []
    }

    /// The policy document of an open policy or included file; while its text has errors
    /// (it is being typed), the last one it decoded to without any.
    func document(for analysis: Analysis) -> PolicyDocument? {
        guard analysis.document == nil || analysis.diagnostics.contains(where: { $0.severity == .error }) else {
            return analysis.document
        }
        return lastDocuments[FrontEndFiles.openDocumentKey(analysis.path)] ?? analysis.document
    }

    /// The open test documents that name the policy at `path`.
    func testFiles(of path: String) -> [(uri: String, analysis: Analysis)] {
        let key = FrontEndFiles.openDocumentKey(path)
        return documents.keys.sorted().compactMap { uri in
            guard let analysis = analysis(uri), analysis.isTestFile,
                let policy = analysis.policyFile, FrontEndFiles.openDocumentKey(policy.path) == key
            else { return nil }
            return (uri, analysis)
        }
    }

    /// The path the front end reads for a document URI: a `file:` URI's path, else the
    /// URI itself (an unsaved buffer, which only the open text stands for).
    static func path(of uri: String) -> String {
        if uri.hasPrefix("file:"), let url = URL(string: uri), url.isFileURL, !url.path.isEmpty {
            return url.path
        }
        return uri
    }

    /// The limit of what the server reads from disk: a policy's (or a bundle's, the
    /// larger) as the front end reads it (`PolicyFrontEnd.check`).
    private static let readLimit = max(FrontEndFiles.wholeFileLimit, PolicyBundle.maxBytes)

    /// How the front end reads here: the open documents' texts, and every other file
    /// through `files` only (`FrontEndFiles.init(openDocuments:reader:)`).
    private func frontEndFiles(_ files: WorkspaceFiles) -> FrontEndFiles {
        var open: [String: [UInt8]] = [:]
        for document in documents.values {
            open[FrontEndFiles.openDocumentKey(document.path)] = document.content.bytes
        }
        return FrontEndFiles(openDocuments: open, reader: { @Sendable path in files.read(path, limit: Self.readLimit) })
    }

    /// The reader of the files a check of the document at `path` may read: the workspace
    /// folders, or with none the document's own folder (`WorkspaceFiles`).
    func files(for path: String) -> WorkspaceFiles {
        WorkspaceFiles(roots: roots, document: path)
    }

    private func analyze(_ document: Document) -> Analysis {
        let path = document.path
        let files = files(for: path)
        let start = SourceLocation(file: path, line: 1, column: 1)
        // A file outside the workspace is not checked: what it includes would be read
        // from outside it, and quoted in the findings.
        if path.hasPrefix("/"), !files.contains(path) {
            let outside = DiagnosticCode.unreadableFile(
                "this file is outside the workspace folders (\(files.description)); the server reads only files inside them, so it does not check this one",
                at: start)
            return Analysis(
                path: path, lines: TextLines(""), diagnostics: [outside], index: .empty, isTestFile: false,
                isOtherYAML: true)
        }
        // Over the front end's limit, a text is refused unread, as `lint` refuses the file
        // (and not split into lines for nothing on every check while it stays over).
        if document.content.byteCount > FrontEndFiles.wholeFileLimit {
            let problem = InputError.Problem.tooLarge(
                size: document.content.byteCount, limit: FrontEndFiles.wholeFileLimit)
            return Analysis(
                path: path, lines: TextLines(""), diagnostics: [InputError(path: path, problem: problem).diagnostic],
                index: .empty, isTestFile: false, isOtherYAML: true)
        }
        var analysis = analyze(document, files: files)
        let refused = files.refused
        guard !refused.isEmpty else { return analysis }
        // What the reader refused was read as nothing: said at the entry that names it.
        let code = analysis.isTestFile ? DiagnosticCode.namedFileRefused : DiagnosticCode.includeOutsideFolder
        let named = Self.includeEntries(document)
        for file in refused {
            let location =
                named.first { FrontEndFiles.openDocumentKey($0.path) == FrontEndFiles.openDocumentKey(file) }?
                .location ?? start
            analysis.diagnostics.append(
                code(
                    "'\(file)' was not read: it is outside the workspace folders (\(files.description)); the server reads only files inside them",
                    at: location))
        }
        analysis.diagnostics.sort { ($0.location, $0.code) < ($1.location, $1.code) }
        return analysis
    }

    /// The files a document names at its top level (`include:` entries, a test file's
    /// `policy:`), each where it is written, by the path the front end reads it by.
    private static func includeEntries(_ document: Document) -> [(path: String, location: SourceLocation)] {
        let project = ProjectFolder(of: document.path)
        let pairs = YAMLDataFile.read(document.content.bytes, file: document.path).root?.pairs ?? []
        var nodes: [YAMLNode] = []
        for pair in pairs {
            switch pair.key.scalarText {
            case "include": nodes += pair.value.items ?? []
            case "policy": nodes.append(pair.value)
            default: break
            }
        }
        return nodes.compactMap { node in
            guard let written = node.scalarText, case .success(let components) = project.components(of: written)
            else { return nil }
            return (project.display(components), node.location)
        }
    }

    private func analyze(_ document: Document, files: WorkspaceFiles) -> Analysis {
        let frontEndFiles = frontEndFiles(files)
        let path = document.path
        let bytes = document.content.bytes
        let lines = TextLines(document.text)
        if path.hasSuffix(".tests.yaml") {
            let (diagnostics, _) = PolicyFrontEnd.checkTestFile(path, files: frontEndFiles)
            let tree = YAMLDataFile.read(bytes, file: path).root
            let loaded = PolicyTestLoader.parse(bytes, file: path)
            let written = tree?.pairs?.first { $0.key.scalarText == "policy" }?.value
            let named = written.flatMap { node in node.scalarText.map { Located($0, at: node.location) } }
            let suite = loaded.suite ?? PolicyTestSuite(file: path, policy: named, cases: [])
            // The policy only when the path policy lets the test file name it.
            let policyPath = PolicyFrontEnd.policyPath(for: suite, file: path).path
            return Analysis(
                path: path, lines: lines, diagnostics: diagnostics, index: .testFile(path, tree: tree),
                isTestFile: true,
                policyFile: policyPath.flatMap { policyFile($0, frontEndFiles: frontEndFiles) })
        }
        if PathText.isScenario(path) {
            // A scenario (`simulate`'s input) gets the scenario front end's findings; its
            // names are checked against a policy only by `simulate`, which names the policy.
            let loaded = ScenarioLoader.parse(bytes, file: path)
            return Analysis(
                path: path, lines: lines, diagnostics: loaded.diagnostics, index: .empty, isTestFile: false,
                isOtherYAML: true)
        }
        let tree = YAMLDataFile.read(bytes, file: path).root
        let isPolicy = tree.map(Self.saysItIsAPolicy) ?? false
        if !isPolicy {
            // A file without `policy:` that a policy includes (an open one, else one on
            // disk) is part of that policy: its findings are the ones the policy has in it.
            // Hover, definitions and completion there read that policy's document too.
            typealias Including = (
                diagnostics: [Diagnostic], document: PolicyDocument?, policy: Policy?, index: SymbolIndex,
                files: [String: TextLines]
            )
            let including: Including? =
                includingAnalysis(of: document).map { policy in
                    let files = policy.otherFiles.merging([FrontEndFiles.openDocumentKey(policy.path): policy.lines]) {
                        included, _ in included
                    }
                    return (policy.diagnostics, policy.document, policy.policy, policy.index, files)
                }
                ?? includingPolicyOnDisk(of: document, frontEndFiles: frontEndFiles, files: files).map { checked in
                    let main = checked.source.flatMap { YAMLDataFile.read(Array($0.utf8), file: checked.path).root }
                    let index =
                        checked.document.map {
                            SymbolIndex.policy($0, trees: Self.trees(checked, main: main), file: checked.path)
                        } ?? .empty
                    var files = Self.otherFiles(checked)
                    files[FrontEndFiles.openDocumentKey(checked.path)] = checked.source.map(TextLines.init)
                    return (
                        PolicyFrontEnd.merged(checked.diagnostics, checked.acknowledged), checked.document,
                        checked.policy, index, files
                    )
                }
            if let including {
                let key = FrontEndFiles.openDocumentKey(path)
                // The policy's index, read from this file; its names stay for completion
                // while the text being typed does not read.
                let index = including.index.read(from: path)
                remember(index, for: path)
                if let decoded = including.document, !including.diagnostics.contains(where: { $0.severity == .error }) {
                    lastDocuments[key] = decoded
                }
                return Analysis(
                    path: path, lines: lines,
                    diagnostics: including.diagnostics.filter {
                        FrontEndFiles.openDocumentKey($0.location.file) == key
                    },
                    index: index, isTestFile: false, document: including.document, policy: including.policy,
                    otherFiles: including.files.filter { $0.key != key }, isIncluded: true)
            }
            // YAML that reads and is not a policy (a CI workflow, a config file) is none of
            // this server's business: no findings. Text that does not read as YAML may be a
            // policy being written, and gets the front end's findings below.
            if tree != nil {
                return Analysis(
                    path: path, lines: lines, diagnostics: [], index: .empty, isTestFile: false, isOtherYAML: true)
            }
        }
        let checked = PolicyFrontEnd.check(path, files: frontEndFiles)
        let index =
            checked.document.map { SymbolIndex.policy($0, trees: Self.trees(checked, main: tree), file: path) }
            ?? .empty
        remember(index, for: path)
        if let decoded = checked.document, !checked.diagnostics.contains(where: { $0.severity == .error }) {
            lastDocuments[FrontEndFiles.openDocumentKey(path)] = decoded
        }
        for included in checked.includedSources.keys { includers[included, default: []].insert(document.uri) }
        // Acknowledged warnings go to the editor as hints, with their reasons.
        return Analysis(
            path: path, lines: lines, diagnostics: PolicyFrontEnd.merged(checked.diagnostics, checked.acknowledged),
            index: index, isTestFile: false,
            document: checked.document, policy: checked.policy,
            included: checked.includedSources.mapValues(TextLines.init),
            otherFiles: Self.otherFiles(checked))
    }

    /// The YAML tree of each file of a checked policy, by path: `main`'s, and each
    /// included file's from the text its check read.
    private static func trees(_ checked: PolicyFrontEnd.Checked, main: YAMLNode?) -> [String: YAMLNode] {
        var trees = checked.includedSources.compactMapValues { YAMLDataFile.read(Array($0.utf8), file: "").root }
        trees[checked.path] = main
        return trees
    }

    /// The lines of the files a checked policy includes, by `FrontEndFiles.openDocumentKey`.
    private static func otherFiles(_ checked: PolicyFrontEnd.Checked) -> [String: TextLines] {
        var lines: [String: TextLines] = [:]
        for (file, text) in checked.includedSources { lines[FrontEndFiles.openDocumentKey(file)] = TextLines(text) }
        return lines
    }

    /// The analysis of an open policy (one with `policy:`) that includes `document`.
    private func includingAnalysis(of document: Document) -> Analysis? {
        for other in documents.values.sorted(by: { $0.uri < $1.uri }) where other.uri != document.uri {
            guard !other.path.hasSuffix(".tests.yaml"), !PathText.isScenario(other.path),
                YAMLDataFile.read(other.content.bytes, file: other.path).root?.pairs?
                    .contains(where: { $0.key.scalarText == "policy" }) == true,
                let analysis = analysis(other.uri), analysis.included[document.path] != nil
            else { continue }
            return analysis
        }
        return nil
    }

    /// Whether a document's top level has `policy:`, or a key so close to it that it is
    /// one misspelt (`polcy:`, `Policy:`): then lint's finding for the key is the help.
    static func saysItIsAPolicy(_ root: YAMLNode) -> Bool {
        root.pairs?.contains { pair in
            guard let key = pair.key.scalarText else { return false }
            return key == "policy" || suggestion(for: key, among: ["policy"]) != nil
        } ?? false
    }

    /// The whole-policy check of the first policy on disk (nearest folder first) that
    /// includes `document`, read with the editor's open texts.
    private func includingPolicyOnDisk(
        of document: Document, frontEndFiles: FrontEndFiles, files: WorkspaceFiles
    ) -> PolicyFrontEnd.Checked? {
        let open = frontEndFiles.openDocuments
        for policy in includingPolicies.policies(including: document.path, files: files, open: open) {
            let checked = PolicyFrontEnd.check(policy, files: frontEndFiles)
            let key = FrontEndFiles.openDocumentKey(document.path)
            if checked.includedFiles.contains(where: { FrontEndFiles.openDocumentKey($0) == key }) {
                return checked
            }
        }
        return nil
    }

    /// The open policies whose last analysis included the file at `path`.
    func includers(of path: String) -> Set<String> {
        includers[path] ?? []
    }

    private func policyFile(_ path: String, frontEndFiles: FrontEndFiles) -> PolicyFile? {
        let checked = PolicyFrontEnd.check(path, files: frontEndFiles)
        guard let source = checked.source else { return nil }
        let tree = YAMLDataFile.read(Array(source.utf8), file: path).root
        let index =
            checked.document.map { SymbolIndex.policy($0, trees: Self.trees(checked, main: tree), file: path) }
            ?? .empty
        remember(index, for: path)
        return PolicyFile(
            path: path, lines: TextLines(source), otherFiles: Self.otherFiles(checked), index: index,
            document: checked.document, policy: checked.policy)
    }

    private func remember(_ index: SymbolIndex, for path: String) {
        var names: [PolicySymbolKind: [String]] = [:]
        for kind in PolicySymbolKind.allCases { names[kind] = index.names(of: kind) }
        guard names.values.contains(where: { !$0.isEmpty }) else { return }
        lastNames[FrontEndFiles.openDocumentKey(path)] = names
        lastNames[path] = names
    }
}
