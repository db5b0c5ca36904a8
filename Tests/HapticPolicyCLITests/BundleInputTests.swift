import Foundation
import Testing

/// A compiled bundle is taken wherever a policy is, decides exactly like its source, and
/// is the same bytes whatever path compiled it.
@Suite struct BundleInputTests {
    /// Compiles `Policies/<name>.yaml` (spelt as `spelling`) into a temporary bundle.
    static func compile(_ spelling: String, from directory: URL = packageRoot) throws -> [UInt8] {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("bundle-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: output) }
        let process = Process()
        process.executableURL = builtToolURL()
        process.arguments = ["compile", spelling, "-o", output.path]
        process.currentDirectoryURL = directory
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "compile \(spelling) from \(directory.path)")
        return try [UInt8](Data(contentsOf: output))
    }

    static func bundleFile(_ name: String) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "\(name)-\(UUID().uuidString).bundle.json")
        try Data(compile("Policies/\(name).yaml")).write(to: url)
        return url
    }

    /// Before, the path as typed was stored in every location: `Policies/plavo.yaml` and
    /// `./Policies/plavo.yaml` gave two hashes.
    @Test func everySpellingOfThePathGivesOneBundle() throws {
        let plain = try Self.compile("Policies/plavo.yaml")
        #expect(try Self.compile("./Policies/plavo.yaml") == plain)
        #expect(try Self.compile(packageRoot.appendingPathComponent("Policies/plavo.yaml").path) == plain)
        #expect(try Self.compile("plavo.yaml", from: packageRoot.appendingPathComponent("Policies")) == plain)
        let text = String(decoding: plain, as: UTF8.self)
        #expect(!text.contains(packageRoot.path), "no path of the build machine in a bundle")
        #expect(!text.contains("Policies/"))
    }

    /// Before, eval parsed a bundle as YAML: `missing required key 'version'`.
    @Test(arguments: ["jsonl", "table"])
    func evalOfABundleDecidesLikeItsSource(_ format: String) throws {
        let bundle = try Self.bundleFile("plavo")
        defer { try? FileManager.default.removeItem(at: bundle) }
        let fromYAML = try runBinary(["eval", "Policies/plavo.yaml", "Policies/logs/demo.jsonl", "--format", format])
        let fromBundle = try runBinary(["eval", bundle.path, "Policies/logs/demo.jsonl", "--format", format])
        #expect(fromBundle.exitCode == 0, "\(fromBundle.stderr)")
        #expect(fromBundle.stdout == fromYAML.stdout)
        #expect(fromBundle.stderr == fromYAML.stderr)
    }

    @Test func diffTestReportExportAndTableTakeABundle() throws {
        let plavo = try Self.bundleFile("plavo")
        let breathing = try Self.bundleFile("breathing")
        defer {
            try? FileManager.default.removeItem(at: plavo)
            try? FileManager.default.removeItem(at: breathing)
        }
        // The same policy on both sides: nothing changed.
        let diff = try runBinary(["diff", "Policies/plavo.yaml", plavo.path, "Policies/logs/demo.jsonl"])
        #expect(diff.exitCode == 0, "\(diff.stdout)\(diff.stderr)")

        // The same table, but for the reasons of a budget's excepted events, which only
        // the source has: the bundle's lists the events alone.
        let table = try runBinary(["table", plavo.path])
        let yaml = try runBinary(["table", "Policies/plavo.yaml"]).stdout
        let reason = " (the selector's ticks are the control itself, one per name passed)"
        let withoutReasons = yaml.replacingOccurrences(of: ": 選択のティックは操作そのもの" + reason, with: "")
        #expect(withoutReasons != yaml, "plavo's B-1 excepts selector.tick with its reason")
        // Columns are as wide as their widest cell: compare without the padding.
        func unpadded(_ text: String) -> String { text.filter { $0 != " " && $0 != "-" } }
        #expect(unpadded(table.stdout) == unpadded(withoutReasons), "\(table.stdout)")
        #expect(table.stdout.contains("| selector.tick |"))

        let out = FileManager.default.temporaryDirectory.appendingPathComponent("export-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: out) }
        let exported = try runBinary([
            "export", breathing.path, "--to", "all", "--out", out.appendingPathComponent("b").path,
        ])
        let exportedYAML = try runBinary([
            "export", "Policies/breathing.yaml", "--to", "all", "--out", out.appendingPathComponent("y").path,
        ])
        #expect(exported.exitCode == 0 && exportedYAML.exitCode == 0, "\(exported.stderr)")
        let names = try FileManager.default.contentsOfDirectory(atPath: out.appendingPathComponent("y").path).sorted()
        #expect(!names.isEmpty)
        for name in names {
            let a = try Data(contentsOf: out.appendingPathComponent("y").appendingPathComponent(name))
            let b = try Data(contentsOf: out.appendingPathComponent("b").appendingPathComponent(name))
            #expect(a == b, "\(name)")
        }

        let report = out.appendingPathComponent("report.html")
        let reported = try runBinary([
            "report", plavo.path, "--events", "Policies/logs/demo.jsonl", "--out", report.path,
        ])
        #expect(reported.exitCode == 0, "\(reported.stderr)")
        #expect(try String(contentsOf: report, encoding: .utf8).contains("id=\"timeline\""))

        // A test file names its policy; a bundle passed to lint is checked for damage only.
        let lint = try runBinary(["lint", plavo.path])
        #expect(lint.exitCode == 0, "\(lint.stderr)")
    }

    @Test func aDamagedBundleIsRefusedWithItsReason() throws {
        var bytes = try Self.compile("Policies/plavo.yaml")
        bytes.removeLast(100)
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("damaged-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: url) }
        try Data(bytes).write(to: url)
        let result = try runBinary(["eval", url.path, "Policies/logs/demo.jsonl"])
        #expect(result.exitCode == 1)
        #expect(
            result.stderr.contains("\(url.path):1:1: error[HP950]: bundle is truncated or damaged"), "\(result.stderr)")
        #expect(result.stdout.isEmpty)
    }

    /// The CLI read no bundle over 1 MiB, its policies' limit, although a policy of a
    /// few hundred kilobytes compiles to megabytes (one decision-table entry per screen
    /// and event): it reads bundles up to the 8 MiB every runtime reads, and `compile`
    /// writes no larger one.
    @Test func readsABundleUpToTheRuntimesLimitAndCompileWritesNoLargerOne() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("large-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        func policy(_ count: Int) -> String {
            var lines = [
                "policy: large", "version: 1", "", "feedback:", "  tap: {layer: ui, preset: impact.light}", "",
            ]
            lines.append("events:")
            for e in 0..<count { lines.append("  ev\(e).tap: {layer: ui, screens: [s\(e)]}") }
            lines.append("screens:")
            for s in 0..<count { lines += ["  s\(s):", "    table:", "      ev\(s).tap: {play: tap}"] }
            return lines.joined(separator: "\n") + "\n"
        }
        let fits = folder.appendingPathComponent("fits.yaml")
        try policy(700).write(to: fits, atomically: true, encoding: .utf8)
        let bundle = folder.appendingPathComponent("fits.bundle.json")
        let compiled = try runBinary(["compile", fits.path, "-o", bundle.path])
        #expect(compiled.exitCode == 0, "\(compiled.stderr)")
        let size = try Data(contentsOf: bundle).count
        #expect(size > 1 << 20 && size <= 8 << 20, "\(size)")
        let lint = try runBinary(["lint", bundle.path])
        #expect(lint.exitCode == 0, "\(lint.stderr)")

        let over = folder.appendingPathComponent("over.yaml")
        try policy(1_700).write(to: over, atomically: true, encoding: .utf8)
        let refused = try runBinary(["compile", over.path, "-o", folder.appendingPathComponent("over.json").path])
        #expect(refused.exitCode == 1)
        #expect(refused.stderr.contains("over the 8388608-byte limit every runtime reads; nothing was written"))
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("over.json").path))
    }
}
