import Foundation
import HapticPolicy
import HapticPolicyCompiler
import Testing

@Suite struct CompileCommandTests {
    private func temporaryFile(_ name: String) -> URL {
        FileManager.default.temporaryDirectory
            .appendingPathComponent("compile-\(UUID().uuidString)-\(name)")
    }

    @Test(arguments: ["plavo", "breathing", "metronome"])
    func compilesAPolicyIntoABundleThatLoadsWithItsHash(_ name: String) throws {
        let output = temporaryFile("\(name).bundle.json")
        defer { try? FileManager.default.removeItem(at: output) }
        let path = packageRoot.appendingPathComponent("Policies/\(name).yaml").path
        let result = runInProcess(["compile", path, "-o", output.path])
        #expect(result.exitCode == 0, "\(result.stderr)")
        let bytes = try [UInt8](Data(contentsOf: output))
        let loaded = try Policy(bundle: bytes)
        #expect(loaded.name == name)
        #expect(result.stderr.contains("compiled \(name) (\(loaded.hash))"))
        #expect(result.stdout.isEmpty)
    }

    @Test func writesToStdoutWithDash() throws {
        let yaml = try String(
            contentsOf: packageRoot.appendingPathComponent("Policies/metronome.yaml"), encoding: .utf8)
        let result = runInProcess(["compile", "-", "-o", "-"], stdin: yaml)
        #expect(result.exitCode == 0, "\(result.stderr)")
        let loaded = try Policy(bundle: Array(result.stdout.utf8))
        #expect(loaded.name == "metronome")
    }

    @Test func aPolicyWithErrorsWritesNothing() throws {
        let output = temporaryFile("bad.bundle.json")
        let yaml = """
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
        let result = runInProcess(["compile", "-", "-o", output.path], stdin: yaml)
        #expect(result.exitCode == 1)
        #expect(!FileManager.default.fileExists(atPath: output.path))
        // Lint's format, the source line and a caret under the name, then the hint.
        #expect(result.stderr.hasPrefix("<stdin>:10:23: error[HP201]: "), "\(result.stderr)")
        #expect(
            result.stderr.contains(
                """
                   10 |       shutter: {play: no-such-feedback}
                      |                       ^~~~~~~~~~~~~~~~

                """), "\(result.stderr)")
        #expect(result.stderr.hasSuffix("<stdin>: 1 error; run 'haptic-policy lint -' and fix them first\n"))
        // Refused exactly as eval refuses it.
        let eval = runInProcess(["eval", "-", "Policies/logs/demo.jsonl"], stdin: yaml)
        #expect(result.stderr == eval.stderr)
    }

    /// Warnings do not stop a compile; they are printed in lint's format, with the source line.
    @Test func warningsArePrintedWithTheirSourceLine() throws {
        let yaml = """
            policy: w
            version: 1
            feedback:
              tap: {layer: ui, preset: impact.light}
            events:
              button.tap: {layer: ui, screens: all}
            screens:
              home:
                table:
                  button.tap: {silent: not on every tap}
            budgets:
              - {id: B-1, each: screen, max: 6, per: 10}
            """
        let result = runInProcess(["compile", "-", "-o", "-"], stdin: yaml)
        #expect(result.exitCode == 0, "\(result.stderr)")
        _ = try Policy(bundle: Array(result.stdout.utf8))
        #expect(
            result.stderr.hasPrefix(
                """
                <stdin>:4:3: warning[HP211]: feedback 'tap' is never played, stopped or used as a fallback: play it in a table or band level, or remove it
                    4 |   tap: {layer: ui, preset: impact.light}
                      |   ^~~
                compiled w (sha256:
                """), "\(result.stderr)")
    }

    @Test func withoutAnOutputItIsAUsageError() {
        let result = runInProcess(["compile", "Policies/plavo.yaml"])
        #expect(result.exitCode == 64)
        #expect(result.stderr.contains("missing '-o <bundle.json>'"))
    }
}
