import Foundation
import HapticPolicy
import HapticPolicyCompiler
import HapticPolicyExport
import HapticPolicyTestSupport
import HapticPolicyYAML
import Testing

/// Hostile names and notes (`Tests/Fixtures/hostile-names.txt`) reach the Swift and Kotlin
/// code, the Android export, the report and the terminal as data only: the output of a
/// policy made of them lexes to the same skeleton as its twin made of plain names
/// (`EmittedOutputCheck.swift`), every literal decodes back to the name.
@Suite struct HostileNamesTests {
    static let corpus: [String] = {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/hostile-names.txt")
        return hostileNames(corpus: (try? String(contentsOf: url, encoding: .utf8)) ?? "")
    }()

    /// The corpus in groups of eight, each group one policy; then the names of every
    /// regression input of an `emit-*` fuzz target (`Tests/Fixtures/fuzz/emit-*/`), read
    /// as the targets read them (lines, at most eight, at most 200 scalars each).
    static let groups: [[String]] = {
        var groups = stride(from: 0, to: corpus.count, by: 8).map { Array(corpus[$0..<min($0 + 8, corpus.count)]) }
        let fuzz = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/fuzz")
        let files = FileManager.default
        for target in ((try? files.contentsOfDirectory(atPath: fuzz.path)) ?? []).sorted()
        where target.hasPrefix("emit-") {
            let folder = fuzz.appendingPathComponent(target)
            for name in ((try? files.contentsOfDirectory(atPath: folder.path)) ?? []).sorted() {
                let bytes = (try? Data(contentsOf: folder.appendingPathComponent(name))) ?? Data()
                let names = String(decoding: bytes, as: UTF8.self).split(separator: "\n").prefix(8)
                    .map { String(String.UnicodeScalarView($0.unicodeScalars.prefix(200))) }
                if !names.isEmpty { groups.append(names) }
            }
        }
        return groups
    }()

    static func compile(_ yaml: String) throws -> Policy {
        let loaded = PolicyLoader.parse(Array(yaml.utf8), file: "hostile.yaml")
        let errors = loaded.diagnostics.filter { $0.severity == .error }
        let document = try #require(loaded.document, "\(loaded.diagnostics)")
        try #require(errors.isEmpty, "\(errors)\n\(yaml)")
        let checked = PolicyValidator.check(document)
        let validated = try #require(checked.validated, "\(checked.diagnostics)\n\(yaml)")
        return PolicyCompiler.compile(validated)
    }

    /// The hostile policy of `names` and its plain twin.
    static func pair(_ names: [String]) throws -> (hostile: Policy, plain: Policy) {
        (try compile(hostilePolicyYAML(names)), try compile(plainPolicyYAML(names)))
    }

    @Test func theCorpusHasTheNamesTheIssueNames() {
        #expect(Self.corpus.count > 60)
        for needle in ["*/", "/*", "\"\"\"", "${", "\u{202E}", "\u{1B}[", "</script>", "<meta http-equiv", "class"] {
            #expect(Self.corpus.contains { $0.contains(needle) }, "\(needle)")
        }
    }

    @Test(arguments: [SourceLanguage.swift, .kotlin, .typeScript])
    func everyNameIsOneStringLiteralThatDecodesBackToIt(_ language: SourceLanguage) throws {
        for name in Self.corpus {
            let literal = sourceString(name, language)
            let skeleton = try SourceSkeleton("let x = " + literal + "\n", language)
            #expect(skeleton.tokens == ["I", "I", "=", "S"], "\(literal)")
            #expect(skeleton.strings == [name], "\(literal)")
        }
    }

    @Test(arguments: [SourceLanguage.swift, .kotlin, .typeScript])
    func aNameInACommentNeitherClosesNorOpensOne(_ language: SourceLanguage) throws {
        for name in Self.corpus {
            let comment = sourceComment(name)
            #expect(!comment.contains("*/") && !comment.contains("/*"), "\(comment)")
            #expect(!comment.unicodeScalars.contains(where: isUnsafeText), "\(comment)")
            let skeleton = try SourceSkeleton("/** \(comment) */\n// \(comment)\nlet x = 1\n", language)
            #expect(skeleton.tokens == ["I", "I", "=", "N"], "\(comment)")
            #expect(skeleton.comments == 2)
        }
    }

    @Test func identifiersAreUniqueAndNeverAKeywordWithASuffix() {
        let swift = sourceIdentifiers(["class", "class", "in", "in", "self", "self", "Type", "", "3d"], .swift)
        #expect(swift == ["`class`", "class_", "`in`", "in_", "`self`", "self_", "Type_", "_0", "_3d"])
        let kotlin = sourceIdentifiers(["in", "in", "fun", "_"], .kotlin, reserved: ["name"])
        #expect(kotlin == ["`in`", "in_", "`fun`", "__"])
        // TypeScript quotes no identifier: a reserved word always takes the suffix.
        let typeScript = sourceIdentifiers(["class", "class_", "type", "Plavo", "_", "9"], .typeScript)
        #expect(typeScript == ["class_", "class__", "type_", "Plavo", "__", "_9"])
        #expect(Set(sourceIdentifiers(Self.corpus.map { _ in "x" }, .swift)).count == Self.corpus.count)
    }

