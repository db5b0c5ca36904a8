import Foundation
import HapticPolicy
import HapticPolicyCompiler
import HapticPolicyDocument
import Testing

@testable import HapticPolicyYAML

/// `include:`: files merged into one document, each declaration located in its own file;
/// every way an include can go wrong reported at the include entry (or the key) with a fix.
@Suite struct IncludeTests {
    /// The shipped multi-file example (`Fixtures/include/stride.yaml` and `stride/*.yaml`).
    static let stride = Bundle.module.resourceURL?.appendingPathComponent("Fixtures/include/stride.yaml")

    /// A folder of files written for one test; removed by `remove()`.
    struct Folder {
        let url: URL

        init() throws {
            url = FileManager.default.temporaryDirectory.appendingPathComponent("hp-include-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        }

        /// Writes `text` to `path` (relative to the folder), creating folders; returns its path.
        @discardableResult
        func write(_ path: String, _ text: String) throws -> String {
            let file = url.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: file)
            return file.path
        }

        /// The full path of `path`.
        func path(_ path: String) -> String { url.appendingPathComponent(path).path }

        func remove() { try? FileManager.default.removeItem(at: url) }
    }

    /// Loads and validates; `code@file:line:column` of each finding, the file relative to the folder.
    static func findings(_ main: String, in folder: Folder) -> [String] {
        let loaded = PolicyLoader.load(path: folder.path(main))
        var all = loaded.diagnostics
        if let document = loaded.document, !loaded.hasErrors { all += PolicyValidator.validate(document) }
        let prefix = folder.url.path + "/"
        return all.map { diagnostic in
            let file =
                diagnostic.location.file.hasPrefix(prefix)
                ? String(diagnostic.location.file.dropFirst(prefix.count)) : diagnostic.location.file
            return "\(diagnostic.code)@\(file):\(diagnostic.location.line):\(diagnostic.location.column)"
        }
    }

    static let mainHead = "policy: p\nversion: 1\n"
    static let catalogue = """
        feedback:
          tap: {layer: ui, preset: impact.light}
        events:
          button.tap: {layer: ui, screens: [home]}

        """
    static let screens = """
        screens:
          home:
            table:
              button.tap: {play: tap}

        """

    @Test func theMultiFileExampleLintsCleanAndItsRulesNameTheIncludedFiles() throws {
        let url = try #require(Self.stride)
        let loaded = PolicyLoader.load(path: url.path)
        #expect(loaded.diagnostics.isEmpty, "\(loaded.diagnostics.map { "\($0.location) \($0.message)" })")
        let document = try #require(loaded.document)
        #expect(PolicyValidator.validate(document).isEmpty, "\(PolicyValidator.validate(document).map(\.message))")
        let folder = url.deletingLastPathComponent().path + "/"
        #expect(
            document.included == [
                .init(path: folder + "stride/catalogue.yaml", relative: "stride/catalogue.yaml"),
                .init(path: folder + "stride/workout.yaml", relative: "stride/workout.yaml"),
            ])
        // Sections merged: the feedback from one file, the screens from another.
        #expect(document.feedback.map(\.name.value) == ["tap", "faster", "slower"])
        #expect(document.feedback[0].name.location.file == folder + "stride/catalogue.yaml")
        let policy = try Policy(compiling: document)
        #expect(policy.content.files == ["stride/catalogue.yaml", "stride/workout.yaml"])
        var session = Session(policy: policy)
        _ = session.decide(session.event(t: 0, name: "screen.enter", screen: "workout"))
        let tap = session.decide(session.event(t: 1, name: "button.tap", screen: "workout"))
        #expect(tap.rule?.id == "workout/button.tap")
        #expect(tap.rule?.location == SourceLocation(file: folder + "stride/workout.yaml", line: 15, column: 19))
        // The screen rule, in the included file too; the main file's own declarations stay in it.
        #expect(policy.invariantLocation("U-1") == SourceLocation(file: url.path, line: 21, column: 5))
    }

    @Test func theLanguageReferenceShowsTheMultiFileExampleAsTested() throws {
        let url = try #require(Self.stride).deletingLastPathComponent()
        let reference = try String(
            contentsOf: RepositoryFiles.root.appendingPathComponent("Docs/policy-language.md"), encoding: .utf8)
        for file in ["stride.yaml", "stride/catalogue.yaml", "stride/workout.yaml"] {
            let text = try String(contentsOf: url.appendingPathComponent(file), encoding: .utf8)
            #expect(reference.contains("`\(file)`") && reference.contains("```yaml\n" + text + "```"), "\(file)")
        }
    }

