import Foundation
import HapticPolicy
import HapticPolicyCompiler
import HapticPolicyFrontEnd
import HapticPolicyYAML
import Testing

@testable import HapticPolicyCLI

/// Every command that takes a policy reads it through `PolicyFrontEnd`: each kind of bad
/// input gives lint's diagnostics (with the source line and a caret when there is text to
/// show), and every command but `lint` then refuses the policy with the `lint` hint.
///
/// The expected diagnostics come from the library's own loader (`PolicyLoader.load(path:)`,
/// `PolicyValidator`) rendered by `renderText`, not from the CLI.
@Suite struct PolicyFrontEndTests {
    /// A kind of unusable policy input.
    enum BadInput: String, CaseIterable, CustomTestStringConvertible {
        case missingFile, directory, tooLargeFile, yamlError, validationError, stdinValidationError, stdinTooLarge

        var testDescription: String { rawValue }

        /// Whether the policy comes from standard input.
        var fromStdin: Bool { self == .stdinValidationError || self == .stdinTooLarge }
    }

    static let validationError = """
        policy: bad
        version: 1
        feedback:
          tap: {layer: ui, preset: impact.light}
        events:
          shutter: {layer: ui, screens: [camera]}
        screens:
          camera:
            table:
              shutter: {play: no-such-feedback}

        """

    static let yamlError = "policy: x\nfeedback: {tap: {layer: ui\n"

    /// More than the 1 MiB limit.
    static let tooLarge = "policy: x\nversion: 1\ndescription: \"" + String(repeating: "a", count: 2 << 20) + "\"\n"

    /// The policy argument and the bytes on stdin for `input`, written into `folder`.
    static func prepare(_ input: BadInput, in folder: URL) throws -> (path: String, stdin: [UInt8]) {
        func file(_ name: String, _ text: String) throws -> String {
            let url = folder.appendingPathComponent(name)
            try Data(text.utf8).write(to: url)
            return url.path
        }
        switch input {
        case .missingFile: return (folder.appendingPathComponent("missing.yaml").path, [])
        case .directory:
            let url = folder.appendingPathComponent("policies.yaml")
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
            return (url.path, [])
        case .tooLargeFile: return (try file("large.yaml", tooLarge), [])
        case .yamlError: return (try file("syntax.yaml", yamlError), [])
        case .validationError: return (try file("invalid.yaml", validationError), [])
        case .stdinValidationError: return ("-", Array(validationError.utf8))
        case .stdinTooLarge: return ("-", Array(tooLarge.utf8))
        }
    }

    /// What the library finds in the input, sorted as lint sorts it, and the text read.
    static func libraryFindings(_ path: String, stdin: [UInt8]) -> (
        diagnostics: [Diagnostic], sources: [String: String]
    ) {
        var loaded: LoadResult
        if path != "-" {
            loaded = PolicyLoader.load(path: path)
        } else if stdin.count > ParseLimits.default.maxBytes {
            // What the loader says of a stream that passes the limit (it stops reading there).
            loaded = PolicyLoader.load(path: "/dev/zero")
            loaded.diagnostics = loaded.diagnostics.map { diagnostic in
                var moved = diagnostic
                moved.location = HapticPolicy.SourceLocation(file: "<stdin>", line: 1, column: 1)
                return moved
            }
        } else {
            loaded = PolicyLoader.parse(stdin, file: "<stdin>")
        }
        var diagnostics = loaded.diagnostics
        if let document = loaded.document, !loaded.hasErrors { diagnostics += PolicyValidator.validate(document) }
        diagnostics.sort { ($0.location, $0.code) < ($1.location, $1.code) }
        let name = path == "-" ? "<stdin>" : path
        return (diagnostics, loaded.source.map { [name: $0] } ?? [:])
    }

