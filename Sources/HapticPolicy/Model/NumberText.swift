import Foundation

/// Shortest text for a number as designers write it: `4` not `4.0`, `0.35`, `1e-06`.
package func numberText(_ value: Double) -> String {
    if value.rounded() == value, abs(value) < 1e15 { return String(Int(value)) }
    return String(value)
}

/// `value` rounded to `decimals` places (at most 9), without trailing zeros: `12.5`, `40`,
/// `-0.125`; `-0` is written `0`. Integer arithmetic only, so the text never depends on the
/// platform's formatter. The tools' one rounded formatter: logs, exports, tables, the
/// report page and diffs write numbers through it (and `numberText` for the shortest form).
package func decimalText(_ value: Double, decimals: Int) -> String {
    guard value.isFinite else { return "0" }
    let places = min(max(decimals, 0), 9)
    var scale: Int64 = 1
    for _ in 0..<places { scale *= 10 }
    let magnitude = (abs(value) * Double(scale)).rounded()
    guard magnitude < 9e15 else { return numberText(value) }
    let scaled = Int64(magnitude)
    let whole = scaled / scale
    var fraction = places > 0 ? String(scaled % scale) : ""
    if places > 0 {
        fraction = String(repeating: "0", count: places - fraction.count) + fraction
        while fraction.hasSuffix("0") { fraction.removeLast() }
    }
    let sign = value < 0 && scaled != 0 ? "-" : ""
    return sign + String(whole) + (fraction.isEmpty ? "" : "." + fraction)
}
