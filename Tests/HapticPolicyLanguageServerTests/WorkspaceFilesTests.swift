import Foundation
import Testing

@testable import HapticPolicyLanguageServer

/// The language server reads only inside its workspace (`WorkspaceFiles`,
/// Docs/security.md): a document outside it is not checked, and nothing outside it is
/// read through `..` or a symbolic link, so nothing it sends quotes such a file.
@Suite struct WorkspaceFilesTests {
    static let secret = "hunter2-s3cr3t"

    /// A workspace folder `root` (a policy including a part, a link out) next to a folder
    /// `outside` holding a YAML file whose only key is the secret.
    struct Folders {
        let base: URL
        var root: String { base.appendingPathComponent("root").path }
        var outside: String { base.appendingPathComponent("outside").path }

        init() throws {
            base = FileManager.default.temporaryDirectory.appendingPathComponent("workspace-\(UUID().uuidString)")
            let manager = FileManager.default
            try manager.createDirectory(
                atPath: base.appendingPathComponent("root/parts").path, withIntermediateDirectories: true)
            try manager.createDirectory(
                atPath: base.appendingPathComponent("outside").path, withIntermediateDirectories: true)
            try "\(WorkspaceFilesTests.secret): 1\n".write(
                toFile: outside + "/secret.yaml", atomically: true, encoding: .utf8)
            try "feedback:\n  tap: {layer: ui, preset: impact.light}\nbogus-part-key: 1\n".write(
                toFile: root + "/parts/feedback.yaml", atomically: true, encoding: .utf8)
            try manager.createSymbolicLink(atPath: root + "/link.yaml", withDestinationPath: outside + "/secret.yaml")
            try manager.createSymbolicLink(atPath: root + "/out", withDestinationPath: outside)
        }

        func remove() {
            try? FileManager.default.removeItem(at: base)
        }
    }

    static func uri(_ path: String) -> String { URL(fileURLWithPath: path).absoluteString }

    static func policy(including files: [String]) -> String {
        "policy: p\nversion: 1\ninclude: [\(files.joined(separator: ", "))]\n"
    }

    /// Runs the server with `root` as its workspace on `messages` after `initialize`, and
    /// returns everything it sent, as text.
    static func serve(root: String?, _ messages: [[UInt8]]) -> (text: String, messages: [[String: Any]]) {
        let initialize = LSP.InitializeParams(rootUri: root.map(uri))
        let run = ServerSession.serve(
            [LSP.request(1, "initialize", initialize)] + messages + [
                LSP.request(90, "shutdown"), LSP.notification("exit"),
            ])
        let text = run.messages.compactMap { message in
            (try? JSONSerialization.data(withJSONObject: message)).map { String(decoding: $0, as: UTF8.self) }
        }.joined(separator: "\n")
        return (text, run.messages)
    }

    static func open(_ path: String, _ text: String) -> [UInt8] {
        ServerSession.open(text, uri: uri(path))
    }

    static func diagnostics(_ messages: [[String: Any]], of path: String) -> [[String: Any]] {
        messages.compactMap { message -> [[String: Any]]? in
            guard message["method"] as? String == "textDocument/publishDiagnostics",
                let params = message["params"] as? [String: Any], params["uri"] as? String == uri(path)
            else { return nil }
            return params["diagnostics"] as? [[String: Any]]
        }.last ?? []
    }

    @Test func aDocumentOutsideTheWorkspaceIsNotCheckedAndNothingNextToItIsQuoted() throws {
        let folders = try Folders()
        defer { folders.remove() }
        let path = folders.outside + "/p.yaml"
        let uri = Self.uri(path)
        let run = Self.serve(
            root: folders.root,
            [
                Self.open(path, Self.policy(including: ["secret.yaml"])),
                ServerSession.at(2, "textDocument/hover", uri: uri, 2, 11),
                ServerSession.at(3, "textDocument/completion", uri: uri, 2, 11),
                LSP.request(4, "textDocument/documentSymbol", LSP.DocumentSymbolParams(textDocument: .init(uri: uri))),
                ServerSession.at(5, "textDocument/definition", uri: uri, 2, 11),
            ])
        #expect(!run.text.contains(Self.secret))
        let found = Self.diagnostics(run.messages, of: path)
        #expect(found.count == 1)
        let message = try #require(found.first?["message"] as? String)
        #expect(message.contains("outside the workspace folders ('\(folders.root)')"))
        // Nothing was published for the file next to it.
        #expect(!run.text.contains("secret.yaml"))
    }

    @Test func includesThroughDotDotOrALinkOutOfTheWorkspaceAreNotRead() throws {
        let folders = try Folders()
        defer { folders.remove() }
        let path = folders.root + "/p.yaml"
        let run = Self.serve(
            root: folders.root,
            [Self.open(path, Self.policy(including: ["../outside/secret.yaml", "link.yaml", "out/secret.yaml"]))])
        #expect(!run.text.contains(Self.secret))
        let codes = Self.diagnostics(run.messages, of: path).compactMap { $0["code"] as? String }
        #expect(codes.filter { $0 == "HP022" }.count == 3)
    }

