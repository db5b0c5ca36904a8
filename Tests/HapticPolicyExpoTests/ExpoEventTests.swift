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

    @Test func dataFieldsAreReadInEitherFormOfTheirKind() throws {
        let record = try ExpoEvent([
            "event": "turn.distance", "data": ["direction": "left", "lanes": 2, "urgent": false],
        ])
        #expect(record.data == ["direction": .string("left"), "lanes": .number(2), "urgent": .bool(false)])
        let list = try ExpoEvent([
            "event": "turn.distance",
            "data": [["name": "direction", "value": "left"], ["name": "lanes", "value": 2]],
        ])
        #expect(list.data == ["direction": .string("left"), "lanes": .number(2)])
        #expect(try ExpoEvent(["event": "e", "data": NSNull()]).data.isEmpty)
        #expect(try ExpoEvent(["event": "e"]).data.isEmpty)
    }

    /// As the event logs' `data` reading: a null, array or object field is there without a value.
    @Test func aDataFieldThatIsNotAScalarIsKeptWithoutAValue() throws {
        let event = try ExpoEvent([
            "event": "turn.distance", "data": ["direction": NSNull(), "lanes": [1, 2], "at": ["x": 1]],
        ])
        #expect(event.data.keys.sorted() == ["at", "direction", "lanes"])
        #expect(event.data.values.allSatisfy { $0 == nil })
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
            (["event": "e", "data": "left"], "'data' must be an object such as {direction: \"left\"}, not a string"),
            (["event": "e", "data": [4]], "'data[0]' must be {name: string, value: number, boolean or string}"),
            (
                ["event": "e", "data": [["name": "lanes", "value": 2], ["name": "lanes", "value": 3]]],
                "data field 'lanes' is written twice in 'data'; keep one"
            ),
            (["event": "e", "data": ["lanes": Double.infinity]], "'data.lanes' must be a finite number"),
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
