/// Edit distance (optimal string alignment, over Unicode characters): the fewest
/// single-character insertions, deletions, substitutions and swaps of two neighbours
/// that turn `a` into `b` (`pluse` → `pulse` is 1).
package func editDistance(_ a: String, _ b: String, limit: Int = .max) -> Int {
    editDistance(Array(a), Array(b), limit: limit)
}

/// Edit distance over character arrays; stops early and returns `limit + 1` once every
/// alignment already costs more than `limit`, so a distance above `limit` reads `limit + 1`.
func editDistance(_ lhs: [Character], _ rhs: [Character], limit: Int) -> Int {
    if lhs.isEmpty { return rhs.count }
    if rhs.isEmpty { return lhs.count }
    var beforePrevious = [Int](repeating: 0, count: rhs.count + 1)
    var previous = Array(0...rhs.count)
    var current = [Int](repeating: 0, count: rhs.count + 1)
    for i in 1...lhs.count {
        current[0] = i
        for j in 1...rhs.count {
            let substitution = previous[j - 1] + (lhs[i - 1] == rhs[j - 1] ? 0 : 1)
            current[j] = min(previous[j] + 1, current[j - 1] + 1, substitution)
            if i > 1, j > 1, lhs[i - 1] == rhs[j - 2], lhs[i - 2] == rhs[j - 1] {
                current[j] = min(current[j], beforePrevious[j - 2] + 1)
            }
        }
        // Every later cell builds on this row or (by a swap) the one before, plus at least 1.
        if limit < .max, (current.min() ?? 0) > limit, (previous.min() ?? 0) >= limit { return limit + 1 }
        (beforePrevious, previous, current) = (previous, current, beforePrevious)
    }
    return previous[rhs.count]
}

/// The candidate closest to a misspelt `name`, if one is close enough to be a likely typo:
/// a case-only difference, or at most a third of the name's length in edits (at least 1,
/// at most 3). Ties go to the earliest candidate, so results are deterministic.
package func suggestion(for name: String, among candidates: some Sequence<String>) -> String? {
    let lowered = Array(name.lowercased())
    let length = lowered.count
    let allowed = min(3, max(1, length / 3))
    var best: (name: String, distance: Int)?
    for candidate in candidates where !NameKey.same(candidate, name) {
        // Very long names are not typos worth comparing, and a length difference above the
        // allowed distance cannot be a near miss: both keep the cost small.
        let count = candidate.count
        guard count <= 200, length <= 200, abs(count - length) <= allowed else { continue }
        let distance = editDistance(lowered, Array(candidate.lowercased()), limit: allowed)
        if let current = best, current.distance <= distance { continue }
        best = (candidate, distance)
    }
    guard let best else { return nil }
    return best.distance <= allowed ? best.name : nil
}

/// `"; did you mean 'x'?"` for a near miss, or an empty string. A candidate that reads
/// the same with other code points is named as such.
package func didYouMean(_ name: String, among candidates: some Sequence<String>) -> String {
    hint(for: name, suggestion: suggestion(for: name, among: candidates))
}

/// What follows "… is not in the catalogue" for `name` and the near miss `suggestion`
/// found for it: `"; did you mean 'x'?"`; for a name that reads the same with other code
/// points (`"cafe\u{301}"` for `"caf\u{E9}"`, another name by `NameKey`), both code
/// point lists; nothing without a suggestion.
package func hint(for name: String, suggestion: String?) -> String {
    guard let suggestion else { return "" }
    guard suggestion == name, !NameKey.same(suggestion, name) else { return "; did you mean '\(suggestion)'?" }
    return
        "; '\(suggestion)' reads the same but is written with other Unicode code points (\(codePoints(suggestion)), here \(codePoints(name))): names are equal only when their code points are"
}

/// `U+0063 U+0061 …`, the code points of a short name (at most 12, then "…").
package func codePoints(_ name: String) -> String {
    let scalars = name.unicodeScalars.prefix(12).map {
        "U+" + String($0.value, radix: 16, uppercase: true).paddedHex
    }
    return scalars.joined(separator: " ") + (name.unicodeScalars.count > 12 ? " …" : "")
}

extension String {
    fileprivate var paddedHex: String { count >= 4 ? self : String(repeating: "0", count: 4 - count) + self }
}
