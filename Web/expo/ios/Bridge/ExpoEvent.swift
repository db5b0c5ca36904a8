import Foundation
import HapticPolicy

/// One event as the module's JavaScript side sends it (the `StoreEvent` of the
/// `haptic-policy` package: `{event, screen?, subject?, value?, speaks?, params?, data?, t?}`),
/// decoded from the dictionary Expo hands the native function. Absent keys and `null`
/// (`NSNull`) mean the same: not given.
public struct ExpoEvent: Sendable, Equatable {
    /// The event name.
    public var name: String
    /// The screen it happened on; nil: the last `screen.enter`.
    public var screen: String?
    /// What it is about.
    public var subject: String?
    /// The carried value.
    public var value: ScalarValue?
    /// Whether the creature speaks with it.
    public var speaks: Bool
    /// Template parameters (seconds, beats per minute: numbers).
    public var params: [String: Double]
    /// The data fields besides the value (`data:` in the policy), read as the event logs'
    /// `data` is: a null, array or object field is kept without a value (the policy's
    /// declaration then calls it bad), a field that is not there is absent.
    public var data: [String: ScalarValue?]
    /// Seconds since the store started; nil: now.
    public var t: Double?

    /// The keys an event object may have.
    public static let keys: Set<String> = ["event", "screen", "subject", "value", "speaks", "params", "data", "t"]

    /// Decodes a JavaScript event object; throws what is wrong and what to send instead.
    public init(_ object: [String: Any]) throws(ExpoArgumentError) {
        if let key = object.keys.sorted().first(where: { !Self.keys.contains($0) }) {
            throw ExpoArgumentError("unknown key '\(key)'; an event has \(Self.keys.sorted().joined(separator: ", "))")
        }
        guard let name = try Self.string(object["event"], "event") else {
            throw ExpoArgumentError("'event' is missing; give the event's name: {event: \"breath.start\"}")
        }
        self.name = name
        screen = try Self.string(object["screen"], "screen")
        subject = try Self.string(object["subject"], "subject")
        value = try Self.scalar(object["value"])
        speaks = try Self.bool(object["speaks"], "speaks") ?? false
        t = try Self.number(object["t"], "t")
        params = try Self.parameters(object["params"])
        data = try Self.fields(object["data"])
    }

    /// Creates an event from its parts.
    public init(
        name: String, screen: String? = nil, subject: String? = nil, value: ScalarValue? = nil, speaks: Bool = false,
        params: [String: Double] = [:], data: [String: ScalarValue?] = [:], t: Double? = nil
    ) {
        self.name = name
        self.screen = screen
        self.subject = subject
        self.value = value
        self.speaks = speaks
        self.params = params
        self.data = data
        self.t = t
    }

    private static func isAbsent(_ any: Any?) -> Bool {
        guard let any else { return true }
        return any is NSNull
    }

    private static func string(_ any: Any?, _ key: String) throws(ExpoArgumentError) -> String? {
        if isAbsent(any) { return nil }
        guard let text = any as? String else { throw ExpoArgumentError("'\(key)' must be a string, not \(kind(any))") }
        return text
    }

    private static func bool(_ any: Any?, _ key: String) throws(ExpoArgumentError) -> Bool? {
        if isAbsent(any) { return nil }
        guard let flag = any as? Bool else {
            throw ExpoArgumentError("'\(key)' must be true or false, not \(kind(any))")
        }
        return flag
    }

    private static func number(_ any: Any?, _ key: String) throws(ExpoArgumentError) -> Double? {
        if isAbsent(any) { return nil }
        if any is Bool { throw ExpoArgumentError("'\(key)' must be a number, not a boolean") }
        if let number = any as? Double, number.isFinite { return number }
        if let number = any as? Int { return Double(number) }
        throw ExpoArgumentError("'\(key)' must be a finite number, not \(kind(any))")
    }

    private static func scalar(_ any: Any?) throws(ExpoArgumentError) -> ScalarValue? {
        if isAbsent(any) { return nil }
        if let flag = any as? Bool { return .bool(flag) }
        if let text = any as? String { return .string(text) }
        if let number = try? number(any, "value") { return .number(number) }
        throw ExpoArgumentError("'value' must be a number, a boolean or a string, not \(kind(any))")
    }

    /// One data field's value as the event logs' `data` reading takes it: a number, a boolean
    /// or a string; nil (no value) for null, an array or an object; a non-finite number is refused.
    private static func field(_ any: Any?, _ key: String) throws(ExpoArgumentError) -> ScalarValue? {
        if isAbsent(any) || any is [Any] || any is [String: Any] { return nil }
        if let flag = any as? Bool { return .bool(flag) }
        if let text = any as? String { return .string(text) }
        if let number = try number(any, key) { return .number(number) }
        return nil
    }

    /// `{direction: "left"}` or `[{name: "direction", value: "left"}]`, as the package takes them.
    private static func fields(_ any: Any?) throws(ExpoArgumentError) -> [String: ScalarValue?] {
        if isAbsent(any) { return [:] }
        var result: [String: ScalarValue?] = [:]
        if let record = any as? [String: Any] {
            for (name, value) in record { result[name] = .some(try field(value, "data.\(name)")) }
            return result
        }
        if let list = any as? [Any] {
            for (index, element) in list.enumerated() {
                guard let entry = element as? [String: Any], let name = entry["name"] as? String else {
                    throw ExpoArgumentError("'data[\(index)]' must be {name: string, value: number, boolean or string}")
                }
                guard result[name] == nil else {
                    throw ExpoArgumentError("data field '\(name)' is written twice in 'data'; keep one")
                }
                result[name] = .some(try field(entry["value"], "data[\(index)].value"))
            }
            return result
        }
        throw ExpoArgumentError("'data' must be an object such as {direction: \"left\"}, not \(kind(any))")
    }

    /// `{inhale: 4, hold: 7}` or `[{name: "inhale", value: 4}]`, as the package takes them.
    private static func parameters(_ any: Any?) throws(ExpoArgumentError) -> [String: Double] {
        if isAbsent(any) { return [:] }
        var result: [String: Double] = [:]
        if let record = any as? [String: Any] {
            for (name, value) in record {
                guard let number = try number(value, "params.\(name)") else { continue }
                result[name] = number
            }
            return result
        }
        if let list = any as? [Any] {
            for (index, element) in list.enumerated() {
                guard let entry = element as? [String: Any], let name = entry["name"] as? String else {
                    throw ExpoArgumentError("'params[\(index)]' must be {name: string, value: number}")
                }
                guard let number = try number(entry["value"], "params[\(index)].value") else { continue }
                result[name] = number
            }
            return result
        }
        throw ExpoArgumentError("'params' must be an object of numbers ({inhale: 4}), not \(kind(any))")
    }

    private static func kind(_ any: Any?) -> String {
        switch any {
        case is String: "a string"
        case is Bool: "a boolean"
        case is Double, is Int: "a number"
        case is [Any]: "an array"
        case is [String: Any]: "an object"
        default: "a value of type \(any.map { String(describing: type(of: $0)) } ?? "nil")"
        }
    }
}

/// A JavaScript argument the module cannot use; `description` says which and what to send.
/// The module rejects the call with it (the promise, or the synchronous call, throws).
public struct ExpoArgumentError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What is wrong and what to do.
    public var description: String

    /// Creates an error with its message.
    public init(_ description: String) {
        self.description = description
    }
}
