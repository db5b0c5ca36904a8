import Foundation
import HapticPolicy
import HapticPolicyYAML
import Testing

/// The schema and the Swift loader agree: every policy `scripts/schema-fixtures` says the
/// schema must reject is also rejected by `PolicyLoader` and `PolicyValidator`, so an
/// editor never flags what `lint` accepts, nor the other way round for these cases.
@Suite struct SchemaFixturesTests {
    static let fixtures: [RepositoryFiles.PolicySource] = {
        let directory = RepositoryFiles.root.appendingPathComponent("scripts/schema-fixtures")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { $0.hasSuffix(".bad.yaml") }.sorted().compactMap { name in
            guard let text = try? String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)
            else { return nil }
            return RepositoryFiles.PolicySource(file: "scripts/schema-fixtures/\(name)", firstLine: 1, text: text)
        }
    }()

    @Test func fixturesExist() {
        #expect(Self.fixtures.count >= 10)
    }

    @Test(arguments: fixtures)
    func theLoaderRejectsWhatTheSchemaRejects(_ fixture: RepositoryFiles.PolicySource) {
        let (_, findings) = RepositoryFiles.lint(fixture)
        #expect(findings.contains { $0.severity == .error }, "\(RepositoryFiles.render(findings))")
    }
}
