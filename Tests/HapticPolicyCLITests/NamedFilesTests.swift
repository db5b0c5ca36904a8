import Foundation
import Testing

/// The files and transports half of issue 20, through the built tool: the path policy of
/// every file a data file names (`ProjectFolder`), the output guard that knows every
/// input (`OutputFiles`, `CommandInputs`), and the directory walk (`InputFiles.walk`).
/// Each case is a reproducer of the issue; before the fix each read, quoted, overwrote,
/// inflated or hung.
@Suite struct NamedFilesTests {
    /// A folder holding `p.yaml` (the metronome) and a test file of it, `t.tests.yaml`,
    /// whose `policy:` is `policy`.
    static func project(policy: String) throws -> URL {
        let folder = try temporaryFolder("named-files")
        try FileManager.default.copyItem(
            at: packageRoot.appendingPathComponent("Policies/metronome.yaml"),
            to: folder.appendingPathComponent("p.yaml"))
        let tests = try String(
            contentsOf: packageRoot.appendingPathComponent("Policies/metronome.tests.yaml"), encoding: .utf8)
        let body = tests.split(separator: "\n", omittingEmptySubsequences: false)
            .filter { !$0.hasPrefix("policy:") && !$0.hasPrefix("#") }.joined(separator: "\n")
        try Data("policy: \(policy)\n\(body)".utf8).write(to: folder.appendingPathComponent("t.tests.yaml"))
        return folder
    }

