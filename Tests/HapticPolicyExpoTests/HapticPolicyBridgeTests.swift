import Foundation
import HapticPolicy
import HapticPolicyExpoBridge
import HapticPolicyPlayer
import HapticPolicyReplay
import Testing

/// A compiled bundle the TypeScript runtime's tests use too (Web/test/fixtures).
func bundleText(_ name: String) throws -> String {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    return try String(contentsOf: root.appendingPathComponent("Web/test/fixtures/\(name).bundle.json"), encoding: .utf8)
}

/// What the bridge sent to JavaScript.
final class Emitted: @unchecked Sendable {
    private let lock = NSLock()
    private var events: [(name: String, body: [String: Any?])] = []

    func append(_ name: String, _ body: [String: Any?]) {
        lock.lock()
        events.append((name, body))
        lock.unlock()
    }

    func named(_ name: String) -> [[String: Any?]] {
        lock.lock()
        defer { lock.unlock() }
        return events.filter { $0.name == name }.map(\.body)
    }
}

/// A bridge over a recording output, playing on the calling main actor at once.
@MainActor
final class BridgeRig {
    let output = RecordingOutput()
    let emitted = Emitted()
    let delays = DelayList()
    let bridge: HapticPolicyBridge

    init(_ policy: String, device: DeviceState = DeviceState()) throws {
        let output = self.output
        let emitted = self.emitted
        let delays = self.delays
        bridge = HapticPolicyBridge(
            output: { output }, device: device, emit: { emitted.append($0, $1) },
            onMain: { body in MainActor.assumeIsolated { body() } },
            schedule: { seconds, body in
                delays.values.append(seconds)
                body()
            })
        try bridge.load(bundle: bundleText(policy))
    }

    /// Decides an event object as JavaScript sends it; returns its decision object.
    @discardableResult
    func decide(_ object: [String: Any]) throws -> [String: Any?] {
        let decided = try bridge.decide(object)
        return try #require(decided["decision"] as? [String: Any?])
    }

    /// The calls recorded since the last `take()`.
    func take() -> [String] {
        defer { output.clear() }
        return output.calls
    }
}

@MainActor
final class DelayList {
    var values: [Double] = []
}

/// The 4-7-8 breath (Policies/breathing.yaml) through the bridge, as the Expo module plays it.
@MainActor
@Suite struct HapticPolicyBridgeTests {
    @Test func theBreathPlaysAsALoopingContinuousPatternWithCurves() throws {
        let rig = try BridgeRig("breathing")
        try rig.decide(["event": "screen.enter", "value": "guide", "t": 0.0])
        #expect(rig.take() == ["prepareEngine", "startEngine"])
        let decision = try rig.decide([
            "event": "breath.start", "params": ["inhale": 4, "hold": 7, "exhale": 8], "t": 1.0,
        ])
        #expect(decision["render"] as? String == "pattern:breath")
        #expect(decision["loop"] as? Double == 19)
        let plan = try #require(rig.output.plans.last)
        #expect(rig.take() == ["loop breath every 19"])
        #expect(plan.events.filter { !$0.isTransient }.map(\.duration) == [4, 8])
        #expect(plan.curves.count == 2)
        #expect(plan.curves.allSatisfy { $0.controlsIntensity })
        try rig.decide(["event": "breath.stop", "t": 5.0])
        #expect(rig.take() == ["stopLoop breath"])
        let told = rig.emitted.named("onDecision")
        #expect(told.map { $0["event"] as? String } == ["screen.enter", "breath.start", "breath.stop"])
        #expect(told.allSatisfy { ($0["policyHash"] as? String)?.hasPrefix("sha256:") == true })
    }

    @Test func aDeviceWithoutHapticsTapsAtEachPhaseBoundary() throws {
        let rig = try BridgeRig("breathing", device: DeviceState(supportsHaptics: false))
        try rig.decide(["event": "screen.enter", "value": "guide", "t": 0.0])
        _ = rig.take()
        let decision = try rig.decide([
            "event": "breath.start", "params": ["inhale": 3, "hold": 5, "exhale": 6], "t": 1.0,
        ])
        #expect(decision["render"] as? String == "sequence:breath")
        #expect(decision["reason"] as? String == "no-core-haptics")
        #expect(decision["fallback"] as? Bool == true)
        #expect(rig.take() == ["preset impact.soft 0.6", "preset impact.soft 0.6", "preset impact.soft 0.6"])
        #expect(rig.delays.values == [3, 8])
    }

