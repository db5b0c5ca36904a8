import Foundation
import Testing

@testable import HapticPolicyCLI

/// `Docs/cli.md` stays in step with the tool: a section per command, every option named.
@Suite struct CLIReferenceTests {
    static let reference: String =
        (try? String(
            contentsOf: packageRoot.appendingPathComponent("Docs/cli.md"), encoding: .utf8)) ?? ""

    /// The text of `## name` up to the next `## `.
    static func section(_ name: String) -> String? {
        let parts = reference.components(separatedBy: "\n## ")
        return parts.first { $0.hasPrefix(name + "\n") }
    }

    @Test(arguments: HapticPolicyTool.subcommands.map(\.spec.name))
    func everyCommandIsDocumented(name: String) throws {
        let section = try #require(Self.section(name), "Docs/cli.md has no '## \(name)' section")
        #expect(section.contains("haptic-policy \(name)"), "the '\(name)' section shows no synopsis")
        #expect(Self.reference.contains("| `\(name)`"), "the command table does not list '\(name)'")
        let spec = try #require(HapticPolicyTool.subcommands.first { $0.spec.name == name }?.spec)
        for option in spec.options {
            #expect(section.contains("--\(option.name)"), "Docs/cli.md '\(name)' does not mention --\(option.name)")
        }
    }

    /// The fenced block that starts with `firstLine`, without its fences.
    static func block(startingWith firstLine: String, in text: String) -> String? {
        text.components(separatedBy: "```").first { $0.hasPrefix(firstLine) }.map {
            String($0.dropFirst(firstLine.count))
        }
    }

    @Test func documentsNoCommandTheToolLacks() {
        let names = Set(HapticPolicyTool.subcommands.map(\.spec.name))
        let documented = Self.reference.components(separatedBy: "\n## ").dropFirst()
            .compactMap { $0.split(separator: "\n").first.map(String.init) }
        for heading in documented where heading.allSatisfy({ $0.isLetter || $0 == "-" }) {
            #expect(names.contains(heading), "Docs/cli.md documents '\(heading)', which the tool does not have")
        }
    }
}

/// The compile transcript in `Docs/embedding.md` is what `compile` prints today.
@Suite struct EmbeddingGuideFiguresTests {
    @Test func compileLineMatchesTheRealBundle() throws {
        let guide = try String(contentsOf: packageRoot.appendingPathComponent("Docs/embedding.md"), encoding: .utf8)
        let line = try #require(guide.split(separator: "\n").first { $0.hasPrefix("# compiled plavo (sha256:") })
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("plavo-\(getpid()).bundle.json")
        defer { try? FileManager.default.removeItem(at: output) }
        let result = try runBinary(["compile", "Policies/plavo.yaml", "-o", output.path])
        #expect(result.exitCode == 0, "\(result.stderr)")
        let printed = result.stdout + result.stderr
        let hash = try #require(printed.firstMatch(of: /sha256:([0-9a-f]{64})/)?.1)
        let bytes = try Data(contentsOf: output).count
        #expect(
            line.contains("sha256:\(hash.prefix(8))…\(hash.suffix(12))"),
            "Docs/embedding.md shows another hash than \(hash)")
        #expect(line.hasSuffix(": \(bytes) bytes"), "Docs/embedding.md shows another size than \(bytes) bytes")
    }
}

/// Every fenced block of `README.md` and `Docs/*.md` that shows `$ command` lines with
/// their output is run and compared, so the docs cannot drift from the tool (issue 25).
///
/// - The commands run in order with `/bin/sh`, `haptic-policy` on `PATH` being the built
///   tool, `NO_COLOR=1`, stdout and stderr together (as a terminal shows them), in a
///   temporary folder holding a copy of the repository's `Policies/` and
///   `Tests/Fixtures/`, and every file a document shows as a ```` ```yaml ```` block whose
///   first line is `# name.yaml` (written as shown, that line included; a block headed
///   `# Policies/plavo.tests.yaml` is an excerpt of a repository file, not written).
/// - The output shown is compared line by line with what was printed, normalised only
///   so: a line `...` stands for any lines (none included); `…` in a line stands for any
///   text in that line; the temporary folder's path reads `.`; durations
///   (`12.3 ms`, `0.72 s wall`) read `<time>` on both sides.
/// - A block that cannot run here (macOS only, an app package, timings of one machine)
///   has `<!-- doc-test: skip: why -->` on the line before its fence: counted, not run.
///   A block run where the reader has a folder the copy lacks (an app's `Sources/App`)
///   has `<!-- doc-test: mkdir Sources/App -->`: the folder is made first.
///   A block of commands with no output shown is not a transcript, and is not run.
@Suite struct DocTranscriptTests {
    /// One fenced block with `$ ` lines and output.
    struct Transcript {
        /// `Docs/cli.md:242`: where its fence opens.
        var place: String
        /// The commands, continuation lines (`\` at the end) joined.
        var commands: [String]
        /// The output shown after each command.
        var outputs: [[String]]
        /// The reason given in a skip marker, if any.
        var skip: String?
        /// The folder a `mkdir` marker says the reader already has (an app's
        /// `Sources/App`), made before the commands run.
        var folder: String?
    }

