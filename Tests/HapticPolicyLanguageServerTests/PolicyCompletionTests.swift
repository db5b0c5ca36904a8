import Testing

@testable import HapticPolicyLanguageServer

/// Which names complete where, read from the text before the cursor.
@Suite struct PolicyCompletionTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var line: String
        var above: [String] = []
        var isTestFile = false
        var expected: PolicySymbolKind?
        var prefix = ""
        var testDescription: String { line }
    }

    static let cases: [Case] = [
        Case(line: "      shutter: {play: ", expected: .feedback),
        Case(line: "      shutter: {play: ta", expected: .feedback, prefix: "ta"),
        Case(line: "    fallback: sn", expected: .feedback, prefix: "sn"),
        Case(line: "      moisture.sample: {band: mo", expected: .band, prefix: "mo"),
        Case(line: "  - {screen: camera, event: x, band: com", isTestFile: true, expected: .level, prefix: "com"),
        Case(line: "  plant.found: {layer: creature, screens: [camera, na", expected: .screen, prefix: "na"),
        Case(line: "      album.empty: {silent: nope, cite: [H-1, ", expected: .invariant),
        Case(line: "  - {screen: cam", isTestFile: true, expected: .screen, prefix: "cam"),
        Case(line: "      plant.f", above: ["  camera:", "    table:"], expected: .event, prefix: "plant.f"),
        Case(line: "  but", above: ["everywhere:"], expected: .event, prefix: "but"),
        Case(line: "      moist", above: ["  - id: H-4", "    except:"], expected: .event, prefix: "moist"),
        Case(line: "  - {id: R-1, event: off.ro", expected: .event, prefix: "off.ro"),
        Case(line: "  - {id: R-2, events: [hazard.ahead, haz", expected: .event, prefix: "haz"),
        // Not a value position, or not a name.
        Case(line: "      shutter: {silent: ta"),
        Case(line: "  cam", above: ["screens:"]),
        Case(line: "    layer: u"),
        Case(line: "      plant.f", above: ["table:"], isTestFile: true),
        Case(line: "      x: {play: tap, "),
    ]

    @Test(arguments: cases) func sites(_ example: Case) {
        let site = PolicyCompletion.site(
            line: Array(example.line.unicodeScalars), above: example.above.map { Array($0.unicodeScalars) },
            isTestFile: example.isTestFile)
        #expect(site?.kind == example.expected)
        if let site {
            #expect(site.prefix == example.prefix)
            #expect(site.startColumn == example.line.unicodeScalars.count - example.prefix.unicodeScalars.count + 1)
        }
    }
}
