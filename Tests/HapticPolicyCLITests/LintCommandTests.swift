import Foundation
import Testing

@Suite struct LintCommandTests {
    static let broken = "Tests/HapticPolicyCLITests/Fixtures/broken.yaml"

    @Test func shippedPoliciesAreCleanUnderStrict() throws {
        let result = try runBinary([
            "lint", "--strict", "Policies/plavo.yaml", "Policies/breathing.yaml", "Policies/metronome.yaml",
        ])
        #expect(result.exitCode == 0, "\(result.stderr)")
        #expect(result.stderr == "3 policies checked: 0 errors, 0 warnings (ok)\n")
        #expect(result.stdout.isEmpty)
    }

    @Test func testFilesAreLintedAsTestFiles() throws {
        let result = try runBinary(["lint", "--strict", "Policies/plavo.tests.yaml", "Policies/breathing.tests.yaml"])
        #expect(result.exitCode == 0, "\(result.stderr)")
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("lint-tests-\(getpid())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.copyItem(
            at: packageRoot.appendingPathComponent("Policies/metronome.yaml"),
            to: directory.appendingPathComponent("metronome.yaml"))
        let tests = try String(
            contentsOf: packageRoot.appendingPathComponent("Policies/metronome.tests.yaml"), encoding: .utf8
        )
        .replacingOccurrences(of: "play: click", with: "play: clack")
        let file = directory.appendingPathComponent("metronome.tests.yaml")
        try tests.write(to: file, atomically: true, encoding: .utf8)
        let broken = try runBinary(["lint", file.path])
        #expect(broken.exitCode == 1)
        #expect(broken.stderr.contains("error[HP806]: feedback 'clack' is not declared"), "\(broken.stderr)")
    }

