import Foundation
import HapticPolicy
import HapticPolicyCompiler
import HapticPolicyReplay
import Testing

@testable import HapticPolicyYAML

/// Event data beyond the value (language v3, feature B): `data:` on events, `when: {data:
/// ...}` on rows, `with:` on band rows and band levels; decoding, lint, decisions, bundles
/// and the log reader.
@Suite struct EventDataTests {
    /// A ride policy: `turn.distance` carries a direction besides its distance; `rows` are
    /// its cell's rows, `levels` the band's levels.
    static func text(
        rows: String = """
        - {when: {data: {direction: {in: [left, u-turn]}}}, band: turn, with: {side: -1}}
        - {when: {data: {direction: right}}, band: turn, with: {side: 1}}
        - {band: turn}
        """,
        levels: String = """
        - {name: now, below: 30, play: cue, with: {urgency: 3}}
        - {name: close, below: 100, play: cue, with: {urgency: 2}}
        - {name: far, silent: too far}
        """,
        data: String = "direction: {type: string, one-of: [left, right, straight, u-turn]}"
    ) -> String {
        """
        policy: ride
        version: 1
        feedback:
          cue:
            layer: ui
            pattern:
              params:
                side: {default: 0, min: -1, max: 1}
                urgency: {default: 1, min: 1, max: 3}
              events:
                - {type: transient, time: 0, intensity: urgency / 3}
                - {type: transient, time: 0.2 + 0.1 * side}
            fallback: impact.medium
          done: {layer: ui, preset: notification.success}
        events:
          turn.distance:
            layer: ui
            screens: [ride]
            value: {type: number, min: 0, max: 5000}
            data:
        \(data.split(separator: "\n").map { "      " + $0 }.joined(separator: "\n"))
          arrived: {layer: ui, screens: [ride]}
        bands:
          turn:
            hysteresis: 0
            plausible: {min: 0, max: 5000}
            levels:
        \(levels.split(separator: "\n").map { "      " + $0 }.joined(separator: "\n"))
        screens:
          ride:
            enter: [prepare-engine]
            table:
              turn.distance:
        \(rows.split(separator: "\n").map { "        " + $0 }.joined(separator: "\n"))
              arrived: {play: done}
        budgets:
          - {id: B-1, each: screen, max: 20, per: 10}
        """
    }

    static func findings(_ text: String) -> [String] {
        let loaded = load(text)
        guard let document = loaded.document else { return summary(loaded) }
        return summary(loaded)
            + PolicyValidator.validate(document).map { "\($0.code)@\($0.location.line):\($0.location.column)" }
    }

    static func policy(_ text: String = text()) throws -> Policy {
        let loaded = load(text)
        #expect(loaded.diagnostics.isEmpty, "\(summary(loaded))")
        let document = try #require(loaded.document)
        let findings = PolicyValidator.validate(document)
        #expect(findings.isEmpty, "\(findings.map(\.message))")
        return try Policy(compiling: document)
    }

    /// Decides `events` (distance, direction or nil) in one session after entering `ride`.
    static func decide(
        _ policy: Policy, _ samples: [(Double, [Event.Parameter])], event name: String = "turn.distance"
    ) -> [Decision] {
        var session = Session(policy: policy)
        _ = session.decide(session.event(t: 0, name: "screen.enter", screen: "ride"))
        return samples.enumerated().map { index, sample in
            var event = session.event(t: Double(index + 1), name: name, value: .number(sample.0))
            event.data = sample.1
            return session.decide(event)
        }
    }

    static func direction(_ text: String) -> [Event.Parameter] {
        [Event.Parameter(name: "direction", value: .string(text))]
    }

    // MARK: Decoding

    @Test func theSampleDecodesAndLintsClean() throws {
        let loaded = load(Self.text())
        let document = try #require(loaded.document)
        let event = try #require(document.events.first { $0.name.value == "turn.distance" })
        #expect(event.data?.map(\.name.value) == ["direction"])
        #expect(event.data?.first?.payload.oneOf?.map(\.value) == ["left", "right", "straight", "u-turn"])
        let rows = try #require(document.screens.first?.cells.first?.rows)
        #expect(rows[0].condition?.data.first?.oneOf?.map(\.value) == [.string("left"), .string("u-turn")])
        #expect(rows[1].condition?.data.first?.value?.value == .string("right"))
        #expect(rows[0].with.map(\.name.value) == ["side"])
        #expect(document.bands.first?.levels.first?.with.map(\.name.value) == ["urgency"])
        #expect(Self.findings(Self.text()).isEmpty)
    }

