import Foundation
import Testing

@testable import HapticPolicyCLI

/// `report` never replaces an existing file unless asked (`--force`), and writes the v2
/// sections end to end.
@Suite struct ReportCommandTests {
    @Test func anExistingFileIsKeptWithoutForce() throws {
        let folder = try temporaryFolder("report-force")
        defer { try? FileManager.default.removeItem(at: folder) }
        let page = folder.appendingPathComponent("report.html")
        try Data("previous version\n".utf8).write(to: page)

        let refused = try runBinary(["report", "Policies/plavo.yaml", "--out", page.path])
        #expect(refused.exitCode == 64)
        #expect(
            refused.stderr.hasPrefix(
                "error: \(page.path) already exists; pass --force to replace it (nothing was written)\n"),
            "\(refused.stderr)")
        #expect(refused.stdout == "")
        #expect(try String(contentsOf: page, encoding: .utf8) == "previous version\n")

        let forced = try runBinary([
            "report", "Policies/plavo.yaml", "--events", "Policies/logs/demo.jsonl", "--out", page.path, "--force",
        ])
        #expect(forced.exitCode == 0, "\(forced.stderr)")
        #expect(forced.stdout == page.path + "\n")
        let html = try String(contentsOf: page, encoding: .utf8)
        for section in ["<section id=\"bands\">", "<svg class=\"signal\"", "<tr class=\"timeline-run\""] {
            #expect(html.contains(section), "\(section)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["report.html"])
    }

    @Test func aNewFileOrADeviceNeedsNoForce() throws {
        let folder = try temporaryFolder("report-new")
        defer { try? FileManager.default.removeItem(at: folder) }
        let page = folder.appendingPathComponent("new.html")
        let written = try runBinary(["report", "Policies/metronome.yaml", "--out", page.path])
        #expect(written.exitCode == 0, "\(written.stderr)")
        #expect(FileManager.default.fileExists(atPath: page.path))
        let device = try runBinary(["report", "Policies/metronome.yaml", "--out", "/dev/null"])
        #expect(device.exitCode == 0, "\(device.stderr)")
    }

    /// A link to an existing file is an existing file.
    @Test func aLinkToAnExistingFileNeedsForce() throws {
        let folder = try temporaryFolder("report-link")
        defer { try? FileManager.default.removeItem(at: folder) }
        let target = folder.appendingPathComponent("target.html")
        try Data("kept\n".utf8).write(to: target)
        let link = folder.appendingPathComponent("link.html")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: target)
        let refused = try runBinary(["report", "Policies/metronome.yaml", "--out", link.path])
        #expect(refused.exitCode == 64)
        #expect(refused.stderr.contains("\(link.path) already exists; pass --force"))
        #expect(try String(contentsOf: target, encoding: .utf8) == "kept\n")
    }

    /// `--events` reads a `.jsonl.gz` log as `eval` does: decompressed, the same session
    /// as the plain log's; corrupt gzip data is an error, not text. (Before, the
    /// compressed bytes were read as text and the report exited 0 with an empty session.)
    @Test func aGzipLogIsReadAsEvalReadsIt() throws {
        let folder = try temporaryFolder("report-gzip")
        defer { try? FileManager.default.removeItem(at: folder) }
        let plain = folder.appendingPathComponent("demo.jsonl").path
        let gzip = plain + ".gz"
        let bad = folder.appendingPathComponent("bad.jsonl.gz").path
        let shell = try runShell(
            "cp Policies/logs/demo.jsonl \(shellQuoted(plain)) && gzip -c \(shellQuoted(plain)) > \(shellQuoted(gzip))"
                + " && head -c 100 \(shellQuoted(gzip)) > \(shellQuoted(bad))")
        #expect(shell.exitCode == 0, "\(shell.stderr)")
        var pages: [String] = []
        for log in [plain, gzip] {
            let page = folder.appendingPathComponent("\(pages.count).html").path
            let result = try runBinary(["report", "Policies/plavo.yaml", "--events", log, "--out", page])
            #expect(result.exitCode == 0, "\(result.stderr)")
            pages.append(try String(contentsOfFile: page, encoding: .utf8))
        }
        #expect(pages[0].contains("<tr class=\"timeline-run\""))
        #expect(pages[1] == pages[0])
        let refused = try runBinary(
            ["report", "Policies/plavo.yaml", "--events", bad, "--out", folder.appendingPathComponent("bad.html").path])
        #expect(refused.exitCode == 1, "\(refused.stderr)")
        #expect(refused.stderr.hasPrefix("error: \(bad): "), "\(refused.stderr)")
        #expect(refused.stderr.contains("check the file with 'gzip -t'"), "\(refused.stderr)")
    }

    /// `watch` replays a `.jsonl.gz` log decompressed too: its round has the plain log's
    /// decisions. (Before, it read the compressed bytes as lines of text.)
    @Test func watchReplaysAGzipLogAsEvalDoes() throws {
        let folder = try temporaryFolder("watch-gzip")
        defer { try? FileManager.default.removeItem(at: folder) }
        let plain = folder.appendingPathComponent("demo.jsonl").path
        let gzip = plain + ".gz"
        let shell = try runShell(
            "cp Policies/logs/demo.jsonl \(shellQuoted(plain)) && gzip -c \(shellQuoted(plain)) > \(shellQuoted(gzip))")
        #expect(shell.exitCode == 0, "\(shell.stderr)")
        var decisions: [[WatchSnapshot.LoggedOutcome]] = []
        for log in [plain, gzip] {
            let inputs = WatchRound.Inputs(policy: packageRoot.path + "/Policies/plavo.yaml", tests: [], log: log)
            let context = CommandContext(
                stdout: Output(capturingAsTerminal: false), stderr: Output(capturingAsTerminal: false),
                standardInput: StandardInput(chunks: []), environment: [:])
            guard case .good(let snapshot) = WatchRound.run(inputs, context: context) else {
                Issue.record("the round over \(log) is broken")
                return
            }
            decisions.append(snapshot.decisions ?? [])
        }
        #expect(decisions[0].count > 100)
        #expect(decisions[1] == decisions[0])
    }
}
