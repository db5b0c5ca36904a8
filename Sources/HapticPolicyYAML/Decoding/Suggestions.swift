/// "Did you mean" for near-miss names, by edit distance.
enum Suggestions {
    /// The candidate closest to `name`, if it is close enough to be a likely typo.
    static func closest(to name: String, in candidates: [String]) -> String? {
        let lowered = Array(name.lowercased().unicodeScalars)
        let threshold = max(1, min(3, (lowered.count + 2) / 3))
        var best: (candidate: String, distance: Int)?
        for candidate in candidates {
            let distance = editDistance(lowered, Array(candidate.lowercased().unicodeScalars))
            if distance <= threshold, distance < (best?.distance ?? .max) {
                best = (candidate, distance)
            }
        }
        return best?.candidate
    }

    /// "; did you mean 'x'?" or "; use one of a, b, c" (or "; valid keys here are a, b").
    static func hint(for name: String, in candidates: [String], listing: String = "use one of") -> String {
        if let match = closest(to: name, in: candidates) { return "; did you mean '\(match)'?" }
        guard !candidates.isEmpty else { return "" }
        return "; \(listing) \(candidates.joined(separator: ", "))"
    }

    /// Edit distance counting insertions, deletions, substitutions and swaps of two
    /// neighbours (optimal string alignment: `layre` → `layer` is 1).
    static func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var beforePrevious = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
                current[j] = min(previous[j] + 1, current[j - 1] + 1, substitution)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], beforePrevious[j - 2] + 1)
                }
            }
            (beforePrevious, previous, current) = (previous, current, beforePrevious)
        }
        return previous[b.count]
    }
}
