import Foundation
import Testing
@testable import HapticPolicy

/// `Docs/checks.md` is generated from the catalogue; this test fails when it is stale.
/// `HAPTIC_RECORD=1` rewrites it, and still fails so a recording is never silent.
@Suite struct CheckCatalogueDocsTests {
    static let path = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Docs/checks.md")

    @Test func checksPageIsFresh() throws {
        let expected = CheckCatalogue.markdown
        if ProcessInfo.processInfo.environment["HAPTIC_RECORD"] == "1" {
            try expected.write(to: Self.path, atomically: true, encoding: .utf8)
            Issue.record("re-recorded \(Self.path.path); run again without HAPTIC_RECORD")
            return
        }
        let actual = try String(contentsOf: Self.path, encoding: .utf8)
        #expect(actual == expected, "Docs/checks.md is stale: run HAPTIC_RECORD=1 swift test --filter CheckCatalogueDocsTests")
    }

    @Test func everyCodeIsOnThePage() throws {
        let page = try String(contentsOf: Self.path, encoding: .utf8)
        for code in CheckCatalogue.all {
            #expect(page.contains("| \(code.code) |"), "\(code.code)")
        }
    }
}
