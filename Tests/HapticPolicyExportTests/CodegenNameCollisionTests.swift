import Foundation
import HapticPolicy
import HapticPolicyExport
import Testing

/// Codegen never declares two types with one name in one scope, in any language: a
/// choice type made from an event's and a data field's words (`app` + `state`) may spell a
/// type the generator declares itself (Kotlin's `AppState`, TypeScript's
/// `<Policy>EventFields`) or one the declarations name (Swift's `ScalarValue`).
@Suite struct CodegenNameCollisionTests {
    /// Events whose choice types spell the generators' own type names (the fixture the
    /// CLI tests compile too).
    static let yaml: String = {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("HapticPolicyCLITests/Fixtures/codegen/clash.yaml")
        return (try? String(contentsOf: url, encoding: .utf8)) ?? ""
    }()

    /// The names of the types `code` declares, by the path of the types around them
    /// (`Clash/Event`), from the generators' indentation; those declared more than once
    /// in one scope.
    static func duplicateDeclarations(_ code: String) -> [String] {
        let declaration =
            #/^( *)(?:public |export |private )?(?:enum class|sealed class|enum|class|object|interface|type|struct) +([A-Za-z_][A-Za-z0-9_]*)/#
        var scopes: [(indent: Int, name: String)] = []
        var seen = Set<String>()
        var duplicates: [String] = []
        for line in code.split(separator: "\n", omittingEmptySubsequences: false) {
            guard let match = String(line).firstMatch(of: declaration) else { continue }
            let indent = match.1.count
            while let last = scopes.last, last.indent >= indent { scopes.removeLast() }
            let path = (scopes.map(\.name) + [String(match.2)]).joined(separator: "/")
            if !seen.insert(path).inserted { duplicates.append(path) }
            scopes.append((indent, String(match.2)))
        }
        return duplicates
    }

    @Test(arguments: [SourceLanguage.swift, .kotlin, .typeScript])
    func noTwoDeclarationsShareAName(_ language: SourceLanguage) throws {
        let policy = try HostileNamesTests.compile(Self.yaml)
        let code =
            switch language {
            case .swift: SwiftCodeGenerator.generate(policy)
            case .kotlin: KotlinCodeGenerator.generate(policy)
            case .typeScript: TypeScriptCodeGenerator.generate(policy)
            }
        #expect(Self.duplicateDeclarations(code) == [], "\(code)")
        switch language {
        case .swift:
            #expect(code.contains("public enum ScalarValue_: "))
            #expect(code.contains("public var value: ScalarValue? {"))
        case .kotlin:
            #expect(code.contains("sealed class AppState_(val id: String)"))
            #expect(code.contains("enum class AppState(val id: String)"))
        case .typeScript:
            #expect(code.contains("export type ClashEventFields_ ="))
            #expect(code.contains("interface ClashEventFields {"))
        }
    }

    /// The check sees a duplicate where there is one, and none across scopes.
    @Test func theCheckFindsADuplicateInOneScopeOnly() {
        let code = "object A {\n    class B\n    object C {\n        class B\n    }\n    class B\n}\n"
        #expect(Self.duplicateDeclarations(code) == ["A/B"])
    }
}
