import Foundation
import Testing

@testable import HapticPolicyCLI
@testable import HapticPolicyCompiler

/// Checks `text` against a schema of `Docs/schemas/` with the one validator
/// (`scripts/validate-bundles.py --schema`); `name` ending in `.jsonl` is checked line by line.
func validateOutput(_ text: String, schema: String, named name: String) throws -> (output: String, status: Int32) {
    let directory = try temporaryDirectory("output-schema")
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = directory.appendingPathComponent(name)
    try Data(text.utf8).write(to: file)
    return try runExternal("python3", ["scripts/validate-bundles.py", "--schema", "Docs/schemas/\(schema)", file.path])
}

/// Every JSON the CLI writes validates against its schema in `Docs/schemas/` (closed
/// objects: a field the writer adds and the schema lacks fails here), and `table` and
/// `diff` carry their format version.
@Suite struct OutputSchemaTests {
    static let policies = ["plavo", "stride", "ride", "breathing", "metronome"]
    static let fleet = "Tests/HapticPolicyCLITests/Fixtures/fleet"

    static func expectValid(
        _ text: String, schema: String, named name: String, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let checked = try validateOutput(text, schema: schema, named: name)
        #expect(checked.status == 0, "\(checked.output)", sourceLocation: sourceLocation)
        #expect(checked.output.hasPrefix("ok "), "\(checked.output)", sourceLocation: sourceLocation)
    }

    @Test(arguments: policies)
    func tableJSONValidatesAndCarriesItsFormat(policy: String) throws {
        let result = runInProcess(["table", "Policies/\(policy).yaml", "--format", "json"])
        #expect(result.exitCode == 0, "\(result.stderr)")
        #expect(result.stdout.contains("\"format\" : \(DecisionTableJSONReporter.formatVersion),"))
        try Self.expectValid(result.stdout, schema: "table.schema.json", named: "\(policy).table.json")
    }

