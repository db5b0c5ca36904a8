import Testing

@testable import HapticPolicy
@testable import HapticPolicyDocument

/// The one path helper (`PathText`) the runtime and the tools share.
@Suite struct PathTextTests {
    @Test func baseNamesAndFolders() {
        #expect(PathText.baseName("Policies/plavo.yaml") == "plavo.yaml")
        #expect(PathText.baseName("Policies/") == "Policies")
        #expect(PathText.baseName("plavo.yaml") == "plavo.yaml")
        #expect(PathText.folder(of: "Policies/plavo.yaml") == "Policies")
        #expect(PathText.folder(of: "plavo.yaml") == ".")
        #expect(PathText.folder(of: "/plavo.yaml") == "/")
        #expect(PathText.folder(of: "out/api//") == "out")
        #expect(PathText.folderPrefix(of: "Policies/stride.yaml") == "Policies/")
        #expect(PathText.folderPrefix(of: "stride.yaml") == "")
        #expect(PathText.joined(".", "plavo.yaml") == "./plavo.yaml")
        #expect(PathText.joined("", "plavo.yaml") == "plavo.yaml")
        #expect(PathText.joined("Policies/", "plavo.yaml") == "Policies/plavo.yaml")
        #expect(PathText.joined("Policies//", "plavo.yaml") == "Policies/plavo.yaml")
        #expect(PathText.joined("//", "plavo.yaml") == "/plavo.yaml")
        #expect(PathText.joined("Policies", "plavo.yaml") == "Policies/plavo.yaml")
        #expect(PathText.joined("/", "plavo.yaml") == "/plavo.yaml")
        #expect(PathText.joined("Policies", "/etc/x.yaml") == "/etc/x.yaml")
    }

    /// Scenarios sit in a `scenarios` folder next to the policies they are played with.
    @Test func scenariosSitNextToTheirPolicies() {
        #expect(PathText.scenariosFolder(ofPolicy: "Policies/plavo.yaml") == "Policies/scenarios")
        #expect(PathText.scenariosFolder(ofPolicy: "plavo.yaml") == "./scenarios")
        #expect(PathText.scenariosFolder(ofPolicy: "-") == "./scenarios")
        #expect(PathText.scenariosFolder(ofPolicy: "/plavo.yaml") == "/scenarios")
        #expect(PathText.isScenario("Policies/scenarios/drying.yaml"))
        #expect(PathText.isScenario("scenarios/drying.yaml"))
        #expect(!PathText.isScenario("Policies/plavo.yaml"))
        #expect(!PathText.isScenario("scenarios/notes.txt"))
        #expect(!PathText.isScenario("-"))
        #expect(PathText.policiesFolder(ofScenario: "Policies/scenarios/drying.yaml") == "Policies")
        #expect(PathText.policiesFolder(ofScenario: "scenarios/drying.yaml") == ".")
    }
}
