import Foundation
import Testing
@testable import HapticPolicy

@Suite struct PolicyBundleTests {
    @Test(arguments: [
        ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
        ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        ("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
         "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"),
    ])
    func sha256MatchesKnownVectors(input: String, digest: String) {
        #expect(SHA256.hex(Array(input.utf8)) == digest)
    }

    @Test func sha256HandlesMultipleBlocks() {
        // One million 'a': the FIPS 180-2 long vector.
        #expect(SHA256.hex([UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000))
            == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    @Test func roundTripsTheDocument() throws {
        let document = DecisionTableTests.document
        let bytes = try PolicyBundle.encode(document)
        let (decoded, hash) = try PolicyBundle.decode(bytes)
        #expect(decoded == document)
        #expect(hash == (try PolicyBundle.hash(of: document)))
        #expect(try PolicyBundle.encode(decoded) == bytes)
    }

    @Test func carriesBudgetExceptions() throws {
        var document = DecisionTableTests.document
        document.budgets = [BudgetDecl(
            id: Located("B-1"), scope: .eachScreen, max: Located(6), window: Located(10),
            exceptions: [InvariantDecl.Exception(event: Located("selector.tick"), reason: Located("the control itself"))])]
        let bytes = try PolicyBundle.encode(document)
        #expect(try PolicyBundle.decode(bytes).document.budgets == document.budgets)
    }

    @Test func budgetsWithoutExceptionsKeepTheirBytes() throws {
        var document = DecisionTableTests.document
        document.budgets = [BudgetDecl(id: Located("B-1"), scope: .eachScreen, max: Located(6), window: Located(10))]
        // A budget without exceptions encodes as before `except:` existed (no `exceptions`
        // key), so bundles of such policies keep their bytes and hashes, and still load.
        let budget = String(decoding: try JSONEncoder().encode(document.budgets[0]), as: UTF8.self)
        #expect(!budget.contains("exceptions"))
        let bytes = try PolicyBundle.encode(document)
        #expect(try PolicyBundle.decode(bytes).document.budgets.first?.exceptions == [])
    }

    @Test func refusesTruncatedBundles() throws {
        let bytes = try PolicyBundle.encode(DecisionTableTests.document)
        for cut in [bytes.count - 2, bytes.count / 2, 60, 10] {
            #expect(throws: PolicyBundle.LoadError.self) { try PolicyBundle.decode(Array(bytes[..<cut])) }
        }
    }

    @Test func refusesEditedDocument() throws {
        var text = String(decoding: try PolicyBundle.encode(DecisionTableTests.document), as: UTF8.self)
        text = text.replacingOccurrences(of: "not every tap", with: "every tap!!!!")
        #expect {
            try PolicyBundle.decode(Array(text.utf8))
        } throws: { error in
            guard case .hashMismatch = error as? PolicyBundle.LoadError else { return false }
            return true
        }
    }

    @Test func refusesUnknownFormatVersion() throws {
        var text = String(decoding: try PolicyBundle.encode(DecisionTableTests.document), as: UTF8.self)
        text = text.replacingOccurrences(of: "\"formatVersion\":1", with: "\"formatVersion\":2")
        #expect(throws: PolicyBundle.LoadError.unsupportedVersion(found: 2, supported: 1)) {
            try PolicyBundle.decode(Array(text.utf8))
        }
    }

    @Test func refusesOtherJSON() {
        #expect(throws: PolicyBundle.LoadError.self) { try PolicyBundle.decode(Array("{\"a\":1}".utf8)) }
        #expect(throws: PolicyBundle.LoadError.self) { try PolicyBundle.decode([]) }
    }
}