    @Test func diffJSONValidatesAndCarriesItsFormat() throws {
        let result = runInProcess([
            "diff", "Policies/plavo.yaml", "Policies/stride.yaml", "Policies/logs/demo.jsonl", "--format", "json",
        ])
        #expect(
            result.stdout.hasPrefix("{\"format\":\(DiffReport.formatVersion),\"old\":"), "\(result.stdout.prefix(80))")
        #expect(result.stdout.contains("\"before\":{\"action\":"), "the diff has no changes to check")
        try Self.expectValid(result.stdout, schema: "diff.schema.json", named: "diff.json")
    }

    /// The decision log, plain, with `--explain`, over several logs (with `log`), with
    /// invalid lines (with `column`) and a row that does several things (`also`).
    @Test func everyDecisionLineValidates() throws {
        let logs: [[String]] = [
            ["eval", "Policies/plavo.yaml", "Policies/logs/demo.jsonl"],
            ["eval", "Policies/plavo.yaml", "Policies/logs/demo.jsonl", "--explain"],
            ["eval", "Policies/stride.yaml", "Policies/logs/stride-demo.jsonl", "--explain"],
            ["eval", "Policies/ride.yaml", "Policies/logs/ride-demo.jsonl", "--explain"],
            ["eval", "Policies/plavo.yaml", "\(Self.fleet)/a.jsonl", "\(Self.fleet)/b.jsonl.gz"],
        ]
        for arguments in logs {
            let result = runInProcess(arguments)
            try Self.expectValid(result.stdout, schema: "decision.schema.json", named: "decisions.jsonl")
        }
        let invalid = runInProcess(
            ["eval", "Policies/plavo.yaml", "-"],
            stdin: "{\"t\":\"x\",\"event\":\"a\"}\nnot json\n{\"t\":1,\"event\":3}\n")
        #expect(invalid.stdout.contains("\"action\":\"invalid\""))
        #expect(invalid.stdout.contains("\"column\":"))
        try Self.expectValid(invalid.stdout, schema: "decision.schema.json", named: "invalid.jsonl")
    }

    /// What `simulate` writes, for every shipped scenario (each through the policy it is
    /// written for: `stride-*` through stride, `ride-*` through ride, `breathing` and
    /// `metronome` through theirs,
    /// the rest through plavo), and the shipped logs.
    @Test func simulatedAndShippedEventLogsValidate() throws {
        let listed = runInProcess(["simulate", "Policies/plavo.yaml", "--list"])
        let scenarios = listed.stdout.split(separator: "\n").compactMap {
            $0.split(separator: " ").first.map(String.init)
        }
        #expect(scenarios.count >= 10, "\(listed.stdout)")
        for scenario in scenarios {
            let policy = ["stride", "ride", "breathing", "metronome"].first { scenario.hasPrefix($0) } ?? "plavo"
            let result = runInProcess(["simulate", "Policies/\(policy).yaml", "-s", scenario])
            #expect(result.exitCode == 0, "\(scenario): \(result.stderr)")
            try Self.expectValid(result.stdout, schema: "event.schema.json", named: "\(scenario).jsonl")
        }
        for log in ["demo", "stride-demo", "ride-demo"] {
            let text = try String(
                contentsOf: packageRoot.appendingPathComponent("Policies/logs/\(log).jsonl"), encoding: .utf8)
            try Self.expectValid(text, schema: "event.schema.json", named: "\(log).jsonl")
        }
    }

    @Test func summaryAndMergeJSONValidate() throws {
        let summary = runInProcess([
            "eval", "Policies/plavo.yaml", "\(Self.fleet)/a.jsonl", "\(Self.fleet)/b.jsonl.gz", "--format", "none",
            "--summary", "json",
        ])
        #expect(summary.exitCode == 0, "\(summary.stderr)")
        try Self.expectValid(summary.stdout, schema: "summary.schema.json", named: "summary.json")
        let folder = try temporaryFolder("merge-schema")
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("one.json")
        try Data(summary.stdout.utf8).write(to: file)
        let merged = runInProcess(["merge", file.path, file.path])
        #expect(merged.exitCode == 0, "\(merged.stderr)")
        try Self.expectValid(merged.stdout, schema: "summary.schema.json", named: "merged.json")
    }

    @Test func lintJSONValidates() throws {
        let result = runInProcess(["lint", "Tests/HapticPolicyCLITests/Fixtures/broken.yaml", "--format", "json"])
        #expect(result.stdout.contains("\"notes\""))
        try Self.expectValid(result.stdout, schema: "lint.schema.json", named: "lint.json")
    }

    /// A field the schemas do not list is refused: every object is closed.
    @Test(arguments: [
        ("table.schema.json", ["table", "Policies/plavo.yaml", "--format", "json"], "\"policy\" :"),
        (
            "diff.schema.json",
            ["diff", "Policies/plavo.yaml", "Policies/stride.yaml", "Policies/logs/demo.jsonl", "--format", "json"],
            "\"old\":"
        ),
        (
            "lint.schema.json", ["lint", "Tests/HapticPolicyCLITests/Fixtures/broken.yaml", "--format", "json"],
            "\"files\" :"
        ),
        ("test.schema.json", ["test", "Policies/metronome.tests.yaml", "--format", "json"], "\"files\" :"),
    ])
    func anUnlistedFieldIsRefused(schema: String, arguments: [String], marker: String) throws {
        let text = runInProcess(arguments).stdout
        let range = try #require(text.range(of: marker))
        let edited = text.replacingCharacters(in: range, with: "\"extra\":1," + marker)
        let checked = try validateOutput(edited, schema: schema, named: "edited.json")
        #expect(checked.status == 1, "\(checked.output)")
        #expect(checked.output.contains("'extra' was unexpected"), "\(checked.output)")
    }

    /// Every schema is a valid draft 2020-12 schema (the validator checks it first) and
    /// `Docs/cli.md` names each one.
    @Test func everySchemaIsDocumented() throws {
        let folder = packageRoot.appendingPathComponent("Docs/schemas")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(names.contains("decision.schema.json") && names.contains("junit.xsd"), "\(names)")
        let reference = try String(contentsOf: packageRoot.appendingPathComponent("Docs/cli.md"), encoding: .utf8)
        for name in names {
            #expect(reference.contains("Docs/schemas/\(name)"), "Docs/cli.md does not name Docs/schemas/\(name)")
        }
    }
}

/// SARIF rules link to their entry in `Docs/checks.md`, by the anchor the page gives each code.
@Suite struct SARIFHelpURITests {
    @Test func everyRuleLinksToItsEntryInChecks() throws {
        let result = runInProcess(["lint", "Tests/HapticPolicyCLITests/Fixtures/broken.yaml", "--format", "sarif"])
        let log = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let run = try #require((log["runs"] as? [[String: Any]])?.first)
        let driver = try #require((run["tool"] as? [String: Any])?["driver"] as? [String: Any])
        let rules = try #require(driver["rules"] as? [[String: Any]])
        #expect(rules.count > 2)
        let checks = try String(contentsOf: packageRoot.appendingPathComponent("Docs/checks.md"), encoding: .utf8)
        for rule in rules {
            let id = try #require(rule["id"] as? String)
            #expect(rule["helpUri"] as? String == "Docs/checks.md#\(id.lowercased())")
            let anchored =
                checks.contains("<a id=\"\(id.lowercased())\"></a>") || checks.contains("\n### \(id)\n")
            #expect(anchored, "Docs/checks.md has no anchor #\(id.lowercased())")
        }
    }

    /// Every registered code has its anchor, so any rule's link lands.
    @Test func everyRegisteredCodeHasAnAnchor() throws {
        let checks = try String(contentsOf: packageRoot.appendingPathComponent("Docs/checks.md"), encoding: .utf8)
        for code in DiagnosticRegistry.all.map(\.code) {
            let anchor = DiagnosticRegistry.anchor(of: code)
            #expect(
                checks.contains("<a id=\"\(anchor)\"></a>") || checks.contains("\n### \(code)\n"),
                "Docs/checks.md has no anchor #\(anchor)")
        }
    }
}
