import HapticPolicy
import HapticPolicyCompiler
import HapticPolicyDocument
import HapticPolicyExport
import HapticPolicyPlayer
import Testing

/// The Core Haptics objects the player builds are the AHAP export's entries, one for one.
@Suite struct PatternPlanTests {
    static let cases: [(policy: String, feedback: String, parameters: [String: Double])] = [
        ("plavo", "pulse", [:]), ("plavo", "meet", [:]), ("plavo", "farewell", [:]),
        ("plavo", "soil.parched", [:]), ("plavo", "soil.moist", [:]), ("plavo", "soil.soaked", [:]),
        ("breathing", "breath", [:]), ("breathing", "breath", ["inhale": 2, "hold": 1, "exhale": 3]),
        ("metronome", "click", ["bpm": 150]),
    ]

    @Test(arguments: cases.indices)
    func planMatchesTheAHAPExport(_ index: Int) throws {
        let (policyName, name, parameters) = Self.cases[index]
        let loaded = try loadPolicy(policyName)
        guard case .pattern(let decl)? = loaded.feedback(named: name)?.body else {
            Issue.record("\(name) is not a pattern")
            return
        }
        let resolved = try decl.resolve(parameters)
        let plan = PatternPlan(resolved)
        let exported = AHAPExporter.document(for: resolved, name: name, policy: policyName)
        let document = try #require(exported.document)

        var ahapEvents: [String] = []
        var ahapCurves: [String] = []
        for entry in Self.array(Self.member("Pattern", of: document)) {
            if let event = Self.member("Event", of: entry) {
                let parameters = Self.array(Self.member("EventParameters", of: event)).map {
                    Self.number(Self.member("ParameterValue", of: $0))
                }
                ahapEvents.append(
                    Self.text(
                        Self.string(Self.member("EventType", of: event)) == "HapticTransient",
                        Self.number(Self.member("Time", of: event)),
                        Self.number(Self.member("EventDuration", of: event)), parameters))
            }
            if let curve = Self.member("ParameterCurve", of: entry) {
                let points = Self.array(Self.member("ParameterCurveControlPoints", of: curve)).map {
                    [Self.number(Self.member("Time", of: $0)), Self.number(Self.member("ParameterValue", of: $0))]
                }
                ahapCurves.append(
                    Self.text(
                        Self.string(Self.member("ParameterID", of: curve)) == "HapticIntensityControl",
                        Self.number(Self.member("Time", of: curve)), 0, points.flatMap { $0 }))
            }
        }
        let planEvents = plan.events.map {
            Self.text($0.isTransient, $0.time, $0.duration, [$0.intensity, $0.sharpness])
        }
        let planCurves = plan.curves.map {
            Self.text($0.controlsIntensity, $0.time, 0, $0.points.flatMap { [$0.time, $0.value] })
        }
        #expect(planEvents == ahapEvents)
        #expect(planCurves == ahapCurves)
        #expect(plan.loop == resolved.loop)
        #expect(!planEvents.isEmpty)
    }

    @Test func longCurvesSplitIntoRunsOfSixteenThatJoin() {
        let points = (0..<40).map { ResolvedPattern.Point(time: Double($0) * 0.1, value: Double($0) / 40) }
        let pattern = ResolvedPattern(events: [
            ResolvedPattern.Event(
                kind: .continuous, time: 0.5, duration: 4,
                curves: [ResolvedPattern.Curve(parameter: .intensity, points: points)])
        ])
        let plan = PatternPlan(pattern)
        #expect(plan.curves.map(\.points.count) == [16, 16, 10])
        #expect(plan.curves.map(\.time) == [0.5, 0.5 + 1.5, 0.5 + 3.0])
        #expect(plan.curves.allSatisfy { $0.points.first?.time == 0 })
    }

    private static func text(_ flag: Bool, _ time: Double, _ duration: Double, _ values: [Double]) -> String {
        "\(flag) \(numberText(time)) \(numberText(duration)) " + values.map { numberText($0) }.joined(separator: ",")
    }

    private static func member(_ key: String, of node: JSONNode?) -> JSONNode? {
        guard case .object(let members)? = node?.value else { return nil }
        return members.first { $0.key == key }?.value
    }

    private static func array(_ node: JSONNode?) -> [JSONNode] {
        guard case .array(let items)? = node?.value else { return [] }
        return items
    }

    private static func number(_ node: JSONNode?) -> Double {
        guard case .number(let n, _)? = node?.value else { return 0 }
        return n
    }

    private static func string(_ node: JSONNode?) -> String? {
        guard case .string(let s)? = node?.value else { return nil }
        return s
    }
}