    /// `policy: /proc/self/environ` printed the environment in an HP005 snippet, and
    /// `/etc/passwd` its first line: now each is refused at the `policy:` value, unread,
    /// by `test` and by `lint`, and the rest of the file is still checked.
    @Test(arguments: ["/proc/self/environ", "/etc/passwd", "../p.yaml", "sub/../../p.yaml", "~/p.yaml"])
    func aTestFileCannotNameAPolicyOutsideItsFolder(_ policy: String) throws {
        let folder = try Self.project(policy: policy)
        defer { try? FileManager.default.removeItem(at: folder) }
        for command in ["test", "lint"] {
            let result = try runShell(
                "cd \(shellQuoted(folder.path)) && \"$TOOL\" \(command) t.tests.yaml",
                environment: ["HP_SECRET_TOKEN": "s3cr3t-value"])
            #expect(result.exitCode == 1, "\(command): \(result.stderr)")
            #expect(
                result.stderr.hasPrefix("t.tests.yaml:1:9: error[HP808]: the policy is refused: '\(policy)' "),
                "\(command): \(result.stderr)")
            #expect(!result.stderr.contains("s3cr3t-value") && !result.stdout.contains("s3cr3t-value"))
            #expect(!result.stderr.contains("root:") && !result.stderr.contains("HP005"), "\(result.stderr)")
        }
    }

    /// Inside the folder by name but not by nature: a link out of it (to `/etc/passwd`,
    /// to `/proc/self/environ`), a FIFO (opening it waited for a writer for ever), a
    /// folder. Each refused, named, and the command ends.
    @Test(arguments: [
        ("ln -s /etc/passwd leak.yaml", "leak.yaml", "outside the test file's folder (through a symbolic link)"),
        ("ln -s /proc/self/environ leak.yaml", "leak.yaml", "outside the test file's folder (through a symbolic link)"),
        ("mkfifo leak.yaml", "leak.yaml", "it is a named pipe (FIFO), not a regular file"),
        ("mkdir leak.yaml", "leak.yaml", "it is a directory, not a regular file"),
    ])
    func aTestFilesPolicyMustBeARegularFileInItsFolder(_ setup: String, _ policy: String, _ reason: String) throws {
        let folder = try Self.project(policy: policy)
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try runShell(
            "cd \(shellQuoted(folder.path)) && \(setup) && timeout 20 \"$TOOL\" test t.tests.yaml",
            environment: ["HP_SECRET_TOKEN": "s3cr3t-value"])
        #expect(result.exitCode == 1, "\(result.stderr)")
        #expect(result.stderr.hasPrefix("t.tests.yaml:1:9: error[HP808]: the policy is refused: "), "\(result.stderr)")
        #expect(result.stderr.contains(reason), "\(result.stderr)")
        #expect(!result.stderr.contains("s3cr3t-value") && !result.stderr.contains("root:"))
    }

    /// The policy inside the folder, by any relative name, still runs.
    @Test func aPolicyInTheFolderRuns() throws {
        let folder = try Self.project(policy: "./sub/../p.yaml")
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try runShell("cd \(shellQuoted(folder.path)) && \"$TOOL\" test t.tests.yaml")
        #expect(result.exitCode == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.hasSuffix(" passed, 0 failed\n"))
    }

    /// The main policy with `include: [inc.yaml]`, and a command to make `inc.yaml`.
    static func including(_ setup: String) throws -> (URL, ToolResult) {
        let folder = try temporaryFolder("named-includes")
        let policy = try String(
            contentsOf: packageRoot.appendingPathComponent("Policies/metronome.yaml"), encoding: .utf8)
        try Data((policy + "\ninclude: [inc.yaml]\n").utf8).write(to: folder.appendingPathComponent("p.yaml"))
        let result = try runShell(
            "cd \(shellQuoted(folder.path)) && \(setup) && timeout 20 \"$TOOL\" lint p.yaml",
            environment: ["HP_SECRET_TOKEN": "s3cr3t-value"])
        return (folder, result)
    }

    /// An include that is a FIFO (lint waited for a writer for ever), a link to the
    /// process environment, or a 3 GB file (read whole, 3.1 GB of memory and 17 s, before
    /// its size was checked): refused at the include, at once, unread.
    @Test(arguments: [
        ("mkfifo inc.yaml", "HP021", "it is a named pipe (FIFO), not a regular file"),
        ("ln -s /proc/self/environ inc.yaml", "HP022", "outside the folder of"),
        ("truncate -s 3G inc.yaml", "HP026", "add up to more than 1048576 bytes"),
    ])
    func anIncludeIsCheckedBeforeItIsRead(_ setup: String, _ code: String, _ reason: String) throws {
        let clock = ContinuousClock()
        let started = clock.now
        let (folder, result) = try Self.including(setup)
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(clock.now - started < .seconds(15), "\(setup)")
        #expect(result.exitCode == 1, "\(result.stdout)\(result.stderr)")
        let line = result.stderr.split(separator: "\n").first { $0.contains("error[\(code)]") }
        #expect(line?.hasPrefix("p.yaml:58:11: ") == true, "\(result.stderr)")
        #expect(line?.contains(reason) == true, "\(result.stderr)")
        #expect(!result.stderr.contains("s3cr3t-value"))
    }

    /// A folder with the stride policy and its four included files, one named
    /// `presets.web.json`, and links to the policy and an included file.
    static func stride() throws -> URL {
        let folder = try temporaryFolder("output-guard")
        let files = FileManager.default
        try files.copyItem(
            at: packageRoot.appendingPathComponent("Policies/stride"), to: folder.appendingPathComponent("stride"))
        var policy = try String(contentsOf: packageRoot.appendingPathComponent("Policies/stride.yaml"), encoding: .utf8)
        policy = policy.replacingOccurrences(of: "  - stride/settings.yaml", with: "  - stride/presets.web.json")
        try Data(policy.utf8).write(to: folder.appendingPathComponent("p.yaml"))
        try files.moveItem(
            at: folder.appendingPathComponent("stride/settings.yaml"),
            to: folder.appendingPathComponent("stride/presets.web.json"))
        try files.createSymbolicLink(
            atPath: folder.appendingPathComponent("link.yaml").path, withDestinationPath: "p.yaml")
        try files.createSymbolicLink(
            atPath: folder.appendingPathComponent("inc-link.yaml").path, withDestinationPath: "stride/workout.yaml")
        try files.createDirectory(at: folder.appendingPathComponent("a"), withIntermediateDirectories: true)
        return folder
    }

    /// Every file under `folder`, with its bytes.
    static func snapshot(_ folder: URL) throws -> [String: Data] {
        var files: [String: Data] = [:]
        for name in FileManager.default.subpaths(atPath: folder.path) ?? [] {
            let url = folder.appendingPathComponent(name)
            if let data = try? Data(contentsOf: url) { files[name] = data }
        }
        return files
    }

    /// An output that is the policy or any file it includes, by any name, is refused and
    /// nothing is written. (Before, `codegen p.yaml -o p.yaml` replaced the policy with
    /// Swift and exited 0, also through a link; `compile`, `report --force` and `codegen`
    /// onto an included file exited 0; `export --out stride` replaced an included
    /// `presets.web.json`.)
    @Test(arguments: [
        ("codegen p.yaml -o p.yaml", "p.yaml", "p.yaml"),
        ("codegen p.yaml -o link.yaml", "link.yaml", "p.yaml"),
        ("codegen p.yaml -o ./a/../p.yaml", "./a/../p.yaml", "p.yaml"),
        ("codegen p.yaml --lang kotlin -o stride/summary.yaml", "stride/summary.yaml", "stride/summary.yaml"),
        ("compile p.yaml -o stride/catalogue.yaml", "stride/catalogue.yaml", "stride/catalogue.yaml"),
        ("compile p.yaml -o inc-link.yaml", "inc-link.yaml", "stride/workout.yaml"),
        ("report p.yaml --out stride/workout.yaml --force", "stride/workout.yaml", "stride/workout.yaml"),
        ("export p.yaml --to web --out stride", "/stride/presets.web.json", "stride/presets.web.json"),
    ])
    func anOutputIsNeverAnInput(_ command: String, _ output: String, _ input: String) throws {
        let folder = try Self.stride()
        defer { try? FileManager.default.removeItem(at: folder) }
        let before = try Self.snapshot(folder)
        let result = try runShell("cd \(shellQuoted(folder.path)) && \"$TOOL\" \(command)")
        #expect(result.exitCode == 64, "\(command): \(result.stderr)")
        let expected = "is the same file as the input \(input); writing it would destroy the input"
        #expect(result.stderr.hasPrefix("error: "), "\(command): \(result.stderr)")
        #expect(result.stderr.contains(output + " " + expected), "\(command): \(result.stderr)")
        #expect(try Self.snapshot(folder) == before, "\(command)")
    }

    /// Written elsewhere, the same commands still write.
    @Test func anOutputElsewhereIsWritten() throws {
        let folder = try Self.stride()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try runShell(
            "cd \(shellQuoted(folder.path)) && \"$TOOL\" codegen p.yaml -o a/P.swift && \"$TOOL\" export p.yaml --to web --out out"
        )
        #expect(result.exitCode == 0, "\(result.stderr)")
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("a/P.swift").path))
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("out/presets.web.json").path))
    }

    /// A log folder with a link loop (`a/up -> ..`), three links to itself, a second name
    /// for the log and a FIFO: one session, each skip named, and the run ends. (Before:
    /// 41 sessions from one log; with three `lN -> .` links no result after 60 s; the
    /// FIFO hung `eval` for good.)
    @Test func aLogFolderIsWalkedOncePerRealFile() throws {
        let folder = try temporaryFolder("log-walk")
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try runShell(
            "cd \(shellQuoted(folder.path)) && mkdir -p logs/a && cp \(shellQuoted(packageRoot.path))/Policies/logs/demo.jsonl logs/ && "
                + "ln -s .. logs/a/up && ln -s . logs/l1 && ln -s . logs/l2 && ln -s . logs/l3 && "
                + "ln -s demo.jsonl logs/same.jsonl && mkfifo logs/pipe.jsonl && "
                + "timeout 30 \"$TOOL\" eval \(shellQuoted(packageRoot.path))/Policies/plavo.yaml logs --format none")
        #expect(result.exitCode == 0, "\(result.stderr)")
        #expect(result.stderr.contains("\n1 session, 329 lines:"), "\(result.stderr)")
        #expect(result.stderr.contains("  logs/demo.jsonl  "), "\(result.stderr)")
        let warnings = result.stderr.split(separator: "\n").filter { $0.hasPrefix("warning: skipped ") }
        #expect(
            warnings.sorted() == [
                "warning: skipped logs/a/up: it is the folder logs again (a symbolic link); each folder is read once",
                "warning: skipped logs/l1: it is the folder logs again (a symbolic link); each folder is read once",
                "warning: skipped logs/l2: it is the folder logs again (a symbolic link); each folder is read once",
                "warning: skipped logs/l3: it is the folder logs again (a symbolic link); each folder is read once",
                "warning: skipped logs/pipe.jsonl: a named pipe (FIFO), not a regular file; give a file",
                "warning: skipped logs/same.jsonl: the same file as logs/demo.jsonl (a link); each file is read once",
            ], "\(result.stderr)")
    }

    /// Folders nest at most `InputFiles.maxWalkDepth` deep; a log below is skipped, named.
    @Test func aWalkIsBoundedInDepth() throws {
        let folder = try temporaryFolder("log-depth")
        defer { try? FileManager.default.removeItem(at: folder) }
        let deep = (1...33).map { "d\($0)" }.joined(separator: "/")
        let result = try runShell(
            "cd \(shellQuoted(folder.path)) && mkdir -p logs/\(deep) && cp \(shellQuoted(packageRoot.path))/Policies/logs/demo.jsonl logs/ && "
                + "cp logs/demo.jsonl logs/\(deep)/deep.jsonl && "
                + "\"$TOOL\" eval \(shellQuoted(packageRoot.path))/Policies/plavo.yaml logs --format none")
        #expect(result.exitCode == 0, "\(result.stderr)")
        #expect(result.stderr.contains("\n1 session, 329 lines:"), "\(result.stderr)")
        #expect(result.stderr.contains("/d33: more than 32 folders below logs; move the files up"), "\(result.stderr)")
    }

    /// `test` walks folders the same way: a link loop lists each test file once.
    @Test func testFoldersAreWalkedOncePerRealFile() throws {
        let folder = try Self.project(policy: "p.yaml")
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try runShell(
            "cd \(shellQuoted(folder.path)) && ln -s . again && timeout 30 \"$TOOL\" test .")
        #expect(result.exitCode == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.components(separatedBy: "t.tests.yaml (policy").count == 2, "\(result.stdout)")
        #expect(result.stderr.contains("warning: skipped ./again: it is the folder . again"), "\(result.stderr)")
    }
}

