import HapticPolicy
import HapticPolicyCompiler
import HapticPolicyDocument

/// Writes a pattern as a `pattern:` block of the policy language, ready to paste under a
/// feedback entry. Short events go on one line (flow style); events with curves are
/// written as blocks. Strings are always double-quoted.
package enum PatternYAMLWriter {
    /// The YAML text, ending with a newline; `comment` lines go first, prefixed with `#`.
    package static func write(_ pattern: PatternDecl, comment: [String] = [], indent: Int = 0) -> String {
        let pad = String(repeating: " ", count: indent)
        var out = comment.map { "\(pad)# \(sourceComment($0))\n" }.joined()
        out += "\(pad)pattern:\n"
        if !pattern.parameters.isEmpty {
            out += "\(pad)  params:\n"
            for parameter in pattern.parameters {
                var fields = ["default: \(number(parameter.defaultValue.value))"]
                if let minimum = parameter.minimum { fields.append("min: \(number(minimum.value))") }
                if let maximum = parameter.maximum { fields.append("max: \(number(maximum.value))") }
                if let unit = parameter.unit { fields.append("unit: \(JSONWriter.quoted(unit))") }
                out += "\(pad)    \(parameter.name.value): {\(fields.joined(separator: ", "))}\n"
            }
        }
        out += "\(pad)  events:\n"
        for event in pattern.events {
            var fields = ["type: \(event.kind.value.rawValue)", "time: \(expression(event.time.value))"]
            if let duration = event.duration { fields.append("duration: \(expression(duration.value))") }
            if let intensity = event.intensity { fields.append("intensity: \(expression(intensity.value))") }
            if let sharpness = event.sharpness { fields.append("sharpness: \(expression(sharpness.value))") }
            if let note = event.note { fields.append("note: \(JSONWriter.quoted(note))") }
            if event.curves.isEmpty {
                out += "\(pad)    - {\(fields.joined(separator: ", "))}\n"
                continue
            }
            out += "\(pad)    - " + fields.joined(separator: "\n\(pad)      ") + "\n"
            out += "\(pad)      curves:\n"
            for curve in event.curves {
                let points = curve.points.map { "[\(expression($0.time.value)), \(expression($0.value.value))]" }
                out += "\(pad)        \(curve.parameter.value.rawValue): [\(points.joined(separator: ", "))]\n"
            }
        }
        if let loop = pattern.loop { out += "\(pad)  loop: \(expression(loop.value))\n" }
        return out
    }

    private static func number(_ value: Double) -> String { decimalText(value, decimals: JSONWriter.decimals) }

    private static func expression(_ expression: Expression) -> String {
        if let constant = expression.constant { return number(constant) }
        return JSONWriter.quoted(expression.description)
    }
}
