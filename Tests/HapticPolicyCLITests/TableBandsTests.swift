import Foundation
import Testing

/// `haptic-policy table` shows the band sets too: each level's values, the values that
/// leave it (hysteresis included) and what entering it does, in Markdown and JSON.
@Suite struct TableBandsTests {
    @Test func markdownListsEveryLevelOfEveryBandSet() throws {
        let result = try runBinary(["table", "Policies/plavo.yaml"])
        #expect(result.exitCode == 0, "\(result.stderr)")
        let bands = try #require(result.stdout.components(separatedBy: "## Bands\n").last)
        #expect(bands.contains("### moisture (%)\n\nEdges 10 %, 25 %, 40 %, 60 %, 80 %; hysteresis 1.5 %.\n"))
        let rows = bands.split(separator: "\n").filter { $0.hasPrefix("| ") }.dropFirst()
        #expect(
            rows.map { $0.split(separator: "|").first?.trimmingCharacters(in: .whitespaces) ?? "" } == [
                "parched", "dry", "thirsty", "comfortable", "moist", "soaked",
            ])
        #expect(
            bands.contains("| dry         | 10–25 %        | up at 26.5 %, down below 8.5 %  | play     | soil.dry  "))
    }

    @Test func aPolicyWithoutBandsHasNoBandsSection() throws {
        let result = try runBinary(["table", "Policies/breathing.yaml"])
        #expect(result.exitCode == 0, "\(result.stderr)")
        #expect(!result.stdout.contains("## Bands"))
        let json = try runBinary(["table", "--format", "json", "Policies/breathing.yaml"])
        let object = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
        #expect((object?["bands"] as? [Any])?.isEmpty == true)
    }

    @Test func jsonGivesEachLevelItsEdgeAndWhatItPlays() throws {
        let result = try runBinary(["table", "--format", "json", "Policies/plavo.yaml"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let band = try #require((object["bands"] as? [[String: Any]])?.first)
        #expect(band["name"] as? String == "moisture")
        #expect(band["hysteresis"] as? Double == 1.5)
        let levels = try #require(band["levels"] as? [[String: Any]])
        #expect(levels.map { $0["below"] as? Double } == [10, 25, 40, 60, 80, nil])
        #expect(levels.first?["leftWhen"] as? String == "up at 11.5 %")
        #expect(levels.last?["play"] as? String == "soil.soaked")
    }
}
