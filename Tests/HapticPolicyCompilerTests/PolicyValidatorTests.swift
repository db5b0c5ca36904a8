import Testing

@testable import HapticPolicy
@testable import HapticPolicyCompiler
@testable import HapticPolicyDocument

@Suite struct TemplateCornerTests {
    /// The brief's own example: exhale up to 20 s makes the continuous event 32 s long.
    @Test func namesTheParameterValueAndTheBound() {
        let breath = Build.pattern(
            "breath", params: [Build.param("inhale", 4, min: 2, max: 6), Build.param("exhale", 8, min: 4, max: 20)],
            events: [
                Build.event(.continuous, duration: "inhale"),
                Build.event(.continuous, time: "inhale", duration: "exhale + 12"),
            ])
        let findings = PolicyValidator.validate(Build.played(breath))
        #expect(findings.codes == ["HP106"])
        #expect(
            findings.first?.message
                == "at exhale = 20 (its max) the continuous event lasts 32 s; Core Haptics allows 30 s: lower 'max' of 'exhale' to 18 or split the event"
        )
    }

    @Test func reportsAtTheDefaultsWithoutNamingParameters() {
        let long = Build.pattern(
            "long", params: [Build.param("n", 40, min: 35, max: 50)], events: [Build.event(.continuous, duration: "n")])
        let findings = PolicyValidator.validate(Build.played(long))
        #expect(findings.codes == ["HP106"])
        #expect(findings.first?.message.hasPrefix("the continuous event lasts 40 s") == true)
    }

    @Test func combinedCornerNamesBothParameters() {
        // Each parameter alone at its max stays within 30 s; only together they exceed it.
        let pair = Build.pattern(
            "pair", params: [Build.param("a", 10, min: 5, max: 16), Build.param("b", 10, min: 5, max: 16)],
            events: [Build.event(.continuous, duration: "a + b")])
        let findings = PolicyValidator.validate(Build.played(pair))
        #expect(findings.codes == ["HP106"])
        #expect(
            findings.first?.message.hasPrefix(
                "at a = 16 (its max) and b = 16 (its max) the continuous event lasts 32 s") == true)
        #expect(findings.first?.message.contains("narrow the ranges of 'a' and 'b'") == true)
    }

    @Test func divisionByZeroAtTheMinimum() {
        let metronome = Build.pattern(
            "metronome", layer: .ui, params: [Build.param("bpm", 60, min: 0, max: 300)],
            events: [Build.event(.transient)], loop: "60 / bpm")
        let findings = PolicyValidator.validate(Build.played(metronome))
        #expect(findings.codes == ["HP122"])
        #expect(findings.first?.message.hasPrefix("at bpm = 0 (its min) '60 / bpm' has no finite value") == true)
        #expect(findings.first?.message.contains("raise 'min' of 'bpm' above 0") == true)
    }

    @Test func loopShorterThanThePatternAtTheMinimumPeriod() {
        // 60 / 300 = 0.2 s period, but the pattern lasts 0.25 s.
        let metronome = Build.pattern(
            "metronome", layer: .ui, params: [Build.param("bpm", 60, min: 20, max: 300)],
            events: [Build.event(.continuous, duration: "0.25")], loop: "60 / bpm")
        let findings = PolicyValidator.validate(Build.played(metronome))
        #expect(findings.codes == ["HP114"])
        #expect(findings.first?.message.contains("at bpm = 300 (its max)") == true)
        #expect(findings.first?.message.contains("lower 'max' of 'bpm' to 240") == true)
    }

    @Test(arguments: [(0, 1), (1, 3), (2, 9), (4, 25), (5, 11), (6, 13)])
    func scenarioCount(ranged: Int, expected: Int) {
        let params = (0..<ranged).map { Build.param("p\($0)", 1, min: 0, max: 2) }
        let space = TemplateSpace(PatternDecl(parameters: params, events: []))
        #expect(space.scenarios.count == expected)
        #expect(space.scenarios.first?.ends.isEmpty == true)
    }

    @Test func unknownParameterIsAReferenceWithSuggestion() {
        let breath = Build.pattern(
            "breath", params: [Build.param("exhale", 8, min: 4, max: 12)],
            events: [Build.event(.continuous, duration: "exhail")])
        let findings = PolicyValidator.validate(Build.played(breath))
        #expect(findings.codes == ["HP206"])
        #expect(findings.first?.message == "'exhail' is not a parameter of 'breath'; did you mean 'exhale'?")
    }

    @Test func controlPointsFollowTheirEventDuration() {
        let swell = Build.pattern(
            "swell", params: [Build.param("d", 1, min: 0.5, max: 2)],
            events: [
                Build.event(.continuous, duration: "d", curves: [Build.curve(.intensity, [("0", "0"), ("0.8", "1")])])
            ])
        let findings = PolicyValidator.validate(Build.played(swell))
        #expect(findings.codes == ["HP108"])
        #expect(findings.first?.message.contains("at d = 0.5 (its min)") == true)
        #expect(findings.first?.message.contains("raise 'min' of 'd' to 0.8") == true, "\(findings)")
    }
}

