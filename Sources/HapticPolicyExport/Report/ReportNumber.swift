import HapticPolicy
import HapticPolicyReplay

/// Numbers as the report shows them to people: rounded, never `0.35294117647058826`.
/// Every number on the page goes through here, built on the core's one decimal
/// formatter (`decimalText`, in the runtime's `NumberText.swift`), so the page, logs and exports agree on
/// how a number is written.
package enum ReportNumber {
    /// An amount (an intensity, a value, an edge) with at most two decimals: `0.35`, `47.22`, `4`.
    package static func amount(_ value: Double) -> String { decimalText(value, decimals: 2) }

    /// A length of time: under a second in milliseconds to a tenth (`352.9 ms`), from a
    /// second on in seconds with at most two decimals (`1.5 s`, `10 s`).
    package static func duration(_ seconds: Double) -> String {
        if seconds != 0, abs(seconds) < 1 { return decimalText(seconds * 1000, decimals: 1) + " ms" }
        return amount(seconds) + " s"
    }

    /// A moment in a session or a pattern, in seconds with at most two decimals (`7.35 s`).
    package static func moment(_ seconds: Double) -> String { amount(seconds) + " s" }

    /// A span of moments: `25.3–82.7 s`.
    package static func span(_ from: Double, _ to: Double) -> String { amount(from) + "–" + amount(to) + " s" }

    /// A value with its unit, if the band set names one: `25 %`, `120 bpm`.
    package static func amount(_ value: Double, unit: String?) -> String {
        guard let unit, !unit.isEmpty else { return amount(value) }
        return amount(value) + " " + unit
    }
}
