import HapticPolicy
import HapticPolicyCompiler
import HapticPolicyDocument

/// Writes simulated events as JSONL, the evaluator's input format, byte for byte the
/// same for the same events: fixed key order, fixed number formatting, no locale.
public enum EventLogWriter {
    /// One line (without the newline) for one event.
    ///
    /// Keys in this order, each only when present: `t`, `event`, `screen`, `subject`,
    /// `value`, `speaks`, `params`, `data`.
    public static func line(_ event: TimedEvent) -> String {
        var members: [(String, JSONNode)] = [("t", .number(event.t, decimals: 3)), ("event", .string(event.name))]
        if let screen = event.screen { members.append(("screen", .string(screen))) }
        if let subject = event.subject { members.append(("subject", .string(subject))) }
        if let value = event.value {
            members.append(("value", node(value, decimals: Int(event.valueDecimals ?? 6))))
        }
        if let speaks = event.speaks { members.append(("speaks", .bool(speaks))) }
        if !event.params.isEmpty { members.append(("params", fields(event.params))) }
        if !event.data.isEmpty { members.append(("data", fields(event.data))) }
        return JSONWriter.line(.object(members))
    }

    /// The whole log, one line per event, each ending with a newline.
    public static func log(_ events: [TimedEvent]) -> String {
        var out = ""
        for event in events {
            out += line(event)
            out += "\n"
        }
        return out
    }
}

extension EventLogWriter {
    /// A value as JSON, numbers to `decimals` places; nil (a parameter the log gave as an
    /// array or object) as `null`.
    package static func node(_ value: ScalarValue?, decimals: Int) -> JSONNode {
        switch value {
        case .number(let number)?: .number(number, decimals: decimals)
        case .bool(let flag)?: .bool(flag)
        case .string(let text)?: .string(text)
        case nil: .null
        }
    }

    /// `{"side":-1,"urgency":2}`: names and values in order, numbers to six places.
    package static func fields(_ fields: [Event.Parameter]) -> JSONNode {
        .object(fields.map { ($0.name, node($0.value, decimals: 6)) })
    }
}
