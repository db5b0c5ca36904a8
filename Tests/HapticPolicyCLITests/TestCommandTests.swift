import Foundation
import Testing

@testable import HapticPolicyCLI
@testable import HapticPolicyYAML

@Suite struct TestCommandTests {
    /// A folder with copies of plavo and the metronome: a test file names its policy
    /// inside its own folder (the path policy of named files, Docs/security.md).
    static let folder: URL = {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("test-command-\(UUID())")
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for name in ["plavo.yaml", "metronome.yaml"] {
            try? FileManager.default.copyItem(
                at: packageRoot.appendingPathComponent("Policies/\(name)"), to: folder.appendingPathComponent(name))
        }
        return folder
    }()
    /// The policy `temporaryTestFile` names.
    static let plavoPath = folder.appendingPathComponent("plavo.yaml").path

    /// Writes a test file next to the copy of plavo, naming it.
    static func temporaryTestFile(_ body: String) throws -> URL {
        let file = folder.appendingPathComponent("case-\(UUID()).tests.yaml")
        try Data("policy: plavo.yaml\n\(body)".utf8).write(to: file)
        return file
    }

    static func lastLine(_ text: String) -> String {
        text.split(separator: "\n").last.map(String.init) ?? ""
    }

    @Test func shippedTestsPassWithFullCellCoverage() throws {
        let result = runInProcess(["test", "--coverage", "--min-coverage", "100"])
        #expect(result.exitCode == 0, "\(result.stdout)\(result.stderr)")
        let last = Self.lastLine(result.stdout)
        let counts = last.split(separator: " ")
        #expect(counts.count == 4 && counts[1] == "passed," && counts[3] == "failed", "\(last)")
        #expect(last.hasSuffix(", 0 failed"))
        for policy in ["plavo", "breathing", "metronome"] {
            #expect(result.stdout.contains("Policies/\(policy).tests.yaml (policy Policies/\(policy).yaml)"))
        }
        #expect(!result.stdout.contains("FAIL"))
    }

    @Test func plavoTestsHaveAtLeastFortyCasesAndCoverEveryCell() throws {
        let result = runInProcess(["test", "Policies/plavo.tests.yaml", "--coverage"])
        #expect(result.exitCode == 0)
        let header = try #require(result.stdout.split(separator: "\n").first)
        let cases = Int(header.split(separator: " ").dropLast().last ?? "") ?? 0
        #expect(cases >= 40, "\(header)")
        #expect(result.stdout.contains("cells       22/22  100%"), "\(result.stdout)")
        #expect(result.stdout.contains("bands         6/6  100%"))
        #expect(Self.lastLine(result.stdout) == "\(cases) passed, 0 failed")
        // One pair of parentheses around the invariants no row cites (there was a stray one).
        let notCounted = try #require(result.stdout.split(separator: "\n").first { $0.contains("not counted") })
        #expect(notCounted == "  (not counted: H-3, cited by no row; lint checks them)")
    }