    /// Every name a test file uses is checked against its policy, at the value's own
    /// line and column with the nearest declared name, in the same pass as the syntax.
    @Test func testFileNamesAreCheckedWhereTheyAreWrittenWithSyntaxErrorsInOnePass() throws {
        let folder = try temporaryFolder("lint-names")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.copyItem(
            at: packageRoot.appendingPathComponent("Policies/metronome.yaml"),
            to: folder.appendingPathComponent("metronome.yaml"))
        let tests = """
            policy: metronome.yaml
            table:
              - {screen: metronme, event: metronome.start, play: click}
              - {screen: metronome, event: lap.complete, silent: designer}
              - {screen: metronome, event: metronome.start, play: clik, plya: x}
            cases:
              - name: a step on an undeclared event, on purpose
                screen: metronome
                steps:
                  - {event: plant.dance, silent: unknown-event}
            """
        try Data(tests.utf8).write(to: folder.appendingPathComponent("metronome.tests.yaml"))
        let result = try runShell("cd \(shellQuoted(folder.path)) && \"$TOOL\" lint metronome.tests.yaml")
        #expect(result.exitCode == 1)
        let headers = result.stderr.split(separator: "\n").filter { !$0.hasPrefix(" ") }
        #expect(
            headers == [
                "metronome.tests.yaml:3:14: error[HP806]: screen 'metronme' is not declared in metronome.yaml; did you mean 'metronome'?",
                "metronome.tests.yaml:4:32: error[HP806]: event 'lap.complete' is not in the catalogue of metronome.yaml; add it under 'events:' or fix the test",
                "metronome.tests.yaml:5:55: error[HP806]: feedback 'clik' is not declared in metronome.yaml; did you mean 'click'?",
                "metronome.tests.yaml:5:61: error[HP012]: unknown key 'plya'; did you mean 'play'?",
                "1 test file checked: 4 errors, 0 warnings (failed)",
            ], "\(result.stderr)")
    }

    /// A scenario (a YAML file in a `scenarios` folder) is linted as a scenario: its
    /// syntax and its event and screen names against the policies next to the folder, in
    /// one pass, each name where it is written with the nearest declared one.
    @Test func scenarioFilesAreLintedAsScenariosWithTheirNamesInOnePass() throws {
        let folder = try temporaryFolder("lint-scenario")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.copyItem(
            at: packageRoot.appendingPathComponent("Policies/metronome.yaml"),
            to: folder.appendingPathComponent("metronome.yaml"))
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("scenarios"), withIntermediateDirectories: true)
        let scenario = """
            scenario: typos
            duration: 10
            steps:
              - {at: 0, event: screen.enter, screen: metronme}
              - {at: 1, event: metronome.strat}
              - {at: 2, event: metronome.stop, subjct: x}
            """
        try Data(scenario.utf8).write(to: folder.appendingPathComponent("scenarios/typos.yaml"))
        let result = try runShell(
            "cd \(shellQuoted(folder.path)) && \"$TOOL\" lint scenarios/typos.yaml metronome.yaml")
        #expect(result.exitCode == 1)
        let headers = result.stderr.split(separator: "\n").filter { !$0.hasPrefix(" ") }
        #expect(headers.count == 4, "\(result.stderr)")
        #expect(
            headers.first
                == "scenarios/typos.yaml:4:42: error[HP805]: screen 'metronme' is not declared in metronome.yaml (did you mean 'metronome'?); add it under 'screens:' or fix the scenario",
            "\(result.stderr)")
        #expect(
            headers.dropFirst().first?.hasPrefix(
                "scenarios/typos.yaml:5:20: error[HP805]: event 'metronome.strat' is not in the catalogue of metronome.yaml (did you mean 'metronome.start'?)"
            ) == true, "\(result.stderr)")
        #expect(headers.dropFirst(2).first?.contains("error[HP012]: unknown key 'subjct'") == true, "\(result.stderr)")
        #expect(headers.last == "1 policy and 1 scenario checked: 3 errors, 0 warnings (failed)")
    }

    /// The shipped scenarios lint clean against the shipped policies.
    @Test func shippedScenariosLintClean() throws {
        let scenarios = try FileManager.default.contentsOfDirectory(
            atPath: packageRoot.appendingPathComponent("Policies/scenarios").path
        ).filter { $0.hasSuffix(".yaml") }.sorted().map { "Policies/scenarios/" + $0 }
        let result = try runBinary(["lint", "--strict"] + scenarios)
        #expect(result.exitCode == 0, "\(result.stderr)")
        #expect(result.stderr == "\(scenarios.count) scenarios checked: 0 errors, 0 warnings (ok)\n")
    }

    /// The summary says what was checked: policies, test files, or both.
    @Test(arguments: [
        (["Policies/plavo.tests.yaml"], "1 test file checked"),
        (
            ["Policies/plavo.yaml", "Policies/plavo.tests.yaml", "Policies/breathing.tests.yaml"],
            "1 policy and 2 test files checked"
        ),
        (["Policies/plavo.yaml"], "1 policy checked"),
        (["Policies/plavo.yaml", "Policies/breathing.yaml"], "2 policies checked"),
    ])
    func summaryNamesWhatWasChecked(paths: [String], checked: String) throws {
        let result = try runBinary(["lint"] + paths)
        #expect(result.exitCode == 0, "\(result.stderr)")
        #expect(result.stderr == "\(checked): 0 errors, 0 warnings (ok)\n")
    }

    @Test func textFormatGoesToStderrWithCarets() throws {
        let result = try runBinary(["lint", Self.broken])
        #expect(result.exitCode == 1)
        #expect(result.stdout.isEmpty)
        try expectGolden(result.stderr, named: "lint-broken.txt")
    }

    @Test(arguments: ["json", "sarif"])
    func machineFormatsGoToStdout(format: String) throws {
        let result = try runBinary(["lint", "--format", format, Self.broken])
        #expect(result.exitCode == 1)
        #expect(result.stderr.isEmpty)
        #expect((try? JSONSerialization.jsonObject(with: Data(result.stdout.utf8))) != nil, "not JSON")
        try expectGolden(result.stdout, named: "lint-broken.\(format)")
    }

    @Test func sarifNamesTheRulesAndTheColumnUnit() throws {
        let result = try runBinary(["lint", "--format", "sarif", Self.broken])
        let log = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(log["version"] as? String == "2.1.0")
        let run = try #require((log["runs"] as? [[String: Any]])?.first)
        #expect(run["columnKind"] as? String == "unicodeCodePoints")
        let results = try #require(run["results"] as? [[String: Any]])
        let rules = try #require(
            ((run["tool"] as? [String: Any])?["driver"] as? [String: Any])?["rules"] as? [[String: Any]])
        for result in results {
            let index = try #require(result["ruleIndex"] as? Int)
            #expect(rules[index]["id"] as? String == result["ruleId"] as? String)
        }
    }

    @Test func warningsFailOnlyUnderStrict() throws {
        let policy = """
            policy: w
            version: 1
            feedback:
              tap: {layer: ui, preset: impact.light}
            events:
              button.tap: {layer: ui, screens: all}
            screens:
              home:
                table:
                  button.tap: {silent: not on every tap}
            budgets:
              - {id: B-1, each: screen, max: 6, per: 10}
            """
        let relaxed = try runBinary(["lint", "-"], stdin: policy)
        #expect(relaxed.exitCode == 0)
        #expect(relaxed.stderr.contains("<stdin>:4:3: warning[HP211]"))
        let strict = try runBinary(["lint", "--strict", "-"], stdin: policy)
        #expect(strict.exitCode == 1)
    }

    @Test func missingFileIsALocatedError() throws {
        let result = try runBinary(["lint", "Policies/nope.yaml"])
        #expect(result.exitCode == 1)
        #expect(
            result.stderr.hasPrefix(
                "Policies/nope.yaml:1:1: error[HP001]: cannot read 'Policies/nope.yaml': no such file"))
    }

    @Test(arguments: [["lint"], ["lint", "--format", "xml", "x.yaml"], ["lint", "--stirct", "x.yaml"]])
    func usageErrorsExit64(arguments: [String]) throws {
        let result = try runBinary(arguments)
        #expect(result.exitCode == 64)
        #expect(result.stderr.hasPrefix("error: "))
    }

    @Test func everyCommandHasHelp() throws {
        for command in ["lint", "table"] {
            let result = try runBinary([command, "--help"])
            #expect(result.exitCode == 0)
            #expect(result.stdout.contains("OVERVIEW:"))
            #expect(result.stdout.contains("USAGE: haptic-policy \(command)"))
            #expect(result.stdout.contains("EXAMPLES:"))
        }
    }
}