@Suite struct BandArithmeticTests {
    @Test(arguments: [(7.49, true), (7.5, false), (0, true), (-1, false), (Double.nan, false)])
    func hysteresisAgainstTheNarrowestInnerBand(hysteresis: Double, clean: Bool) {
        // Inner bands: 10-25 (15 wide) and 25-60 (35 wide); the outer ones are unbounded.
        let band = Build.band("moisture", hysteresis: hysteresis, edges: [10, 25, 60, nil])
        let findings = BandChecks.check(band)
        #expect(findings.isEmpty == clean)
        #expect(findings.allSatisfy { $0.code == "HP119" })
    }

    @Test func messageExplainsTheNumbers() {
        let findings = BandChecks.check(Build.band("moisture", hysteresis: 8, edges: [10, 25, 60, nil]))
        #expect(
            findings.first?.message
                == "the hysteresis 8 is not smaller than half the narrowest band: 'level1' spans 10-25 (15 wide, half is 7.5): lower the hysteresis below 7.5 or widen 'level1'"
        )
    }

    @Test func twoLevelsHaveNoInnerBand() {
        #expect(BandChecks.check(Build.band("on-off", hysteresis: 100, edges: [50, nil])).isEmpty)
    }

    @Test func edgesAndPlacement() {
        #expect(BandChecks.check(Build.band("b", hysteresis: 0, edges: [10, 10, nil])).codes == ["HP116"])
        #expect(BandChecks.check(Build.band("b", hysteresis: 0, edges: [10, nil, nil])).codes == ["HP117"])
        #expect(BandChecks.check(Build.band("b", hysteresis: 0, edges: [10, 20])).codes == ["HP117"])
        #expect(BandChecks.check(Build.band("b", hysteresis: 0, edges: [nil])).codes == ["HP118"])
        #expect(BandChecks.check(Build.band("b", hysteresis: 0, edges: [])).codes == ["HP118"])
    }
}

@Suite struct RowOrderTests {
    static let cases: [(String, [RowDecl], [String])] = [
        (
            "unconditional then conditional",
            [Build.row(silent: "x"), Build.row(when: Build.when(speaks: true), play: "tap")], ["HP303"]
        ),
        (
            "identical conditions",
            [
                Build.row(when: Build.when(speaks: true), play: "tap"),
                Build.row(when: Build.when(speaks: true), silent: "x"),
            ], ["HP302", "HP309"]
        ),
        (
            "narrower after wider",
            [
                Build.row(when: Build.when(speaks: true), play: "tap"),
                Build.row(when: Build.when(speaks: true, subject: "a"), silent: "x"), Build.row(silent: "y"),
            ], ["HP303"]
        ),
        (
            "wider after narrower",
            [
                Build.row(when: Build.when(speaks: true, subject: "a"), play: "tap"),
                Build.row(when: Build.when(speaks: true), silent: "x"), Build.row(silent: "y"),
            ], []
        ),
        (
            "speaks true and false cover everything",
            [
                Build.row(when: Build.when(speaks: true), play: "tap"),
                Build.row(when: Build.when(speaks: false), silent: "x"),
            ], []
        ),
        ("conditional only", [Build.row(when: Build.when(value: .string("a")), play: "tap")], ["HP309"]),
    ]

