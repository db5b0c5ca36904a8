import Foundation
import HapticPolicy
import HapticPolicyCompiler
import HapticPolicyYAML
import Testing

/// The schema and the Swift loader agree on `scripts/schema-fixtures`: what the schema
/// rejects (`*.bad.yaml`), `PolicyLoader` and `PolicyValidator` reject too; what it accepts
/// (`*.good.yaml`), they accept. An editor and `lint` never disagree on these cases.
@Suite struct SchemaFixturesTests {
    static func fixtures(endingWith suffix: String) -> [RepositoryFiles.PolicySource] {
        let directory = RepositoryFiles.root.appendingPathComponent("scripts/schema-fixtures")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { $0.hasSuffix(suffix) }.sorted().compactMap { name in
            guard let text = try? String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)
            else { return nil }
            return RepositoryFiles.PolicySource(file: "scripts/schema-fixtures/\(name)", firstLine: 1, text: text)
        }
    }

    static let rejected = fixtures(endingWith: ".bad.yaml")
    static let accepted = fixtures(endingWith: ".good.yaml")

    @Test func fixturesExist() {
        #expect(Self.rejected.count >= 10)
        #expect(!Self.accepted.isEmpty)
    }

    @Test(arguments: rejected)
    func theLoaderRejectsWhatTheSchemaRejects(_ fixture: RepositoryFiles.PolicySource) {
        let (_, findings) = RepositoryFiles.lint(fixture)
        #expect(findings.contains { $0.severity == .error }, "\(RepositoryFiles.render(findings))")
    }

    @Test(arguments: accepted)
    func theLoaderAcceptsWhatTheSchemaAccepts(_ fixture: RepositoryFiles.PolicySource) {
        let (document, findings) = RepositoryFiles.lint(fixture)
        #expect(document != nil)
        #expect(!findings.contains { $0.severity == .error }, "\(RepositoryFiles.render(findings))")
    }
}