    /// The commands that take a policy, with `policy` in its place.
    static func commands(_ policy: String, in folder: URL) throws -> [(name: String, arguments: [String])] {
        let plavo = packageRoot.appendingPathComponent("Policies/plavo.yaml").path
        let log = folder.appendingPathComponent("log.jsonl")
        try Data("{\"t\":0,\"event\":\"screen.enter\",\"screen\":\"camera\"}\n".utf8).write(to: log)
        let scenario = folder.appendingPathComponent("drying.yaml")
        if !FileManager.default.fileExists(atPath: scenario.path) {
            try FileManager.default.copyItem(
                at: packageRoot.appendingPathComponent("Policies/scenarios/drying.yaml"), to: scenario)
        }
        var commands: [(String, [String])] = [
            ("lint", ["lint", policy]),
            ("table", ["table", policy]),
            ("eval", ["eval", policy, log.path]),
            ("simulate", ["simulate", policy, "-s", scenario.path]),
            ("diff (old)", ["diff", policy, plavo, log.path]),
            ("diff (new)", ["diff", plavo, policy, log.path]),
            ("export", ["export", policy, "--out", folder.appendingPathComponent("out").path]),
            ("report", ["report", policy, "--out", folder.appendingPathComponent("report.html").path]),
            ("compile", ["compile", policy, "-o", folder.appendingPathComponent("bundle.json").path]),
        ]
        // A test file names its policy by path; stdin cannot be one.
        if policy != "-" {
            let tests = folder.appendingPathComponent("case.tests.yaml")
            try Data(
                "policy: \((policy as NSString).lastPathComponent)\ntable:\n  - {screen: camera, event: shutter, play: tap}\n"
                    .utf8
            ).write(
                to: tests)
            commands.append(("test", ["test", tests.path]))
        }
        return commands
    }

    @Test(arguments: BadInput.allCases)
    func everyCommandGivesLintsDiagnostics(input: BadInput) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("front-end-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let (path, stdin) = try Self.prepare(input, in: folder)
        let name = path == "-" ? "<stdin>" : path
        let (diagnostics, sources) = Self.libraryFindings(path, stdin: stdin)
        let errors = diagnostics.filter { $0.severity == .error }
        #expect(!errors.isEmpty)
        let all = renderText(diagnostics, sources: sources, color: false)
        let refused =
            renderText(errors, sources: sources, color: false)
            + "\(name): \(errors.count) \(errors.count == 1 ? "error" : "errors"); run 'haptic-policy lint \(path)' and fix them first\n"
        if [.yamlError, .validationError, .stdinValidationError].contains(input) {
            #expect(
                refused.contains(" | ") && refused.contains("^"), "the expected text shows the source line and a caret")
        }

        for (command, arguments) in try Self.commands(path, in: folder) {
            let result = runInProcess(arguments, stdinChunks: [stdin])
            #expect(result.exitCode == 1, "\(command): \(result.stderr)")
            switch command {
            case "lint":
                #expect(result.stderr.hasPrefix(all), "\(command):\n\(result.stderr)")
                #expect(result.stderr.hasSuffix(" (failed)\n"), "\(command):\n\(result.stderr)")
            case "test" where input == .missingFile:
                // `test` names the missing policy where the test file names it.
                #expect(
                    result.stderr.contains("case.tests.yaml:1:9: error[HP804]: policy \(path) not found"),
                    "\(result.stderr)")
            case "test" where input == .directory || input == .tooLargeFile:
                // The path policy of named files refuses them at the `policy:` value, unread.
                #expect(
                    result.stderr.contains(
                        "case.tests.yaml:1:9: error[HP808]: the policy is refused: cannot read '\(path)': "),
                    "\(result.stderr)")
            case "test":
                #expect(result.stderr == refused, "\(command):\n\(result.stderr)")
                #expect(
                    result.stdout.hasSuffix("1 test file could not be run; see the errors above\n0 passed, 0 failed\n"))
            default:
                #expect(result.stderr == refused, "\(command):\n\(result.stderr)")
                #expect(result.stdout.isEmpty, "\(command): \(result.stdout)")
            }
        }
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("bundle.json").path))
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("report.html").path))
    }

    /// A clean policy from stdin loads for every command (the front end reads the
    /// context's stdin, not the process's).
    @Test func aGoodPolicyFromStdinIsUsedByEveryCommand() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("front-end-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let plavo = try [UInt8](Data(contentsOf: packageRoot.appendingPathComponent("Policies/plavo.yaml")))
        for (command, arguments) in try Self.commands("-", in: folder) {
            let result = runInProcess(arguments, stdinChunks: [plavo])
            // `diff` exits 1 when decisions changed: plavo against itself changes none.
            #expect(result.exitCode == 0, "\(command): \(result.stderr)")
            #expect(
                !result.stderr.contains("error[") && !result.stderr.contains("error:"), "\(command): \(result.stderr)")
        }
    }
}