/// `merge` near the count limit (issue 20, item 5), through the built tool.
@Suite struct MergeLimitTests {
    /// The summary of the demo log with `lines` set to `lines`, one line of JSON.
    static func summary(lines: Int, in folder: URL) throws -> String {
        let result = try runShell(
            "\"$TOOL\" eval \(shellQuoted(packageRoot.path))/Policies/plavo.yaml "
                + "\(shellQuoted(packageRoot.path))/Policies/logs/demo.jsonl --format none --summary json")
        let json = try #require(result.stdout.split(separator: "\n").first { $0.hasPrefix("{") })
        let changed = json.replacingOccurrences(of: #""lines":329"#, with: "\"lines\":\(lines)")
        #expect(changed != String(json))
        let path = folder.appendingPathComponent("near-\(lines).json")
        try Data((changed + "\n").utf8).write(to: path)
        return path.path
    }

    /// 1,100 summaries each near the limit: before, the sum trapped (exit 132); now an
    /// error names the count and the summary where it overflowed.
    @Test func summariesThatOverflowAreAnErrorNotATrap() throws {
        let folder = try temporaryFolder("merge-limit")
        defer { try? FileManager.default.removeItem(at: folder) }
        let near = try Self.summary(lines: 8_999_999_999_999_000, in: folder)
        let all = String(repeating: shellQuoted(near) + " ", count: 1_100)
        let result = try runShell("\"$TOOL\" merge \(all)")
        #expect(result.exitCode == 1, "\(result.stderr)")
        #expect(
            result.stderr.hasPrefix(
                "error: \(near):1: the merged \"lines\" would reach 9000000000000000, the largest count a summary holds"
            ),
            "\(result.stderr)")
        #expect(result.stdout.isEmpty)
    }

