import Foundation
import HapticPolicy
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
        let yaml = try String(contentsOf: packageRoot.appendingPathComponent("Policies/metronome.yaml"), encoding: .utf8)
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
        #expect(result.stderr.contains("<stdin>:10:"), "\(result.stderr)")
        #expect(result.stderr.contains("not compiled"))
        #expect(!FileManager.default.fileExists(atPath: output.path))
    }

    @Test func withoutAnOutputItIsAUsageError() {
        let result = runInProcess(["compile", "Policies/plavo.yaml"])
        #expect(result.exitCode == 64)
        #expect(result.stderr.contains("missing '-o <bundle.json>'"))
    }
}
