import Foundation
import HapticPolicyCompiler
import HapticPolicyExport
import HapticPolicyTestSupport
import Testing

/// The reproducers of issue 20 about what the tool writes, run as the built binary: a
/// policy's names reach generated Kotlin, the report and the terminal as data only
/// (Docs/security.md, "Generated code, reports and terminal output").
@Suite struct EmittedOutputCommandTests {
    /// The issue's Kotlin injection: a note opening a nested comment, then an event name
    /// whose `*/` closed it and whose rest ran as an `init` block. `NAME1` to `NAME3` are
    /// the names; `plain` gives the twin with harmless ones.
    static func injection(plain: Bool) -> String {
        let names =
            plain
            ? ["opens a comment", "second", "b", "x"]
            : [
                "opens /* a comment", #"second */ ; init { Runtime.getRuntime().exec(\"touch /tmp/hp-pwned\") } /* "#,
                "b/*", #"x\"><meta http-equiv=refresh content=0;url=/x>"#,
            ]
        return """
            policy: "evil\(plain ? "" : #"\e[31m\a"#)"
            version: 1
            layers:
              ui: {plays: presets}
              "\(names[3])": {plays: presets}
            feedback:
              tap: {layer: ui, preset: impact.light}
              "\(names[2])": {layer: ui, preset: impact.medium}
              boom: {layer: "\(names[3])", preset: impact.light}
            events:
              first: {layer: ui, screens: [home], note: "\(names[0])"}
              "\(names[1])": {layer: ui, screens: [home]}
              class: {layer: "\(names[3])", screens: [home]}
              Class: {layer: ui, screens: [home]}
            screens:
              home:
                table:
                  first: {play: tap}
                  "\(names[1])": {play: "\(names[2])"}
                  class: {play: boom}
                  Class: {play: tap}
            budgets:
              - {id: B-1, each: screen, max: 6, per: 10}

            """
    }

    /// Writes the hostile policy and its twin into a fresh folder.
    static func policies() throws -> (folder: URL, hostile: String, plain: String) {
        let folder = try temporaryFolder("emitted")
        let hostile = folder.appendingPathComponent("evil.yaml")
        let plain = folder.appendingPathComponent("plain.yaml")
        try injection(plain: false).write(to: hostile, atomically: true, encoding: .utf8)
        try injection(plain: true).write(to: plain, atomically: true, encoding: .utf8)
        return (folder, hostile.path, plain.path)
    }