    @Test func badDataDeclarationsAndConditionsAreLocated() {
        // A data field with an unknown type, and `data` that is not a mapping.
        // (The event is then unusable, so its cell names an unknown event: HP204.)
        #expect(Self.findings(Self.text(data: "direction: {type: text}")) == ["HP014@21:25", "HP204@35:7"])
        // The row is then unusable (the cell is left out: the event goes unused and undecided).
        #expect(
            Self.findings(Self.text(rows: "- {when: {data: [direction]}, band: turn}\n- {band: turn}")).first
                == "HP011@36:25")
        // An empty `data:` in a condition tests nothing.
        let empty = Self.text(rows: "- {when: {data: {}}, band: turn}\n- {band: turn}")
        #expect(Self.findings(empty).first == "HP011@36:25")
        #expect(load(empty).diagnostics.first?.message.contains("names no field") == true)
    }

    @Test func withOnARowThatPlaysNothingNamesTheBandToo() {
        let text = Self.text(rows: "- {with: {side: 1}, silent: no}")
        let loaded = load(text)
        #expect(summary(loaded).first?.hasPrefix("HP017") == true, "\(summary(loaded))")
        #expect(loaded.diagnostics.first?.message.contains("'band:'") == true)
    }

    // MARK: Lint

    @Test func dataConditionsAreRequirementsForOverlapsShadowingAndCompleteness() {
        // Different data conditions then a catch-all: clean (above). The same data
        // condition twice: HP302.
        #expect(
            Self.findings(
                Self.text(
                    rows: """
                        - {when: {data: {direction: left}}, band: turn}
                        - {when: {data: {direction: left}}, band: turn}
                        - {band: turn}
                        """)) == ["HP302@37:11"])
        // A catch-all first shadows a row that also needs a data field.
        #expect(
            Self.findings(Self.text(rows: "- {band: turn}\n- {when: {data: {direction: left}}, band: turn}"))
                == ["HP303@37:11"])
        // Every row tests data: some events stay undecided.
        #expect(
            Self.findings(
                Self.text(
                    rows: """
                        - {when: {data: {direction: left}}, band: turn}
                        - {when: {data: {direction: right}}, band: turn}
                        """)) == ["HP309@37:11"])
    }

    @Test func bandWithIsCheckedAgainstEveryFeedbackALevelPlays() {
        // An unknown parameter on the row, and one out of range on a level.
        #expect(Self.findings(Self.text(rows: "- {band: turn, with: {tilt: 1}}")) == ["HP331@36:31"])
        #expect(
            Self.findings(
                Self.text(
                    levels: """
                        - {name: now, below: 30, play: cue, with: {urgency: 9}}
                        - {name: far, silent: too far}
                        """)) == ["HP333@28:59"])
    }

    // MARK: Decisions

    @Test func dataPicksTheRowAndLevelAndRowGiveTheParameters() throws {
        let policy = try Self.policy()
        let left = Self.decide(policy, [(400, Self.direction("left")), (90, Self.direction("left"))])
        #expect(left[0].reason == .baseline)
        #expect(left[1].feedback == "cue")
        #expect(left[1].rule?.id == "ride/turn.distance#1@close")
        #expect(
            left[1].parameters == [.init(name: "side", value: .number(-1)), .init(name: "urgency", value: .number(2))])
        let right = Self.decide(policy, [(400, Self.direction("right")), (20, Self.direction("right"))])
        #expect(right[1].rule?.id == "ride/turn.distance#2@now")
        #expect(
            right[1].parameters == [.init(name: "side", value: .number(1)), .init(name: "urgency", value: .number(3))])
        let straight = Self.decide(policy, [(400, Self.direction("straight")), (20, Self.direction("straight"))])
        #expect(straight[1].rule?.id == "ride/turn.distance#3@now")
        #expect(straight[1].parameters?.first == .init(name: "side", value: .number(0)))
    }

    /// What an app calls: `PolicyStore.decide(..., data:)` passes the fields to the session.
    @Test func theStorePassesDataToTheSession() throws {
        let store = PolicyStore(try Self.policy())
        _ = store.decide(t: 0, event: "screen.enter", screen: "ride")
        let left: [String: ScalarValue] = ["direction": .string("left")]
        #expect(
            store.decide(t: 1, event: "turn.distance", value: .number(400), data: left).decision.reason == .baseline)
        let close = store.decide(t: 2, event: "turn.distance", value: .number(90), data: left).decision
        #expect(close.rule?.id == "ride/turn.distance#1@close")
        let bad = store.decide(t: 3, event: "turn.distance", value: .number(20), data: ["direction": .string("up")])
        #expect(bad.decision.reason == .badValue)
    }

    @Test func badDataIsSilentBadValueBeforeAnyRow() throws {
        let policy = try Self.policy()
        let cases: [([Event.Parameter], String)] = [
            (
                Self.direction("up"),
                "'turn.distance' needs data 'direction' to be one of left, right, straight, u-turn "
                    + "(events.turn.distance.data.direction); got \"up\""
            ),
            (
                [],
                "'turn.distance' needs data 'direction' to be one of left, right, straight, u-turn "
                    + "(events.turn.distance.data.direction); got no value"
            ),
            (
                Self.direction("left") + [.init(name: "lane", value: .number(2))],
                "'turn.distance' has no data field 'lane' (events.turn.distance.data declares direction); remove it"
            ),
            (
                [.init(name: "direction", value: nil)],
                "'turn.distance' needs data 'direction' to be one of left, right, straight, u-turn "
                    + "(events.turn.distance.data.direction); got no value"
            ),
        ]
        for (data, note) in cases {
            let decisions = Self.decide(policy, [(90, data), (90, Self.direction("left"))])
            #expect(decisions[0].reason == .badValue)
            #expect(decisions[0].note == note)
            #expect(decisions[0].rule?.id == "events/turn.distance")
            // The band never saw the refused sample: the next good one is its baseline.
            #expect(decisions[1].reason == .baseline)
        }
    }

    @Test func anEventDeclaringNoDataIgnoresTheLinesData() throws {
        let policy = try Self.policy()
        let decisions = Self.decide(policy, [(0, Self.direction("anything"))], event: "arrived")
        #expect(decisions[0].feedback == "done")
    }

    // MARK: Bundles

    @Test func theBundleCarriesTheDataAndDecidesTheSame() throws {
        let policy = try Self.policy()
        let bytes = PolicyBundle.encode(policy)
        let json = String(decoding: bytes, as: UTF8.self)
        #expect(json.hasPrefix(#"{"format":"haptic-policy-bundle","formatVersion":7,"#))
        #expect(json.contains(#""data":[{"field":"direction","oneOf":["left","u-turn"]}]"#))
        #expect(json.contains(#""arguments":[{"name":"urgency","number":3}]"#))
        let loaded = try toolsPolicy(bundle: bytes)
        #expect(loaded.hash == policy.hash)
        #expect(loaded.content == policy.content)
        let decisions = Self.decide(loaded, [(400, Self.direction("u-turn")), (20, Self.direction("u-turn"))])
        #expect(decisions[1].parameters?.map(\.value) == [.number(-1), .number(3)])
    }

    @Test func aPolicyWithoutEventDataEncodesWithoutItsKeys() throws {
        let policy = try Self.policy(
            Self.text(
                rows: "- {band: turn}",
                levels: "- {name: now, below: 30, play: cue}\n- {name: far, silent: too far}",
                data: "direction: {type: string, required: false}"
            ).replacingOccurrences(of: "    data:\n      direction: {type: string, required: false}\n", with: ""))
        let json = String(decoding: PolicyBundle.encode(policy), as: UTF8.self)
        #expect(!json.contains(#""data":"#))
        #expect(!json.contains(#""arguments":"#))
    }

    // MARK: The log reader

    @Test func theLogReaderReadsDataAsStrictlyAsParams() throws {
        func parse(_ line: String) -> Result<TimedEvent, LogLineError> { EventLogParser.parse(Array(line.utf8)) }
        let record = try parse(#"{"t":1,"event":"turn.distance","value":250,"data":{"direction":"left","n":2}}"#).get()
        #expect(record.data == [.init(name: "direction", value: .string("left")), .init(name: "n", value: .number(2))])
        #expect(try parse(#"{"t":1,"event":"x","data":null}"#).get().data.isEmpty)
        #expect(try parse(#"{"t":1,"event":"x","data":{"a":[1]}}"#).get().data == [.init(name: "a", value: nil)])
        let cases: [(String, LineProblem, Int)] = [
            (#"{"t":1,"event":"x","data":[1]}"#, .badField, 27),
            (#"{"t":1,"event":"x","data":{"a":1,"a":2}}"#, .duplicateField, 34),
            (#"{"t":1,"event":"x","data":{},"data":{}}"#, .duplicateField, 30),
            (#"{"t":1,"event":"x","data":{"a":1e400}}"#, .badField, 32),
            (#"{"t":1,"event":"x","data":{"a":1"#, .badJSON, 33),
        ]
        for (line, reason, column) in cases {
            guard case .failure(let error) = parse(line) else {
                Issue.record("\(line) was read")
                continue
            }
            #expect(error.reason == reason, "\(line): \(error.message)")
            #expect(error.column == column, "\(line): \(error.message)")
        }
    }
}
