import Foundation

/// Shortest text for a number as designers write it: `4` not `4.0`, `0.35`, `1e-06`.
package func numberText(_ value: Double) -> String {
    if value.rounded() == value, abs(value) < 1e15 { return String(Int(value)) }
    return String(value)
}
