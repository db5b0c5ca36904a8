import Foundation
import HapticPolicy
import HapticPolicyCompiler
import HapticPolicyReplay
import Testing

@testable import HapticPolicyYAML

/// Declared payloads (`value: {type: ...}`, `params:`) and conditions on numbers and sets
/// (`value: {below: 6}`, `value: {in: [...]}`): decoding, lint, decisions and bundles.
@Suite struct DeclaredValuesTests {
    /// A policy on one `settings` screen with these `events:` lines and table lines.
    static func text(events: String, table: String, bands: String = "") -> String {
        """
        policy: values
        version: 1
        feedback:
          thud: {layer: ui, preset: impact.heavy}
          tap: {layer: ui, preset: impact.light}
        \(bands)
        events:
        \(events.split(separator: "\n").map { "  " + $0 }.joined(separator: "\n"))
        screens:
          settings:
            table:
        \(table.split(separator: "\n").map { "      " + $0 }.joined(separator: "\n"))
        budgets:
          - {id: B-1, each: screen, max: 6, per: 10}
        """
    }

    /// `code@line:column` of every finding, loader and validator, but the unused-feedback,
    /// unused-screen and gap findings the small cases give.
    static func findings(_ text: String) -> [String] {
        let loaded = load(text)
        guard let document = loaded.document else { return summary(loaded) }
        return summary(loaded)
            + PolicyValidator.validate(document).filter { !["HP211", "HP213", "HP301"].contains($0.code) }.map {
                "\($0.code)@\($0.location.line):\($0.location.column)"
            }
    }

    /// The messages of the findings with `code`.
    static func messages(_ text: String, _ code: String) -> [String] {
        guard let document = load(text).document else { return [] }
        return PolicyValidator.validate(document).filter { $0.code == code }.map(\.message)
    }

    static func policy(_ text: String) throws -> Policy {
        let loaded = load(text)
        #expect(loaded.diagnostics.isEmpty, "\(summary(loaded))")
        let document = try #require(loaded.document)
        let findings = PolicyValidator.validate(document).filter { $0.code != "HP211" }
        #expect(findings.isEmpty, "\(findings.map(\.message))")
        return try Policy(compiling: document)
    }

    static let reset = text(
        events: "data.reset: {layer: ui, screens: [settings], value: {type: string, one-of: [confirmed, cancelled]}}",
        table: """
            data.reset:
              - {when: {value: confirmed}, play: thud}
              - {silent: the reset was cancelled}
            """)

    static func decide(
        _ policy: Policy, _ name: String, value: ScalarValue? = nil, params: [Event.Parameter] = []
    ) -> Decision {
        var session = Session(policy: policy)
        let event = session.event(t: 1, name: name, screen: "settings", value: value, params: params)
        return session.decide(event)
    }

    // MARK: Decoding