    /// The documents read.
    static var documents: [String] {
        let docs =
            (try? FileManager.default.contentsOfDirectory(atPath: packageRoot.appendingPathComponent("Docs").path))
            ?? []
        return ["README.md"] + docs.filter { $0.hasSuffix(".md") }.sorted().map { "Docs/" + $0 }
    }

    /// The transcripts of `text`, and the files it shows (`# name.yaml` blocks).
    static func parse(_ text: String, named name: String) -> (transcripts: [Transcript], files: [String: String]) {
        let lines = text.components(separatedBy: "\n")
        var transcripts: [Transcript] = []
        var files: [String: String] = [:]
        var index = 0
        while index < lines.count {
            let fence = lines[index]
            guard fence.hasPrefix("```") else {
                index += 1
                continue
            }
            let language = fence.dropFirst(3).trimmingCharacters(in: .whitespaces)
            var body: [String] = []
            var close = index + 1
            while close < lines.count, !lines[close].hasPrefix("```") {
                body.append(lines[close])
                close += 1
            }
            let marker = index > 0 ? lines[index - 1].trimmingCharacters(in: .whitespaces) : ""
            let skip =
                marker.hasPrefix("<!-- doc-test: skip:") && marker.hasSuffix("-->")
                ? String(marker.dropFirst("<!-- doc-test: skip:".count).dropLast(3)).trimmingCharacters(
                    in: .whitespaces)
                : nil
            let folder =
                marker.hasPrefix("<!-- doc-test: mkdir ") && marker.hasSuffix("-->")
                ? String(marker.dropFirst("<!-- doc-test: mkdir ".count).dropLast(3)).trimmingCharacters(
                    in: .whitespaces)
                : nil
            if language == "yaml", let first = body.first, first.hasPrefix("# "), first.hasSuffix(".yaml"),
                !first.dropFirst(2).contains(" "), !first.contains("/")
            {
                files[String(first.dropFirst(2))] = body.joined(separator: "\n") + "\n"
            }
            if body.contains(where: { $0.hasPrefix("$ ") }) {
                var transcript = Transcript(
                    place: "\(name):\(index + 1)", commands: [], outputs: [], skip: skip, folder: folder)
                var line = 0
                while line < body.count {
                    if body[line].hasPrefix("$ ") {
                        var command = String(body[line].dropFirst(2))
                        while command.hasSuffix("\\"), line + 1 < body.count {
                            line += 1
                            command =
                                command.dropLast().trimmingCharacters(in: .whitespaces) + " "
                                + body[line].trimmingCharacters(in: .whitespaces)
                        }
                        transcript.commands.append(command)
                        transcript.outputs.append([])
                    } else if !transcript.commands.isEmpty, !(body[line].isEmpty && line == body.count - 1) {
                        transcript.outputs[transcript.outputs.count - 1].append(body[line])
                    }
                    line += 1
                }
                if transcript.outputs.contains(where: { !$0.isEmpty }) { transcripts.append(transcript) }
            }
            index = close + 1
        }
        return (transcripts, files)
    }

    /// Durations, the one thing that differs between runs: `<time>`.
    static func normalised(_ line: String) -> String {
        line.replacing(/[0-9]+(\.[0-9]+)? (ms|µs|ns|s wall|s user|s sys|s CPU)\b/) { "<time> " + $0.output.2 }
    }

    /// Whether the printed lines are what the document shows: `...` any lines, `…` any
    /// text within a line, durations normalised.
    static func matches(shown: [String], printed: [String]) -> Bool {
        func line(_ pattern: String, _ text: String) -> Bool {
            let parts = normalised(pattern).components(separatedBy: "…")
            var rest = Substring(normalised(text))
            guard rest.hasPrefix(parts[0]) else { return false }
            rest = rest.dropFirst(parts[0].count)
            if parts.count == 1 { return rest.isEmpty }
            for part in parts.dropFirst().dropLast() {
                guard let found = rest.range(of: part) else { return false }
                rest = rest[found.upperBound...]
            }
            return rest.hasSuffix(parts[parts.count - 1])
        }
        func match(_ s: ArraySlice<String>, _ p: ArraySlice<String>) -> Bool {
            guard let first = s.first else { return p.isEmpty }
            if first == "..." {
                return (p.startIndex...p.endIndex).contains { match(s.dropFirst(), p[$0...]) }
            }
            guard let next = p.first, line(first, next) else { return false }
            return match(s.dropFirst(), p.dropFirst())
        }
        return match(shown[...], printed[...])
    }

