import Foundation
import HapticPolicy
import HapticPolicyCompiler
import HapticPolicyFrontEnd
import Testing

@testable import HapticPolicyLanguageServer

/// Definitions, references and outlines in the shipped policies split with `include:`
/// (`Policies/ride.yaml`, `Policies/stride.yaml`): from whichever of its files a name is
/// used in, it leads to the file and line where it is declared, and each file's outline
/// lists only what that file declares.
@Suite struct SplitPolicyNavigationTests {
    static let policies = packageRoot.appendingPathComponent("Policies").path

    /// The main file and its included files, by path.
    static func files(of policy: String) throws -> [String] {
        let main = policies + "/\(policy).yaml"
        let folder = policies + "/\(policy)"
        let parts = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".yaml") }
        return [main] + parts.sorted().map { folder + "/" + $0 }
    }

    static func uri(_ path: String) -> String { URL(fileURLWithPath: path).absoluteString }

    /// Where each name is declared, read from the front end's document (not the index).
    static func declarations(of policy: String) throws -> [String: (file: String, line: Int)] {
        let path = policies + "/\(policy).yaml"
        let workspace = PolicyWorkspace(environment: [:])
        workspace.roots = [policies]
        workspace.open(uri: uri(path), text: try String(contentsOfFile: path, encoding: .utf8), version: 1)
        let document = try #require(workspace.analysis(uri(path))?.document)
        var found: [String: (file: String, line: Int)] = [:]
        func note(_ kind: PolicySymbolKind, _ location: HapticPolicy.SourceLocation, _ name: String) {
            found["\(kind.rawValue) \(name)"] = (FrontEndFiles.openDocumentKey(location.file), location.line)
        }
        for each in document.feedback { note(.feedback, each.name.location, each.name.value) }
        for each in document.invariants { note(.invariant, each.id.location, each.id.value) }
        for each in document.events { note(.event, each.name.location, each.name.value) }
        for each in document.screens { note(.screen, each.name.location, each.name.value) }
        for each in document.budgets { note(.budget, each.id.location, each.id.value) }
        for band in document.bands {
            note(.band, band.name.location, band.name.value)
            for level in band.levels { note(.level, level.name.location, level.name.value) }
        }
        return found
    }

    /// Runs one server with the policies' folder as its workspace, `path` alone open.
    static func serve(_ path: String, _ requests: [[UInt8]]) -> [[String: Any]] {
        let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
        let initialize = LSP.InitializeParams(rootUri: uri(policies))
        return ServerSession.serve(
            [LSP.request(1, "initialize", initialize), ServerSession.open(text, uri: uri(path))] + requests + [
                LSP.request(100_000, "shutdown"), LSP.notification("exit"),
            ]
        ).messages
    }

    static func result(_ messages: [[String: Any]], _ id: Int) -> Any? {
        messages.first { ($0["id"] as? Int) == id && $0["method"] == nil }?["result"]
    }

    /// The file and 1-based line of a protocol location.
    static func place(_ location: Any?) -> (file: String, line: Int)? {
        guard let location = location as? [String: Any], let uri = location["uri"] as? String,
            let range = location["range"] as? [String: Any], let start = range["start"] as? [String: Any],
            let line = start["line"] as? Int
        else { return nil }
        return (FrontEndFiles.openDocumentKey(PolicyWorkspace.path(of: uri)), line + 1)
    }

    @Test(arguments: ["ride", "stride"])
    func everyNameInEveryFileLeadsToItsDeclarationsFileAndLine(policy: String) throws {
        let declared = try Self.declarations(of: policy)
        var checked = 0
        for path in try Self.files(of: policy) {
            let workspace = PolicyWorkspace(environment: [:])
            workspace.roots = [Self.policies]
            let text = try String(contentsOfFile: path, encoding: .utf8)
            workspace.open(uri: Self.uri(path), text: text, version: 1)
            let analysis = try #require(workspace.analysis(Self.uri(path)))
            #expect(analysis.diagnostics.filter { $0.severity == .error }.isEmpty, "\(path)")
            let key = FrontEndFiles.openDocumentKey(path)
            let uses = analysis.index.occurrences.filter { $0.file == key && !$0.isDefinition }
            #expect(!uses.isEmpty, "\(path) uses no names")
            var requests: [[UInt8]] = []
            for (offset, use) in uses.enumerated() {
                let position = analysis.lines.position(use.span.start)
                requests.append(
                    ServerSession.at(
                        2 * offset + 2, "textDocument/definition", uri: Self.uri(path), position.line,
                        position.character))
                requests.append(
                    LSP.request(
                        2 * offset + 3, "textDocument/references",
                        LSP.ReferenceParams(
                            textDocument: .init(uri: Self.uri(path)), position: position,
                            context: .init(includeDeclaration: true))))
            }
            let messages = Self.serve(path, requests)
            for (offset, use) in uses.enumerated() {
                let what = "\(use.kind.rawValue) \(use.name)"
                let expected = try #require(declared[what], "\(what) is not declared")
                let found = (Self.result(messages, 2 * offset + 2) as? [Any] ?? []).compactMap(Self.place)
                #expect(
                    found.count == 1 && found.first?.file == expected.file && found.first?.line == expected.line,
                    "\(what) at \(path):\(use.span.start.line) leads to \(found), not \(expected)")
                let references = (Self.result(messages, 2 * offset + 3) as? [Any] ?? []).compactMap(Self.place)
                #expect(
                    references.contains { $0.file == expected.file && $0.line == expected.line },
                    "\(what)'s references from \(path):\(use.span.start.line) leave out its declaration")
                #expect(
                    references.contains { $0.file == key && $0.line == use.span.start.line },
                    "\(what)'s references from \(path):\(use.span.start.line) leave out that use")
                // Every reference is the name, written where it says.
                for reference in references {
                    let lines = try String(contentsOfFile: reference.file, encoding: .utf8)
                        .components(separatedBy: "\n")
                    #expect(
                        lines[reference.line - 1].contains(use.name),
                        "\(what)'s reference \(reference) is not on a line that names it")
                }
                checked += 1
            }
        }
        #expect(checked > 50)
    }

    @Test(arguments: ["ride", "stride"])
    func everyNameInTheTestFileLeadsToTheFileOfItsDeclaration(policy: String) throws {
        let declared = try Self.declarations(of: policy)
        let path = Self.policies + "/\(policy).tests.yaml"
        let workspace = PolicyWorkspace(environment: [:])
        workspace.roots = [Self.policies]
        workspace.open(uri: Self.uri(path), text: try String(contentsOfFile: path, encoding: .utf8), version: 1)
        let analysis = try #require(workspace.analysis(Self.uri(path)))
        // Each name once (a test file names the same ones many times).
        var seen: Set<String> = []
        let uses = analysis.index.occurrences.filter { seen.insert("\($0.kind.rawValue) \($0.name)").inserted }
        let requests = uses.enumerated().map { offset, use in
            let position = analysis.lines.position(use.span.start)
            return ServerSession.at(
                offset + 2, "textDocument/definition", uri: Self.uri(path), position.line, position.character)
        }
        let messages = Self.serve(path, requests)
        var elsewhere = 0
        for (offset, use) in uses.enumerated() {
            let what = "\(use.kind.rawValue) \(use.name)"
            guard let expected = declared[what] else { continue }
            let found = (Self.result(messages, offset + 2) as? [Any] ?? []).compactMap(Self.place)
            #expect(
                found.count == 1 && found.first?.file == expected.file && found.first?.line == expected.line,
                "\(what) in \(policy).tests.yaml leads to \(found), not \(expected)")
            if !expected.file.hasSuffix("/\(policy).yaml") { elsewhere += 1 }
        }
        #expect(elsewhere > 5, "the test file names names declared in the included files")
    }

    @Test(arguments: ["ride", "stride"])
    func eachFilesOutlineListsWhatThatFileDeclares(policy: String) throws {
        let declared = try Self.declarations(of: policy)
        for path in try Self.files(of: policy) {
            let key = FrontEndFiles.openDocumentKey(path)
            let messages = Self.serve(
                path,
                [
                    LSP.request(
                        2, "textDocument/documentSymbol",
                        LSP.DocumentSymbolParams(textDocument: .init(uri: Self.uri(path))))
                ])
            let symbols = try #require(Self.result(messages, 2) as? [[String: Any]])
            let here = declared.filter { $0.value.file == key && !$0.key.hasPrefix("level ") }
            #expect(
                symbols.count == here.count,
                "\(path): \(symbols.map { $0["name"] ?? "" }) against \(here.keys.sorted())")
            for symbol in symbols {
                let name = try #require(symbol["name"] as? String)
                let kind = try #require(symbol["detail"] as? String)
                let line = try #require(Self.place(["uri": Self.uri(path), "range": symbol["selectionRange"] as Any]))
                    .line
                let expected = declared["\(kind) \(name)"]
                #expect(
                    expected?.file == key && expected?.line == line,
                    "\(path)'s outline has \(kind) \(name) at line \(line), declared at \(String(describing: expected))"
                )
            }
        }
    }

    /// A finding's note in another file of the policy is placed by that file's lines: the
    /// note of HP301 in stride/workout.yaml is at line 65 of stride/catalogue.yaml, past
    /// workout.yaml's 43 lines, where it used to be placed at workout.yaml's end.
    @Test func aNoteInAnotherFileIsPlacedInThatFile() throws {
        let workout = Self.policies + "/stride/workout.yaml"
        let catalogue = Self.policies + "/stride/catalogue.yaml"
        let text = try String(contentsOfFile: workout, encoding: .utf8)
            .replacingOccurrences(of: "      lap.completed:   {play: lap}\n", with: "")
        let initialize = LSP.InitializeParams(rootUri: Self.uri(Self.policies))
        let messages = ServerSession.serve([
            LSP.request(1, "initialize", initialize), ServerSession.open(text, uri: Self.uri(workout)),
            LSP.request(2, "shutdown"), LSP.notification("exit"),
        ]).messages
        let published = messages.last {
            ($0["method"] as? String) == "textDocument/publishDiagnostics"
                && ($0["params"] as? [String: Any])?["uri"] as? String == Self.uri(workout)
        }
        let diagnostics = try #require((published?["params"] as? [String: Any])?["diagnostics"] as? [[String: Any]])
        let missing = try #require(diagnostics.first { $0["code"] as? String == "HP301" }, "\(diagnostics)")
        let related = try #require(missing["relatedInformation"] as? [[String: Any]])
        let note = try #require(Self.place(related.first?["location"]))
        let line = try #require(
            try String(contentsOfFile: catalogue, encoding: .utf8).components(separatedBy: "\n").firstIndex {
                $0.hasPrefix("  lap.completed:")
            })
        #expect(note.file == FrontEndFiles.openDocumentKey(catalogue) && note.line == line + 1, "\(related)")
        let range = try #require((related.first?["location"] as? [String: Any])?["range"] as? [String: Any])
        let start = try #require((range["start"] as? [String: Any])?["character"] as? Int)
        let end = try #require((range["end"] as? [String: Any])?["character"] as? Int)
        #expect(end - start == "workout".count, "\(range)")
    }
}