    @Test(arguments: groups.indices)
    func theGeneratedSourceHasTheSkeletonOfThePlainTwin(_ group: Int) throws {
        let names = Self.groups[group]
        let (hostile, plain) = try Self.pair(names)
        let generators: [(SourceLanguage, (Policy) -> String)] = [
            (.swift, SwiftCodeGenerator.generate), (.kotlin, { KotlinCodeGenerator.generate($0) }),
            (.typeScript, TypeScriptCodeGenerator.generate),
        ]
        for (language, generate) in generators {
            let code = generate(hostile)
            let skeleton = try SourceSkeleton(code, language)
            #expect(skeleton.tokens == (try SourceSkeleton(generate(plain), language)).tokens, "\(language)\n\(code)")
            for event in hostile.content.events {
                #expect(skeleton.strings.contains(event.name), "\(language): \(event.name)")
            }
        }
    }

    @Test(arguments: groups.indices)
    func theAndroidExportHasTheSkeletonOfThePlainTwin(_ group: Int) throws {
        let (hostile, plain) = try Self.pair(Self.groups[group])
        let presets = try SourceSkeleton(AndroidExporter.presetsKotlin(hostile), .kotlin)
        #expect(presets.tokens == (try SourceSkeleton(AndroidExporter.presetsKotlin(plain), .kotlin)).tokens)
        let hostilePatterns = ExportablePattern.all(in: hostile, parameters: [:]).patterns
        let plainPatterns = ExportablePattern.all(in: plain, parameters: [:]).patterns
        try #require(hostilePatterns.count == 1 && plainPatterns.count == 1)
        let pattern = try SourceSkeleton(AndroidExporter.kotlin(hostilePatterns[0], policy: hostile), .kotlin)
        let twin = try SourceSkeleton(AndroidExporter.kotlin(plainPatterns[0], policy: plain), .kotlin)
        #expect(pattern.tokens == twin.tokens)
    }

    @Test(arguments: groups.indices)
    func theReportHasTheTagsOfThePlainTwin(_ group: Int) throws {
        let (hostile, plain) = try Self.pair(Self.groups[group])
        let page = ReportRenderer.render(hostile)
        #expect(try HTMLSkeleton(page).tokens == (try HTMLSkeleton(ReportRenderer.render(plain))).tokens)
        #expect(page.components(separatedBy: "<meta http-equiv").count == 2, "only the CSP's")
    }

    @Test(arguments: groups.indices)
    func diagnosticsAndSummariesShowNoControlCharacter(_ group: Int) throws {
        let names = Self.groups[group]
        let yaml = hostilePolicyYAML(names) + "unknown-key: 1\n"
        let loaded = PolicyLoader.parse(Array(yaml.utf8), file: "hostile.yaml")
        let document = try #require(loaded.document)
        let diagnostics = loaded.diagnostics + PolicyValidator.check(document).diagnostics
        let made = Diagnostic(
            code: "HP012", severity: .warning, message: names.joined(separator: " "),
            at: SourceLocation(file: names[0], line: 1, column: 1),
            notes: [.init(names.joined(), at: SourceLocation(file: names[0], line: 1, column: 3))])
        let text = renderText(
            diagnostics + [made], sources: ["hostile.yaml": yaml, names[0]: names.joined()], color: false)
        #expect(!text.isEmpty)
        let unsafe = text.unicodeScalars.filter { isUnsafeText($0) && $0 != "\n" }
        #expect(unsafe.isEmpty, "\(text)")
        for name in names {
            #expect(!terminalText(name).unicodeScalars.contains(where: isUnsafeText))
        }
    }

    @Test func theLexerModelsCatchWhatTheFixPrevents() throws {
        // The defects of issue 20, as the generators wrote them before: a nested comment
        // left open, a name closing a literal, a template, a markup tag from a layer name.
        #expect(throws: EmittedOutputError.self) { try SourceSkeleton("/** a /* b */\nval x = 1\n", .kotlin) }
        #expect(throws: EmittedOutputError.self) { try SourceSkeleton("val x = \"a\u{1B}\"\n", .kotlin) }
        #expect(throws: EmittedOutputError.self) { try SourceSkeleton("val x = \"${y}\"\n", .kotlin) }
        #expect(throws: EmittedOutputError.self) { try SourceSkeleton("let x = \"\\(y)\"\n", .swift) }
        #expect(throws: EmittedOutputError.self) { try SourceSkeleton("let x = \"abc\n", .swift) }
        #expect(try SourceSkeleton("case `class`_\n", .swift).tokens == ["I", "I", "I"])
        let injected = try HTMLSkeleton("<span class=\"layer-x\"><meta http-equiv=\"refresh\">\">x</span>")
        #expect(injected.tokens != (try HTMLSkeleton("<span class=\"layer-x\">x</span>")).tokens)
    }
}
