import Foundation
import HapticPolicy
import HapticPolicyReplay
import Testing

@testable import HapticPolicyCLI

/// Every reference policy's bundle validates against `Docs/bundle.schema.json`
/// (`scripts/validate-bundles.py`), whose objects are all closed: a field the encoder
/// writes and the schema does not list fails here, so the schema cannot fall behind.
@Suite struct BundleSchemaTests {
    static let policies = ["plavo", "stride", "ride", "breathing", "metronome"]

    /// The bundle `haptic-policy compile` writes for a reference policy.
    static func bundle(_ name: String) throws -> String {
        let result = runInProcess([
            "compile", packageRoot.appendingPathComponent("Policies/\(name).yaml").path, "-o", "-",
        ])
        try #require(result.exitCode == 0, "\(result.stderr)")
        return result.stdout
    }

    /// The validator's output and status for bundle text.
    static func validate(_ text: String, named name: String) throws -> (output: String, status: Int32) {
        let directory = try temporaryDirectory("bundle-schema")
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("\(name).bundle.json")
        try Data(text.utf8).write(to: file)
        return try runExternal("python3", ["scripts/validate-bundles.py", file.path])
    }

    @Test(arguments: policies)
    func aReferenceBundleValidatesAgainstTheSchema(policy: String) throws {
        let checked = try Self.validate(try Self.bundle(policy), named: policy)
        #expect(checked.status == 0, "\(checked.output)")
        #expect(checked.output.hasPrefix("ok "), "\(checked.output)")
    }