    @Test(arguments: cases)
    func findings(name: String, rows: [RowDecl], expected: [String]) {
        let cell = Build.cell("go", rows)
        let found =
            (TableChecks.orderFindings(cell) + TableChecks.rowFindings(cell, ValidationContext(Build.document()))).codes
        #expect(found.sorted() == expected, "\(name)")
    }

    @Test func overlapNotesTheFirstRow() {
        let first = Build.row(silent: "x")
        let finding = TableChecks.orderFindings(Build.cell("go", [first, Build.row(play: "tap")])).first
        #expect(finding?.notes.first?.location == first.location)
    }
}

@Suite struct TableGapTests {
    @Test func gapOnAListedScreenPointsAtTheScreen() {
        let home = Build.screen("home", [])
        let document = Build.document(events: [Build.catalogue("go", .ui, screens: ["home"])], screens: [home])
        let findings = PolicyValidator.validate(document)
        #expect(findings.codes == ["HP301"])
        #expect(findings.first?.location == home.name.location)
        #expect(
            findings.first?.message.contains("add `go: {silent: <reason>}` (or `play:`) to the table of screen 'home'")
                == true)
    }

    @Test func gapOfAnEverywhereEventPointsAtTheEvent() {
        let tap = Build.catalogue("button.tap", .ui, screens: nil)
        let document = Build.document(
            events: [tap],
            screens: [Build.screen("a", [Build.cell("button.tap", [Build.row(silent: "x")])]), Build.screen("b", [])])
        let findings = PolicyValidator.validate(document)
        #expect(findings.codes == ["HP301"])
        #expect(findings.first?.location == tap.name.location)
        #expect(findings.first?.message.contains("screen 'b'") == true)
    }

    @Test func everywhereDecidesAndScreensMayOverride() {
        let document = Build.document(
            events: [Build.catalogue("button.tap", .ui, screens: nil)],
            screens: [
                Build.screen("a", [Build.cell("button.tap", [Build.row(silent: "own reason")])]), Build.screen("b", []),
            ],
            everywhere: [Build.cell("button.tap", [Build.row(silent: "no haptic on every tap")])])
        #expect(PolicyValidator.validate(document).isEmpty)
    }
}

@Suite struct ValidatorRobustnessTests {
    @Test func emptyDocumentOnlyAsksForABudget() {
        let document = PolicyDocument(file: "e.yaml", name: Located("e"))
        #expect(PolicyValidator.validate(document).codes == ["HP501"])
    }

    @Test func nonFiniteNumbersGiveFindingsNotCrashes() {
        let weird = Build.pattern(
            "weird",
            params: [
                Build.param("x", .nan, min: .infinity, max: -.infinity), Build.param("y", 1e308, min: 0, max: 1e308),
            ],
            events: [
                Build.event(.continuous, time: "y * 10", duration: "y / 0", intensity: "x"),
                Build.event(.silence, time: "0", duration: "1e308 * 10"),
            ], loop: "y - y")
        var document = Build.played(weird)
        document.engine.warmup = Located(.nan)
        document.bands = [Build.band("b", hysteresis: .infinity, edges: [.nan, .infinity, nil])]
        document.budgets = [
            BudgetDecl(id: Located("B"), scope: .eachScreen, max: Located(Int.min), window: Located(.nan))
        ]
        let codes = Set(PolicyValidator.validate(document).codes)
        #expect(codes.isSuperset(of: ["HP115", "HP119", "HP121", "HP122", "HP502", "HP503"]))
    }

    @Test func findingsAreSortedByLocation() {
        let document = Build.document(
            feedback: [Build.preset("a", .selection), Build.preset("b", .selection)],
            events: [Build.catalogue("go", .ui, screens: ["nowhere", "nope"])])
        let findings = PolicyValidator.validate(document)
        #expect(findings.map(\.location) == findings.map(\.location).sorted())
        #expect(findings.count >= 4)
    }
}

@Suite struct InvariantCheckTests {
    static func invariant(_ id: String, _ kind: InvariantDecl.Kind, presets: [Preset] = [], except: [String] = [])
        -> InvariantDecl
    {
        InvariantDecl(
            id: Build.name(id), kind: Located(kind, at: Build.at()),
            presets: presets.map { Located($0, at: Build.at()) },
            exceptions: except.map { InvariantDecl.Exception(event: Build.name($0), reason: Build.name("because")) })
    }