@Suite struct TableCommandTests {
    @Test(arguments: ["md", "json"])
    func plavoTable(format: String) throws {
        let result = try runBinary(["table", "--format", format, "Policies/plavo.yaml"])
        #expect(result.exitCode == 0, "\(result.stderr)")
        try expectGolden(result.stdout, named: "plavo-table.\(format)")
    }

    /// The navigator's table (issue 23): its turn band's edges, directions and levels as
    /// a designer reads them.
    @Test(arguments: ["md", "json"])
    func rideTable(format: String) throws {
        let result = try runBinary(["table", "--format", format, "Policies/ride.yaml"])
        #expect(result.exitCode == 0, "\(result.stderr)")
        try expectGolden(result.stdout, named: "ride-table.\(format)")
    }

    @Test func markdownRowsAlignByDisplayWidth() throws {
        let result = try runBinary(["table", "Policies/plavo.yaml"])
        let tableLines = result.stdout.split(separator: "\n").filter { $0.hasPrefix("| ") }
        let widthsBySection = Set(
            tableLines.map { line in
                line.split(separator: "|", omittingEmptySubsequences: false).count
            })
        #expect(widthsBySection.count == 1, "every table row has the same number of columns")
        let cameraRows = result.stdout.components(separatedBy: "## camera")[1].components(separatedBy: "## ")[0]
            .split(separator: "\n").filter { $0.hasPrefix("|") }
        #expect(Set(cameraRows.map { displayWidthForTest(String($0)) }).count == 1, "camera rows are not aligned")
    }

