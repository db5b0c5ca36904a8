import Foundation
import HapticPolicyCompiler
import HapticPolicyDocument
import HapticPolicyExport
import Testing

/// Golden-file comparison: the file under `Golden/` is the expected output. JSON files are
/// compared as parsed JSON (key order is not meaningful); others byte for byte. Run with
/// `RECORD_GOLDEN=1` to re-record; recording still fails the test so it is never silent.
enum Golden {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")

    static func check(_ actual: String, _ name: String, asJSON: Bool, sourceLocation: SourceLocation = #_sourceLocation)
    {
        let url = directory.appendingPathComponent(name)
        if ProcessInfo.processInfo.environment["RECORD_GOLDEN"] == "1" {
            try? FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try? actual.write(to: url, atomically: true, encoding: .utf8)
            Issue.record("recorded \(name); unset RECORD_GOLDEN and run again", sourceLocation: sourceLocation)
            return
        }
        guard let expected = try? String(contentsOf: url, encoding: .utf8) else {
            Issue.record(
                "missing golden file \(name); run with RECORD_GOLDEN=1 to create it", sourceLocation: sourceLocation)
            return
        }
        if asJSON {
            let a = try? JSONParser.parse(actual, file: "actual").canonical
            let b = try? JSONParser.parse(expected, file: name).canonical
            #expect(a != nil, "actual output is not JSON", sourceLocation: sourceLocation)
            #expect(a == b, "\(name) differs from the golden file", sourceLocation: sourceLocation)
        } else {
            #expect(actual == expected, "\(name) differs from the golden file", sourceLocation: sourceLocation)
        }
    }
}
