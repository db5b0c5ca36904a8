import Foundation
import HapticPolicy
import HapticPolicyCompiler
import Testing

@testable import HapticPolicyYAML

/// `acknowledge:` (language v3, feature G): a warning located inside the object that
/// acknowledges its code is acknowledged with the designer's reason, the innermost entry
/// first; an entry that acknowledges nothing is stale (HP602); nothing of it reaches the
/// compiled policy.
@Suite struct AcknowledgementTests {
    /// What loading and validating gave: findings as `code@line:column`, and the
    /// acknowledged warnings as `code@line:column=reason`.
    struct Outcome {
        var findings: [String]
        var acknowledged: [String]
    }

    static func check(_ text: String, file: String = "test.yaml") -> Outcome {
        check(PolicyLoader.parse(Array(text.utf8), file: file))
    }

    static func check(_ loaded: LoadResult) -> Outcome {
        var findings = loaded.diagnostics
        var acknowledged = loaded.acknowledged
        if let document = loaded.document, !loaded.hasErrors {
            let outcome = PolicyValidator.check(document)
            findings += outcome.diagnostics
            acknowledged += outcome.acknowledged
        }
        func place(_ diagnostic: Diagnostic) -> String {
            "\(diagnostic.code)@\(diagnostic.location.line):\(diagnostic.location.column)"
        }
        return Outcome(
            findings: findings.sorted { $0.location < $1.location }.map(place),
            acknowledged: acknowledged.sorted { $0.location < $1.location }.map {
                place($0) + "=" + ($0.acknowledged?.message ?? "")
            })
    }

    static let checks = Bundle.module.resourceURL?.appendingPathComponent("Fixtures/checks")