    @Test(arguments: [("kotlin", SourceLanguage.kotlin), ("swift", .swift)])
    func aNameThatClosedANestedCommentStaysInItsLiteral(_ lang: String, _ language: SourceLanguage) throws {
        let (folder, hostile, plain) = try Self.policies()
        defer { try? FileManager.default.removeItem(at: folder) }
        let code = try runBinary(["codegen", hostile, "--lang", lang, "-o", "-"])
        #expect(code.exitCode == 0, "\(code.stderr)")
        let skeleton = try SourceSkeleton(code.stdout, language)
        let twin = try SourceSkeleton(try runBinary(["codegen", plain, "--lang", lang, "-o", "-"]).stdout, language)
        #expect(skeleton.tokens == twin.tokens, "\(code.stdout)")
        #expect(
            skeleton.strings.contains(#"second */ ; init { Runtime.getRuntime().exec("touch /tmp/hp-pwned") } /* "#))
    }

    @Test func theAndroidExportOfAFeedbackNamedWithACommentOpenerLexes() throws {
        let (folder, hostile, plain) = try Self.policies()
        defer { try? FileManager.default.removeItem(at: folder) }
        var skeletons: [[String]] = []
        for (policy, out) in [(hostile, "out-evil"), (plain, "out-plain")] {
            let result = try runBinary([
                "export", policy, "--to", "android", "--out", folder.appendingPathComponent(out).path,
            ])
            #expect(result.exitCode == 0, "\(result.stderr)")
            let presets = try #require(result.stdout.split(separator: "\n").first { $0.hasSuffix("Presets.kt") })
            skeletons.append(
                try SourceSkeleton(try String(contentsOfFile: String(presets), encoding: .utf8), .kotlin).tokens)
        }
        #expect(skeletons[0] == skeletons[1])
    }

    @Test func aLayerNameAddsNoMarkupToTheReport() throws {
        let (folder, hostile, plain) = try Self.policies()
        defer { try? FileManager.default.removeItem(at: folder) }
        var pages: [String] = []
        for (policy, name) in [(hostile, "evil.html"), (plain, "plain.html")] {
            let page = folder.appendingPathComponent(name).path
            let result = try runBinary(["report", policy, "-o", page])
            #expect(result.exitCode == 0, "\(result.stderr)")
            pages.append(try String(contentsOfFile: page, encoding: .utf8))
        }
        #expect(pages[0].components(separatedBy: "<meta http-equiv").count == 2, "only the CSP's")
        #expect(try HTMLSkeleton(pages[0]).tokens == (try HTMLSkeleton(pages[1])).tokens)
        #expect(pages[0].contains("class=\"layer layer-x___meta_http-equiv_refresh_content_0_url__x_\""))
    }

    @Test func lintShowsControlCharactersOfAPolicyNameByName() throws {
        let (folder, hostile, _) = try Self.policies()
        defer { try? FileManager.default.removeItem(at: folder) }
        // Without its budget, lint warns naming the policy (HP501).
        let unbudgeted = folder.appendingPathComponent("unbudgeted.yaml")
        try Self.injection(plain: false).components(separatedBy: "budgets:")[0]
            .write(to: unbudgeted, atomically: true, encoding: .utf8)
        let result = try runBinary(["lint", unbudgeted.path, "--strict"])
        #expect(!result.stderr.contains("\u{1B}") && !result.stderr.contains("\u{07}"), "\(result.stderr)")
        #expect(result.stderr.contains("evil<U+001B>[31m<U+0007>"), "\(result.stderr)")
        let codegen = try runBinary(["codegen", hostile, "--lang", "swift", "-o", "-"])
        #expect(!codegen.stderr.contains("\u{1B}"), "\(codegen.stderr)")
        #expect(codegen.stderr.contains("generated the swift API of evil<U+001B>[31m<U+0007>"), "\(codegen.stderr)")
    }

    @Test func theMarkdownTableShowsControlCharactersByName() throws {
        let (folder, hostile, _) = try Self.policies()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try runBinary(["table", hostile])
        #expect(result.exitCode == 0, "\(result.stderr)")
        #expect(!result.stdout.contains("\u{1B}") && !result.stdout.contains("\u{07}"), "\(result.stdout)")
        #expect(result.stdout.hasPrefix("# evil<U+001B>[31m<U+0007>: decision table"), "\(result.stdout)")
    }

    @Test func evalShowsControlCharactersOfALogsNamesByName() throws {
        let log =
            #"{"t":0.0,"event":"screen.enter","screen":"camera\u001b[2J"}"# + "\n"
            + #"{"t":0.5,"event":"evil\u001b]0;title\u0007","screen":"camera"}"# + "\n"
        for extra in [[], ["--format", "none"]] {
            let result = try runBinary(["eval", "Policies/plavo.yaml", "-"] + extra, stdin: log)
            #expect(result.exitCode == 0, "\(result.stderr)")
            #expect(!result.stderr.contains("\u{1B}") && !result.stderr.contains("\u{07}"), "\(result.stderr)")
            #expect(result.stderr.contains("camera<U+001B>[2J"), "\(result.stderr)")
        }
        let single = try runBinary(["eval", "Policies/plavo.yaml", "-"], stdin: log)
        #expect(single.stderr.contains("evil<U+001B>]0;title<U+0007>"), "\(single.stderr)")
    }

    @Test func codegenToAFullStdoutDoesNotSayItGeneratedTheCode() throws {
        let result = try runShell("\"$TOOL\" codegen Policies/plavo.yaml --lang swift -o - > /dev/full")
        #expect(result.exitCode == 1)
        #expect(!result.stderr.contains("generated"), "\(result.stderr)")
        #expect(
            result.stderr
                == "error: cannot write stdout: no space left on device; free some space or write somewhere else\n")
    }
}

