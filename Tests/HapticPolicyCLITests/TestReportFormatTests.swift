import Foundation
import Testing

@testable import HapticPolicyCLI

/// `test --format junit|json`: the documents CI systems and tools read, their goldens,
/// the JUnit checked against the JUnit XML schema (`Docs/schemas/junit.xsd`) and the
/// JSON against `Docs/schemas/test.schema.json`.
@Suite struct TestReportFormatTests {
    /// One passing case and one failing case whose name XML must escape.
    static let fixture = "Tests/HapticPolicyCLITests/Fixtures/test-report/report.tests.yaml"

    @Test func junitIsItsGoldenAndValidates() throws {
        let result = runInProcess(["test", Self.fixture, "--format", "junit"])
        #expect(result.exitCode == 1)
        #expect(result.stderr == "1 passed, 1 failed\n", "\(result.stderr)")
        try expectGolden(result.stdout, named: "test-report.junit.xml")
        let checked = try validateOutput(result.stdout, schema: "junit.xsd", named: "results.xml")
        #expect(checked.status == 0, "\(checked.output)")
    }

    /// The failure's message starts with the failing step's `file:line:column`, which CI
    /// systems turn into a link, and names the case, the expected and the actual.
    @Test func aFailureNamesItsFileAndLine() throws {
        let result = runInProcess(["test", Self.fixture, "--format", "junit"])
        #expect(
            result.stdout.contains(
                "<failure message=\"\(Self.fixture):14:9: 'the &lt;top&gt; zone &amp; &quot;high&quot; rings at once' step 3"
            ), "\(result.stdout)")
        #expect(result.stdout.contains("expected play heart.high, actual silent dwelling"))
        #expect(
            result.stdout.contains("<testsuites name=\"haptic-policy test\" tests=\"2\" failures=\"1\" errors=\"0\">"))
    }

    @Test func jsonIsItsGoldenAndValidates() throws {
        let result = runInProcess(["test", Self.fixture, "--format", "json"])
        #expect(result.exitCode == 1)
        try expectGolden(result.stdout, named: "test-report.json")
        let checked = try validateOutput(result.stdout, schema: "test.schema.json", named: "results.json")
        #expect(checked.status == 0, "\(checked.output)")
        let document = try #require(
            try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(document["format"] as? Int == TestResultJSONReporter.formatVersion)
        #expect(document["passed"] as? Int == 1 && document["failed"] as? Int == 1)
    }

    /// The shipped tests, all passing, with coverage: both documents validate and count
    /// what the text report counts.
    @Test func theShippedTestsValidateInBothFormats() throws {
        let text = runInProcess(["test"])
        let summary = try #require(text.stdout.split(separator: "\n").last.map(String.init))
        let junit = runInProcess(["test", "--format", "junit", "--min-coverage", "100"])
        #expect(junit.exitCode == 0, "\(junit.stderr)")
        #expect(junit.stderr == summary + "\n")
        let passed = try #require(Int(summary.split(separator: " ")[0]))
        #expect(
            junit.stdout.contains("tests=\"\(passed)\" failures=\"0\" errors=\"0\">"), "\(junit.stdout.prefix(300))")
        #expect(!junit.stdout.contains("passed,"))
        let xml = try validateOutput(junit.stdout, schema: "junit.xsd", named: "shipped.xml")
        #expect(xml.status == 0, "\(xml.output)")
        let json = runInProcess(["test", "--format", "json"])
        let checked = try validateOutput(json.stdout, schema: "test.schema.json", named: "shipped.json")
        #expect(checked.status == 0, "\(checked.output)")
    }

    /// A test file that cannot be run is a suite with an `error` (its diagnostics stay
    /// on stderr), and coverage below `--min-coverage` a failing `(coverage)` case.
    @Test func anUnusableFileAndLowCoverageAreReported() throws {
        let folder = try temporaryFolder("test-report")
        defer { try? FileManager.default.removeItem(at: folder) }
        let broken = folder.appendingPathComponent("broken.tests.yaml")
        try Data("policy: missing.yaml\ncases: []\n".utf8).write(to: broken)
        // One case of plavo's 22 cells: 4.5 % cell coverage.
        try FileManager.default.copyItem(
            at: packageRoot.appendingPathComponent("Policies/plavo.yaml"),
            to: folder.appendingPathComponent("plavo.yaml"))
        let low = folder.appendingPathComponent("low.tests.yaml")
        try Data("policy: plavo.yaml\ntable:\n  - {screen: camera, event: shutter, play: tap}\n".utf8).write(to: low)
        let arguments = ["test", broken.path, low.path, "--min-coverage", "90"]
        let result = runInProcess(arguments + ["--format", "junit"])
        #expect(result.exitCode == 1)
        #expect(result.stderr.contains("HP804"), "\(result.stderr)")
        #expect(result.stdout.contains("<error message=\"\(broken.path): the test file could not be run"))
        #expect(
            result.stdout.contains(
                "<failure message=\"\(low.path): cell coverage 4.5% of \(folder.path)/plavo.yaml is below --min-coverage\" type=\"coverage\"/>"
            ), "\(result.stdout)")
        #expect(result.stdout.contains("tests=\"3\" failures=\"1\" errors=\"1\">"))
        let checked = try validateOutput(result.stdout, schema: "junit.xsd", named: "mixed.xml")
        #expect(checked.status == 0, "\(checked.output)")
        let json = runInProcess(arguments + ["--format", "json"])
        #expect(json.stdout.contains("\"unusable\" : 1"), "\(json.stdout)")
        #expect(json.stdout.contains("\"belowMinCoverage\" : true"))
        let valid = try validateOutput(json.stdout, schema: "test.schema.json", named: "mixed.json")
        #expect(valid.status == 0, "\(valid.output)")
    }

    /// The schema is strict enough to refuse what CI systems would not read.
    @Test func theJUnitSchemaRefusesAnUnknownElement() throws {
        let text = runInProcess(["test", Self.fixture, "--format", "junit"]).stdout
        let edited = text.replacingOccurrences(of: "<properties>", with: "<extra/><properties>")
        let checked = try validateOutput(edited, schema: "junit.xsd", named: "edited.xml")
        #expect(checked.status == 1, "\(checked.output)")
        #expect(checked.output.contains("extra"), "\(checked.output)")
    }

    @Test func controlCharactersAreEscapedForXML() {
        #expect(TestResultJUnitReporter.attribute("a\"b<c>&\n\u{1}") == "a&quot;b&lt;c&gt;&amp;&#10;\u{FFFD}")
        #expect(TestResultJUnitReporter.text("a\"b\n") == "a\"b\n")
    }
}