    /// What merge writes is always read back, so merging is associative at the limit:
    /// (a + b) + c and a + (b + c) both succeed or both fail.
    @Test func mergesOwnOutputIsAcceptedAndGroupingDoesNotMatter() throws {
        let folder = try temporaryFolder("merge-assoc")
        defer { try? FileManager.default.removeItem(at: folder) }
        let a = try Self.summary(lines: 4_000_000_000_000_000, in: folder)
        let b = try Self.summary(lines: 4_999_999_999_999_000, in: folder)
        let c = try Self.summary(lines: 999, in: folder)
        let q = shellQuoted
        let script = """
            cd \(q(folder.path)) && "$TOOL" merge \(q(a)) \(q(b)) --format json > ab.json && \
            "$TOOL" merge ab.json \(q(c)) --format json > ab-c.json && \
            "$TOOL" merge \(q(b)) \(q(c)) --format json > bc.json && \
            "$TOOL" merge \(q(a)) bc.json --format json > a-bc.json && cmp ab-c.json a-bc.json && \
            grep -c '"lines":8999999999999999' ab-c.json
            """
        let result = try runShell(script)
        #expect(result.exitCode == 0, "\(result.stderr)")
        #expect(result.stdout == "1\n", "\(result.stdout)\(result.stderr)")
        // One line more and both groupings fail.
        let more = try runShell("cd \(q(folder.path)) && \"$TOOL\" merge ab-c.json \(q(c))")
        #expect(more.exitCode == 1, "\(more.stderr)")
    }
}

