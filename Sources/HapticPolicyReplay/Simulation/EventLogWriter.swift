import HapticPolicy

/// Writes simulated events as JSONL, the evaluator's input format, byte for byte the
/// same for the same events: fixed key order, fixed number formatting, no locale.
public enum EventLogWriter {
    /// One line (without the newline) for one event.
    ///
    /// Keys in this order, each only when present: `t`, `event`, `screen`, `subject`,
    /// `value`, `speaks`, `params`, `data`.
    public static func line(_ event: TimedEvent) -> String {
        var out = "{\"t\":" + decimalText(event.t, decimals: 3)
        out += ",\"event\":" + jsonString(event.name)
        if let screen = event.screen { out += ",\"screen\":" + jsonString(screen) }
        if let subject = event.subject { out += ",\"subject\":" + jsonString(subject) }
        if let value = event.value {
            out += ",\"value\":" + valueText(value, decimals: Int(event.valueDecimals ?? 6))
        }
        if let speaks = event.speaks { out += ",\"speaks\":" + (speaks ? "true" : "false") }
        if !event.params.isEmpty {
            let fields = event.params.map { jsonString($0.name) + ":" + valueText($0.value, decimals: 6) }
            out += ",\"params\":{" + fields.joined(separator: ",") + "}"
        }
        if !event.data.isEmpty {
            let fields = event.data.map { jsonString($0.name) + ":" + valueText($0.value, decimals: 6) }
            out += ",\"data\":{" + fields.joined(separator: ",") + "}"
        }
        return out + "}"
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
    /// A value as JSON; nil (a parameter the log gave as an array or object) as `null`.
    package static func valueText(_ value: ScalarValue?, decimals: Int) -> String {
        switch value {
        case .number(let number)?: decimalText(number, decimals: decimals)
        case .bool(let flag)?: flag ? "true" : "false"
        case .string(let text)?: jsonString(text)
        case nil: "null"
        }
    }

    /// A JSON string literal, escaped by the tools' one rule (`JSONString`).
    package static func jsonString(_ text: String) -> String {
        JSONString.quoted(text)
    }
}