    @Test func aFailureShowsCaseEventExpectedActualAndRule() throws {
        let file = try Self.temporaryTestFile(
            """
            cases:
              - name: the pulse should be a snap
                screen: camera
                steps:
                  - {t: 1, event: plant.found, speaks: true, play: snap}
                  - {t: 2, event: shutter, play: tap}
            """)
        defer { try? FileManager.default.removeItem(at: file) }
        let result = runInProcess(["test", file.path])
        #expect(result.exitCode == 1)
        #expect(result.stdout.contains("FAIL the pulse should be a snap (\(file.path):3:5)"), "\(result.stdout)")
        #expect(result.stdout.contains("step 2 at 1 s: plant.found speaks (\(file.path):6:9)"))
        #expect(result.stdout.contains("expected: play snap"))
        #expect(result.stdout.contains("actual:   play pulse (pattern:pulse)"))
        #expect(
            result.stdout.contains("decided by: camera/plant.found (\(Self.plavoPath):"),
            "\(result.stdout)")
        #expect(Self.lastLine(result.stdout) == "0 passed, 1 failed")
    }

    @Test func aParametersFailureShowsExpectedAndActualParametersAndLoop() throws {
        let file = Self.folder.appendingPathComponent("case-\(UUID()).tests.yaml")
        try Data(
            """
            policy: metronome.yaml
            cases:
              - name: the tempo should double
                screen: metronome
                steps:
                  - {t: 1, event: metronome.start, params: {bpm: 120}, play: click, parameters: {bpm: 120}, loop: 0.5}
                  - {t: 2, event: metronome.tempo, params: {bpm: 200}, play: click, parameters: {bpm: 240}, loop: 0.25}

            """.utf8
        ).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let result = runInProcess(["test", file.path])
        #expect(result.exitCode == 1)
        #expect(result.stdout.contains("step 3 at 2 s: metronome.tempo bpm=200 (\(file.path):7:9)"), "\(result.stdout)")
        #expect(result.stdout.contains("expected: parameters {bpm=240}, loop 0.25\n"))
        #expect(result.stdout.contains("actual:   parameters {bpm=200}, loop 0.3\n"))
        #expect(!result.stdout.contains("step 2 "))
        #expect(Self.lastLine(result.stdout) == "0 passed, 1 failed")
    }

    @Test func minCoverageFailsBelowThreshold() throws {
        let file = try Self.temporaryTestFile("table:\n  - {screen: camera, event: shutter, play: tap}\n")
        defer { try? FileManager.default.removeItem(at: file) }
        let result = runInProcess(["test", file.path, "--min-coverage", "50"])
        #expect(result.exitCode == 1)
        // 1 of 22 cells is 4.5 %, rounded down.
        #expect(result.stdout.contains("cells       1/22  4.5%"), "\(result.stdout)")
        #expect(result.stdout.contains("is below --min-coverage 50%"))
        #expect(Self.lastLine(result.stdout) == "1 passed, 0 failed")
    }

    @Test func budgetExpectationsAreChecked() throws {
        let file = try Self.temporaryTestFile(
            """
            cases:
              - name: three taps are within budget
                screen: camera
                breaches: [B-1]
                steps:
                  - {event: shutter, play: tap}
                  - {event: shutter}
                  - {event: shutter}
            """)
        defer { try? FileManager.default.removeItem(at: file) }
        let result = runInProcess(["test", file.path])
        #expect(result.exitCode == 1)
        #expect(result.stdout.contains("expected budget breaches B-1, got none"), "\(result.stdout)")
    }

    @Test func aBrokenTestFileGetsLocatedDiagnostics() throws {
        let file = try Self.temporaryTestFile("table:\n  - {screen: camera, event: shutter, plya: tap}\n")
        defer { try? FileManager.default.removeItem(at: file) }
        let result = runInProcess(["test", file.path])
        #expect(result.exitCode == 1)
        #expect(
            result.stderr.contains("\(file.path):3:38: error[HP012]: unknown key 'plya'; did you mean 'play'?"),
            "\(result.stderr)")
        #expect(Self.lastLine(result.stdout) == "0 passed, 0 failed")
    }

    @Test func usageErrorsExit64() {
        #expect(runInProcess(["test", "no/such/dir"]).exitCode == 64)
        #expect(runInProcess(["test", "--min-coverage", "120"]).exitCode == 64)
    }
}

extension TestCommandTests {
    /// A syntax error does not hide a misspelt name: both are reported in one pass.
    @Test func syntaxAndNameErrorsShowTogether() throws {
        let file = try Self.temporaryTestFile(
            """
            table:
              - {screen: camera, event: plant.fonud, speaks: true, plya: pulse}
            """)
        defer { try? FileManager.default.removeItem(at: file) }
        let result = runInProcess(["test", file.path])
        #expect(result.exitCode == 1)
        let headers = result.stderr.split(separator: "\n").filter { !$0.hasPrefix(" ") }.map(String.init)
        #expect(headers.count == 2, "\(result.stderr)")
        #expect(
            headers.first
                == "\(file.path):3:29: error[HP806]: event 'plant.fonud' is not in the catalogue of \(Self.plavoPath); did you mean 'plant.found'?",
            "\(result.stderr)")
        #expect(headers.dropFirst().first?.hasPrefix("\(file.path):3:56: error[HP012]: unknown key 'plya'") == true)
        #expect(Self.lastLine(result.stdout) == "0 passed, 0 failed")
    }

    @Test func namesThePolicyLacksAreReportedWhereTheyAreWritten() throws {
        let file = try Self.temporaryTestFile(
            """
            table:
              - {screen: camera, event: plant.found, speaks: true, play: puls}
            cases:
              - name: typo in a budget
                screen: camera
                breaches: [B-9]
                steps:
                  - {event: moisture.sample, value: 40, silent: baseline, band: thirst}
            """)
        defer { try? FileManager.default.removeItem(at: file) }
        let result = runInProcess(["test", file.path])
        #expect(result.exitCode == 1)
        #expect(
            result.stderr.contains(
                "\(file.path):3:62: error[HP806]: feedback 'puls' is not declared in \(Self.plavoPath); did you mean 'pulse'?"
            ),
            "\(result.stderr)")
        #expect(result.stderr.contains("\(file.path):7:16: error[HP806]: budget 'B-9' is not declared"))
        #expect(
            result.stderr.contains(
                "\(file.path):9:69: error[HP806]: band level 'thirst' is not declared in \(Self.plavoPath); did you mean 'thirsty'?"
            ))
        #expect(Self.lastLine(result.stdout) == "0 passed, 0 failed")
    }
}