extension WatchCommandTests {
    /// A policy briefly replaced by a FIFO: the round says so, and the watch still
    /// reacts to the next save and to the end of its input. (Before, it hung in `open()`
    /// for good.)
    @Test func aPolicyBrieflyAFIFOIsNotOpened() throws {
        let folder = try Self.copyOfPlavo()
        defer { try? FileManager.default.removeItem(at: folder) }
        let policy = folder.appendingPathComponent("plavo.yaml")
        let watched = try Watched(["plavo.yaml"], in: folder)
        _ = try #require(watched.waitFor("round 1: "), "\(watched.stdout)\n\(watched.stderr)")
        let text = try Data(contentsOf: policy)
        try FileManager.default.removeItem(at: policy)
        #expect(mkfifo(policy.path, 0o644) == 0)
        let broken = try #require(watched.waitFor("round 2 "), "\(watched.stdout)\n\(watched.stderr)")
        #expect(broken.contains("broken save"), "\(broken)")
        try FileManager.default.removeItem(at: policy)
        try (text + Data("# rewritten\n".utf8)).write(to: policy)
        let round = try #require(watched.waitFor("round 3 "), "\(watched.stdout)\n\(watched.stderr)")
        #expect(round.hasPrefix("round 3 (plavo.yaml changed): "), "\(round)")
        #expect(watched.stderr.contains("plavo.yaml: is a named pipe (FIFO), not a regular file"), "\(watched.stderr)")
        try watched.input.fileHandleForWriting.close()
        #expect(watched.exit() == 0)
    }
}