    @Test func lowPowerModeTurnsTheBreathIntoItsFallbackUntilItEnds() throws {
        let rig = try BridgeRig("breathing")
        try rig.decide(["event": "screen.enter", "value": "guide", "t": 0.0])
        rig.bridge.lowPower(true)
        #expect(rig.bridge.deviceState.lowPower)
        let damped = try rig.decide(["event": "breath.start", "t": 1.0])
        #expect(damped["reason"] as? String == "low-power")
        #expect(damped["render"] as? String == "sequence:breath")
        rig.bridge.lowPower(false)
        let full = try rig.decide(["event": "breath.start", "t": 30.0])
        #expect(full["render"] as? String == "pattern:breath")
        #expect(rig.emitted.named("onDecision").contains { $0["event"] as? String == "device.lowPower" })
    }

    @Test func theFirstBreathAfterReturningToTheForegroundStartsTheEngineFirst() throws {
        let rig = try BridgeRig("breathing")
        try rig.decide(["event": "screen.enter", "value": "guide", "t": 0.0])
        try rig.decide(["event": "breath.start", "t": 1.0])
        rig.bridge.appState(foreground: false)
        rig.output.fire(.stopped(.applicationSuspended))
        _ = rig.take()
        rig.bridge.appState(foreground: true)
        // `restart-engine` starts the engine on the way back, before anything needs it.
        #expect(rig.take() == ["startEngine"])
        try rig.decide(["event": "breath.start", "t": 30.0])
        #expect(rig.take() == ["loop breath every 19"])
    }

    @Test func anEngineThatStopsOnItsOwnIsRestartedAndTheBreathResumes() throws {
        let rig = try BridgeRig("breathing")
        try rig.decide(["event": "screen.enter", "value": "guide", "t": 0.0])
        try rig.decide(["event": "breath.start", "t": 1.0])
        _ = rig.take()
        rig.output.fire(.stopped(.systemError))
        #expect(rig.take() == ["notice stopped systemError", "startEngine", "loop breath every 19"])
        rig.output.fire(.reset)
        #expect(rig.take() == ["notice reset", "startEngine", "loop breath every 19"])
    }

    @Test func deviceStateBeforeTheFirstLoadIsWhatTheStoreStartsWith() throws {
        let bridge = HapticPolicyBridge(output: { RecordingOutput() }, device: DeviceState(), emit: { _, _ in })
        bridge.supportsHaptics(false)
        #expect(throws: ExpoArgumentError.self) { try bridge.decide(["event": "breath.start"]) }
        try bridge.load(bundle: bundleText("breathing"))
        let decided = try bridge.decide(ExpoEvent(name: "screen.enter", value: .string("guide"), t: 0))
        #expect(decided["policyHash"] as? String != nil)
        let breath = try #require(
            try bridge.decide(ExpoEvent(name: "breath.start", t: 1))["decision"] as? [String: Any?])
        #expect(breath["reason"] as? String == "no-core-haptics")
    }

    @Test func aRefusedReloadKeepsThePolicyInUseAndSaysWhy() throws {
        let rig = try BridgeRig("breathing")
        let before = try rig.bridge.load(bundle: bundleText("breathing"))["hash"] as? String
        do {
            try rig.bridge.load(bundle: "{\"format\": 1}")
            Issue.record("a damaged bundle was applied")
        } catch {
            #expect(error.description.contains("refused"))
            #expect(error.description.contains(before ?? "?"))
        }
        let swapped = try rig.bridge.load(bundle: bundleText("metronome"))
        #expect(swapped["policy"] as? String == "metronome")
        #expect(swapped["hash"] as? String != before)
    }

    @Test func aFirstBundleThatDoesNotLoadSaysHowToMakeOne() throws {
        let bridge = HapticPolicyBridge(output: { RecordingOutput() }, device: DeviceState(), emit: { _, _ in })
        #expect {
            try bridge.load(bundle: "not json")
        } throws: { error in
            (error as? ExpoArgumentError)?.description.contains("haptic-policy compile") == true
        }
    }

    @Test func aMisspeltEventIsReportedOnceWithTheNameMeant() throws {
        let rig = try BridgeRig("breathing")
        try rig.decide(["event": "screen.enter", "value": "guide", "t": 0.0])
        let silent = try rig.decide(["event": "breath.strat", "t": 1.0])
        try rig.decide(["event": "breath.strat", "t": 2.0])
        #expect(silent["reason"] as? String == "unknown-event")
        let mistakes = rig.emitted.named("onIntegrationMistake")
        #expect(mistakes.count == 1)
        #expect(mistakes.first?["suggestion"] as? String == "breath.start")
        #expect((mistakes.first?["message"] as? String)?.contains("breath.strat") == true)
    }
}