    /// A field the schema does not list, at the top, in a row and in a pattern event, is
    /// refused: the schema is closed all the way down.
    @Test(arguments: [
        (#"{"format":"#, #"{"extra":1,"format":"#),
        (#""rule":"#, #""extra":1,"rule":"#),
        (#""kind":"transient""#, #""kind":"transient","extra":1"#),
    ])
    func aFieldTheSchemaDoesNotListIsRefused(marker: String, replacement: String) throws {
        let text = try Self.bundle("plavo")
        let range = try #require(text.range(of: marker))
        let edited = text.replacingCharacters(in: range, with: replacement)
        let checked = try Self.validate(edited, named: "edited")
        #expect(checked.status == 1, "\(checked.output)")
        #expect(checked.output.contains("'extra' was unexpected"), "\(checked.output)")
    }

    /// The complete example of `Docs/bundle-format.md` is what compiling its policy gives.
    @Test func theDocumentedExampleIsWhatTheCompilerWrites() throws {
        let doc = try String(
            contentsOf: packageRoot.appendingPathComponent("Docs/bundle-format.md"), encoding: .utf8)
        let example = try #require(doc.range(of: "## A complete example")).upperBound
        let rest = String(doc[example...])
        func block(_ language: String) throws -> String {
            let start = try #require(rest.range(of: "```\(language)\n")).upperBound
            let end = try #require(rest[start...].range(of: "```")).lowerBound
            return String(rest[start..<end])
        }
        let directory = try temporaryDirectory("bundle-example")
        defer { try? FileManager.default.removeItem(at: directory) }
        let policy = directory.appendingPathComponent("tiny.yaml")
        try Data(try block("yaml policy").utf8).write(to: policy)
        let result = runInProcess(["compile", policy.path, "-o", "-"])
        try #require(result.exitCode == 0, "\(result.stderr)")
        // Line 1 in the ```json block, line 2 (the tools part) in the ```json tools block.
        let lines = result.stdout.split(separator: "\n").map { Data($0.utf8) }
        try #require(lines.count == 2, "a bundle is two lines")
        for (line, language) in zip(lines, ["json", "json tools"]) {
            let compiled = try JSONSerialization.jsonObject(with: line) as? NSDictionary
            let documented = try JSONSerialization.jsonObject(with: Data(try block(language).utf8)) as? NSDictionary
            #expect(compiled != nil)
            #expect(
                compiled == documented,
                "Docs/bundle-format.md's example is stale: compile its policy and paste both lines, indented")
        }
    }
}

extension BundleSchemaTests {
    /// The guides that may name a format number: every page of `Docs` and the READMEs,
    /// but `Docs/bundle-format.md` (its history names the old versions), `Docs/checks.md`
    /// (generated; HP950's example is a refused bundle of the format before the current
    /// one, written from `PolicyBundle.formatVersion`), `Docs/testing.md` (versions the
    /// differential's mutations wrote) and `Docs/performance.md` (measurements of past
    /// commits).
    static func guides() throws -> [String] {
        let kept: Set = ["bundle-format.md", "checks.md", "testing.md", "performance.md"]
        let docs = try FileManager.default.contentsOfDirectory(atPath: packageRoot.appendingPathComponent("Docs").path)
            .filter { $0.hasSuffix(".md") && !kept.contains($0) }.sorted().map { "Docs/" + $0 }
        return docs + ["Web/README.md", "README.md"]
    }

    /// Where the guides name the bundle format (`"formatVersion": N`, a bundle's `format N`
    /// or a `format N bundle` in one sentence, the version N the library reads), N is the
    /// one the tool writes, `PolicyBundle.formatVersion` (they said 3 and 4 where it wrote
    /// 5, and 5 where it wrote 6). `Docs/bundle-format.md` keeps its history apart.
    @Test func theGuidesNameTheBundleFormatTheToolWrites() throws {
        var named: [String: [Int]] = [:]
        for file in try Self.guides() {
            let markdown = try String(contentsOf: packageRoot.appendingPathComponent(file), encoding: .utf8)
            // A sentence wrapped over lines is one line; a table row stays its own.
            let text = markdown.replacing(/\n[ \t]*(?![|\n])/, with: " ")
            let pattern =
                #/
                formatVersion\W{0,4}(\d+) | bundle[^.|\n]*?\bformat\ (\d+) | format[-\ ](\d+)\ bundle
                | reads\ version\ (\d+) | version\ (\d+)\ this\ library
                /#
            for match in text.matches(of: pattern) {
                let number = match.output.1 ?? match.output.2 ?? match.output.3 ?? match.output.4 ?? match.output.5
                named[file, default: []] += [Int(number.map(String.init) ?? "") ?? -1]
            }
        }
        #expect(named["Docs/cli.md"]?.isEmpty == false && named["Docs/policy-language.md"]?.isEmpty == false)
        #expect(named["Docs/web.md"]?.isEmpty == false)
        for (file, numbers) in named {
            #expect(
                numbers.allSatisfy { $0 == PolicyBundle.formatVersion },
                "\(file) names bundle format \(numbers); the tool writes \(PolicyBundle.formatVersion)")
        }
    }

    /// `Docs/cli.md`'s table of the JSON outputs names each one's version: the constant
    /// the command writes.
    @Test func theCLIGuideNamesTheVersionEachJSONOutputWrites() throws {
        let markdown = try String(contentsOf: packageRoot.appendingPathComponent("Docs/cli.md"), encoding: .utf8)
        let written: [(row: String, version: Int)] = [
            ("| `eval --summary json`, `merge` |", FleetSummary.version),
            ("| `table --format json` |", DecisionTableJSONReporter.formatVersion),
            ("| `diff --format json` |", DiffReport.formatVersion),
            ("| `test --format json` (coverage included) |", TestResultJSONReporter.formatVersion),
            ("| `lint --format json` |", DiagnosticJSONReporter.formatVersion),
            ("| `compile` |", PolicyBundle.formatVersion),
        ]
        let lines = markdown.components(separatedBy: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        for (row, version) in written {
            let line = try #require(lines.first { $0.hasPrefix(row) }, "Docs/cli.md has no row \(row)")
            let stated = line.matches(of: /"(?:format|version|formatVersion)": (\d+)/).map { Int($0.output.1) ?? -1 }
            #expect(stated == [version], "Docs/cli.md's row \(row) says \(stated); the command writes \(version)")
        }
    }
}
