import HapticPolicyCompiler
import HapticPolicyDocument

/// Checks an AHAP document against the documented key set (`AHAPExporter.documentedKeys`)
/// and returns the path of every key outside it (`Pattern[0].Event.Type`).
package enum AHAPKeyValidator {
    /// Paths of undocumented keys, in document order; empty when the document is clean.
    package static func violations(_ document: JSONNode) -> [String] {
        var found: [String] = []
        check(document, level: "root", path: "", into: &found)
        return found
    }

    private static let children: [String: String] = [
        "Metadata": "Metadata", "Event": "Event", "ParameterCurve": "ParameterCurve", "Parameter": "Parameter",
    ]

    private static func check(_ node: JSONNode, level: String, path: String, into found: inout [String]) {
        guard let members = node.members, let allowed = AHAPExporter.documentedKeys[level] else { return }
        for member in members {
            let here = path.isEmpty ? member.key : "\(path).\(member.key)"
            guard allowed.contains(member.key) else {
                found.append(here)
                continue
            }
            switch (level, member.key) {
            case ("root", "Pattern"):
                for (index, entry) in (member.value.items ?? []).enumerated() {
                    check(entry, level: "PatternEntry", path: "Pattern[\(index)]", into: &found)
                }
            case ("Event", "EventParameters"):
                for (index, item) in (member.value.items ?? []).enumerated() {
                    check(item, level: "EventParameter", path: "\(here)[\(index)]", into: &found)
                }
            case ("ParameterCurve", "ParameterCurveControlPoints"):
                for (index, item) in (member.value.items ?? []).enumerated() {
                    check(item, level: "ControlPoint", path: "\(here)[\(index)]", into: &found)
                }
            case ("Metadata", "HapticPolicySilences"):
                for (index, item) in (member.value.items ?? []).enumerated() {
                    check(item, level: "Silence", path: "\(here)[\(index)]", into: &found)
                }
            default:
                if let child = children[member.key] { check(member.value, level: child, path: here, into: &found) }
            }
        }
    }
}
