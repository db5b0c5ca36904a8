import Foundation
import HapticPolicy
import HapticPolicyCompiler
import HapticPolicyDocument
import Testing

@testable import HapticPolicyYAML

@Suite struct PolicyLoaderTests {
    static func temporaryFile(_ bytes: [UInt8]) throws -> String {
        let path = FileManager.default.temporaryDirectory
            .appendingPathComponent("policy-\(UUID().uuidString).yaml").path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test func reportsMissingFile() {
        let result = PolicyLoader.load(path: "/nonexistent/policy.yaml")
        #expect(summary(result) == ["HP001@1:1"])
        #expect(result.diagnostics.first?.message.contains("no such file") == true)
        #expect(result.document == nil)
        #expect(result.source == nil)
    }

    @Test func reportsDirectory() {
        let result = PolicyLoader.load(path: FileManager.default.temporaryDirectory.path)
        #expect(summary(result) == ["HP001@1:1"])
    }

    @Test func refusesLargeFileBeforeReadingIt() throws {
        let path = try Self.temporaryFile([UInt8](repeating: UInt8(ascii: " "), count: 2048))
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(summary(PolicyLoader.load(path: path, limits: ParseLimits(maxBytes: 1024))) == ["HP004@1:1"])
    }

    /// A device with no end is read up to the limit, never to its end.
    @Test func stopsReadingEndlessDevices() {
        let result = PolicyLoader.load(path: "/dev/zero", limits: ParseLimits(maxBytes: 4096))
        #expect(summary(result) == ["HP004@1:1"])
        #expect(result.diagnostics.first?.message.contains("more than 4096 bytes") == true)
    }

    @Test func loadsFileWithByteOrderMark() throws {
        let path = try Self.temporaryFile([0xEF, 0xBB, 0xBF] + Array("policy: p\nversion: 1\n".utf8))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let result = PolicyLoader.load(path: path)
        #expect(result.diagnostics.isEmpty)
        #expect(result.document?.name == Located("p", at: SourceLocation(file: path, line: 1, column: 9)))
        #expect(result.source == "policy: p\nversion: 1\n")
    }

    /// Truncated and corrupted copies of the reference policy never crash or hang, and
    /// every diagnostic they give points inside the file.
    @Test func survivesCorruptedInput() throws {
        let original = try [UInt8](Data(contentsOf: URL(fileURLWithPath: PlavoPolicyTests.path)))
        var generator = SplitMix(seed: 2026)
        let specials: [UInt8] = Array("{}[]:,-'\"&*!|>#\t\n ".utf8) + [0x00, 0xFF, 0xE3]
        for round in 0..<150 {
            var bytes = original
            if round % 3 == 0 {
                bytes = Array(bytes.prefix(Int(generator.next() % UInt64(bytes.count))))
            } else {
                for _ in 0..<(1 + round % 4) {
                    let index = Int(generator.next() % UInt64(bytes.count))
                    bytes[index] = specials[Int(generator.next() % UInt64(specials.count))]
                }
            }
            let result = PolicyLoader.parse(bytes, file: "fuzz.yaml")
            let lineCount = (result.source ?? "").split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
                .count
            for diagnostic in result.diagnostics {
                #expect(diagnostic.location.line >= 1 && diagnostic.location.line <= max(lineCount, 1) + 1)
                #expect(diagnostic.location.column >= 1)
                #expect(!diagnostic.message.isEmpty)
            }
        }
    }
}

/// A tiny deterministic generator so the corruption test is reproducible.
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
