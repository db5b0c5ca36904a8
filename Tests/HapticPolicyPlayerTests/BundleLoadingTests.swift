import Foundation
import Testing

@testable import HapticPolicy
@testable import HapticPolicyCompiler

/// Loading a shipped bundle: round trip, and refusal of anything damaged or foreign.
@Suite struct BundleLoadingTests {
    @Test(arguments: ["plavo", "breathing", "metronome"])
    func aBundleRoundTripsToTheSamePolicyAndHash(_ name: String) throws {
        let fromYAML = try loadPolicy(name)
        let bytes = PolicyBundle.encode(fromYAML)
        let fromBundle = try Policy(bundle: bytes)
        // The tools read both lines back to the content compiled; a runtime reads line 1.
        let (content, hash) = try PolicyBundle.decode(bytes)
        #expect(content == fromYAML.content)
        #expect(hash == fromYAML.hash)
        #expect(fromBundle.hash == fromYAML.hash)
        #expect(fromBundle.eventNames == fromYAML.eventNames)
        #expect(
            PolicyBundle.encode(Policy(content: content, hash: hash)) == bytes, "re-encoding is byte-identical")
    }

    enum Damage: String, CaseIterable {
        case truncated, edited, futureVersion, notABundle
    }

    @Test(arguments: Damage.allCases)
    func aDamagedBundleIsRefusedAndNothingLoads(_ damage: Damage) throws {
        var bytes = PolicyBundle.encode(try loadPolicy("plavo"))
        switch damage {
        case .truncated:
            bytes.removeLast(bytes.count / 3)
        case .edited:
            let text = String(decoding: bytes, as: UTF8.self).replacingOccurrences(
                of: "\"impact.heavy\"", with: "\"impact.light\"")
            bytes = Array(text.utf8)
        case .futureVersion:
            let text = String(decoding: bytes, as: UTF8.self).replacingOccurrences(
                of: "\"formatVersion\":7", with: "\"formatVersion\":8")
            bytes = Array(text.utf8)
        case .notABundle:
            bytes = Array("policy: plavo\nversion: 1\n".utf8)
        }
        #expect(throws: PolicyBundle.LoadError.self) { try Policy(bundle: bytes) }
        #expect(throws: PolicyBundle.LoadError.self) { try PolicyStore(bundle: bytes) }
    }
}