    @Test func layerMixingThroughABandLevelUnlessExempt() {
        var band = Build.band("m", hysteresis: 0, edges: [50, nil])
        band.levels[1].play = Build.name("soil")
        let soil = Build.pattern(
            "soil", layer: .creature, events: [Build.event(.transient)], fallback: .target(Build.name("tap")))
        let events = [Build.catalogue("sample", .ui, screens: ["home"], value: .number)]
        let screens = [Build.screen("home", [Build.cell("sample", [Build.row(band: "m")])])]
        let strict = Build.document(
            feedback: [Build.preset("tap", .impactLight), soil], bands: [band], events: events, screens: screens,
            invariants: [Self.invariant("H-3", .noLayerMixing)])
        let findings = PolicyValidator.validate(strict)
        #expect(findings.codes == ["HP402"])
        #expect(findings.first?.invariant == "H-3")
        #expect(findings.first?.message.contains("band level 'level1'") == true)
        var exempt = strict
        exempt.invariants = [Self.invariant("H-3", .noLayerMixing, except: ["sample"])]
        #expect(PolicyValidator.validate(exempt).isEmpty)
    }

    @Test func bannedPresetInBodyFallbackAndSequence() {
        let error = Build.preset("oops", .notificationError)
        let pattern = Build.pattern(
            "p", layer: .ui, events: [Build.event(.transient)],
            fallback: .sequence(
                [SequenceStep(at: Build.expr("0"), target: Build.name("notification.error"))], location: Build.at()))
        let document = Build.document(
            feedback: [error, pattern], events: [Build.catalogue("go", .ui, screens: ["home"])],
            screens: [
                Build.screen(
                    "home",
                    [Build.cell("go", [Build.row(when: Build.when(speaks: true), play: "p"), Build.row(play: "oops")])])
            ],
            invariants: [Self.invariant("H-2", .bannedPresets, presets: [.notificationError])])
        let findings = PolicyValidator.validate(document)
        #expect(findings.codes == ["HP401", "HP401"])
        #expect(findings.allSatisfy { $0.invariant == "H-2" && $0.message.contains("H-2") })
    }
}

@Suite struct SuggestionTests {
    @Test(arguments: [("kitten", "sitting", 3), ("", "abc", 3), ("pulse", "pulse", 0), ("植物", "植木", 1)])
    func distance(a: String, b: String, expected: Int) {
        #expect(editDistance(a, b) == expected)
    }

    @Test func nearMissesOnly() {
        #expect(suggestion(for: "pluse", among: ["tap", "pulse"]) == "pulse")
        #expect(suggestion(for: "Camera", among: ["camera"]) == "camera")
        #expect(suggestion(for: "xyz", among: ["pulse"]) == nil)
        #expect(didYouMean("tapp", among: ["tap"]) == "; did you mean 'tap'?")
        #expect(didYouMean("zzz", among: [String]()) == "")
    }
}

@Suite struct BudgetExceptionCheckTests {
    static func document(except events: [String]) -> PolicyDocument {
        var document = Build.document(
            feedback: [Build.preset("tick", .selection)],
            events: [Build.catalogue("selector.tick", .ui, screens: nil)],
            everywhere: [Build.cell("selector.tick", [Build.row(play: "tick")])])
        document.budgets = [
            BudgetDecl(
                id: Located("B-1"), scope: .eachScreen, max: Located(6), window: Located(10),
                exceptions: events.map {
                    InvariantDecl.Exception(event: Located($0), reason: Located("the control itself"))
                })
        ]
        return document
    }

    @Test func catalogueEventsMayBeExcepted() {
        #expect(!PolicyValidator.validate(Self.document(except: ["selector.tick"])).codes.contains("HP506"))
    }

    @Test func unknownExceptionIsNamedWithASuggestion() throws {
        let findings = PolicyValidator.validate(Self.document(except: ["selector.tik"])).filter { $0.code == "HP506" }
        let finding = try #require(findings.first)
        #expect(findings.count == 1)
        #expect(finding.severity == .error)
        #expect(
            finding.message
                == "budget 'B-1' excepts 'selector.tik', which is not in the catalogue; did you mean 'selector.tick'?")
    }
}
