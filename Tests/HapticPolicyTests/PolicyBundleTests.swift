import Foundation
import HapticPolicyTestSupport
import Testing

@testable import HapticPolicy
@testable import HapticPolicyCompiler
@testable import HapticPolicyDocument

@Suite struct PolicyBundleTests {
    @Test(arguments: [
        ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
        ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        (
            "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
            "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
        ),
    ])
    func sha256MatchesKnownVectors(input: String, digest: String) {
        #expect(SHA256.hex(Array(input.utf8)) == digest)
    }

    @Test func sha256HandlesMultipleBlocks() {
        // One million 'a': the FIPS 180-2 long vector.
        #expect(
            SHA256.hex([UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000))
                == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    /// A valid policy (the table fixture less its gap and undeclared citation).
    static let document = TableFixtures.valid

    static func compiled(_ document: PolicyDocument = document) throws -> Policy {
        try Policy(compiling: document)
    }

    @Test func roundTripsTheContent() throws {
        let policy = try Self.compiled()
        let bytes = PolicyBundle.encode(policy)
        let loaded = try Policy(bundle: bytes)
        // The tools read both lines back to the content; a runtime line 1, with its hash.
        let (content, hash) = try PolicyBundle.decode(bytes)
        #expect(content == policy.content)
        #expect(loaded.hash == policy.hash && hash == policy.hash)
        #expect(PolicyBundle.encode(Policy(content: content, file: "t.yaml", hash: hash)) == bytes)
        #expect(loaded.file == "t.yaml")
    }

    @Test func samePolicyFromAnyPathGivesTheSameBytes() throws {
        var elsewhere = Self.document
        elsewhere.file = "/home/builder/checkout/./Policies/t.yaml"
        // Every location names the file as typed; the bundle must not.
        let data = try JSONEncoder().encode(elsewhere)
        let text = String(decoding: data, as: UTF8.self).replacingOccurrences(
            of: "\"file\":\"t.yaml\"", with: "\"file\":\"\(elsewhere.file.replacingOccurrences(of: "/", with: "\\/"))\""
        )
        elsewhere = try JSONDecoder().decode(PolicyDocument.self, from: Data(text.utf8))
        #expect(elsewhere.screens[0].location.file == elsewhere.file || elsewhere.screens[0].location == .unknown)
        let a = PolicyBundle.encode(try Self.compiled())
        let b = PolicyBundle.encode(try Self.compiled(elsewhere))
        #expect(a == b)
        #expect(!String(decoding: b, as: UTF8.self).contains("/home/builder"))
    }

    @Test func carriesBudgetExceptions() throws {
        var document = Self.document
        document.events.append(EventDecl(name: Located("selector.tick"), layer: Located(.ui), screens: .all(.unknown)))
        document.everywhere.append(CellDecl(event: Located("selector.tick"), rows: [RowDecl(play: Located("tap"))]))
        document.budgets = [
            BudgetDecl(
                id: Located("B-1"), scope: .eachScreen, max: Located(6), window: Located(10),
                exceptions: [
                    InvariantDecl.Exception(event: Located("selector.tick"), reason: Located("the control itself"))
                ])
        ]
        let loaded = try PolicyBundle.decode(PolicyBundle.encode(try Self.compiled(document)))
        #expect(loaded.content.budgets.map(\.exceptions) == [["selector.tick"]])
    }

    @Test func refusesTruncatedBundles() throws {
        let bytes = PolicyBundle.encode(try Self.compiled(), runtimeOnly: true)
        for cut in [bytes.count - 2, bytes.count / 2, 60, 10] {
            #expect(throws: PolicyBundle.LoadError.self) { try Policy(bundle: Array(bytes[..<cut])) }
        }
    }

    @Test func refusesEditedContent() throws {
        var text = String(decoding: PolicyBundle.encode(try Self.compiled(), runtimeOnly: true), as: UTF8.self)
        text = text.replacingOccurrences(of: "not every tap", with: "every tap!!!!")
        #expect {
            try Policy(bundle: Array(text.utf8))
        } throws: { error in
            guard case .hashMismatch = error as? PolicyBundle.LoadError else { return false }
            return true
        }
    }

