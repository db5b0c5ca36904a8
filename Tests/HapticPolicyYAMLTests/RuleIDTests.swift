import HapticPolicy
import HapticPolicyCompiler
import Testing

/// Rule ids are made by one constructor (`RuleID`), stored by the compiler in the content
/// (`PolicyContent.Row.rule`, `levelRules`), and a bundle whose ids do not hold together
/// is refused.
@Suite struct RuleIDTests {
    @Test(
        arguments: [
            ("plant", "plant.found", 0, 1, nil, "plant/plant.found"),
            ("plant", "plant.found", 1, 3, nil, "plant/plant.found#2"),
            (nil, "button.tap", 0, 1, nil, "everywhere/button.tap"),
            ("workout", "pace.sample", 0, 1, "tempo", "workout/pace.sample@tempo"),
            ("workout", "pace.sample", 2, 3, "tempo", "workout/pace.sample#3@tempo"),
        ] as [(String?, String, Int, Int, String?, String)])
    func anIDNamesTheCellTheRowAndTheLevel(
        screen: String?, event: String, row: Int, rows: Int, level: String?, expected: String
    ) {
        #expect(RuleID(screen: screen, event: event, row: row, rows: rows, level: level).text == expected)
    }

    @Test func theCompilerStoresABandRowsLevelRulesAndDecisionsCiteThem() throws {
        let policy = try BandsV2Tests.pacePolicy("")
        let row = try #require(policy.content.cells.flatMap(\.rows).first { $0.levelRules != nil })
        #expect(row.rule == "workout/pace.sample")
        #expect(row.levelRules == ["workout/pace.sample@fast", "workout/pace.sample@mid", "workout/pace.sample@slow"])
        #expect(policy.cells.flatMap(\.rows).contains { $0.levelRules.map(\.id) == row.levelRules })
    }

    @Test func levelRulesThatDoNotMatchTheBandAreRefused() throws {
        var content = try BandsV2Tests.pacePolicy("").content
        let cell = try #require(content.cells.firstIndex { $0.rows.contains { $0.levelRules != nil } })
        let row = try #require(content.cells[cell].rows.firstIndex { $0.levelRules != nil })
        content.cells[cell].rows[row].levelRules?.removeLast()
        #expect(content.inconsistency?.contains("one rule per level") == true)
        content.cells[cell].rows[row].levelRules = nil
        #expect(content.inconsistency?.contains("one rule per level") == true)
    }

    @Test func aRuleIDGivenTwiceIsRefused() throws {
        var content = try BandsV2Tests.pacePolicy("").content
        let cell = try #require(content.cells.firstIndex { $0.rows.contains { $0.levelRules != nil } })
        let row = try #require(content.cells[cell].rows.firstIndex { $0.levelRules != nil })
        let id = content.cells[cell].rows[row].rule
        content.cells[cell].rows[row].levelRules?[0] = id
        #expect(content.inconsistency?.contains("given twice") == true)
    }
}
