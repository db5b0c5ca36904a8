import Foundation
import HapticPolicy
import Testing

/// Loading a shipped bundle: round trip, and refusal of anything damaged or foreign.
@Suite struct LoadedPolicyTests {
    @Test(arguments: ["plavo", "breathing", "metronome"])
    func aBundleRoundTripsToTheSamePolicyAndHash(_ name: String) throws {
        let fromYAML = try loadPolicy(name)
        let bytes = try PolicyBundle.encode(fromYAML.document)
        let fromBundle = try LoadedPolicy(bundle: bytes)
        #expect(fromBundle.document == fromYAML.document)
        #expect(fromBundle.hash == fromYAML.hash)
        #expect(fromBundle.policy.eventNames == fromYAML.policy.eventNames)
        #expect(try PolicyBundle.encode(fromBundle.document) == bytes, "re-encoding is byte-identical")
    }

    enum Damage: String, CaseIterable {
        case truncated, edited, futureVersion, notABundle
    }

    @Test(arguments: Damage.allCases)
    func aDamagedBundleIsRefusedAndNothingLoads(_ damage: Damage) throws {
        var bytes = try PolicyBundle.encode(loadPolicy("plavo").document)
        switch damage {
        case .truncated:
            bytes.removeLast(bytes.count / 3)
        case .edited:
            let text = String(decoding: bytes, as: UTF8.self).replacingOccurrences(of: "\"impact.heavy\"", with: "\"impact.light\"")
            bytes = Array(text.utf8)
        case .futureVersion:
            let text = String(decoding: bytes, as: UTF8.self).replacingOccurrences(of: "\"formatVersion\":1", with: "\"formatVersion\":2")
            bytes = Array(text.utf8)
        case .notABundle:
            bytes = Array("policy: plavo\nversion: 1\n".utf8)
        }
        #expect(throws: PolicyBundle.LoadError.self) { try LoadedPolicy(bundle: bytes) }
        #expect(throws: PolicyBundle.LoadError.self) { try PolicyStore(bundle: bytes) }
    }
}