extension TestCommandTests {
    /// With both streams on one screen (a terminal, `2>&1`), a test file's errors come
    /// before the summary that says "see the errors above" (they came after it).
    @Test func theErrorsComeBeforeTheSummaryThatPointsAtThem() throws {
        let file = try Self.temporaryTestFile("table:\n  - {screen: camera, event: shutter, plya: tap}\n")
        defer { try? FileManager.default.removeItem(at: file) }
        let result = try runShell("\"$TOOL\" test \(shellQuoted(file.path)) 2>&1")
        #expect(result.exitCode == 1)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        let error = try #require(
            lines.firstIndex { $0.contains("error[HP012]: unknown key 'plya'") }, "\(result.stdout)")
        let summary = try #require(lines.firstIndex { $0.hasSuffix("see the errors above") }, "\(result.stdout)")
        #expect(error < summary, "\(result.stdout)")
        #expect(lines.last == "0 passed, 0 failed")
    }
}

extension TestCommandTests {
    /// `Docs/testing.md` documents `data:` in test rows, test steps and scenario steps with
    /// samples cut from the shipped files, line for line, so the samples are what
    /// `test` runs (`shippedTestsPassWithFullCellCoverage`) and `simulate` reads.
    @Test func theDocumentedDataSamplesAreTheShippedOnes() throws {
        let guide = try String(contentsOf: packageRoot.appendingPathComponent("Docs/testing.md"), encoding: .utf8)
        var samples = 0
        for block in guide.components(separatedBy: "```yaml\n").dropFirst() {
            let lines = block.components(separatedBy: "\n```")[0].split(separator: "\n").map(String.init)
            guard let first = lines.first, first.hasPrefix("# Policies/"),
                lines.contains(where: { $0.contains("data: {") })
            else { continue }
            let path = String(first.dropFirst(2))
            let shipped = try String(contentsOf: packageRoot.appendingPathComponent(path), encoding: .utf8)
            let shippedLines = Set(shipped.split(separator: "\n").map { String($0) })
            for line in lines.dropFirst() {
                #expect(shippedLines.contains(line), "Docs/testing.md shows '\(line)', which \(path) does not have")
            }
            samples += 1
        }
        #expect(samples == 2, "a sample of a test file and one of a scenario")
        let result = runInProcess(["test", "Policies/ride.tests.yaml"])
        #expect(result.exitCode == 0, "\(result.stdout)")
        for key in ["`speaks`, `params`, `data`; `device`", "`value`, `speaks`, `params`, `data`. A step"] {
            #expect(guide.contains(key), "Docs/testing.md's keys lack 'data': \(key)")
        }
    }

    /// The row reference of `Docs/policy-language.md` lists each key once (it listed
    /// `when` twice), and every key the reader takes in a row.
    @Test func theRowReferenceListsEachKeyOnce() throws {
        let guide = try String(
            contentsOf: packageRoot.appendingPathComponent("Docs/policy-language.md"), encoding: .utf8)
        let section = try #require(guide.components(separatedBy: "\n### row\n").dropFirst().first)
        let keys = section.components(separatedBy: "\n### ")[0].split(separator: "\n").compactMap { line in
            line.firstMatch(of: /^\| `([a-z-]+)`/).map { String($0.output.1) }
        }
        #expect(keys.count == Set(keys).count, "\(keys)")
        #expect(Set(keys) == Set(PolicyDecoder.rowKeys + ["acknowledge"]), "\(keys)")
        let when = try #require(section.split(separator: "\n").first { $0.hasPrefix("| `when`") })
        for condition in PolicyDecoder.conditionKeys {
            #expect(when.contains("`\(condition)`"), "the row reference's `when` lacks \(condition)")
        }
    }
}
