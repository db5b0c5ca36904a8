import Foundation
import Testing

/// Compares `actual` with the golden file `Golden/<name>`; with `RECORD_GOLDEN=1` it
/// rewrites the file instead and fails, so a re-record is never silent.
func expectGolden(_ actual: String, named name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
    let url = packageRoot.appendingPathComponent("Tests/HapticPolicyCLITests/Golden").appendingPathComponent(name)
    if ProcessInfo.processInfo.environment["RECORD_GOLDEN"] == "1" {
        try actual.write(to: url, atomically: true, encoding: .utf8)
        Issue.record("recorded golden file \(name); unset RECORD_GOLDEN and run again", sourceLocation: sourceLocation)
        return
    }
    guard let expected = try? String(contentsOf: url, encoding: .utf8) else {
        Issue.record(
            "missing golden file \(name); run with RECORD_GOLDEN=1 to create it", sourceLocation: sourceLocation)
        return
    }
    #expect(actual == expected, "output differs from Golden/\(name)", sourceLocation: sourceLocation)
}
