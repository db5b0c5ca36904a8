// The numbers the tools' summaries and reports print (eval's summary, the fleet summary,
// diff, the report); the runtime's own number text is `numberText` (HapticPolicy).

/// `1 ring`, `2 rings`, `0 rings`: a count with its noun, plural unless the count is one
/// (the noun takes an `s`).
package func countText(_ number: Int, _ noun: String) -> String {
    "\(number) \(noun)\(number == 1 ? "" : "s")"
}

/// `value` rounded to a tenth, for summaries (`7.1 rings/min over 260.1 s`). Never
/// infinite: a number too large to have a fraction is returned as it is, where
/// multiplying it by ten could overflow.
package func tenthRounded(_ value: Double) -> Double {
    abs(value) >= 1e15 ? value : (value * 10).rounded() / 10
}

/// `total + part`, held at the largest finite number instead of overflowing to infinity:
/// times between events near ±1.8e308 add up to more than a `Double` holds, and a summary
/// never says `inf`.
@inline(__always)
package func saturatingSum(_ total: Double, _ part: Double) -> Double {
    min(total + part, .greatestFiniteMagnitude)
}

/// `count` per minute over `seconds` (0 without time), finite however short the time.
package func perMinute(_ count: Int, over seconds: Double) -> Double {
    guard seconds > 0 else { return 0 }
    return min(Double(count) / seconds * 60, .greatestFiniteMagnitude)
}
