import Foundation
import HapticPolicy
import HapticPolicyCompiler
import Testing

@testable import HapticPolicyYAML

/// Names are equal only when their Unicode code points are, as in the Kotlin and
/// TypeScript runtimes (`Docs/policy-language.md`, "Writing text"): Swift's `String`
/// would take `caf\u{E9}` and `cafe\u{301}` for one name.
@Suite struct NameEqualityTests {
    static let nfc = "caf\u{E9}"
    static let nfd = "cafe\u{301}"

    static func policyText(secondEvent: String = nfd) -> String {
        """
        policy: names
        version: 1
        feedback:
          nfc: {layer: ui, preset: impact.light}
          nfd: {layer: ui, preset: impact.heavy}
        events:
          \(nfc).tap: {layer: ui, screens: [home]}
          \(secondEvent).tap: {layer: ui, screens: [home]}
          order.kind: {layer: ui, screens: [home], value: string}
        screens:
          home:
            table:
              \(nfc).tap: {play: nfc}
              \(secondEvent).tap: {play: nfd}
              order.kind:
                - {when: {value: {in: [\(nfc)]}}, play: nfc}
                - {silent: another order}
        budgets:
          - {id: B-1, each: screen, max: 50, per: 1}
        """
    }

    static func findings(_ text: String) -> [Diagnostic] {
        let loaded = PolicyLoader.parse(Array(text.utf8), file: "names.yaml")
        guard let document = loaded.document, !loaded.hasErrors else { return loaded.diagnostics }
        return loaded.diagnostics + PolicyValidator.check(document).diagnostics
    }

    static func compiled(_ text: String) throws -> Policy {
        let loaded = PolicyLoader.parse(Array(text.utf8), file: "names.yaml")
        let document = try #require(loaded.document)
        let validated = try #require(PolicyValidator.check(document).validated)
        return PolicyCompiler.compile(validated)
    }

    @Test func keysCompareCodePoints() {
        #expect(Self.nfc == Self.nfd, "Swift's String takes them for one")
        #expect(NameKey(Self.nfc) != NameKey(Self.nfd))
        #expect(!NameKey.same(Self.nfc, Self.nfd))
        #expect(NameKey.same(Self.nfc, "caf\u{E9}"))
        #expect(Set([NameKey(Self.nfc), NameKey(Self.nfd), NameKey("caf\u{E9}")]).count == 2)
        var table = NameTable<Int>(firsts: [(Self.nfc, 1), (Self.nfd, 2), (Self.nfc, 3)])
        #expect(table[Self.nfc] == 1 && table[Self.nfd] == 2 && table.count == 2)
        table.removeValue(forKey: Self.nfd)
        #expect(table[Self.nfd] == nil && table[Self.nfc] == 1)
        #expect(ScalarValue.string(Self.nfc) != .string(Self.nfd))
        #expect(Set<ScalarValue>([.string(Self.nfc), .string(Self.nfd), .number(1), .bool(true)]).count == 4)
    }

    /// Both spellings declared: two events, each deciding its own cell, in a compiled
    /// policy and in its bundle (which every runtime reads alike), and a warning.
    @Test func twoSpellingsAreTwoEvents() throws {
        let findings = Self.findings(Self.policyText())
        #expect(findings.map(\.code) == ["HP219"], "\(findings.map(\.message))")
        #expect(findings.first?.message.contains("U+0065 U+0301") == true)
        let compiled = try Self.compiled(Self.policyText())
        let loaded = try Policy(bundle: PolicyBundle.encode(compiled))
        for policy in [compiled, loaded] {
            let nfc = try #require(policy.eventID(Self.nfc + ".tap"))
            let nfd = try #require(policy.eventID(Self.nfd + ".tap"))
            #expect(nfc != nfd)
            var session = Session(policy: policy)
            let home = policy.screenID("home")
            #expect(session.decide(Event(t: 1, event: nfc, screen: home)).feedback == "nfc")
            #expect(session.decide(Event(t: 2, event: nfd, screen: home)).feedback == "nfd")
            let order = try #require(policy.eventID("order.kind"))
            #expect(session.decide(Event(t: 3, event: order, screen: home, value: .string(Self.nfc))).feedback == "nfc")
            #expect(session.decide(Event(t: 4, event: order, screen: home, value: .string(Self.nfd))).feedback == nil)
        }
    }

    /// One spelling declared: the other is no name of the policy, and the errors and
    /// the integration summary say why with both code point lists.
    @Test func theOtherSpellingIsUnknownAndSaysWhy() throws {
        let policy = try Self.compiled(Self.policyText(secondEvent: "latte"))
        #expect(policy.eventID(Self.nfc + ".tap") != nil)
        #expect(policy.eventID(Self.nfd + ".tap") == nil)
        let hint = didYouMean(Self.nfd + ".tap", among: policy.eventNames)
        #expect(hint.contains("reads the same but is written with other Unicode code points"), "\(hint)")
        #expect(hint.contains("here U+0063 U+0061 U+0066 U+0065 U+0301"), "\(hint)")
        #expect(didYouMean("latt.tap", among: policy.eventNames) == "; did you mean 'latte.tap'?")

        let miswritten = Self.policyText(secondEvent: "latte").replacingOccurrences(
            of: "      \(Self.nfc).tap: {play: nfc}", with: "      \(Self.nfd).tap: {play: nfc}")
        let errors = Self.findings(miswritten).filter { $0.code == "HP204" }
        #expect(errors.count == 1)
        #expect(errors.first?.message.contains("other Unicode code points") == true, "\(errors.map(\.message))")
    }

    @Test func lookAlikeLettersAndInvisibleCharactersAreWarnedOf() {
        for other in ["c\u{430}f\u{E9}", "caf\u{E9}\u{200B}", "\u{FF43}af\u{E9}"] {
            let findings = Self.findings(Self.policyText(secondEvent: other))
            #expect(
                findings.map(\.code) == ["HP219"], "\(other.unicodeScalars.map(\.value)): \(findings.map(\.message))")
        }
        #expect(Self.findings(Self.policyText(secondEvent: "latte")).isEmpty)
    }
}
