import Foundation
import HapticPolicyFrontEnd
import Testing

@testable import HapticPolicyCLI

/// `report`, `export`, `compile` and `import-ahap --out` write through `OutputFiles`: a
/// temporary file in the same folder, renamed into place when complete. A write that
/// fails (here `ulimit -f 0`, so every byte written to a file fails with EFBIG, as a full
/// disk fails with ENOSPC) leaves the previous file as it was and no temporary file
/// behind, and the message gives the system's reason. (Before, `report` and `export`
/// wrote in place: a truncated page, a 0-byte `.kt`.)
@Suite struct AtomicOutputTests {
    /// A command writing one file, `$DEST`, which already holds a previous version.
    static let singleFileCommands: [String] = [
        "report Policies/plavo.yaml --events Policies/logs/demo.jsonl --out \"$DEST\" --force",
        "compile Policies/plavo.yaml -o \"$DEST\"",
        "import-ahap Tests/HapticPolicyExportTests/Golden/ahap/pulse.ahap --name pulse --out \"$DEST\"",
    ]

    @Test(arguments: singleFileCommands)
    func aFailedWriteKeepsThePreviousFile(_ command: String) throws {
        let folder = try temporaryFolder("atomic")
        defer { try? FileManager.default.removeItem(at: folder) }
        let destination = folder.appendingPathComponent("previous.out")
        try Data("previous version\n".utf8).write(to: destination)
        let result = try runShell(
            "trap '' XFSZ; ulimit -f 0; \"$TOOL\" \(command)", environment: ["DEST": destination.path])
        #expect(result.exitCode == 1, "\(command)")
        #expect(
            result.stderr.contains(
                "error: cannot write \(destination.path): file too large; the file would be larger than this system allows; write somewhere else"
            ),
            "\(command): \(result.stderr)")
        #expect(try String(contentsOf: destination, encoding: .utf8) == "previous version\n", "\(command)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["previous.out"], "\(command)")
    }

    @Test func aFailedExportKeepsEveryPreviousFileAndAddsNone() throws {
        let folder = try temporaryFolder("atomic-export")
        defer { try? FileManager.default.removeItem(at: folder) }
        let previous = folder.appendingPathComponent("breath.ahap")
        try Data("previous version\n".utf8).write(to: previous)
        let result = try runShell(
            "trap '' XFSZ; ulimit -f 0; \"$TOOL\" export Policies/breathing.yaml --out \"$DEST\"",
            environment: ["DEST": folder.path])
        #expect(result.exitCode == 1)
        #expect(result.stderr.contains(": file too large;"), "\(result.stderr)")
        #expect(result.stdout == "", "no path is printed for files not written")
        #expect(try String(contentsOf: previous, encoding: .utf8) == "previous version\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["breath.ahap"])
    }

    /// The last file of an export cannot be written (its name is taken by a folder): none
    /// of the others appear either.
    @Test func anExportAppearsWholeOrNotAtAll() throws {
        let folder = try temporaryFolder("atomic-export")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("presets.web.json"), withIntermediateDirectories: false)
        let result = try runBinary(["export", "Policies/breathing.yaml", "--out", folder.path])
        #expect(result.exitCode == 1)
        #expect(
            result.stderr.contains(
                "error: cannot write \(folder.path)/presets.web.json: is a directory; it is a folder; give a file name"),
            "\(result.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["presets.web.json"])

        try FileManager.default.removeItem(at: folder.appendingPathComponent("presets.web.json"))
        let again = try runBinary(["export", "Policies/breathing.yaml", "--out", folder.path])
        #expect(again.exitCode == 0, "\(again.stderr)")
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: folder.path).count == 7, "and no temporary file is left"
        )
    }

    /// A device or a pipe is written in place: renaming over `/dev/full` would replace
    /// the device (as root, for every process on the machine).
    @Test func aDeviceIsWrittenInPlace() throws {
        let full = try runBinary(["report", "Policies/plavo.yaml", "--out", "/dev/full"])
        #expect(full.exitCode == 1)
        #expect(
            full.stderr
                == "error: cannot write /dev/full: no space left on device; free some space or write somewhere else\n")
        let type = try FileManager.default.attributesOfItem(atPath: "/dev/full")[.type] as? FileAttributeType
        #expect(type == .typeCharacterSpecial)
    }

    @Test func aPipeIsWrittenInPlace() throws {
        let folder = try temporaryFolder("atomic-fifo")
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try runShell(
            "cd \(shellQuoted(folder.path)) && mkfifo pipe && { cat pipe > got & } && "
                + "\"$TOOL\" compile \(shellQuoted(packageRoot.path))/Policies/metronome.yaml -o pipe; code=$?; wait; "
                + "test -p pipe && echo \"exit $code, still a pipe\"")
        #expect(result.stdout == "exit 0, still a pipe\n", "\(result.stderr)")
        let got = try String(contentsOf: folder.appendingPathComponent("got"), encoding: .utf8)
        #expect(got.hasPrefix(#"{"format":"#))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["got", "pipe"])
    }

    /// A destination that is a symbolic link keeps the link; the file it leads to is
    /// replaced, and an existing file keeps its permissions.
    @Test func aLinkIsFollowedAndPermissionsAreKept() throws {
        let folder = try temporaryFolder("atomic-link")
        defer { try? FileManager.default.removeItem(at: folder) }
        let target = folder.appendingPathComponent("real.bundle.json")
        let link = folder.appendingPathComponent("link.bundle.json")
        try Data("old".utf8).write(to: target)
        try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: target.path)
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: "real.bundle.json")
        let result = try runBinary(["compile", "Policies/metronome.yaml", "-o", link.path])
        #expect(result.exitCode == 0, "\(result.stderr)")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link.path) == "real.bundle.json")
        #expect(try String(contentsOf: target, encoding: .utf8).hasPrefix(#"{"format":"#))
        let mode = try FileManager.default.attributesOfItem(atPath: target.path)[.posixPermissions] as? Int
        #expect(mode == 0o640)
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == [
                "link.bundle.json", "real.bundle.json",
            ])
    }

    /// The message gives the system's reason for each way a path can be unwritable.
    @Test func theMessageGivesTheRealCause() throws {
        let folder = try temporaryFolder("atomic-errno")
        defer { try? FileManager.default.removeItem(at: folder) }
        let loop = folder.appendingPathComponent("loop")
        try FileManager.default.createSymbolicLink(atPath: loop.path, withDestinationPath: loop.path)
        let file = folder.appendingPathComponent("file")
        try Data().write(to: file)
        let cases: [(path: String, reason: String)] = [
            (
                loop.path,
                "too many levels of symbolic links; a symbolic link in the path leads back to itself; fix or remove the link"
            ),
            (
                loop.path + "/report.html",
                "too many levels of symbolic links; a symbolic link in the path leads back to itself; fix or remove the link"
            ),
            (
                folder.path + "/missing/report.html",
                "no such file or directory; the folder does not exist; create it first"
            ),
            (file.path + "/report.html", "not a directory; a part of the path is a file, not a folder; check the path"),
            (folder.path, "is a directory; it is a folder; give a file name"),
        ]
        for (path, reason) in cases {
            let result = try runBinary(["report", "Policies/metronome.yaml", "--out", path])
            #expect(result.exitCode == 1, "\(path)")
            #expect(result.stderr == "error: cannot write \(path): \(reason)\n", "\(path)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["file", "loop"])
    }

    /// `export --out` into a path under a symbolic link loop says so.
    @Test func anExportFolderInALoopSaysSo() throws {
        let folder = try temporaryFolder("atomic-export-loop")
        defer { try? FileManager.default.removeItem(at: folder) }
        let loop = folder.appendingPathComponent("loop")
        try FileManager.default.createSymbolicLink(atPath: loop.path, withDestinationPath: loop.path)
        let result = try runBinary(["export", "Policies/breathing.yaml", "--out", loop.path + "/out"])
        #expect(result.exitCode == 1)
        #expect(
            result.stderr.hasPrefix("error: cannot write \(loop.path)/out: too many levels of symbolic links;"),
            "\(result.stderr)")
    }

    /// In process: several files are renamed into place only when every one is written.
    @Test func writeAllStagesEveryFileFirst() throws {
        let folder = try temporaryFolder("atomic-unit")
        defer { try? FileManager.default.removeItem(at: folder) }
        let good = OutputFiles.File(path: folder.appendingPathComponent("a.txt").path, bytes: Array("a".utf8))
        let bad = OutputFiles.File(path: folder.appendingPathComponent("missing/b.txt").path, bytes: Array("b".utf8))
        #expect(throws: OutputError(path: bad.path, error: SystemError(ENOENT))) {
            try OutputFiles.writeAll([good, bad], inputs: CommandInputs())
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == [])
        try OutputFiles.writeAll([good], inputs: CommandInputs())
        #expect(try String(contentsOfFile: good.path, encoding: .utf8) == "a")
    }
}
