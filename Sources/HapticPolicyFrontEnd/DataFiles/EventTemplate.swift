import HapticPolicy
import HapticPolicyReplay
import HapticPolicyYAML

// The event fields of scenarios and test files, read into the replay's event template:
// the front end's part of reading those files (the YAML module knows no replay model).

extension PolicyDecoder {
    /// Event fields shared by scenarios and tests: `screen`, `subject`, `value`,
    /// `speaks`, `params`, `data` (the `event` name is read by the caller).
    mutating func eventTemplate(_ name: String, _ fields: Fields) -> Scenario.EventTemplate {
        var template = Scenario.EventTemplate(name: name)
        if let node = fields["screen"] { template.screen = text(node, for: "screen")?.value }
        if let node = fields["subject"] { template.subject = text(node, for: "subject")?.value }
        if let node = fields["value"] { template.value = scalarValue(node, for: "value")?.value }
        if let node = fields["speaks"] { template.speaks = bool(node, for: "speaks")?.value }
        if let node = fields["params"], let entries = namedEntries(node, for: "params") {
            for entry in entries {
                if let value = number(entry.value, for: entry.name.value) {
                    template.params.append(Event.Parameter(name: entry.name.value, value: .number(value.value)))
                }
            }
        }
        if let node = fields["data"] { template.data = dataFields(node) }
        return template
    }

    /// An event's `data:` map (`{direction: left}`), in written order.
    mutating func dataFields(_ node: YAMLNode) -> [Event.Parameter] {
        guard let entries = namedEntries(node, for: "data") else { return [] }
        var fields: [Event.Parameter] = []
        for entry in entries {
            if let value = scalarValue(entry.value, for: entry.name.value) {
                fields.append(Event.Parameter(name: entry.name.value, value: value.value))
            }
        }
        return fields
    }

    /// Keys of the event fields read by `eventTemplate`.
    static let eventFieldKeys = ["event", "screen", "subject", "value", "speaks", "params", "data"]
}
