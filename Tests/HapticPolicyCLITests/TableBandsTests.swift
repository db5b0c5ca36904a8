import Foundation
import Testing

/// `haptic-policy table` shows the band sets too: each level's values, the values that
/// leave it (hysteresis included) and what entering it does, in Markdown and JSON.
@Suite struct TableBandsTests {
    @Test func markdownListsEveryLevelOfEveryBandSet() throws {
        let result = try runBinary(["table", "Policies/plavo.yaml"])
        #expect(result.exitCode == 0, "\(result.stderr)")
        let after = try #require(result.stdout.components(separatedBy: "## Bands\n").last)
        // Up to the next section (the budgets).
        let bands = try #require(after.components(separatedBy: "\n## ").first)
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
        #expect(tempo["action"] as? String == "by-direction")
        #expect(tempo["play"] == nil)
        #expect((tempo["fromAbove"] as? [String: Any])?["play"] as? String == "zone.faster")
        #expect((tempo["fromBelow"] as? [String: Any])?["play"] as? String == "zone.slower")
        #expect((tempo["fromBelow"] as? [String: Any])?["action"] as? String == "play")
        let page = FileManager.default.temporaryDirectory.appendingPathComponent("hp-bands-\(UUID().uuidString).html")
        defer { try? FileManager.default.removeItem(at: page) }
        let report = try runBinary(["report", policy, "-o", page.path])
        #expect(report.exitCode == 0, "\(report.stderr)")
        let html = try String(contentsOf: page, encoding: .utf8)
        #expect(html.contains("<dt>dwell</dt><dd>3 s: a new level counts only once it has held that long"), "bands")
        #expect(html.contains("<dt>plausible</dt><dd>2.5–20 min/km: a value outside is a bad sample"))
        #expect(html.contains("from above: play zone.faster"))
    }

    /// A level with directions shows only the ways it can be entered: stride's z5 (the
    /// top heart zone, `from-below: {play: heart.high}`) plays heart.high and is never
    /// entered from above; pace's interval (the lowest, `toward:`) is never entered from
    /// below. No row says `silent` for a level that plays, and no reason is empty.
    @Test func directionalLevelsShowWhatEachPossibleDirectionDoes() throws {
        let markdown = try runBinary(["table", "Policies/stride.yaml"])
        #expect(markdown.exitCode == 0, "\(markdown.stderr)")
        let text = markdown.stdout
        #expect(text.contains("- interval: from above play zone.faster\n"), "\(text)")
        #expect(text.contains("- recovery: from below play zone.slower\n"), "\(text)")
        #expect(text.contains("- z5: from below play heart.high\n"), "\(text)")
        #expect(
            text.contains(
                "- z4: from below silent: 80 to 90 %: hard work the runner chose; only the top zone warns; from above silent: back under 90 %: the warning was heeded, no need to say so\n"
            ), "\(text)")
        #expect(!text.contains("silent: ;") && !text.contains("silent: \n"), "an empty reason: \(text)")
        func row(_ level: String) -> [String] {
            let line = text.split(separator: "\n").first { $0.hasPrefix("| \(level) ") } ?? ""
            return line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
        }
        // level, values, left when, decision, feedback, layer, reason
        #expect(Array(row("z5").dropFirst(3)) == ["play", "heart.high", "coach", ""])
        #expect(Array(row("interval").dropFirst(3)) == ["play", "zone.faster", "coach", ""])
        #expect(
            Array(row("tempo").dropFirst(3)) == ["play", "zone.slower from below, zone.faster from above", "coach", ""])
        #expect(
            Array(row("z4").dropFirst(3)) == [
                "silent", "", "",
                "from below: 80 to 90 %: hard work the runner chose; only the top zone warns; from above: back under 90 %: the warning was heeded, no need to say so",
            ])

        let json = try runBinary(["table", "--format", "json", "Policies/stride.yaml"])
        #expect(json.exitCode == 0, "\(json.stderr)")
        let object = try #require(JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let bands = try #require(object["bands"] as? [[String: Any]])
        func level(_ band: String, _ name: String) throws -> [String: Any] {
            let levels = bands.first { $0["name"] as? String == band }?["levels"] as? [[String: Any]]
            return try #require(levels?.first { $0["name"] as? String == name })
        }
        let z5 = try level("heart", "z5")
        #expect(z5["action"] as? String == "play")
        #expect(z5["play"] as? String == "heart.high")
        #expect(z5["layer"] as? String == "coach")
        #expect((z5["fromBelow"] as? [String: Any])?["play"] as? String == "heart.high")
        #expect(z5["fromAbove"] == nil, "the top level is never entered from above")
        let interval = try level("pace", "interval")
        #expect(interval["fromBelow"] == nil, "the lowest level is never entered from below")
        #expect((interval["fromAbove"] as? [String: Any])?["action"] as? String == "play")
        let z4 = try level("heart", "z4")
        #expect(z4["action"] as? String == "by-direction")
        #expect(
            (z4["fromAbove"] as? [String: Any])?["reason"] as? String
                == "back under 90 %: the warning was heeded, no need to say so")
        #expect(try level("heart", "z1")["fromBelow"] == nil, "a level without directions has none")

        let page = FileManager.default.temporaryDirectory.appendingPathComponent("hp-stride-\(UUID().uuidString).html")
        defer { try? FileManager.default.removeItem(at: page) }
        let report = try runBinary(["report", "Policies/stride.yaml", "-o", page.path])
        #expect(report.exitCode == 0, "\(report.stderr)")
        let html = try String(contentsOf: page, encoding: .utf8)
        let pace = try #require(html.components(separatedBy: "data-band=\"pace\"").dropFirst().first)
        let rows = pace.components(separatedBy: "</table>")[0].components(separatedBy: "<tr class=\"level\">")
            .dropFirst()
        let first = try #require(rows.first)
        #expect(first.contains("from above: play zone.faster"))
        #expect(!first.contains("from below"), "interval is never entered from below: \(first)")
        // The waveform column shows the custom pattern entering the level plays.
        #expect(first.contains("<svg"), "no waveform for interval: \(first)")
        #expect(rows.dropFirst().first?.components(separatedBy: "<svg").count == 3, "tempo plays two waveforms")
        #expect(!html.contains("silent: </span>"), "an empty reason")
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
