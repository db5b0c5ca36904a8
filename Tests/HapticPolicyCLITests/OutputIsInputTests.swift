import Foundation
import Testing

/// An output path that is one of the inputs is refused before anything is read, by the
/// built tool, whatever the name: the same path, `./` in front, a symbolic or a hard
/// link, standard input from the file. The input is left byte for byte as it was.
/// (Before, `report P --out P`, `report --events L --out L` and `compile P -o P` exited 0
/// and destroyed the policy or the log.)
@Suite struct OutputIsInputTests {
    /// Each case: the command line (run in a folder holding `p.yaml`, `l.jsonl`, `a.ahap`,
    /// a symbolic link `link.yaml` → `p.yaml` and a hard link `hard.yaml` of `p.yaml`),
    /// and the input named in the message.
    static let cases: [(command: String, input: String, output: String)] = [
        ("report p.yaml --out p.yaml", "p.yaml", "p.yaml"),
        ("report p.yaml --out ./p.yaml", "p.yaml", "./p.yaml"),
        ("report p.yaml --events l.jsonl --out l.jsonl", "l.jsonl", "l.jsonl"),
        ("report link.yaml --out p.yaml", "link.yaml", "p.yaml"),
        ("report - --out p.yaml < p.yaml", "<stdin>", "p.yaml"),
        ("compile p.yaml -o p.yaml", "p.yaml", "p.yaml"),
        ("compile p.yaml -o link.yaml", "p.yaml", "link.yaml"),
        ("compile p.yaml -o hard.yaml", "p.yaml", "hard.yaml"),
        ("export p.yaml --out p.yaml", "p.yaml", "p.yaml"),
        ("import-ahap a.ahap --out a.ahap", "a.ahap", "a.ahap"),
    ]

    static func folder() throws -> URL {
        let folder = try temporaryFolder("output-is-input")
        let files = FileManager.default
        try files.copyItem(
            at: packageRoot.appendingPathComponent("Policies/metronome.yaml"),
            to: folder.appendingPathComponent("p.yaml"))
        try files.copyItem(
            at: packageRoot.appendingPathComponent("Policies/logs/demo.jsonl"),
            to: folder.appendingPathComponent("l.jsonl"))
        try files.copyItem(
            at: packageRoot.appendingPathComponent("Tests/HapticPolicyExportTests/Golden/ahap/pulse.ahap"),
            to: folder.appendingPathComponent("a.ahap"))
        try files.createSymbolicLink(
            atPath: folder.appendingPathComponent("link.yaml").path, withDestinationPath: "p.yaml")
        try files.linkItem(at: folder.appendingPathComponent("p.yaml"), to: folder.appendingPathComponent("hard.yaml"))
        return folder
    }

    static func snapshot(_ folder: URL) throws -> [String: Data] {
        var files: [String: Data] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) {
            var isFolder: ObjCBool = false
            let url = folder.appendingPathComponent(name)
            guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), !isFolder.boolValue else {
                continue
            }
            files[name] = try Data(contentsOf: url)
        }
        return files
    }

    @Test(arguments: cases)
    func anOutputThatIsAnInputIsRefused(_ command: String, _ input: String, _ output: String) throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let before = try Self.snapshot(folder)
        let result = try runShell("cd \(shellQuoted(folder.path)) && \"$TOOL\" \(command)")
        #expect(result.exitCode == 64, "\(command): \(result.stderr)")
        #expect(
            result.stderr.hasPrefix(
                "error: \(output) is the same file as the input \(input); writing it would destroy the input, so nothing was read or written; choose another output path\n"
            ),
            "\(command): \(result.stderr)")
        #expect(try Self.snapshot(folder) == before, "\(command)")
    }

    /// Standard output appended to an input (`>> l.jsonl`) would have `eval` read its own
    /// decisions for ever: refused, for a file argument and for `-` alike.
    @Test(arguments: [
        ("eval p.yaml l.jsonl >> l.jsonl", "l.jsonl"),
        ("eval p.yaml - < l.jsonl >> l.jsonl", "<stdin>"),
        ("diff p.yaml p.yaml l.jsonl >> l.jsonl", "l.jsonl"),
    ])
    func standardOutputIntoAnInputIsRefused(_ command: String, _ input: String) throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let before = try Self.snapshot(folder)
        let result = try runShell("cd \(shellQuoted(folder.path)) && \"$TOOL\" \(command)")
        #expect(result.exitCode == 1, "\(command): \(result.stderr)")
        #expect(
            result.stderr.contains(
                "error: \(input): is also where standard output goes; reading it while writing it would destroy it, so nothing was read; send the output to another file"
            ),
            "\(command): \(result.stderr)")
        #expect(try Self.snapshot(folder) == before, "\(command)")
    }

    /// A policy read from where standard output goes is refused as any unreadable policy is.
    @Test func aPolicyThatIsStandardOutputIsRefused() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try runShell("cd \(shellQuoted(folder.path)) && \"$TOOL\" table p.yaml >> p.yaml")
        #expect(result.exitCode == 1)
        #expect(
            result.stderr.hasPrefix(
                "p.yaml:1:1: error[HP001]: cannot read 'p.yaml': it is also where standard output goes"),
            "\(result.stderr)")
    }

    /// Standard output appended onto any input of the run, a file the policy includes
    /// too, writes nothing onto it and says so, naming the file (before, `lint --format
    /// json p.yaml >> p.yaml` appended its own refusal to the policy, and `>> ride/…`
    /// appended the report to the included file). The command's own failure code is kept.
    @Test(arguments: [
        ("lint --format json p.yaml >> p.yaml", "p.yaml", Int32(1)),
        ("lint --format json ride.yaml >> ride/catalogue.yaml", "ride/catalogue.yaml", 64),
        ("lint ride.yaml >> ride/navigate.yaml", "ride/navigate.yaml", 64),
        ("table ride.yaml >> ride/search.yaml", "ride/search.yaml", 64),
        ("cd ride && \"$TOOL\" table ../ride.yaml >> catalogue.yaml", "../ride/catalogue.yaml", 64),
    ])
    func standardOutputOntoAnyInputWritesNothing(_ command: String, _ input: String, _ status: Int32) throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let files = FileManager.default
        for name in ["ride.yaml", "ride"] {
            try files.copyItem(
                at: packageRoot.appendingPathComponent("Policies/" + name), to: folder.appendingPathComponent(name))
        }
        let before = try Self.snapshot(folder)
        let ride = try Self.snapshot(folder.appendingPathComponent("ride"))
        let line = command.hasPrefix("cd ") ? command : "\"$TOOL\" " + command
        let result = try runShell("cd \(shellQuoted(folder.path)) && " + line)
        #expect(result.exitCode == status, "\(command): \(result.stderr)")
        #expect(
            result.stderr.hasSuffix(
                "error: standard output goes to \(input), an input of this command; writing it would destroy the input, "
                    + "so nothing was written to it; send the output to another file\n"),
            "\(command): \(result.stderr)")
        #expect(try Self.snapshot(folder) == before, "\(command)")
        #expect(try Self.snapshot(folder.appendingPathComponent("ride")) == ride, "\(command)")
    }

    /// Another output path is written as usual.
    @Test func anotherOutputIsWritten() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try runShell(
            "cd \(shellQuoted(folder.path)) && \"$TOOL\" compile p.yaml -o p.bundle.json && \"$TOOL\" report p.yaml --out r.html"
        )
        #expect(result.exitCode == 0, "\(result.stderr)")
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("p.bundle.json").path))
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("r.html").path))
    }
}