/// With kotlinc: the Kotlin generated and exported from hostile policies compiles, and
/// loading every class it declares runs none of the code its names carry.
@Suite struct HostileKotlinCompileTests {
    @Test(
        .enabled(
            if: optedIn("HAPTIC_POLICY_KOTLIN_TESTS"),
            "set HAPTIC_POLICY_KOTLIN_TESTS=1 (.ci/run does) to compile with kotlinc"),
        .timeLimit(.minutes(5)))
    func hostileNamesCompileAndRunNothing() throws {
        let directory = try temporaryDirectory("hostile-kotlin")
        defer { try? FileManager.default.removeItem(at: directory) }
        let marker = directory.appendingPathComponent("pwned").path
        let corpus = hostileNames(
            corpus: try String(
                contentsOf: packageRoot.appendingPathComponent("Tests/Fixtures/hostile-names.txt"), encoding: .utf8))
        let policies = [
            ("issue", EmittedOutputCommandTests.injection(plain: false)),
            ("corpus", hostilePolicyYAML(Array(corpus.prefix(8)))),
        ]
        var sources: [String] = []
        for (name, yaml) in policies {
            let policy = directory.appendingPathComponent("\(name).yaml")
            try yaml.replacingOccurrences(of: "/tmp/haptic-policy-pwned", with: marker)
                .replacingOccurrences(of: "/tmp/hp-pwned", with: marker)
                .write(to: policy, atomically: true, encoding: .utf8)
            let file = directory.appendingPathComponent("\(name)Policy.kt")
            let generated = try runBinary(["codegen", policy.path, "--lang", "kotlin", "-o", file.path])
            #expect(generated.exitCode == 0, "\(generated.stderr)")
            sources.append(file.path)
            let export = directory.appendingPathComponent("export-\(name)")
            let exported = try runBinary(["export", policy.path, "--to", "android", "--out", export.path])
            #expect(exported.exitCode == 0, "\(exported.stderr)")
            sources += exported.stdout.split(separator: "\n").map(String.init).filter { $0.hasSuffix(".kt") }
        }
        #expect(sources.count >= 5)
        let main = directory.appendingPathComponent("Main.kt")
        try """
        import java.io.File

        fun main(args: Array<String>) {
            val root = File(args[0])
            root.walk().filter { it.name.endsWith(".class") }.forEach {
                val name = it.relativeTo(root).path.removeSuffix(".class").replace('/', '.')
                try { Class.forName(name) } catch (e: LinkageError) { }
            }
            println("loaded")
        }

        """.write(to: main, atomically: true, encoding: .utf8)
        let standIns = try FileManager.default.contentsOfDirectory(
            at: packageRoot.appendingPathComponent("Tests/KotlinStandIns/android/os"), includingPropertiesForKeys: nil
        ).map(\.path).filter { $0.hasSuffix(".java") }.sorted()
        let classes = directory.appendingPathComponent("classes").path
        let compiled = try runExternal(
            "kotlinc", sources + [main.path] + standIns + (try CodegenCommandTests.kotlinRuntime()) + ["-d", classes])
        #expect(compiled.status == 0, "\(compiled.output)")
        #expect(!compiled.output.contains("error:"), "\(compiled.output)")
        let run = try runExternal("kotlin", ["-classpath", classes, "MainKt", classes])
        #expect(run.status == 0, "\(run.output)")
        #expect(run.output.contains("loaded"), "\(run.output)")
        #expect(!FileManager.default.fileExists(atPath: marker), "a name's code ran")
    }
}