    @Test func refusesPolicyWithErrors() throws {
        let result = try runBinary(["table", LintCommandTests.broken])
        #expect(result.exitCode == 1)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains("run 'haptic-policy lint"))
    }
}

/// East Asian wide characters count two columns (independent re-implementation for the test).
func displayWidthForTest(_ text: String) -> Int {
    text.unicodeScalars.reduce(0) { width, scalar in
        switch scalar.value {
        case 0x3000...0x9FFF, 0xFF01...0xFF60: width + 2
        default: width + 1
        }
    }
}

/// Every kind of malformed input issue 2 lists, through the built binary: a located
/// error with its code and exit 1, never a crash or a hang.
@Suite struct LintMalformedInputTests {
    static var billionLaughs: String {
        var lines = ["a0: &a0 [x, x, x, x, x, x, x, x, x, x]"]
        for level in 1...9 {
            let previous = "*a\(level - 1)"
            lines.append("a\(level): &a\(level) [\(Array(repeating: previous, count: 10).joined(separator: ", "))]")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    static let cases: [(name: String, bytes: [UInt8], expected: String)] = [
        ("empty", [], "<stdin>:1:1: error[HP002]"),
        ("not UTF-8", Array("policy: x\nversion: 1\nnote: caf".utf8) + [0xE9, 0x0A], "<stdin>:3:10: error[HP003]"),
        ("syntax", Array("policy: x\nfeedback: {tap: {layer: ui\n".utf8), "error[HP005]"),
        ("duplicate key", Array("policy: x\nversion: 1\npolicy: y\n".utf8), "<stdin>:3:1: error[HP006]"),
        ("deep nesting", Array((String(repeating: "[", count: 100_000) + "\n").utf8), "error[HP007]"),
        ("alias bomb", Array(billionLaughs.utf8), "error[HP008]"),
        (
            "too large",
            Array(("policy: x\nversion: 1\ndescription: \"" + String(repeating: "a", count: 2 << 20) + "\"\n").utf8),
            "error[HP004]"
        ),
        ("wrong type", Array("policy: x\nversion: [1]\n".utf8), "<stdin>:2:10: error[HP011]"),
    ]

    @Test(arguments: cases.indices)
    func malformedInputIsALocatedErrorWithExit1(index: Int) throws {
        let (name, bytes, expected) = Self.cases[index]
        let result = try runBinary(["lint", "-"], stdinBytes: bytes)
        #expect(result.exitCode == 1, "\(name): \(result.stderr)")
        #expect(result.stderr.contains(expected), "\(name): \(result.stderr)")
    }
}

/// Commands reading a file that is not a policy (a log, a scenario, an AHAP file) name it
/// and exit 1 when it is missing, through the one reader (`InputFiles`).
/// (A missing policy is a located diagnostic, like any policy problem: `PolicyFrontEndTests`.)
@Suite struct MissingInputTests {
    @Test(arguments: [
        (["import-ahap", "nope.ahap"], "nope.ahap"),
        (["eval", "Policies/plavo.yaml", "nope.jsonl"], "nope.jsonl"),
        (["diff", "Policies/plavo.yaml", "Policies/plavo.yaml", "nope.jsonl"], "nope.jsonl"),
        (["report", "Policies/plavo.yaml", "--events", "nope.jsonl", "--out", "/dev/null"], "nope.jsonl"),
        (["simulate", "Policies/plavo.yaml", "-s", "./nope.yaml"], "./nope.yaml"),
    ])
    func missingFileIsNamedWithExit1(arguments: [String], path: String) throws {
        let result = try runBinary(arguments)
        #expect(result.exitCode == 1, "\(result.stderr)")
        #expect(result.stderr.hasPrefix("error: \(path): no such file; check the path"), "\(result.stderr)")
        #expect(result.stdout.isEmpty)
    }
}
