import Foundation
import HapticPolicy
import HapticPolicyCompiler
import HapticPolicyDocument
import HapticPolicyYAML
import Testing

/// The shipped policies are clean under every check, and the checks catch defects
/// introduced into the reference policy.
@Suite struct ShippedPoliciesValidationTests {
    static let policies = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Policies")

    static let names: [String] = {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: policies.path)) ?? []
        // Test files (`*.tests.yaml`) live next to their policies; they are not policies.
        return names.filter { $0.hasSuffix(".yaml") && !$0.hasSuffix(".tests.yaml") }.sorted()
    }()

    static func plavo() throws -> PolicyDocument {
        try #require(PolicyLoader.load(path: policies.appendingPathComponent("plavo.yaml").path).document)
    }

    @Test func theThreeReferencePoliciesAreShipped() {
        #expect(Set(["plavo.yaml", "breathing.yaml", "metronome.yaml"]).isSubset(of: Set(Self.names)))
    }

    @Test(arguments: names)
    func validatesWithoutErrorsOrWarnings(_ name: String) throws {
        let result = PolicyLoader.load(path: Self.policies.appendingPathComponent(name).path)
        let document = try #require(result.document, "\(result.diagnostics.map(\.message))")
        let findings = result.diagnostics + PolicyValidator.validate(document)
        #expect(findings.isEmpty, "\(findings.map { "\($0.location) \($0.code) \($0.message)" })")
    }

    @Test func removingEverywhereLeavesButtonTapUndecided() throws {
        var document = try Self.plavo()
        document.everywhere = []
        let findings = PolicyValidator.validate(document)
        let tap = try #require(document.events.first { $0.name.value == "button.tap" })
        #expect(findings.map(\.code) == ["HP301"])
        let gap = try #require(findings.first { $0.code == "HP301" })
        #expect(gap.location == tap.name.location)
        #expect(gap.message.contains("add `button.tap: {silent: <reason>}` under `everywhere:`"))
    }

    @Test func aCautionThatBecomesAnErrorBreaksH2() throws {
        var document = try Self.plavo()
        let index = try #require(document.feedback.firstIndex { $0.name.value == "caution" })
        document.feedback[index].body = .preset(Located(.notificationError), intensity: nil)
        let findings = PolicyValidator.validate(document)
        #expect(findings.map(\.code) == ["HP401"])
        #expect(findings.first?.invariant == "H-2")
    }

    @Test func aCreatureMomentPlayingAPresetBreaksH3() throws {
        var document = try Self.plavo()
        let screen = try #require(document.screens.firstIndex { $0.name.value == "naming" })
        document.screens[screen].cells[0].rows[0].play = Located("snap")
        let findings = PolicyValidator.validate(document)
        // meet is now played by nothing but is still a feedback: H-3 and the unused warning.
        #expect(findings.map(\.code).sorted() == ["HP211", "HP402"])
        #expect(findings.first { $0.code == "HP402" }?.invariant == "H-3")
        let snap = try #require(document.feedback.first { $0.name.value == "snap" })
        #expect(findings.first { $0.code == "HP402" }?.notes.map(\.location) == [snap.layer.location])
    }
}
