import Foundation
import Testing

@testable import HapticPolicyCLI
@testable import HapticPolicyLanguageServer

/// What the editor shows is what `lint` says: the language server's findings on a text
/// are those of `haptic-policy lint` on the same text.
@Suite struct EditorFindingsTests {
    @Test func findingsAreLintsOnTheEditorsText() throws {
        let path = packageRoot.appendingPathComponent("Policies/plavo.yaml").path
        let text = try String(contentsOfFile: path, encoding: .utf8)
            .replacingOccurrences(of: "{play: pulse, cite: H-4}", with: "{play: gaol, cite: H-4}")
        let uri = URL(fileURLWithPath: path).absoluteString
        let workspace = PolicyWorkspace(environment: [:])
        workspace.open(uri: uri, text: text, version: 1)
        let codes = try #require(workspace.analysis(uri)).diagnostics.map(\.code)
        #expect(codes.contains("HP201"))
        let lint = runInProcess(["lint", "--format", "json", "-"], stdin: text)
        let object = try JSONSerialization.jsonObject(with: Data(lint.stdout.utf8)) as? [String: Any]
        let linted = (object?["diagnostics"] as? [[String: Any]] ?? []).compactMap { $0["code"] as? String }
        #expect(linted.sorted() == codes.sorted())
    }
}
