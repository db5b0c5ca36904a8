import HapticPolicy
import HapticPolicyCompiler
import HapticPolicyDocument

/// A small policy document for the decision table's tests, with a gap (`list` decides
/// nothing for `empty`) and a citation of an undeclared invariant (`U-1`), and the valid
/// policy made from it that the bundle and validated-policy tests compile.
package enum TableFixtures {
    /// The table fixture: `home` and `list`, a band, a pattern, a gap.
    package static let document = PolicyDocument(
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

    /// A valid policy (the table fixture less its gap and undeclared citation).
    package static let valid: PolicyDocument = {
        var document = TableFixtures.document
        document.invariants.append(InvariantDecl(id: Located("U-1"), kind: Located(.guideline), text: "utility"))
        document.events.removeLast()
        document.screens[1].cells = [CellDecl(event: Located("button.tap"), rows: [RowDecl(play: Located("tap"))])]
        return document
    }()
}