    /// A bundle whose hash matches but whose content points at a feedback that does not
    /// exist (written by another tool): refused as damaged, never a crash.
    @Test func refusesInconsistentContentWithAMatchingHash() throws {
        let bytes = PolicyBundle.encode(try Self.compiled(), runtimeOnly: true)
        let text = String(decoding: bytes, as: UTF8.self)
        let marker = ",\"content\":"
        let start = try #require(text.range(of: marker)).upperBound
        var content = String(text[start...].dropLast(2))  // "}\n"
        content = content.replacingOccurrences(
            of: "{\"feedback\":0,\"kind\":\"play\"}", with: "{\"feedback\":99,\"kind\":\"play\"}")
        #expect(content.contains("\"feedback\":99"))
        let header =
            "{\"format\":\"haptic-policy-bundle\",\"formatVersion\":7,\"policy\":\"t\",\"hash\":\"sha256:"
            + SHA256.hex(Array(content.utf8)) + "\""
        #expect {
            try Policy(bundle: Array((header + marker + content + "}\n").utf8))
        } throws: { error in
            guard case .damaged(let why, _, _, _) = error as? PolicyBundle.LoadError else { return false }
            return why.contains("feedback that does not exist")
        }
    }

    @Test func refusesUnknownFormatVersion() throws {
        var text = String(decoding: PolicyBundle.encode(try Self.compiled(), runtimeOnly: true), as: UTF8.self)
        text = text.replacingOccurrences(of: "\"formatVersion\":7", with: "\"formatVersion\":8")
        #expect(throws: PolicyBundle.LoadError.unsupportedVersion(found: 8, supported: 7)) {
            try Policy(bundle: Array(text.utf8))
        }
        #expect(PolicyBundle.LoadError.unsupportedVersion(found: 8, supported: 7).description.contains("newer"))
    }

    /// A bundle of format 2 or 3 (Swift's own encoding of the content), 4 (before the
    /// optional fields of language v3), 5 (before the lowered runtime tables) or 6 (one
    /// line, the tools' members mixed in) is refused
    /// naming its version and the fix: recompile with this haptic-policy.
    @Test(arguments: [2, 3, 4, 5, 6])
    func refusesAnOlderFormatVersionNamingItAndTheFix(version: Int) throws {
        var text = String(decoding: PolicyBundle.encode(try Self.compiled(), runtimeOnly: true), as: UTF8.self)
        text = text.replacingOccurrences(of: "\"formatVersion\":7", with: "\"formatVersion\":\(version)")
        #expect(throws: PolicyBundle.LoadError.unsupportedVersion(found: version, supported: 7)) {
            try Policy(bundle: Array(text.utf8))
        }
        let message = PolicyBundle.LoadError.unsupportedVersion(found: version, supported: 7).description
        #expect(message.contains("format version \(version) is older"))
        #expect(message.contains("recompile the policy with this haptic-policy"))
    }

    /// Content with an unknown tag is refused naming where it is and the tags known.
    @Test func refusesAnUnknownActionKindNamingItsPlace() throws {
        let bytes = PolicyBundle.encode(try Self.compiled(), runtimeOnly: true)
        let text = String(decoding: bytes, as: UTF8.self)
        let marker = ",\"content\":"
        let start = try #require(text.range(of: marker)).upperBound
        let content = String(text[start...].dropLast(2)).replacingOccurrences(
            of: "\"kind\":\"play\"", with: "\"kind\":\"ring\"")
        let header =
            "{\"format\":\"haptic-policy-bundle\",\"formatVersion\":7,\"policy\":\"t\",\"hash\":\"sha256:"
            + SHA256.hex(Array(content.utf8)) + "\""
        #expect {
            try Policy(bundle: Array((header + marker + content + "}\n").utf8))
        } throws: { error in
            guard case .damaged(let why, _, _, _) = error as? PolicyBundle.LoadError else { return false }
            return why.contains("at content.cells[") && why.contains("].action.kind: unknown kind 'ring'")
                && why.contains("known: play, loop")
        }
    }

    @Test func refusesAVersion1BundleWithTheFix() {
        let old = Array(
            #"{"format":"haptic-policy-bundle","formatVersion":1,"policy":"t","hash":"sha256:00","document":{}}"#.utf8)
        #expect(throws: PolicyBundle.LoadError.unsupportedVersion(found: 1, supported: 7)) { try Policy(bundle: old) }
    }

    @Test func refusesOtherJSON() {
        #expect(throws: PolicyBundle.LoadError.self) { try Policy(bundle: Array("{\"a\":1}".utf8)) }
        #expect(throws: PolicyBundle.LoadError.self) { try Policy(bundle: []) }
    }
}