    @Test func includesInsideTheWorkspaceAreStillRead() throws {
        let folders = try Folders()
        defer { folders.remove() }
        let path = folders.root + "/p.yaml"
        let run = Self.serve(root: folders.root, [Self.open(path, Self.policy(including: ["parts/feedback.yaml"]))])
        // The part's unknown key is reported in the part: it was read.
        let part = Self.diagnostics(run.messages, of: folders.root + "/parts/feedback.yaml")
        #expect(part.contains { ($0["message"] as? String)?.contains("bogus-part-key") == true })
    }

    @Test func withoutAWorkspaceTheDocumentsFolderIsIt() throws {
        let folders = try Folders()
        defer { folders.remove() }
        let path = folders.root + "/p.yaml"
        let run = Self.serve(
            root: nil, [Self.open(path, Self.policy(including: ["parts/feedback.yaml", "link.yaml"]))])
        #expect(!run.text.contains(Self.secret))
        #expect(run.text.contains("bogus-part-key"))
    }

    @Test func aFolderAddedLaterIsReadAndOneRemovedIsNot() throws {
        let folders = try Folders()
        defer { folders.remove() }
        let path = folders.outside + "/p.yaml"
        func change(added: [String], removed: [String]) -> [UInt8] {
            let folder = { (path: String) in LSP.WorkspaceFolder(uri: Self.uri(path), name: "f") }
            return LSP.notification(
                "workspace/didChangeWorkspaceFolders",
                LSP.DidChangeWorkspaceFoldersParams(
                    event: .init(added: added.map(folder), removed: removed.map(folder))))
        }
        let hover = ServerSession.at(2, "textDocument/hover", uri: Self.uri(path), 0, 9)
        let added = Self.serve(
            root: folders.root,
            [Self.open(path, "policy: p\nversion: 1\n"), hover, change(added: [folders.outside], removed: [])])
        #expect(
            !Self.diagnostics(added.messages, of: path).contains {
                ($0["message"] as? String)?.contains("outside the workspace") == true
            })
        #expect(added.text.contains("outside the workspace"))
        let removed = Self.serve(
            root: folders.root,
            [
                change(added: [folders.outside], removed: []), Self.open(path, "policy: p\nversion: 1\n"), hover,
                change(added: [], removed: [folders.outside]),
            ])
        let message = Self.diagnostics(removed.messages, of: path).first?["message"] as? String
        #expect(message?.contains("outside the workspace folders") == true)
    }

    @Test func theReaderResolvesLinksAndDotDotBeforeItReads() throws {
        let folders = try Folders()
        defer { folders.remove() }
        let files = WorkspaceFiles(folders: [folders.root])
        #expect(files.read(folders.root + "/parts/feedback.yaml", limit: 1 << 20) != nil)
        #expect(files.read(folders.root + "/link.yaml", limit: 1 << 20) == nil)
        #expect(files.read(folders.root + "/out/secret.yaml", limit: 1 << 20) == nil)
        #expect(files.read(folders.root + "/parts/../../outside/secret.yaml", limit: 1 << 20) == nil)
        #expect(files.names(in: folders.outside).isEmpty)
        #expect(files.names(in: folders.root) == ["link.yaml", "out", "parts"])
        #expect(files.stamp(folders.root + "/link.yaml") == nil)
        // A file that does not exist yet is inside when its folder is.
        #expect(files.contains(folders.root + "/new/later.yaml"))
        #expect(!files.contains(folders.root + "/missing/../../outside/secret.yaml"))
        #expect(
            files.refused == [
                folders.root + "/link.yaml", folders.root + "/out/secret.yaml",
                folders.root + "/parts/../../outside/secret.yaml", folders.outside,
            ])
    }

    @Test func aBufferThatIsNoFileReadsOnlyInsideTheWorkspaceToo() throws {
        // An `untitled:` buffer's includes are named relative to the server's current
        // directory (the package's folder under `swift test`): the front end finds the
        // file there, and the workspace's reader refuses it when no folder holds it.
        try #require(FileManager.default.fileExists(atPath: "Package.swift"))
        let workspace = PolicyWorkspace(environment: [:])
        workspace.open(uri: "untitled:Untitled-1", text: Self.policy(including: ["Package.swift"]), version: 1)
        let refused = try #require(workspace.analysis("untitled:Untitled-1"))
        let messages = refused.diagnostics.map(\.message)
        #expect(
            messages.contains(
                "'Package.swift' was not read: it is outside the workspace folders (no workspace folder); the server reads only files inside them"
            ))
        #expect(!messages.contains { $0.contains("swift-tools-version") || $0.contains("PackageDescription") })
        #expect(refused.diagnostics.first { $0.message.contains("was not read") }?.location.line == 3)
        // Inside a workspace folder, it is read (and is no YAML a policy includes).
        workspace.roots = [FileManager.default.currentDirectoryPath]
        workspace.filesChanged()
        let read = try #require(workspace.analysis("untitled:Untitled-1"))
        #expect(!read.diagnostics.contains { $0.message.contains("was not read") })
    }

    @Test func aPolicyOverTheLimitIsRefusedUnchecked() throws {
        let workspace = PolicyWorkspace(environment: [:])
        let text = "policy: p\nversion: 1\n" + String(repeating: "# padding\n", count: 110_000)
        workspace.open(uri: "file:///nowhere/big.yaml", text: text, version: 1)
        let analysis = try #require(workspace.analysis("file:///nowhere/big.yaml"))
        #expect(analysis.diagnostics.map(\.code) == ["HP004"])
        #expect(analysis.lines.count == 1)
    }
}
