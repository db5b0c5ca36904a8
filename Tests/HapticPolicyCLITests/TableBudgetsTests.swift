import Foundation
import Testing

/// `table` and `report` show the budgets (every scope, `event:`/`events:` included, max per
/// window, enforced or reported, the excepted events with their reasons, the acknowledged
/// warnings) and the events that end their subject (`ends-subject: true`).
@Suite struct TableBudgetsTests {
    /// The table's rows of one Markdown section, cells trimmed.
    static func rows(_ markdown: String, section: String) throws -> [[String]] {
        let part = try #require(markdown.components(separatedBy: "## \(section)\n").dropFirst().first)
        let body = part.components(separatedBy: "\n## ").first ?? part
        return body.split(separator: "\n").filter { $0.hasPrefix("| ") }.dropFirst().map { line in
            line.split(separator: "|", omittingEmptySubsequences: false).dropFirst().dropLast().map {
                $0.trimmingCharacters(in: .whitespaces)
            }
        }
    }

    @Test func markdownListsEveryBudgetOfRide() throws {
        let result = try runBinary(["table", "Policies/ride.yaml"])
        #expect(result.exitCode == 0, "\(result.stderr)")
        let rows = try Self.rows(result.stdout, section: "Budgets")
        #expect(
            rows == [
                [
                    "B-1", "each screen", "6", "10 s", "warn (reported, never decides)",
                    "picker.tick: the picker's ticks are the control, one per result passed", "",
                ],
                ["R-1", "event off.route", "1", "20 s", "enforce (over it: silent, over-budget)", "", ""],
                [
                    "R-2", "events hazard.ahead, route.recalculating", "2", "60 s",
                    "enforce (over it: silent, over-budget)", "", "",
                ],
                [
                    "B-2", "screen search", "30", "1 s", "enforce (over it: silent, over-budget)", "",
                    "HP507: the picker's ticks are the control; 30 a second is the fastest a finger spins",
                ],
            ])
        let layer = try Self.rows(try runBinary(["table", "Policies/plavo.yaml"]).stdout, section: "Budgets")
        #expect(layer.map { $0[1] } == ["each screen", "layer creature"])
    }

    @Test func anEventThatEndsItsSubjectSaysSoInItsRow() throws {
        let result = try runBinary(["table", "Policies/ride.yaml"])
        let rows = try Self.rows(result.stdout, section: "ride")
        let marked = rows.filter { $0[2].contains("ends its subject (band state forgotten)") }.map { $0[0] }
        #expect(marked == ["turn.passed"], "\(result.stdout)")
        #expect(rows.first { $0[0] == "turn.passed" }?[2] == "silent; ends its subject (band state forgotten)")
    }

    @Test func jsonHasTheSameFacts() throws {
        let result = try runBinary(["table", "--format", "json", "Policies/ride.yaml"])
        #expect(result.exitCode == 0, "\(result.stderr)")
        let object = try #require(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let budgets = try #require(object["budgets"] as? [[String: Any]])
        #expect(budgets.map { $0["id"] as? String } == ["B-1", "R-1", "R-2", "B-2"])
        #expect(budgets.map { $0["scope"] as? String } == ["each-screen", "events", "events", "screen"])
        #expect(budgets[2]["events"] as? [String] == ["hazard.ahead", "route.recalculating"])
        #expect(budgets[1]["counts"] as? String == "event off.route")
        #expect(budgets.map { $0["enforce"] as? Bool } == [false, true, true, true])
        #expect(budgets[1]["max"] as? Int == 1 && budgets[1]["per"] as? Double == 20)
        #expect(budgets[3]["screen"] as? String == "search")
        let excepted = try #require((budgets[0]["except"] as? [[String: String]])?.first)
        #expect(
            excepted == ["event": "picker.tick", "reason": "the picker's ticks are the control, one per result passed"])
        let acknowledged = try #require(budgets[3]["acknowledged"] as? [[String: String]])
        #expect(acknowledged.map { $0["code"] } == ["HP507"])
        #expect(budgets[0]["acknowledged"] == nil)
        #expect(budgets[1]["line"] as? Int == 78)
        let cells = (object["screens"] as? [[String: Any]] ?? []).flatMap { $0["cells"] as? [[String: Any]] ?? [] }
        #expect(cells.filter { $0["endsSubject"] as? Bool == true }.map { $0["event"] as? String } == ["turn.passed"])
        #expect(
            try runBinary(["table", "--format", "json", "Policies/metronome.yaml"]).stdout.contains("endsSubject")
                == false)
    }

    /// A bundle keeps a budget's excepted events but not the designer's reasons, nor any
    /// acknowledgement: the table shows what it has.
    @Test func aBundleShowsItsExceptionsWithoutReasons() throws {
        let bundle = FileManager.default.temporaryDirectory.appendingPathComponent("stride-\(UUID()).bundle.json")
        defer { try? FileManager.default.removeItem(at: bundle) }
        let compiled = try runBinary(["compile", "Policies/stride.yaml", "-o", bundle.path])
        #expect(compiled.exitCode == 0, "\(compiled.stderr)")
        let fromBundle = try Self.rows(try runBinary(["table", bundle.path]).stdout, section: "Budgets")
        let fromYAML = try Self.rows(try runBinary(["table", "Policies/stride.yaml"]).stdout, section: "Budgets")
        #expect(fromBundle.map { Array($0.prefix(5)) } == fromYAML.map { Array($0.prefix(5)) })
        #expect(fromBundle.last?[5].hasPrefix("heart.sample; lap.completed;") == true, "\(fromBundle)")
        #expect(fromYAML.last?[5].hasPrefix("heart.sample: the heart warning is a limit, never rationed;") == true)
    }

    /// The report says the same: a Budgets section, the event that ends its subject, and a
    /// band level's `with:` next to what it plays.
    @Test func theReportShowsBudgetsEndsSubjectAndLevelParameters() throws {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("ride-\(UUID()).html")
        defer { try? FileManager.default.removeItem(at: out) }
        let result = try runBinary(["report", "Policies/ride.yaml", "--out", out.path])
        #expect(result.exitCode == 0, "\(result.stderr)")
        let html = try String(contentsOf: out, encoding: .utf8)
        let budgets = try #require(html.components(separatedBy: "<section id=\"budgets\">").dropFirst().first)
        let section = budgets.components(separatedBy: "</section>")[0]
        #expect(
            section.contains(
                "<td><span class=\"cite\">R-1</span></td><td>event off.route</td><td>1 per 20 s</td><td>enforce (over it: silent, over-budget)</td>"
            ), "\(section)")
        #expect(section.contains("<td>events hazard.ahead, route.recalculating</td>"))
        #expect(section.contains("picker.tick: the picker&#39;s ticks are the control"), "\(section)")
        #expect(section.contains("HP507: "))
        #expect(html.contains("ends its subject (band state forgotten)"))
        #expect(html.contains("<span class=\"decision-play\">play turn.approach</span>"))
        #expect(html.contains(" with urgency = 2"), "a level's with: shows in the bands section")
    }
}
