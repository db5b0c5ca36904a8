import Foundation
import HapticPolicy
import HapticPolicyExport
import Testing

/// `KotlinCodeGenerator`'s package: which names `--package` accepts, and where the
/// `package` line goes.
@Suite struct KotlinPackageTests {
    /// The shipped metronome policy, compiled.
    static func policy() throws -> Policy {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../Policies/metronome.yaml").standardized
        return try HostileNamesTests.compile(try String(contentsOf: url, encoding: .utf8))
    }

    @Test(arguments: ["app", "com.example.app", "io.hapticpolicy.generated", "_x.y_2", "com.example.in"])
    func aKotlinPackageNameIsAccepted(_ name: String) {
        #expect(KotlinCodeGenerator.isPackageName(name))
    }

    @Test(arguments: ["", ".", "com.", ".com", "a..b", "com.1app", "com.exa-mple", "_", "a.__", "com.été", "a b"])
    func anythingElseIsRefused(_ name: String) {
        #expect(!KotlinCodeGenerator.isPackageName(name))
    }

    @Test func thePackageLineFollowsTheHeaderAndAKeywordIsBackquoted() throws {
        let policy = try Self.policy()
        #expect(policy.name == "metronome")
        let plain = KotlinCodeGenerator.generate(policy)
        let packaged = KotlinCodeGenerator.generate(policy, package: "com.example.in")
        #expect(!plain.contains("\npackage "))
        let lines = packaged.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines[2].hasPrefix("// Policy hash: "))
        #expect(lines[3] == "" && lines[4] == "package com.example.`in`" && lines[5] == "")
        // The regenerate line says how to get this file again.
        #expect(lines[1].hasSuffix(" --lang kotlin --package com.example.in -o <file>"))
        // Everything else is the same file.
        let stripped = packaged.replacingOccurrences(of: "\npackage com.example.`in`\n", with: "")
            .replacingOccurrences(of: " --package com.example.in", with: "")
        #expect(stripped == plain)
    }
}