    /// The normalisation and matching rules, on their own: each can fail.
    @Test func transcriptsAreMatchedOnlyAsDocumented() {
        #expect(Self.matches(shown: ["a", "...", "z"], printed: ["a", "b", "c", "z"]))
        #expect(Self.matches(shown: ["a", "...", "z"], printed: ["a", "z"]))
        #expect(!Self.matches(shown: ["a", "z"], printed: ["a", "b", "z"]))
        #expect(!Self.matches(shown: ["a"], printed: ["a", "b"]), "output past the shown lines is a difference")
        #expect(Self.matches(shown: ["plavo (sha256:…) to x"], printed: ["plavo (sha256:0335ea1b) to x"]))
        #expect(!Self.matches(shown: ["plavo (sha256:…) to x"], printed: ["plavo (sha256:0335ea1b) to y"]))
        #expect(Self.matches(shown: ["took 1.5 ms"], printed: ["took 12.25 ms"]))
        #expect(!Self.matches(shown: ["76 passed, 0 failed"], printed: ["139 passed, 0 failed"]))
        #expect(!Self.matches(shown: ["typo.yaml:4:28: error"], printed: ["typo.yaml:5:28: error"]))
        let parsed = Self.parse(
            """
            ```yaml
            # a.yaml
            policy: a
            ```
            ```yaml
            # Policies/a.tests.yaml
            ```
            <!-- doc-test: skip: macOS only -->
            ```
            $ xcodebuild \\
                -scheme App
            built
            ```
            ```
            $ haptic-policy lint a.yaml
            ```
            """, named: "x.md")
        #expect(parsed.files == ["a.yaml": "# a.yaml\npolicy: a\n"])
        #expect(parsed.transcripts.count == 1, "a block with no output shown is not a transcript")
        #expect(parsed.transcripts.first?.commands == ["xcodebuild -scheme App"])
        #expect(parsed.transcripts.first?.skip == "macOS only")
        #expect(parsed.transcripts.first?.place == "x.md:9")
        let made = Self.parse("<!-- doc-test: mkdir Sources/App -->\n```\n$ ls\nx\n```\n", named: "y.md")
        #expect(made.transcripts.first?.folder == "Sources/App")
        #expect(made.transcripts.first?.skip == nil)
    }

    /// The check itself: every transcript of the README and the docs, run and compared.
    @Test func everyShownTranscriptIsWhatTheToolPrints() throws {
        var transcripts: [Transcript] = []
        var files: [String: String] = [:]
        for document in Self.documents {
            let text = try String(contentsOf: packageRoot.appendingPathComponent(document), encoding: .utf8)
            let parsed = Self.parse(text, named: document)
            transcripts += parsed.transcripts
            files.merge(parsed.files) { first, _ in first }
        }
        let skipped = transcripts.filter { $0.skip != nil }
        for transcript in skipped {
            #expect(transcript.skip?.isEmpty == false, "\(transcript.place): a skip marker must say why")
        }
        // Counted: the README's and the docs' transcripts, and those that cannot run here.
        #expect(transcripts.count >= 9, "\(transcripts.map(\.place))")
        #expect(skipped.count == 3, "skipped: \(skipped.map { "\($0.place) (\($0.skip ?? ""))" })")

        let bin = try temporaryFolder("doc-bin")
        defer { try? FileManager.default.removeItem(at: bin) }
        try FileManager.default.createSymbolicLink(
            at: bin.appendingPathComponent("haptic-policy"), withDestinationURL: builtToolURL())
        for transcript in transcripts where transcript.skip == nil {
            let folder = try temporaryFolder("doc-transcript")
            defer { try? FileManager.default.removeItem(at: folder) }
            for path in ["Policies", "Tests/Fixtures"] {
                let target = folder.appendingPathComponent(path)
                try FileManager.default.createDirectory(
                    at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
                try FileManager.default.copyItem(at: packageRoot.appendingPathComponent(path), to: target)
            }
            for (name, text) in files { try Data(text.utf8).write(to: folder.appendingPathComponent(name)) }
            if let made = transcript.folder {
                try FileManager.default.createDirectory(
                    at: folder.appendingPathComponent(made), withIntermediateDirectories: true)
            }
            for (command, shown) in zip(transcript.commands, transcript.outputs) {
                let result = try runShell(
                    "cd \(shellQuoted(folder.path)) && PATH=\(shellQuoted(bin.path)):\"$PATH\" && { \(command) ; } 2>&1"
                )
                var printed = result.stdout.replacingOccurrences(of: folder.path + "/", with: "")
                    .replacingOccurrences(of: folder.path, with: ".").components(separatedBy: "\n")
                if printed.last == "" { printed.removeLast() }
                #expect(
                    Self.matches(shown: shown, printed: printed),
                    "\(transcript.place): `$ \(command)` printed\n\(printed.joined(separator: "\n"))\nnot, as shown,\n\(shown.joined(separator: "\n"))"
                )
            }
        }
    }
}
