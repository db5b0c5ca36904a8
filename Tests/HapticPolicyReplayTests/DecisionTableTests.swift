import HapticPolicyTestSupport
import Testing

@testable import HapticPolicy
@testable import HapticPolicyCompiler
@testable import HapticPolicyReplay

@Suite struct DecisionTableTests {
    static let document = TableFixtures.document

    @Test func screenRowsOverrideEverywhereAndGapsShow() {
        let table = DecisionTable(Policy.unchecked(Self.document))
        #expect(table.screens.map(\.name) == ["home", "list"])
        let home = table.screens[0]
        #expect(home.onEnter == ["prepare-engine"])
        #expect(home.cells.map(\.event) == ["button.tap", "soil.sample"])
        #expect(home.cells[0].origin == .screen)
        #expect(home.cells[0].rows.map(\.condition) == ["speaks = true", nil])
        #expect(home.cells[1].rows[0].action == .band)
        #expect(home.cells[1].rows[0].layer == .creature)
        let list = table.screens[1]
        #expect(list.cells.map(\.origin) == [.everywhere, .gap])
        #expect(list.cells[0].rows[0].reason == "not every tap")
        #expect(list.cells[0].rows[0].layer == .ui)
        #expect(table.invariants["H-2"] == "no failure signals")
    }
}
