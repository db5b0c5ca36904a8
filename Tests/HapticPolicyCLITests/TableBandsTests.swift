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

    /// Bands v2 show in the table and the report: the dwell, the plausible range, and
    /// what entering each level does from below and from above.
    @Test func dwellPlausibleRangeAndDirectionsAreShown() throws {
        let policy = "Tests/HapticPolicyCLITests/Fixtures/bands/running.yaml"
        let markdown = try runBinary(["table", policy])
        #expect(markdown.exitCode == 0, "\(markdown.stderr)")
        #expect(
            markdown.stdout.contains(
                "Edges 4.25 min/km, 5 min/km, 6 min/km, 7 min/km; hysteresis 0.1 min/km; dwell 3 s; plausible 2.5–20 min/km.\n"
            ), "\(markdown.stdout)")
        #expect(markdown.stdout.contains("- tempo: from below play zone.slower; from above play zone.faster\n"))
        let json = try runBinary(["table", "--format", "json", policy])
        let object = try #require(JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let band = try #require((object["bands"] as? [[String: Any]])?.first)
        #expect(band["dwell"] as? Double == 3)
        #expect(band["plausibleMin"] as? Double == 2.5)
        #expect(band["plausibleMax"] as? Double == 20)
        let tempo = try #require((band["levels"] as? [[String: Any]])?.first { $0["name"] as? String == "tempo" })
        #expect(tempo["fromAbove"] as? String == "play zone.faster")
        #expect(tempo["fromBelow"] as? String == "play zone.slower")
        let page = FileManager.default.temporaryDirectory.appendingPathComponent("hp-bands-\(UUID().uuidString).html")
        defer { try? FileManager.default.removeItem(at: page) }
        let report = try runBinary(["report", policy, "-o", page.path])
        #expect(report.exitCode == 0, "\(report.stderr)")
        let html = try String(contentsOf: page, encoding: .utf8)
        #expect(html.contains("<dt>dwell</dt><dd>3 s: a new level counts only once it has held that long"), "bands")
        #expect(html.contains("<dt>plausible</dt><dd>2.5–20 min/km: a value outside is a bad sample"))
        #expect(html.contains("from above: play zone.faster"))
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
