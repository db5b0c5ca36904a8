/// The tools' one rule for writing text into JSON (`Docs/security.md`, "JSON output"):
/// `"` and `\` escaped, `\n`, `\r` and `\t` by their short escapes, every other control
/// character as `\u00XX`, and what some consumers of valid JSON still trip on escaped too:
/// U+2028 and U+2029 (line ends to JavaScript before ES2019 and to Python's
/// `splitlines()`), U+0085 (a line end to `splitlines()`), and the `/` of `</` (which ends
/// an HTML `<script>` holding the JSON). What is escaped decodes to the same text, so no
/// reader sees a difference but the ones that would have broken.
///
/// Every JSON writer goes through it: string literals (`quoted`: the tools' one writer,
/// `JSONWriter`, which writes lint's JSON, SARIF, the reports, exports, logs and the
/// language server's messages), JSON that Foundation's encoder wrote (`hardened`: the
/// bundle), and eval's byte-level hot path (`JSONBytes`), which applies the same rule to
/// UTF-8 and is tested against `quoted`. It lives in the runtime because the runtime
/// writes bundles.
package enum JSONString {
    /// `text` as a JSON string literal, quotes included.
    package static func quoted(_ text: String) -> String {
        var out = "\""
        out.unicodeScalars.reserveCapacity(text.utf8.count + 2)
        var previous: Unicode.Scalar?
        for scalar in text.unicodeScalars {
            append(scalar, after: previous, to: &out)
            previous = scalar
        }
        out += "\""
        return out
    }

    /// `json` (valid JSON text, such as `JSONEncoder` writes) with U+2028, U+2029, U+0085
    /// and the `/` of `</` escaped. Outside strings valid JSON holds none of them, so
    /// only string contents change, and they decode as before.
    package static func hardened(_ json: String) -> String {
        guard json.unicodeScalars.contains(where: needsHardening) else { return json }
        var out = ""
        out.unicodeScalars.reserveCapacity(json.utf8.count + 16)
        var previous: Unicode.Scalar?
        for scalar in json.unicodeScalars {
            if let escape = hardening(scalar, after: previous) {
                out += escape
            } else {
                out.unicodeScalars.append(scalar)
            }
            previous = scalar
        }
        return out
    }

    private static func needsHardening(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "<" || scalar == "\u{2028}" || scalar == "\u{2029}" || scalar == "\u{85}"
    }

    /// The escape of `scalar` (which follows `previous`) that only some consumers of valid
    /// JSON need, or nil.
    @inline(__always)
    private static func hardening(_ scalar: Unicode.Scalar, after previous: Unicode.Scalar?) -> String? {
        switch scalar {
        case "/" where previous == "<": "\\/"
        case "\u{2028}": "\\u2028"
        case "\u{2029}": "\\u2029"
        case "\u{85}": "\\u0085"
        default: nil
        }
    }

    /// Appends `scalar` (which follows `previous` in the text) to `out`, escaped by the rule.
    @inline(__always)
    private static func append(_ scalar: Unicode.Scalar, after previous: Unicode.Scalar?, to out: inout String) {
        switch scalar {
        case "\"": out += "\\\""
        case "\\": out += "\\\\"
        case "\n": out += "\\n"
        case "\r": out += "\\r"
        case "\t": out += "\\t"
        case _ where scalar.value < 0x20:
            out += "\\u00"
            out.unicodeScalars.append(hexDigit(scalar.value >> 4))
            out.unicodeScalars.append(hexDigit(scalar.value & 15))
        default:
            if let escape = hardening(scalar, after: previous) {
                out += escape
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
    }

    private static func hexDigit(_ value: UInt32) -> Unicode.Scalar {
        Unicode.Scalar(UInt8(value < 10 ? 48 + value : 87 + value))
    }
}
