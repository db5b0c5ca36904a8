import Foundation
import HapticPolicy
import HapticPolicyExpoBridge
import Testing

/// Event objects from JavaScript, decoded as the package's `StoreEvent` describes them.
@Suite struct ExpoEventTests {
    @Test func everyFieldIsRead() throws {
        let event = try ExpoEvent([
            "event": "breath.start", "screen": "guide", "subject": "me", "value": 3.5, "speaks": true,
            "params": ["inhale": 4, "hold": 7.5], "t": 2.0,
        ])
        #expect(
            event
                == ExpoEvent(
                    name: "breath.start", screen: "guide", subject: "me", value: .number(3.5), speaks: true,
                    params: ["inhale": 4, "hold": 7.5], t: 2))
    }

    @Test func nullIsAbsent() throws {
        let event = try ExpoEvent(["event": "button.tap", "screen": NSNull(), "value": NSNull(), "params": NSNull()])
        #expect(event == ExpoEvent(name: "button.tap"))
    }

    @Test func valuesKeepTheirKind() throws {
        #expect(try ExpoEvent(["event": "e", "value": true]).value == .bool(true))
        #expect(try ExpoEvent(["event": "e", "value": "guide"]).value == .string("guide"))
        #expect(try ExpoEvent(["event": "e", "value": 42]).value == .number(42))
    }

    @Test func parametersMayBeAListOfNamesAndValues() throws {
        let event = try ExpoEvent([
            "event": "e", "params": [["name": "bpm", "value": 120], ["name": "x", "value": NSNull()]],
        ])
        #expect(event.params == ["bpm": 120])
    }

    @Test func badObjectsSayWhatIsWrongAndWhatToSend() {
        let cases: [([String: Any], String)] = [
            (["screen": "guide"], "'event' is missing"),
            (["event": 3], "'event' must be a string, not a number"),
            (["event": "e", "speaks": "yes"], "'speaks' must be true or false, not a string"),
            (["event": "e", "t": "now"], "'t' must be a finite number, not a string"),
            (["event": "e", "t": Double.nan], "'t' must be a finite number"),
            (["event": "e", "params": ["inhale": "4"]], "'params.inhale' must be a finite number, not a string"),
            (["event": "e", "params": ["inhale": true]], "'params.inhale' must be a number, not a boolean"),
            (["event": "e", "params": 4], "'params' must be an object of numbers"),
            (["event": "e", "params": [4]], "'params[0]' must be {name: string, value: number}"),
            (["event": "e", "value": ["a"]], "'value' must be a number, a boolean or a string, not an array"),
            (["event": "e", "Screen": "guide"], "unknown key 'Screen'"),
        ]
        for (object, message) in cases {
            #expect {
                try ExpoEvent(object)
            } throws: { error in
                (error as? ExpoArgumentError)?.description.contains(message) == true
            }
        }
    }
}
