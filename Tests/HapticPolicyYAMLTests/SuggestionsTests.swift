import Testing

@testable import HapticPolicyYAML

@Suite struct SuggestionsTests {
    @Test(arguments: [
        ("intensty", "intensity"),
        ("layre", "layer"),
        ("Layer", "layer"),
        ("sharpnes", "sharpness"),
        ("prepare-engin", "prepare-engine"),
    ])
    func suggestsNearMiss(name: String, expected: String) {
        let keys = ["layer", "intensity", "sharpness", "prepare-engine", "preset"]
        #expect(Suggestions.closest(to: name, in: keys) == expected)
    }

    @Test(arguments: ["x", "colour", "banned"])
    func staysQuietWhenNothingIsClose(name: String) {
        #expect(Suggestions.closest(to: name, in: ["layer", "preset", "banned-presets"]) == nil)
    }
}