/// Event data (`data:` fields, language v3) through the bridge: Web/test/fixtures/eventdata,
/// whose `turn.distance` picks its row by `data: {direction: left|right}`.
@MainActor
@Suite struct HapticPolicyBridgeDataTests {
    @Test func dataPicksTheRowAsInTheRuntime() throws {
        let rig = try BridgeRig("eventdata")
        try rig.decide(["event": "screen.enter", "screen": "ride", "t": 0.0])
        let far = try rig.decide(["event": "turn.distance", "value": 400, "data": ["direction": "right"], "t": 1.0])
        #expect(far["reason"] as? String == "baseline")
        let now = try rig.decide(["event": "turn.distance", "value": 20, "data": ["direction": "right"], "t": 2.0])
        #expect(now["action"] as? String == "play")
        #expect(now["rule"] as? String == "ride/turn.distance#2@now")
        let params = try #require(now["params"] as? [[String: Any?]])
        #expect(params.map { $0["name"] as? String } == ["side", "urgency"])
        #expect(params.map { $0["value"] as? Double } == [1, 3])
    }

    /// Every event object decides as the same event's JSONL line does through `eval`'s reader,
    /// null, array and object fields included (there without a value).
    @Test func dataDecidesAsTheEventLogsDataDoes() throws {
        let cases: [([String: Any], String)] = [
            (
                ["event": "screen.enter", "screen": "ride"],
                #""event":"screen.enter","screen":"ride""#
            ),
            (
                ["event": "turn.distance", "value": 400, "data": ["direction": "left"]],
                #""event":"turn.distance","value":400,"data":{"direction":"left"}"#
            ),
            (
                ["event": "turn.distance", "value": 400, "data": ["direction": "right"]],
                #""event":"turn.distance","value":400,"data":{"direction":"right"}"#
            ),
            (
                ["event": "turn.distance", "value": 20, "data": ["direction": "left"]],
                #""event":"turn.distance","value":20,"data":{"direction":"left"}"#
            ),
            (
                ["event": "turn.distance", "value": 20, "data": ["direction": "right"]],
                #""event":"turn.distance","value":20,"data":{"direction":"right"}"#
            ),
            (
                ["event": "turn.distance", "value": 400, "data": [["name": "direction", "value": "right"]]],
                #""event":"turn.distance","value":400,"data":{"direction":"right"}"#
            ),
            (
                ["event": "turn.distance", "value": 20],
                #""event":"turn.distance","value":20"#
            ),
            (
                ["event": "turn.distance", "value": 20, "data": ["direction": NSNull()]],
                #""event":"turn.distance","value":20,"data":{"direction":null}"#
            ),
            (
                ["event": "turn.distance", "value": 20, "data": ["direction": ["left"]]],
                #""event":"turn.distance","value":20,"data":{"direction":["left"]}"#
            ),
            (
                ["event": "turn.distance", "value": 90, "data": ["direction": "left", "lane": 2]],
                #""event":"turn.distance","value":90,"data":{"direction":"left","lane":2}"#
            ),
            (
                ["event": "turn.distance", "value": 90, "data": ["direction": "left", "lane": NSNull()]],
                #""event":"turn.distance","value":90,"data":{"direction":"left","lane":null}"#
            ),
            (
                ["event": "lane.change", "data": ["lanes": 0]],
                #""event":"lane.change","data":{"lanes":0}"#
            ),
            (
                ["event": "lane.change", "data": ["lanes": ["x": 1]]],
                #""event":"lane.change","data":{"lanes":{"x":1}}"#
            ),
            (
                ["event": "lane.change", "data": ["lanes": 3]],
                #""event":"lane.change","data":{"lanes":3}"#
            ),
            (
                ["event": "ride.arrived", "data": ["anything": "x", "else": NSNull()]],
                #""event":"ride.arrived","data":{"anything":"x","else":null}"#
            ),
        ]
        let rig = try BridgeRig("eventdata")
        let policy = try Policy(bundle: Array(bundleText("eventdata").utf8))
        var log = ""
        for (index, (_, line)) in cases.enumerated() { log += "{\"t\":\(index),\(line)}\n" }
        var evaluator = EventLogEvaluator(policy: policy, format: DecisionJSONWriter(policy: policy))
        var out: [UInt8] = []
        evaluator.consume(Array(log.utf8), into: &out)
        evaluator.finish(into: &out)
        let lines = String(decoding: out, as: UTF8.self).split(separator: "\n")
        #expect(lines.count == cases.count)
        #expect(lines.contains { $0.contains(#""action":"play""#) }, "some data picks a playing row")
        for (index, ((object, _), line)) in zip(cases, lines).enumerated() {
            let decided = try rig.decide(object.merging(["t": Double(index)]) { old, _ in old })
            let logged = try #require(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            for key in ["action", "reason", "rule", "note", "feedback"] {
                #expect(decided[key] as? String == logged[key] as? String, "\(key) of \(object): \(line)")
            }
            let given = (decided["params"] as? [[String: Any?]] ?? []).map {
                "\($0["name"] as? String ?? "?")=\($0["value"] as? Double ?? -1)"
            }
            let written = (logged["params"] as? [String: Any] ?? [:]).map { "\($0.key)=\($0.value as? Double ?? -1)" }
            #expect(given.sorted() == written.sorted(), "params of \(object): \(line)")
        }
    }
}