/// The one file reader: what it refuses, how it words it, how it streams.
@Suite struct InputFilesTests {
    static func context(stdin: [[UInt8]] = [], live: Bool = true) -> CommandContext {
        CommandContext(
            stdout: Output(capturingAsTerminal: false), stderr: Output(capturingAsTerminal: false),
            standardInput: StandardInput(chunks: stdin, isLive: live), environment: [:])
    }

    static func temporaryFile(_ bytes: [UInt8]) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("input-\(UUID().uuidString)")
        try Data(bytes).write(to: url)
        return url
    }

    static func problem(_ body: () throws(InputError) -> some Any) -> InputError? {
        do throws(InputError) {
            _ = try body()
            return nil
        } catch {
            return error
        }
    }

    /// The reader's diagnostics are the ones `PolicyLoader.load(path:)` gives for the same
    /// path, so `lint` reads as it always has (and a change to either wording shows here).
    @Test func problemsAreWordedAsThePolicyLoaderWordsThem() throws {
        let large = try Self.temporaryFile(Array(repeating: 0x61, count: FrontEndFiles.wholeFileLimit + 1))
        defer { try? FileManager.default.removeItem(at: large) }
        let missing = FileManager.default.temporaryDirectory.appendingPathComponent("missing-\(UUID().uuidString).yaml")
        // A symbolic link to itself: a loop, not a missing file.
        let loop = FileManager.default.temporaryDirectory.appendingPathComponent("loop-\(UUID().uuidString).yaml")
        try FileManager.default.createSymbolicLink(atPath: loop.path, withDestinationPath: loop.path)
        defer { try? FileManager.default.removeItem(at: loop) }
        let cases: [(path: String, problem: InputError.Problem)] = [
            (missing.path, .missing),
            (loop.path, .unreadable(SystemError(ELOOP))),
            (FileManager.default.temporaryDirectory.path, .directory),
            (large.path, .tooLarge(size: FrontEndFiles.wholeFileLimit + 1, limit: FrontEndFiles.wholeFileLimit)),
            ("/dev/zero", .tooLarge(size: nil, limit: FrontEndFiles.wholeFileLimit)),
        ]
        let files = Self.context().files
        for (path, expected) in cases {
            let error = try #require(
                Self.problem { () throws(InputError) in try files.read(path, limit: FrontEndFiles.wholeFileLimit) })
            #expect(error.problem == expected, "\(path)")
            #expect([error.diagnostic] == PolicyLoader.load(path: path).diagnostics, "\(path)")
        }
    }

    @Test func messagesNameThePathAndWhatToDo() {
        #expect(InputError(path: "a.jsonl", problem: .missing).message == "a.jsonl: no such file; check the path")
        #expect(InputError(path: "logs", problem: .directory).message == "logs: is a directory; give a file")
        #expect(
            InputError(path: "a.ahap", problem: .unreadable(SystemError(EACCES))).message
                == "a.ahap: cannot be read: permission denied; check its permissions")
        #expect(
            InputError(path: "loop", problem: .unreadable(SystemError(ELOOP))).message
                == "loop: cannot be read: too many levels of symbolic links; a symbolic link in the path leads back to itself; fix or remove the link"
        )
        #expect(
            InputError(path: "-", problem: .tooLarge(size: nil, limit: 10)).message
                == "<stdin>: has more than 10 bytes, over the 10-byte limit; check that this is the right file")
    }

    /// A sparse 16 GiB file is refused from its size alone: reading it would take minutes.
    @Test func aFileOverTheLimitIsRefusedBeforeItIsRead() throws {
        let url = try Self.temporaryFile([])
        defer { try? FileManager.default.removeItem(at: url) }
        let handle = try FileHandle(forWritingTo: url)
        try handle.truncate(atOffset: 16 << 30)
        try handle.close()
        let files = Self.context().files
        let error = Self.problem { () throws(InputError) in try files.read(url.path, limit: 1 << 20) }
        #expect(error?.problem == .tooLarge(size: 16 << 30, limit: 1 << 20))
        #expect(try files.open(url.path).size == 16 << 30)
    }

    @Test func standardInputIsReadUpToTheLimit() throws {
        let exactly = Self.context(stdin: [Array(repeating: 1, count: 6), Array(repeating: 2, count: 4)]).files
        #expect(try exactly.read("-", limit: 10) == Array(repeating: 1, count: 6) + Array(repeating: 2, count: 4))
        let over = Self.context(stdin: [Array(repeating: 1, count: 6), Array(repeating: 2, count: 5)]).files
        #expect(
            Self.problem { () throws(InputError) in try over.read("-", limit: 10) }?.problem
                == .tooLarge(size: nil, limit: 10))
        let unlimited = Self.context(stdin: [Array(repeating: 3, count: 100)]).files
        #expect(try unlimited.read("-", limit: nil).count == 100)
    }

    @Test func streamsAFileInChunksUntilAsked() throws {
        let url = try Self.temporaryFile(Array(0..<10))
        defer { try? FileManager.default.removeItem(at: url) }
        let input = try Self.context().files.open(url.path)
        #expect(input.size == 10)
        #expect(!input.isLive)
        var chunks: [[UInt8]] = []
        try input.forEachChunk(chunkSize: 4) { chunk in
            chunks.append(Array(chunk))
            return chunks.count < 2
        }
        #expect(chunks == [[0, 1, 2, 3], [4, 5, 6, 7]])
    }

    @Test func standardInputStreamsWithNoSizeAndItsLiveness() throws {
        for live in [true, false] {
            let input = try Self.context(stdin: [[1, 2], [3]], live: live).files.open("-")
            #expect(input.size == nil)
            #expect(input.isLive == live)
            var bytes: [UInt8] = []
            try input.forEachChunk {
                bytes += $0
                return true
            }
            #expect(bytes == [1, 2, 3])
        }
    }

    /// Root reads any file, so this runs only for other users.
    @Test(.enabled(if: getuid() != 0)) func anUnreadableFileIsNamed() throws {
        let url = try Self.temporaryFile([0x61])
        defer { try? FileManager.default.removeItem(at: url) }
        try FileManager.default.setAttributes([.posixPermissions: 0], ofItemAtPath: url.path)
        let files = Self.context().files
        let error = try #require(Self.problem { () throws(InputError) in try files.read(url.path, limit: nil) })
        #expect(error.problem == .unreadable(SystemError(EACCES)))
        #expect([error.diagnostic] == PolicyLoader.load(path: url.path).diagnostics)
    }

    /// A file over the limit that is not a policy (a scenario, a test file) gets the
    /// located HP004 diagnostic; other problems an `error:` line.
    @Test func readReportingErrorsPrintsTheProblem() throws {
        let large = try Self.temporaryFile(Array(repeating: 0x61, count: 11))
        defer { try? FileManager.default.removeItem(at: large) }
        let context = Self.context()
        #expect(context.files.readReportingErrors(large.path, limit: 10) == nil)
        #expect(context.files.readReportingErrors("no/such.yaml", limit: 10) == nil)
        context.stderr.flush()
        #expect(
            context.stderr.capturedText == """
                \(large.path):1:1: error[HP004]: the file is 11 bytes, over the 10-byte limit; check that this is the right file and remove generated or pasted content (apps loading from code can raise ParseLimits.maxBytes)
                error: no/such.yaml: no such file; check the path

                """)
    }
}