    @Test func theBundleIsTheSameFromAnyPathAndNamesTheIncludedFilesRelatively() throws {
        let url = try #require(Self.stride)
        let direct = try #require(PolicyLoader.load(path: url.path).document)
        // The same files through another spelling of the path.
        let detour = url.deletingLastPathComponent().appendingPathComponent("stride/../stride.yaml").path
        let other = try #require(PolicyLoader.load(path: detour).document)
        #expect(other.included?.first?.relative == "stride/catalogue.yaml")
        let one = PolicyBundle.encode(try Policy(compiling: direct))
        let two = PolicyBundle.encode(try Policy(compiling: other))
        #expect(one == two)
        let policy = try Policy(bundle: one)
        // From the bundle, locations name the included file next to the bundle's main file.
        var session = Session(policy: policy)
        _ = session.decide(session.event(t: 0, name: "screen.enter", screen: "workout"))
        let tap = session.decide(session.event(t: 1, name: "button.tap", screen: "workout"))
        #expect(tap.rule?.location == SourceLocation(file: "stride/workout.yaml", line: 15, column: 19))
    }

    @Test func aPositionEncodesItsFileOnlyOutsideTheMainFile() throws {
        let encoder = JSONEncoder()
        #expect(String(decoding: try encoder.encode(SourcePosition(line: 3, column: 7)), as: UTF8.self) == "[3,7]")
        let elsewhere = SourcePosition(line: 3, column: 7, file: 2)
        let text = try encoder.encode(elsewhere)
        #expect(String(decoding: text, as: UTF8.self) == "[3,7,2]")
        #expect(try JSONDecoder().decode(SourcePosition.self, from: text) == elsewhere)
        #expect(try JSONDecoder().decode(SourcePosition.self, from: Data("[3,7]".utf8)).file == 0)
        #expect(
            elsewhere.location(in: ["a.yaml", "b.yaml", "c/d.yaml"])
                == SourceLocation(file: "c/d.yaml", line: 3, column: 7))
        #expect(elsewhere.location(in: ["a.yaml"]) == .unknown)
    }

    @Test func sectionsMergeInIncludeOrderDepthFirst() throws {
        let folder = try Folder()
        defer { folder.remove() }
        try folder.write("main.yaml", Self.mainHead + "include: [a.yaml, c.yaml]\n" + Self.screens + Self.catalogue)
        try folder.write("a.yaml", "include: [sub/b.yaml]\nfeedback:\n  a: {layer: ui, preset: impact.light}\n")
        try folder.write("sub/b.yaml", "feedback:\n  b: {layer: ui, preset: impact.light}\n")
        try folder.write("c.yaml", "feedback:\n  c: {layer: ui, preset: impact.light}\n")
        let loaded = PolicyLoader.load(path: folder.path("main.yaml"))
        #expect(loaded.diagnostics.isEmpty, "\(loaded.diagnostics.map { "\($0.location) \($0.message)" })")
        let document = try #require(loaded.document)
        #expect(document.feedback.map(\.name.value) == ["tap", "a", "b", "c"])
        #expect(document.included?.map(\.relative) == ["a.yaml", "sub/b.yaml", "c.yaml"])
        #expect(
            document.feedback[2].name.location == SourceLocation(file: folder.path("sub/b.yaml"), line: 2, column: 3))
    }

    @Test func aCycleIsReportedAtTheIncludeThatClosesItNamingTheChain() throws {
        let folder = try Folder()
        defer { folder.remove() }
        try folder.write("main.yaml", Self.mainHead + "include: [a.yaml]\n" + Self.catalogue + Self.screens)
        try folder.write("a.yaml", "include: [sub/b.yaml]\n")
        try folder.write("sub/b.yaml", "include:\n  - ../main.yaml\n")
        #expect(Self.findings("main.yaml", in: folder) == ["HP023@sub/b.yaml:2:5"])
        let loaded = PolicyLoader.load(path: folder.path("main.yaml"))
        #expect(loaded.diagnostics.first?.message.contains("main.yaml → a.yaml → sub/b.yaml → main.yaml") == true)
        // A file including itself.
        try folder.write("a.yaml", "include: [a.yaml]\n")
        #expect(Self.findings("main.yaml", in: folder) == ["HP023@a.yaml:1:11"])
    }

    @Test func pathsOutsideTheMainFilesFolderAreRefused() throws {
        let folder = try Folder()
        defer { folder.remove() }
        let outside = try Folder()
        defer { outside.remove() }
        let elsewhere = try outside.write("x.yaml", "feedback: {}\n")
        try folder.write("p/sub/a.yaml", "include: [../../x.yaml]\n")
        try folder.write("p/sub/ok.yaml", "include: [../ok2.yaml]\n")
        try folder.write("p/ok2.yaml", "feedback: {}\n")
        try FileManager.default.createSymbolicLink(atPath: folder.path("p/link.yaml"), withDestinationPath: elsewhere)
        try folder.write(
            "p/main.yaml",
            Self.mainHead
                + "include:\n  - \(elsewhere)\n  - ../x.yaml\n  - sub/a.yaml\n  - link.yaml\n  - sub/ok.yaml\n"
                + Self.catalogue + Self.screens)
        #expect(
            Self.findings("p/main.yaml", in: folder) == [
                "HP022@p/main.yaml:4:5", "HP022@p/main.yaml:5:5", "HP022@p/main.yaml:7:5", "HP022@p/sub/a.yaml:1:11",
            ])
        let messages = PolicyLoader.load(path: folder.path("p/main.yaml")).diagnostics.map(\.message)
        #expect(messages[0].contains("is an absolute path"))
        #expect(messages[1].contains("leads out of the folder"))
        #expect(messages[2].contains("through a symbolic link"))
    }

    @Test func aMissingFileADirectoryAndARepeatAreReportedAtTheirEntries() throws {
        let folder = try Folder()
        defer { folder.remove() }
        try folder.write("a.yaml", "feedback: {}\n")
        try FileManager.default.createDirectory(atPath: folder.path("dir.yaml"), withIntermediateDirectories: true)
        try folder.write(
            "main.yaml",
            Self.mainHead + "include: [missing.yaml, a.yaml, dir.yaml, ./a.yaml]\n" + Self.catalogue + Self.screens)
        #expect(
            Self.findings("main.yaml", in: folder) == [
                "HP021@main.yaml:3:11", "HP021@main.yaml:3:33", "HP024@main.yaml:3:43",
            ])
        let loaded = PolicyLoader.load(path: folder.path("main.yaml"))
        #expect(loaded.diagnostics[0].message.contains("no such file"))
        #expect(loaded.diagnostics[1].message.contains("it is a directory"))
        #expect(
            loaded.diagnostics[2].notes.map(\.location) == [
                SourceLocation(file: folder.path("main.yaml"), line: 3, column: 25)
            ])
        #expect(loaded.includedFiles.contains(folder.path("missing.yaml")))
    }

    /// The language guide lists every section an included file may hold: each top-level
    /// key but the main file's own (`PolicyIncludes.mainOnlyKeys`), `parameters:` and
    /// `user-levels:` too, and an included file holding those two loads clean.
    @Test func theGuideListsEverySectionAnIncludedFileMayHold() throws {
        let reference = try String(
            contentsOf: RepositoryFiles.root.appendingPathComponent("Docs/policy-language.md"), encoding: .utf8)
        let paragraph = try #require(
            reference.components(separatedBy: "**Included files.**").dropFirst().first?
                .components(separatedBy: "\n\n").first)
        let listed = try #require(
            paragraph.components(separatedBy: "sections (").dropFirst().first?
                .components(separatedBy: ")").first)
        let sections = PolicyDecoder.topLevelKeys.filter { !PolicyIncludes.mainOnlyKeys.contains($0) }
        for section in sections {
            #expect(
                listed.contains("`\(section)`") || listed.contains("`\(section):`"),
                "Docs/policy-language.md omits `\(section)`: \(listed)")
        }
        for key in PolicyIncludes.mainOnlyKeys {
            #expect(paragraph.contains("`\(key)`"), "the guide does not say only the main file sets `\(key)`")
        }
        let folder = try Folder()
        defer { folder.remove() }
        try folder.write(
            "main.yaml",
            Self.mainHead + "include: [part.yaml]\n" + Self.catalogue + Self.screens
                + "budgets:\n  - {id: B-1, each: screen, max: 6, per: 10}\n")
        try folder.write(
            "part.yaml",
            """
            parameters:
              max_hr: {set-by: profile.set, min: 120, max: 220, default: 190}
            user-levels:
              set-by: haptics.level
              start: full
              levels:
                full: {keeps: all}
                off: {keeps: none}

            """)
        let loaded = PolicyLoader.load(path: folder.path("main.yaml"))
        #expect(!loaded.hasErrors, "\(loaded.diagnostics.map(\.message))")
        #expect(loaded.document?.parameters.map(\.name.value) == ["max_hr"])
        #expect(loaded.document?.userLevels?.levels.map(\.name.value) == ["full", "off"])
    }

    @Test func mainFileKeysAndUnknownKeysInAnIncludedFileAreLocatedThere() throws {
        let folder = try Folder()
        defer { folder.remove() }
        try folder.write("main.yaml", Self.mainHead + "include: [part.yaml]\n" + Self.catalogue + Self.screens)
        try folder.write("part.yaml", "policy: q\nengine: {warmup: 0.1}\nfeedbak: {}\n")
        #expect(
            Self.findings("main.yaml", in: folder) == [
                "HP025@part.yaml:1:1", "HP025@part.yaml:2:1", "HP012@part.yaml:3:1",
            ])
        let message = try #require(PolicyLoader.load(path: folder.path("main.yaml")).diagnostics.last?.message)
        #expect(message.contains("did you mean 'feedback'?"))
    }

    @Test func aNameDeclaredInTwoFilesIsReportedAtTheSecondWithANoteAtTheFirst() throws {
        let folder = try Folder()
        defer { folder.remove() }
        try folder.write("main.yaml", Self.mainHead + "include: [part.yaml]\n" + Self.catalogue + Self.screens)
        try folder.write(
            "part.yaml",
            """
            feedback:
              tap: {layer: ui, preset: impact.heavy}
            invariants:
              - {id: U-1, rule: guideline, says: one}
              - {id: U-1, rule: guideline, says: two}
            screens:
              home: {}

            """)
        let loaded = PolicyLoader.load(path: folder.path("main.yaml"))
        let duplicates = loaded.diagnostics.filter { $0.code == "HP218" }
        #expect(
            duplicates.map(\.location) == [
                SourceLocation(file: folder.path("part.yaml"), line: 2, column: 3),
                SourceLocation(file: folder.path("part.yaml"), line: 7, column: 3),
            ])
        #expect(
            duplicates.map { $0.notes.map(\.location) } == [
                [SourceLocation(file: folder.path("main.yaml"), line: 5, column: 3)],
                [SourceLocation(file: folder.path("main.yaml"), line: 9, column: 3)],
            ])
        #expect(
            duplicates[0].message.contains(
                "feedback 'tap' is declared twice (first at \(folder.path("main.yaml")):5:3)"))
        // The first declaration is kept: no cascade.
        let document = try #require(loaded.document)
        #expect(document.feedback.map(\.name.value) == ["tap"])
    }

    @Test func aDiagnosticInAnIncludedFileIsAtItsOwnLineAndColumn() throws {
        let folder = try Folder()
        defer { folder.remove() }
        try folder.write("main.yaml", Self.mainHead + "include: [sub/part.yaml]\n" + Self.catalogue + Self.screens)
        // A parse error, a decoder error inside an expression, and a validator finding.
        try folder.write(
            "sub/part.yaml",
            """
            feedback:
              buzz:
                layer: ui
                pattern:
                  events:
                    - {type: transient, time: 0 +* 1}

            """)
        #expect(Self.findings("main.yaml", in: folder) == ["HP015@sub/part.yaml:6:38"])
        try folder.write(
            "sub/part.yaml",
            """
            feedback:
              buzz: {layer: ui, preset: impact.light, intensity: 1.5}

            """)
        #expect(Self.findings("main.yaml", in: folder).contains("HP101@sub/part.yaml:2:54"))
        try folder.write("sub/part.yaml", "feedback: [oops\n")
        #expect(Self.findings("main.yaml", in: folder).first?.hasPrefix("HP005@sub/part.yaml:") == true)
    }

    @Test func limitsOnDepthFilesAndBytesAreReported() throws {
        let folder = try Folder()
        defer { folder.remove() }
        // A chain 17 files deep.
        for depth in 1...17 { try folder.write("f\(depth).yaml", "include: [f\(depth + 1).yaml]\n") }
        try folder.write("f18.yaml", "feedback: {}\n")
        try folder.write("main.yaml", Self.mainHead + "include: [f1.yaml]\n" + Self.catalogue + Self.screens)
        #expect(Self.findings("main.yaml", in: folder) == ["HP026@f16.yaml:1:11"])
        // More bytes in all than the limit allows.
        try folder.write("big.yaml", "# " + String(repeating: "x", count: 300) + "\nfeedback: {}\n")
        try folder.write("main.yaml", Self.mainHead + "include: [big.yaml]\n" + Self.catalogue + Self.screens)
        let loaded = PolicyLoader.load(path: folder.path("main.yaml"), limits: ParseLimits(maxBytes: 400))
        #expect(loaded.diagnostics.map(\.code) == ["HP026"])
        #expect(loaded.diagnostics.first?.message.contains("more than 400 bytes") == true)
    }

    @Test func aPolicyWithoutIncludesLoadsAsBefore() throws {
        let loaded = load(Self.mainHead + Self.catalogue + Self.screens)
        #expect(loaded.diagnostics.isEmpty)
        #expect(loaded.document?.included == nil)
        let policy = try Policy(compiling: try #require(loaded.document))
        #expect(policy.content.files == nil)
        #expect(policy.files == ["test.yaml"])
    }
}
