import Foundation
import HapticPolicy
import HapticPolicyCompiler
import HapticPolicyDocument
import HapticPolicyExport
import HapticPolicyFrontEnd
import HapticPolicyReplay
import HapticPolicyYAML
import Testing

@testable import HapticPolicyCLI

/// Every registered code's example, run through its stage, reports that code at its usual
/// severity, and nothing of another code: no registered code can be un-emittable, and the
/// examples in `Docs/checks.md` do what they say.
@Suite struct DiagnosticExamplesTests {
    @Test(arguments: DiagnosticRegistry.all.map(\.code))
    func exampleReportsItsCode(_ identifier: String) throws {
        let code = try #require(DiagnosticRegistry.code(identifier))
        let reported = try ExampleRunner.run(code.example)
        let shown = reported.map { "\($0.severity.rawValue)[\($0.code)]: \($0.message)" }.joined(separator: "\n")
        #expect(
            reported.contains { $0.code == code.code && $0.severity == code.severity },
            "the example of \(code.code) does not report it as \(code.severity.rawValue); it reports:\n\(shown)")
        #expect(
            reported.allSatisfy { $0.code == code.code },
            "the example of \(code.code) reports other codes too:\n\(shown)")
    }

    @Test func theExamplePolicyIsClean() throws {
        let reported = try ExampleRunner.run(.policy(.inline(DiagnosticExample.examplePolicy)))
        #expect(reported.isEmpty, "\(reported.map(\.message))")
    }

    /// The runner would catch an example that reports nothing.
    @Test func aCleanInputReportsNothing() throws {
        #expect(try ExampleRunner.run(.eventLog("{\"t\": 0, \"event\": \"button.tap\"}\n")).isEmpty)
        #expect(
            try ExampleRunner.run(
                .ahap(
                    "{\"Version\": 1.0, \"Pattern\": [{\"Event\": {\"Time\": 0, \"EventType\": \"HapticTransient\"}}]}")
            ).isEmpty)
    }
}

/// Runs a `DiagnosticExample` the way its stage runs it, in a fresh folder.
enum ExampleRunner {
    /// What a stage reported.
    struct Reported {
        var code: String
        var severity: Severity
        var message: String
    }

    static func run(_ example: DiagnosticExample) throws -> [Reported] {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("example-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        func write(_ text: String, _ name: String) throws -> String {
            let url = folder.appendingPathComponent(name)
            try Data(text.utf8).write(to: url)
            return url.path
        }
        let input = example.inputFile
        let context = CommandContext(
            stdout: Output(capturingAsTerminal: false), stderr: Output(capturingAsTerminal: false),
            standardInput: StandardInput(chunks: []), environment: [:])
        func check(_ path: String) -> PolicyFrontEnd.Checked {
            PolicyFrontEnd.check(path, files: context.frontEndFiles)
        }
        switch example {
        case .policy(.file(let path), nil):
            return reported(check(packageRoot.appendingPathComponent(path).path).diagnostics)
        case .policy(.inline(let text), nil):
            return reported(check(try write(text, input)).diagnostics)
        case .policy(let text, let maxBytes?):
            let bytes: [UInt8]
            switch text {
            case .inline(let text): bytes = Array(text.utf8)
            case .file(let path): bytes = try [UInt8](Data(contentsOf: packageRoot.appendingPathComponent(path)))
            }
            let loaded = PolicyLoader.parse(bytes, file: input, limits: ParseLimits(maxBytes: maxBytes))
            let validated = loaded.document.flatMap { loaded.hasErrors ? nil : PolicyValidator.validate($0) } ?? []
            return reported(loaded.diagnostics + validated)
        case .missingFile(let path):
            return reported(check(folder.appendingPathComponent(path).path).diagnostics)
        case .export(let policy, let target, let parameters):
            let checked = check(try write(policy, input))
            try #require(
                !checked.hasErrors, "the example policy must lint clean: \(checked.diagnostics.map(\.message))")
            let compiled = try #require(checked.policy)
            let targets = target == "all" ? ExportTarget.allCases : [try #require(ExportTarget(rawValue: target))]
            return reported(
                checked.diagnostics + PolicyExporter.export(compiled, to: targets, parameters: parameters).diagnostics)
        case .ahap(let text):
            return reported(AHAPImporter.importPattern(text, file: input).diagnostics)
        case .hapticClip(let text):
            return reported(HapticClipImporter.importPattern(text, file: input).diagnostics)
        case .testFile(let text, let policy):
            if let policy { _ = try write(policy, DiagnosticExample.policyFile) }
            return reported(PolicyFrontEnd.checkTestFile(try write(text, input), files: context.frontEndFiles).0)
        case .scenario(let text, let policy):
            let policyPath = try write(policy, DiagnosticExample.policyFile)
            let result = runInProcess(["simulate", policyPath, "--scenario", try write(text, input)])
            return result.stderr.matches(of: /: (error|warning)\[(HP[0-9]{3})\]: ([^\n]*)/).map {
                Reported(code: String($0.2), severity: Severity(rawValue: String($0.1)) ?? .note, message: String($0.3))
            }
        case .eventLog(let text):
            return reported(TimedEventLog.read(Array(text.utf8), file: input).problems)
        case .bundle(let text):
            let policy = try #require(
                PolicyLoader.parse(Array(DiagnosticExample.examplePolicy.utf8), file: "example.yaml").document)
            let store = PolicyStore(try Policy(compiling: policy))
            return reported(store.reload(bundle: Array(text.utf8), file: input).diagnostics)
        case .document(let path):
            let data = try Data(contentsOf: packageRoot.appendingPathComponent(path))
            return reported(
                PolicyValidator.check(try JSONDecoder().decode(PolicyDocument.self, from: data)).diagnostics)
        }
    }

    private static func reported(_ diagnostics: [Diagnostic]) -> [Reported] {
        diagnostics.map { Reported(code: $0.code, severity: $0.severity, message: $0.message) }
    }
}
