import Testing

@testable import HapticPolicy
@testable import HapticPolicyTools

@Suite struct DecisionTableTests {
    static let document = PolicyDocument(
        file: "t.yaml", name: Located("t"),
        invariants: [InvariantDecl(id: Located("H-2"), kind: Located(.bannedPresets), text: "no failure signals")],
        feedback: [
            FeedbackDecl(
                name: Located("tap"), layer: Located(.ui), body: .preset(Located(.impactLight), intensity: nil)),
            FeedbackDecl(
                name: Located("chirp"), layer: Located(.creature),
                body: .pattern(
                    PatternDecl(events: [PatternEventDecl(kind: Located(.transient), time: Located(.number(0)))]))),
        ],
        bands: [
            BandDecl(
                name: Located("soil"), hysteresis: Located(1),
                levels: [
                    .init(name: Located("dry"), below: Located(20), play: Located("chirp")),
                    .init(name: Located("wet"), below: nil, silent: Located("wet is fine")),
                ])
        ],
        events: [
            EventDecl(name: Located("button.tap"), layer: Located(.ui), screens: .all(.unknown)),
            EventDecl(
                name: Located("soil.sample"), layer: Located(.creature), screens: .only([Located("home")]),
                value: Located(.number)),
            EventDecl(name: Located("empty"), layer: Located(.ui), screens: .only([Located("list")])),
        ],
        everywhere: [
            CellDecl(
                event: Located("button.tap"), rows: [RowDecl(silent: Located("not every tap"), cites: [Located("U-1")])]
            )
        ],
        screens: [
            ScreenDecl(
                name: Located("home"), onEnter: [Located(.prepareEngine)],
                cells: [
                    CellDecl(event: Located("soil.sample"), rows: [RowDecl(band: Located("soil"))]),
                    CellDecl(
                        event: Located("button.tap"),
                        rows: [
                            RowDecl(condition: ConditionDecl(speaks: Located(true)), play: Located("tap")),
                            RowDecl(silent: Located("quiet")),
                        ]),
                ]),
            ScreenDecl(name: Located("list")),
        ]
    )

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