    static func fixture(_ code: String) throws -> String {
        let directory = try #require(checks)
        let name = try #require(
            try FileManager.default.contentsOfDirectory(atPath: directory.path).first {
                $0.hasPrefix(code + "-") && $0.hasSuffix(".fail.yaml")
            })
        return try String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)
    }

    /// The warning codes whose failing example is a policy (HP602 is the stale entry itself).
    static let warningCodes = DiagnosticRegistry.all.filter {
        ($0.stage == .frontEnd || $0.stage == .validation) && $0.severity == .warning && $0.hasFixtureExamples
            && $0.code != "HP602"
    }.map(\.code)

    /// Every warning the validator and the front end can give is acknowledged by the top of
    /// its file: the marked findings become acknowledged ones, none is left, none is stale.
    @Test(arguments: warningCodes)
    func theTopOfTheFileAcknowledgesEveryWarning(_ code: String) throws {
        let text = try Self.fixture(code)
        let plain = Self.check(text)
        let marked = plain.findings.filter { $0.hasPrefix(code) }
        #expect(!marked.isEmpty, "\(code)'s example reports no \(code): \(plain.findings)")
        let acknowledged = Self.check(text + "\nacknowledge:\n  \(code): intended in this example\n")
        #expect(acknowledged.findings == plain.findings.filter { !$0.hasPrefix(code) })
        #expect(acknowledged.acknowledged == marked.map { $0 + "=intended in this example" })
    }

    static let levels = """
        policy: example
        version: 1
        feedback:
          tap: {layer: ui, preset: impact.light}
        bands:
          pace:
            hysteresis: 0.1
            plausible: {min: 2.5, max: 20}
            levels:
              - {name: glitch, below: 2, play: tap, acknowledge: {HP132: a sensor fault we want named}}
              - {name: fast, below: 5, play: tap}
              - {name: slow, below: 25, play: tap}
              - {name: stopped, play: tap}
        events:
          pace.sample: {layer: ui, screens: [workout], value: number}
        screens:
          workout:
            table:
              pace.sample: {band: pace}
        budgets:
          - {id: B-1, each: screen, max: 6, per: 10}

        """

    @Test func aLevelAcknowledgesItsOwnWarningOnly() {
        let outcome = Self.check(Self.levels)
        #expect(outcome.acknowledged == ["HP132@10:9=a sensor fault we want named"])
        #expect(outcome.findings == ["HP132@13:9"])
    }

    @Test func aBandAcknowledgesTheWarningsOfItsLevelsAndTheLevelsOwnComesFirst() {
        let band = Self.levels.replacingOccurrences(
            of: "    hysteresis: 0.1\n", with: "    hysteresis: 0.1\n    acknowledge: {HP132: both ends are guards}\n")
        let outcome = Self.check(band)
        #expect(outcome.findings.isEmpty, "\(outcome.findings)")
        #expect(
            outcome.acknowledged == [
                "HP132@11:9=a sensor fault we want named", "HP132@14:9=both ends are guards",
            ])
        // With the level's own entry covering the only warning, the band's is stale.
        let only = band.replacingOccurrences(of: "      - {name: stopped, play: tap}\n", with: "")
            .replacingOccurrences(of: "below: 25, play: tap", with: "play: tap")
        let stale = Self.check(only)
        #expect(stale.findings == ["HP602@8:19"])
        #expect(stale.acknowledged == ["HP132@11:9=a sensor fault we want named"])
    }

    @Test func aScreenAcknowledgesWhatIsInsideItNotItsNeighbour() {
        let text = """
            policy: example
            version: 1
            feedback:
              tap: {layer: ui, preset: impact.light}
            events:
              button.tap: {layer: ui, screens: [home]}
            screens:
              home:
                acknowledge: {HP213: not this screen's}
                table:
                  button.tap: {play: tap}
              about:
                note: not designed yet
            budgets:
              - {id: B-1, each: screen, max: 6, per: 10}

            """
        #expect(Self.check(text).findings == ["HP602@9:19", "HP213@12:3"])
        let moved = text.replacingOccurrences(of: "    acknowledge: {HP213: not this screen's}\n", with: "")
            .replacingOccurrences(
                of: "    note: not designed yet\n",
                with: "    note: not designed yet\n    acknowledge:\n      HP213: designed in the next release\n")
        let outcome = Self.check(moved)
        #expect(outcome.findings.isEmpty, "\(outcome.findings)")
        #expect(outcome.acknowledged == ["HP213@11:3=designed in the next release"])
    }

    @Test func aParameterAFeedbackAndARowAcknowledgeTheirOwn() throws {
        let parameter = try Self.fixture("HP241").replacingOccurrences(
            of: "default: 60}", with: "default: 60, acknowledge: {HP241: read by the next version}}")
        #expect(Self.check(parameter).acknowledged == ["HP241@16:3=read by the next version"])
        let row = try Self.fixture("HP335").replacingOccurrences(
            of: "cadence.set: {play: cadence, loop: cadence, with: {bpm: value}}",
            with:
                "cadence.set: {play: cadence, loop: cadence, with: {bpm: value}, acknowledge: {HP335: a tap then the loop}}"
        )
        let rowOutcome = Self.check(row)
        #expect(rowOutcome.findings.isEmpty, "\(rowOutcome.findings)")
        #expect(rowOutcome.acknowledged == ["HP335@26:42=a tap then the loop"])
        let feedback = """
            policy: example
            version: 1
            feedback:
              tap: {layer: ui, preset: impact.light}
              spare:
                layer: ui
                preset: impact.soft
                acknowledge: {HP211: kept for the next release}
              other: {layer: ui, preset: impact.soft}
            events:
              button.tap: {layer: ui, screens: [home]}
            screens:
              home:
                table:
                  button.tap:
                    - {play: tap, acknowledge: {HP211: not a row's}}
            budgets:
              - {id: B-1, each: screen, max: 6, per: 10}

            """
        let outcome = Self.check(feedback)
        #expect(outcome.acknowledged == ["HP211@5:3=kept for the next release"])
        #expect(outcome.findings == ["HP211@9:3", "HP602@16:37"])
    }

    @Test func anEventEntryAcknowledgesNothingOutsideTheEvent() throws {
        let text = try Self.fixture("HP213").replacingOccurrences(
            of: "button.tap: {layer: ui, screens: [home]}",
            with: "button.tap: {layer: ui, screens: [home], acknowledge: {HP213: misplaced}}")
        #expect(Self.check(text).findings == ["HP602@7:58", "HP213@12:3"])
    }

    @Test func theFrontEndsOwnWarningIsAcknowledgedAndNotStale() throws {
        let text = try Self.fixture("HP230").replacingOccurrences(
            of: "  loud: 1  # expect: HP230 at 6:3", with: "  loud: 1\nacknowledge: {HP230: the next tuning}")
        let outcome = Self.check(text)
        #expect(outcome.findings.isEmpty, "\(outcome.findings)")
        #expect(outcome.acknowledged == ["HP230@6:3=the next tuning"])
    }

    @Test func aPolicyWithErrorsReportsNoStaleEntry() {
        let text = header + "feedback:\n  tap: {layer: ui, preset: impact.lite}\nacknowledge: {HP501: a demo}\n"
        let outcome = Self.check(text)
        #expect(outcome.findings.allSatisfy { !$0.hasPrefix("HP602") }, "\(outcome.findings)")
        #expect(outcome.findings.contains { $0.hasPrefix("HP014") }, "\(outcome.findings)")
    }

    @Test func entriesOfTheWrongShapeAreErrorsWhereTheyAreWritten() {
        #expect(summary(load(header + "acknowledge: [HP501]\n")) == ["HP011@3:14"])
        #expect(summary(load(header + "acknowledge: {HP501: [a, b]}\n")) == ["HP011@3:22"])
        #expect(summary(load(header + "acknowledge: {HP501: }\n")) == ["HP603@3:15"])
        #expect(summary(load(header + "acknowledge: {HP501: '   '}\n")) == ["HP603@3:22"])
        #expect(summary(load(header + "acknowledge: {hp501: no budget}\n")) == ["HP601@3:15"])
        #expect(summary(load(header + "acknowledge: {HP801: a test file's}\n")) == ["HP604@3:15"])
        #expect(summary(load(header + "acknowledge:\n")).isEmpty)
        let message = load(header + "acknowledge: {hp501: no budget}\n").diagnostics.first?.message ?? ""
        #expect(message.contains("did you mean 'HP501'?"), "\(message)")
    }

    /// Only the objects the language lists carry one; elsewhere it is an unknown key.
    @Test func anAcknowledgementElsewhereIsAnUnknownKey() {
        let text =
            header
            + "feedback:\n  tap:\n    layer: ui\n    pattern:\n      events: [{type: transient, time: 0}]\n      acknowledge: {HP211: x}\n"
        #expect(summary(load(text)).contains("HP012@8:7"), "\(summary(load(text)))")
    }

    /// Where an object may carry `acknowledge:`, HP012's list of its valid keys names it,
    /// and a misspelling of it is suggested (a band level's list left it out).
    @Test func theValidKeysOfAnObjectThatAcknowledgesNameAcknowledge() {
        func message(_ old: String, _ new: String) -> String {
            let text = Self.levels.replacingOccurrences(of: old, with: new)
            return load(text).diagnostics.first { $0.code == "HP012" }?.message ?? ""
        }
        let level = "{name: fast, below: 5, play: tap}"
        let listed = message(level, "{name: fast, below: 5, play: tap, zzzz: 1}")
        #expect(listed.hasPrefix("unknown key 'zzzz'; valid keys in a band level are "), "\(listed)")
        #expect(listed.hasSuffix(", acknowledge"), "\(listed)")
        let misspelt = message(level, "{name: fast, below: 5, play: tap, acknowlege: {HP132: x}}")
        #expect(misspelt == "unknown key 'acknowlege'; did you mean 'acknowledge'?", "\(misspelt)")
        for (old, new) in [
            ("hysteresis: 0.1", "hysteresis: 0.1\n    zzzz: 1"),
            ("tap: {layer: ui, preset: impact.light}", "tap: {layer: ui, preset: impact.light, zzzz: 1}"),
            ("value: number}", "value: number, zzzz: 1}"),
            ("    table:", "    zzzz: 1\n    table:"),
            ("per: 10}", "per: 10, zzzz: 1}"),
        ] {
            #expect(message(old, new).hasSuffix(", acknowledge"), "\(new): \(message(old, new))")
        }
    }

    /// An included file's top-level entries cover that file only; the main file's, the main file.
    @Test func theTopOfAnIncludedFileCoversThatFile() throws {
        let folder = try IncludeTests.Folder()
        defer { folder.remove() }
        let main = try folder.write(
            "main.yaml",
            """
            policy: example
            version: 1
            include: [more.yaml]
            acknowledge: {HP211: the main file's spare}
            feedback:
              tap: {layer: ui, preset: impact.light}
              spare: {layer: ui, preset: impact.soft}
            events:
              button.tap: {layer: ui, screens: [home]}
            screens:
              home:
                table:
                  button.tap: {play: tap}
            budgets:
              - {id: B-1, each: screen, max: 6, per: 10}

            """)
        try folder.write(
            "more.yaml",
            "acknowledge: {HP211: the included file's own}\nfeedback:\n  extra: {layer: ui, preset: impact.soft}\n  more: {layer: ui, preset: impact.soft}\n"
        )
        let outcome = Self.check(PolicyLoader.load(path: main))
        #expect(outcome.findings.isEmpty, "\(outcome.findings)")
        #expect(
            outcome.acknowledged == [
                "HP211@7:3=the main file's spare", "HP211@3:3=the included file's own",
                "HP211@4:3=the included file's own",
            ])
    }

    /// Acknowledgements decide nothing: the compiled policy is byte for byte the same.
    @Test func theCompiledPolicyIsTheSameWithAndWithoutThem() throws {
        let plain = try Self.fixture("HP507")
        let acknowledged = plain.replacingOccurrences(
            of: "enforce: true}", with: "enforce: true, acknowledge: {HP507: the ticks are the control}}")
        #expect(acknowledged != plain)
        func bundle(_ text: String) throws -> [UInt8] {
            let loaded = PolicyLoader.parse(Array(text.utf8), file: "test.yaml")
            let document = try #require(loaded.document)
            let validated = try #require(PolicyValidator.check(document).validated)
            return PolicyBundle.encode(PolicyCompiler.compile(validated))
        }
        #expect(try bundle(acknowledged) == bundle(plain))
        #expect(Self.check(acknowledged).findings.isEmpty)
    }
}