    @Test func badDeclarationsAreReportedWhereTheyAreWritten() {
        #expect(
            Self.findings(Self.text(events: "a.x: {layer: ui, screens: [settings], value: {type: numbr}}", table: ""))
                == ["HP014@8:55"])
        #expect(
            Self.findings(Self.text(events: "a.x: {layer: ui, screens: [settings], value: {min: 3}}", table: ""))
                == ["HP013@8:48"])
        #expect(
            Self.findings(
                Self.text(events: "a.x: {layer: ui, screens: [settings], value: {type: string, max: 3}}", table: ""))
                == ["HP017@8:63"])
        #expect(
            Self.findings(
                Self.text(events: "a.x: {layer: ui, screens: [settings], value: {type: bool, one-of: [a]}}", table: ""))
                == ["HP017@8:61"])
        #expect(
            Self.findings(
                Self.text(
                    events: "a.x: {layer: ui, screens: [settings], params: {bpm: {type: number, min: fast}}}",
                    table: "")) == ["HP011@8:75"])
        let missing = load(
            Self.text(events: "a.x: {layer: ui, screens: [settings], value: {required: true}}", table: ""))
        #expect(missing.diagnostics.first?.message.contains("'type: number', 'type: string' or 'type: bool'") == true)
    }

    @Test func badConditionsAreReportedWhereTheyAreWritten() {
        func row(_ when: String) -> String {
            Self.text(
                events: "e.x: {layer: ui, screens: [settings], value: number}",
                table: "e.x:\n  - {when: {value: \(when)}, play: thud}\n  - {silent: other}")
        }
        #expect(Self.findings(row("{above: 1, at-least: 2}")) == ["HP016@13:37"])
        #expect(Self.findings(row("{below: 1, at-most: 2}")) == ["HP016@13:37"])
        #expect(Self.findings(row("{in: [1], below: 3}")) == ["HP016@13:36"])
        #expect(Self.findings(row("{}")) == ["HP013@13:26"])
        #expect(Self.findings(row("{below: fast}")) == ["HP011@13:34"])
        #expect(Self.findings(row("{in: 3}")) == ["HP011@13:31"])
        #expect(Self.findings(row("{inn: [3]}")) == ["HP012@13:27"])
    }

    // MARK: Decisions

    @Test func aResetSentWithoutItsValueNeverReachesTheCatchAllRow() throws {
        let policy = try Self.policy(Self.reset)
        let missing = Self.decide(policy, "data.reset")
        #expect(missing.action == .silent)
        #expect(missing.reason == .badValue)
        #expect(missing.rule?.id == "events/data.reset")
        #expect(missing.rule?.location.line == 8)
        #expect(
            missing.note
                == "'data.reset' needs 'value' to be one of confirmed, cancelled (events.data.reset); got no value")
        let other = Self.decide(policy, "data.reset", value: .string("reset"))
        #expect(other.reason == .badValue)
        #expect(
            other.note
                == "'data.reset' needs 'value' to be one of confirmed, cancelled (events.data.reset); got \"reset\"")
        let wrongType = Self.decide(policy, "data.reset", value: .bool(true))
        #expect(wrongType.reason == .badValue)
        #expect(wrongType.note?.hasSuffix("got true") == true)
        let cancelled = Self.decide(policy, "data.reset", value: .string("cancelled"))
        #expect(cancelled.reason == .designer)
        #expect(cancelled.note == "the reset was cancelled")
        #expect(Self.decide(policy, "data.reset", value: .string("confirmed")).feedback == "thud")
    }

    @Test func numbersOutOfRangeOrNotFiniteAreBadValues() throws {
        let policy = try Self.policy(
            Self.text(
                events: "cadence.set: {layer: ui, screens: [settings], value: {type: number, min: 100, max: 200}}",
                table: "cadence.set: {play: tap}"))
        for (value, reason) in [
            (ScalarValue.number(100), Reason?.none), (.number(200), nil), (.number(99.9), .badValue),
            (.number(200.5), .badValue), (.number(.nan), .badValue), (.number(.infinity), .badValue),
            (.string("150"), .badValue),
        ] {
            #expect(Self.decide(policy, "cadence.set", value: value).reason == reason, "\(value)")
        }
        #expect(
            Self.decide(policy, "cadence.set", value: .number(250)).note
                == "'cadence.set' needs 'value' to be a number from 100 to 200 (events.cadence.set); got 250")
    }

    @Test func anOptionalValueMayBeMissingButNotWrong() throws {
        let policy = try Self.policy(
            Self.text(
                events: "tip.shown: {layer: ui, screens: [settings], value: {type: bool, required: false}}",
                table: "tip.shown: {play: tap}"))
        #expect(Self.decide(policy, "tip.shown").feedback == "tap")
        #expect(Self.decide(policy, "tip.shown", value: .bool(false)).feedback == "tap")
        let wrong = Self.decide(policy, "tip.shown", value: .number(1))
        #expect(wrong.reason == .badValue)
        #expect(wrong.note == "'tip.shown' needs 'value' to be true or false (events.tip.shown); got 1")
    }

    @Test func declaredParamsAreChecked() throws {
        let policy = try Self.policy(
            Self.text(
                events: "beat.set: {layer: ui, screens: [settings], params: {bpm: {type: number, min: 20, max: 300}}}",
                table: "beat.set: {play: tap}"))
        #expect(Self.decide(policy, "beat.set", params: [.init(name: "bpm", value: .number(120))]).feedback == "tap")
        let high = Self.decide(policy, "beat.set", params: [.init(name: "bpm", value: .number(400))])
        #expect(high.reason == .badValue)
        #expect(
            high.note
                == "'beat.set' needs param 'bpm' to be a number from 20 to 300 (events.beat.set.params.bpm); got 400")
        let missing = Self.decide(policy, "beat.set")
        #expect(missing.reason == .badValue)
        #expect(missing.note?.hasSuffix("got no value") == true)
        let other = Self.decide(
            policy, "beat.set",
            params: [.init(name: "bpm", value: .number(60)), .init(name: "tempo", value: .number(1))])
        #expect(other.reason == .badValue)
        #expect(other.note == "'beat.set' has no param 'tempo' (events.beat.set declares bpm); remove it")
    }

    @Test func aBandCellChecksThePayloadFirstThenItsOwnRange() throws {
        let policy = try Self.policy(
            Self.text(
                events: "pace.sample: {layer: ui, screens: [settings], value: {type: number, min: 2.5, max: 20}}",
                table: "pace.sample: {band: pace}",
                bands: """
                    bands:
                      pace:
                        hysteresis: 0.1
                        plausible: {min: 2.5, max: 20}
                        levels:
                          - {name: fast, below: 5, play: tap}
                          - {name: slow, play: thud}
                    """))
        #expect(Self.decide(policy, "pace.sample", value: .number(4)).reason == .baseline)
        let out = Self.decide(policy, "pace.sample", value: .number(30))
        #expect(out.reason == .badValue)
        #expect(out.rule?.id == "events/pace.sample")
    }

    @Test func anOptionalValueMissingInABandCellIsTheBandsBadValue() throws {
        let text = Self.text(
            events: "pace.sample: {layer: ui, screens: [settings], value: {type: number, required: false}}",
            table: "pace.sample: {band: pace}",
            bands: """
                bands:
                  pace:
                    hysteresis: 0.1
                    levels:
                      - {name: fast, below: 5, play: tap}
                      - {name: slow, play: thud}
                """)
        #expect(Self.findings(text) == ["HP251@17:27"])
        let document = try #require(load(text).document)
        let policy = try Policy(compiling: document)
        let missing = Self.decide(policy, "pace.sample")
        #expect(missing.reason == .badValue)
        #expect(missing.rule?.id == "settings/pace.sample")
        #expect(missing.note == "band 'pace' needs a number in 'value'")
    }

    @Test func rangeAndSetConditionsMatchWithTheirBoundsIncludedOrNot() throws {
        let policy = try Self.policy(
            Self.text(
                events: """
                    split.pace: {layer: ui, screens: [settings], value: number}
                    route.kind: {layer: ui, screens: [settings], value: string}
                    """,
                table: """
                    split.pace:
                      - {when: {value: {below: 4.25}}, play: thud}
                      - {when: {value: {at-least: 4.25, at-most: 6}}, play: tap}
                      - {when: {value: {above: 6}}, silent: slow}
                    route.kind:
                      - {when: {value: {in: [trail, track]}}, play: tap}
                      - {silent: any other route}
                    """))
        func pace(_ x: Double) -> String? {
            let decision = Self.decide(policy, "split.pace", value: .number(x))
            return decision.feedback ?? decision.note
        }
        #expect(pace(4.249) == "thud")
        #expect(pace(4.25) == "tap")
        #expect(pace(6) == "tap")
        #expect(pace(6.001) == "slow")
        #expect(pace(-.infinity) == "thud")
        #expect(Self.decide(policy, "split.pace", value: .string("4")).reason == .undeclared)
        #expect(Self.decide(policy, "split.pace", value: .number(.nan)).reason == .undeclared)
        #expect(Self.decide(policy, "route.kind", value: .string("track")).feedback == "tap")
        #expect(Self.decide(policy, "route.kind", value: .string("road")).note == "any other route")
        #expect(Self.decide(policy, "route.kind").note == "any other route")
    }

    @Test func numbersInAnInListCompareAsNumbers() throws {
        let policy = try Self.policy(
            Self.text(
                events: "level.set: {layer: ui, screens: [settings], value: number}",
                table: "level.set:\n  - {when: {value: {in: [1, 2.5]}}, play: tap}\n  - {silent: other levels}"))
        #expect(Self.decide(policy, "level.set", value: .number(2.5)).feedback == "tap")
        #expect(Self.decide(policy, "level.set", value: .number(1)).feedback == "tap")
        #expect(Self.decide(policy, "level.set", value: .number(2)).note == "other levels")
        #expect(Self.decide(policy, "level.set", value: .string("1")).note == "other levels")
    }

    @Test func aRefusedPayloadDoesNotCoverTheCell() throws {
        let policy = try Self.policy(Self.reset)
        var coverage = PolicyCoverage(policy: policy)
        let refused = TimedEvent(t: 1, name: "data.reset", screen: "settings", value: .string("reset"))
        coverage.record(Self.decide(policy, "data.reset", value: .string("reset")), for: refused)
        #expect(coverage.cells.hit.isEmpty)
        let taken = TimedEvent(t: 2, name: "data.reset", screen: "settings", value: .string("cancelled"))
        coverage.record(Self.decide(policy, "data.reset", value: .string("cancelled")), for: taken)
        #expect(coverage.cells.hit == ["settings/data.reset"])
    }

    // MARK: Completeness

    static func pace(_ rows: String, value: String = "number") -> String {
        text(
            events: "split.pace: {layer: ui, screens: [settings], value: \(value)}",
            table: "split.pace:\n" + rows.split(separator: "\n").map { "  " + $0 }.joined(separator: "\n"))
    }

    @Test func adjacentBoundsCoverEveryNumber() throws {
        _ = try Self.policy(
            Self.pace("- {when: {value: {below: 5}}, play: thud}\n- {when: {value: {at-least: 5}}, silent: slow}"))
        _ = try Self.policy(
            Self.pace("- {when: {value: {at-most: 5}}, play: thud}\n- {when: {value: {above: 5}}, silent: slow}"))
        _ = try Self.policy(
            Self.pace(
                "- {when: {value: {above: 5}}, play: thud}\n- {when: {value: {in: [5]}}, play: tap}\n- {when: {value: {below: 5}}, silent: fast}"
            ))
    }

    @Test func twoOpenBoundsMissTheNumberBetweenThem() {
        let text = Self.pace("- {when: {value: {below: 5}}, play: thud}\n- {when: {value: {above: 5}}, silent: slow}")
        #expect(Self.findings(text) == ["HP309@14:11"])
        #expect(
            Self.messages(text, "HP309") == [
                "the value 5 of 'split.pace' is decided by no row: add a row for it or end with a row without `when:`, e.g. `{silent: <reason>}`"
            ])
    }

    @Test func theFirstGapIsNamedWithItsBounds() {
        let text = Self.pace(
            "- {when: {value: {below: 6}}, play: thud}\n- {when: {value: {at-least: 7, below: 9}}, play: tap}\n- {when: {value: {above: 9}}, silent: slow}"
        )
        #expect(
            Self.messages(text, "HP309").first?.hasPrefix(
                "values from 6 to 7 (7 excluded) of 'split.pace' are decided by no row") == true)
        let top = Self.pace("- {when: {value: {below: 6}}, play: thud}")
        #expect(Self.messages(top, "HP309").first?.hasPrefix("values from 6 up of 'split.pace'") == true)
        let bottom = Self.pace("- {when: {value: {above: 6}}, play: thud}")
        #expect(Self.messages(bottom, "HP309").first?.hasPrefix("values up to 6 of 'split.pace'") == true)
    }

    @Test func theDeclaredRangeIsTheDomain() {
        let declared = "{type: number, min: 0, max: 10}"
        #expect(
            Self.findings(
                Self.pace(
                    "- {when: {value: {below: 5}}, play: thud}\n- {when: {value: {at-least: 5}}, silent: slow}",
                    value: declared)) == [])
        #expect(
            Self.findings(
                Self.pace(
                    "- {when: {value: {at-least: 0, below: 5}}, play: thud}\n- {when: {value: {at-least: 5, below: 10}}, silent: slow}",
                    value: declared)) == ["HP309@14:11"])
        #expect(
            Self.messages(
                Self.pace(
                    "- {when: {value: {at-least: 0, below: 5}}, play: thud}\n- {when: {value: {above: 5, below: 10}}, silent: slow}",
                    value: declared), "HP309"
            ).first?.hasPrefix("the value 5 of") == true)
    }

    @Test func theBandsPlausibleRangeIsTheDomainOfAnUndeclaredNumber() {
        let text = Self.text(
            events: "pace.sample: {layer: ui, screens: [settings, other], value: number}",
            table: """
                pace.sample:
                  - {when: {value: {below: 5}}, play: thud}
                  - {when: {value: {at-least: 5, at-most: 20}}, silent: slow}
                """,
            bands: """
                bands:
                  pace:
                    hysteresis: 0.1
                    plausible: {min: 2.5, max: 20}
                    levels:
                      - {name: fast, below: 5, play: tap}
                      - {name: slow, play: thud}
                """
        ).replacingOccurrences(
            of: "budgets:", with: "  other:\n    table:\n      pace.sample: {band: pace}\nbudgets:")
        #expect(Self.findings(text) == [])
        let wider = text.replacingOccurrences(of: "at-most: 20", with: "at-most: 19")
        #expect(Self.messages(wider, "HP309").first?.hasPrefix("values from 19 to 20 (19 excluded)") == true)
    }

    @Test func choicesCoveredByRowsNeedNoCatchAll() {
        let declared = "{type: string, one-of: [confirmed, cancelled]}"
        let both =
            "data.reset:\n  - {when: {value: confirmed}, play: thud}\n  - {when: {value: cancelled}, silent: kept}"
        #expect(
            Self.findings(
                Self.text(events: "data.reset: {layer: ui, screens: [settings], value: \(declared)}", table: both))
                == [])
        // Without the declaration any other string may come: the cell stays incomplete, as in v1.
        #expect(
            Self.findings(Self.text(events: "data.reset: {layer: ui, screens: [settings], value: string}", table: both))
                == ["HP309@14:11"])
        let one = "data.reset:\n  - {when: {value: {in: [confirmed]}}, play: thud}"
        #expect(
            Self.messages(
                Self.text(events: "data.reset: {layer: ui, screens: [settings], value: \(declared)}", table: one),
                "HP309"
            ).first?.hasPrefix("the value \"cancelled\" of 'data.reset' is decided by no row") == true)
    }

    @Test func aGapForOneSpeaksIsNamedWithIt() {
        let text = Self.pace(
            "- {when: {speaks: true}, play: thud}\n- {when: {speaks: false, value: {below: 5}}, play: tap}")
        #expect(
            Self.messages(text, "HP309").first?.hasPrefix(
                "values from 5 up of 'split.pace' with `speaks: false` are decided by no row") == true)
        let covered = Self.pace(
            "- {when: {speaks: true}, play: thud}\n- {when: {speaks: false, value: {below: 5}}, play: tap}\n- {when: {value: {at-least: 5}}, silent: slow}"
        )
        #expect(Self.findings(covered) == [])
    }

    @Test func aRangeWithTwoLowerBoundsIsRefusedInABundle() throws {
        let good = try JSONDecoder().decode(NumberRange.self, from: Data(#"{"at-least":1,"below":2}"#.utf8))
        #expect(good == NumberRange(lower: 1, lowerInclusive: true, upper: 2, upperInclusive: false))
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(NumberRange.self, from: Data(#"{"above":1,"at-least":2}"#.utf8))
        }
    }

    // MARK: Overlaps and shadowing

    @Test func aRowCoveredByTwoEarlierRowsIsShadowedByBoth() {
        let text = Self.pace(
            "- {when: {value: {below: 5}}, play: thud}\n- {when: {value: {at-least: 5}}, play: tap}\n- {when: {value: {at-least: 3, below: 8}}, silent: never}\n- {silent: other}"
        )
        #expect(Self.findings(text) == ["HP303@15:11"])
        #expect(
            Self.messages(text, "HP303").first
                == "this row never fires: rows 1 and 2 for 'split.pace' match first whenever it would: move this row above them or remove it"
        )
    }

    @Test func aPartialOverlapNamesTheSharedValues() {
        let text = Self.pace(
            "- {when: {value: {at-most: 6}}, play: thud}\n- {when: {value: {at-least: 5}}, play: tap}")
        #expect(Self.findings(text) == ["HP325@14:11"])
        #expect(
            Self.messages(text, "HP325").first?.hasPrefix(
                "values from 5 to 6 are matched by both this row and row 1 for 'split.pace'") == true)
        // Bounds that meet share nothing.
        #expect(
            Self.findings(
                Self.pace("- {when: {value: {below: 5}}, play: thud}\n- {when: {value: {at-least: 5}}, play: tap}"))
                == [])
        // Touching at a closed end shares that one number.
        #expect(
            Self.messages(
                Self.pace("- {when: {value: {at-most: 5}}, play: thud}\n- {when: {value: {at-least: 5}}, play: tap}"),
                "HP325"
            ).first?.hasPrefix("the value 5 is matched") == true)
    }

    @Test func aSameConditionIsAnOverlappingRowAndSpeaksStaysApart() {
        let same = Self.pace(
            "- {when: {value: {below: 5}}, play: thud}\n- {when: {value: {below: 5}}, play: tap}\n- {silent: other}")
        #expect(Self.findings(same) == ["HP302@14:11"])
        // A row with more requirements than the earlier one is covered by it.
        let spoken = Self.pace(
            "- {when: {value: {below: 5}}, play: thud}\n- {when: {speaks: true, value: {below: 4}}, play: tap}\n- {silent: other}"
        )
        #expect(Self.findings(spoken) == ["HP303@14:11"])
        // One with fewer is not.
        let broader = Self.pace(
            "- {when: {speaks: true, value: {below: 5}}, play: thud}\n- {when: {value: {below: 4}}, play: tap}\n- {silent: other}"
        )
        #expect(Self.findings(broader) == [])
    }

    @Test func conditionsTheDeclarationRulesOutNeverMatch() {
        let text = Self.text(
            events: "cadence.set: {layer: ui, screens: [settings], value: {type: number, min: 100, max: 200}}",
            table: """
                cadence.set:
                  - {when: {value: 95}, play: thud}
                  - {when: {value: {above: 200}}, play: thud}
                  - {when: {value: {in: [150, 90]}}, play: tap}
                  - {when: {value: {above: 7, below: 6}}, play: tap}
                  - {silent: other}
                """)
        #expect(Self.findings(text) == ["HP323@13:26", "HP323@14:26", "HP323@15:37", "HP324@16:26"])
    }

    @Test func thousandsOfRangeRowsAreCheckedQuickly() {
        var rows = ""
        for index in 0..<4000 {
            rows += "- {when: {value: {at-least: \(index), below: \(index + 1)}}, play: thud}\n"
        }
        rows += "- {when: {value: {at-least: 10, below: 3000}}, play: tap}\n- {silent: other}"
        // The thread's CPU time, which parallel tests and a loaded machine do not inflate.
        func threadSeconds() -> Double {
            var spec = timespec()
            clock_gettime(CLOCK_THREAD_CPUTIME_ID, &spec)
            return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
        }
        let start = threadSeconds()
        let found = Self.findings(Self.pace(rows))
        #expect(found == ["HP303@4013:11"])
        #expect(threadSeconds() - start < 60)
    }

    // MARK: Table

    @Test func theTableShowsPayloadsAndValueConditions() throws {
        let policy = try Self.policy(
            Self.text(
                events: """
                    data.reset: {layer: ui, screens: [settings], value: {type: string, one-of: [confirmed, cancelled]}}
                    beat.set: {layer: ui, screens: [settings], params: {bpm: {type: number, min: 20, required: false}}}
                    route.kind: {layer: ui, screens: [settings], value: string}
                    """,
                table: """
                    data.reset:
                      - {when: {value: confirmed}, play: thud}
                      - {when: {value: cancelled}, silent: kept}
                    beat.set: {play: tap}
                    route.kind:
                      - {when: {value: {in: [trail, track]}}, play: tap}
                      - {silent: other}
                    """))
        let table = DecisionTable(policy)
        #expect(
            table.payloads == [
                .init(event: "data.reset", fields: ["value: one of confirmed, cancelled"]),
                .init(event: "beat.set", fields: ["param bpm: a number of at least 20 (optional)"]),
            ])
        let route = try #require(table.screens.first?.cells.first { $0.event == "route.kind" })
        #expect(route.rows.map(\.condition) == ["value in [\"trail\", \"track\"]", nil])
    }

    // MARK: Bundles

    @Test func payloadsAndConditionsSurviveTheBundleAndMakeFormat3() throws {
        let policy = try Self.policy(
            Self.text(
                events: """
                    data.reset: {layer: ui, screens: [settings], value: {type: string, one-of: [confirmed, cancelled]}}
                    split.pace: {layer: ui, screens: [settings], value: number}
                    """,
                table: """
                    data.reset:
                      - {when: {value: confirmed}, play: thud}
                      - {when: {value: cancelled}, silent: kept}
                    split.pace:
                      - {when: {value: {below: 4.25}}, play: thud}
                      - {when: {value: {at-least: 4.25}}, silent: slow}
                    """))
        let bytes = PolicyBundle.encode(policy)
        let json = String(decoding: bytes, as: UTF8.self)
        #expect(json.contains("\"formatVersion\":7"))
        #expect(json.contains("{\"below\":4.25}"))
        #expect(json.contains("\"one-of\"") == false)
        let loaded = try toolsPolicy(bundle: bytes)
        #expect(loaded.hash == policy.hash)
        #expect(loaded.content == policy.content)
        #expect(Self.decide(loaded, "data.reset", value: .string("reset")).reason == .badValue)
        #expect(Self.decide(loaded, "split.pace", value: .number(4.25)).note == "slow")
    }

    @Test func v1EventsAndConditionsEncodeAsBefore() throws {
        let policy = try Self.policy(
            Self.text(
                events: "data.reset: {layer: ui, screens: [settings], value: string}",
                table: "data.reset:\n  - {when: {value: confirmed}, play: thud}\n  - {silent: kept}"))
        let json = String(decoding: PolicyBundle.encode(policy), as: UTF8.self)
        #expect(!json.contains("\"payload\":"))
        #expect(!json.contains("range"))
        #expect(!json.contains("oneOf"))
        #expect(!policy.checksPayloads)
    }
}
