import Foundation
import HapticPolicy
import HapticPolicyExpoBridge
import HapticPolicyReplay
import Testing

/// The decision objects the module hands JavaScript have the keys and values of the
/// JSONL decision contract (`eval`'s writer), so the package's `Decision` type reads them.
@Suite struct DecisionObjectTests {
    /// Events that reach plays, silences, stops, fallbacks, bands, parameters and loops.
    static let cases: [(policy: String, events: [ExpoEvent])] = [
        (
            "breathing",
            [
                ExpoEvent(name: "screen.enter", value: .string("guide"), t: 0),
                ExpoEvent(name: "breath.start", params: ["inhale": 4, "hold": 7, "exhale": 8], t: 0.05),
                ExpoEvent(name: "breath.start", params: ["inhale": 5], t: 1),
                ExpoEvent(name: "button.tap", t: 2),
                ExpoEvent(name: "breath.stop", t: 3),
                ExpoEvent(name: "breath.stop", t: 4),
                ExpoEvent(name: "device.lowPower", value: .bool(true), t: 5),
                ExpoEvent(name: "breath.start", params: ["inhale": 50], t: 6),
                ExpoEvent(name: "breath.strat", t: 7),
                ExpoEvent(name: "app.state", value: .string("background"), t: 8),
                ExpoEvent(name: "app.state", value: .string("foreground"), t: 9),
            ]
        ),
        (
            "plavo",
            [
                ExpoEvent(name: "screen.enter", value: .string("camera"), t: 0),
                ExpoEvent(name: "plant.found", subject: "monstera", speaks: true, t: 1),
                ExpoEvent(name: "moisture.sample", subject: "monstera", value: .number(42), t: 2),
                ExpoEvent(name: "moisture.sample", subject: "monstera", value: .number(5), t: 30),
                ExpoEvent(name: "moisture.sample", subject: "monstera", value: .string("wet"), t: 31),
                ExpoEvent(name: "selector.begin", t: 32),
                ExpoEvent(name: "selector.tick", t: 33),
                ExpoEvent(name: "selector.end", t: 34),
                ExpoEvent(name: "screen.enter", value: .string("nowhere"), t: 35),
            ]
        ),
    ]

    @Test(arguments: 0..<cases.count)
    func decisionsHaveTheKeysAndValuesOfTheDecisionLog(index: Int) throws {
        let (name, events) = Self.cases[index]
        let store = try PolicyStore(bundle: Array(bundleText(name).utf8))
        let writer = DecisionJSONWriter(policy: store.current)
        for (line, event) in events.enumerated() {
            let decided = store.decide(
                t: event.t, event: event.name, screen: event.screen, subject: event.subject, value: event.value,
                speaks: event.speaks, params: event.params)
            var bytes: [UInt8] = []
            writer.write(
                LoggedDecision(
                    line: line + 1, t: event.t, event: event.name, subject: event.subject, decision: decided.decision),
                into: &bytes)
            var logged = try #require(try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any])
            for key in ["line", "t", "event", "subject"] { logged[key] = nil }
            var object = json(DecisionObject.decision(decided.decision))
            // The package's `Decision` lists parameters as `{name, value}` in declaration
            // order (`PlayParameter[]`); the log writes them as one object.
            object["params"] = Self.parameterObject(object["params"])
            let steps = object["also"] as? [[String: Any]] ?? []
            if steps.isEmpty {
                object["also"] = nil
            } else {
                // A step in the log has no screen, rule or band of its own.
                let loggedSteps = logged["also"] as? [[String: Any]] ?? []
                object["also"] = zip(steps, loggedSteps).map { step, loggedStep in
                    var kept = step.filter { loggedStep[$0.key] != nil }
                    kept["params"] = Self.parameterObject(kept["params"])
                    return kept
                }
            }
            #expect(NSDictionary(dictionary: object) == NSDictionary(dictionary: logged), "\(name) line \(line + 1)")
        }
    }

    @Test func aMistakeHasThePackagesFields() {
        let mistake = IntegrationMistake(kind: .unknownEvent, name: "breath.strat", suggestion: "breath.start")
        let object = json(DecisionObject.mistake(mistake))
        #expect(object["kind"] as? String == "unknown-event")
        #expect(object["suggestion"] as? String == "breath.start")
        #expect(object["detail"] is NSNull)
        #expect(object["message"] as? String == mistake.description)
    }

    /// `[{name, value}]` as the log's `{name: value}`.
    static func parameterObject(_ list: Any?) -> Any? {
        guard let list = list as? [[String: Any]] else { return list }
        var object: [String: Any] = [:]
        for entry in list { object[entry["name"] as? String ?? ""] = entry["value"] }
        return object
    }

    /// JavaScript's view: `nil` is `null`.
    private func json(_ object: [String: Any?]) -> [String: Any] {
        object.mapValues { value -> Any in
            switch value {
            case nil: NSNull()
            case let nested as [String: Any?]: json(nested)
            case let list as [[String: Any?]]: list.map(json)
            case let some?: some
            }
        }
    }
}
