import HapticPolicy
import HapticPolicyCompiler

/// "Did you mean" for near-miss keys and words, with the same distance rule as the
/// validator's names (`suggestion(for:among:)` in the core), so both layers agree.
package enum Suggestions {
    /// The candidate closest to `name`, if it is close enough to be a likely typo.
    static func closest(to name: String, in candidates: [String]) -> String? {
        suggestion(for: name, among: candidates)
    }

    /// "; did you mean 'x'?" or "; use one of a, b, c" (or "; valid keys here are a, b").
    package static func hint(for name: String, in candidates: [String], listing: String = "use one of") -> String {
        if let match = closest(to: name, in: candidates) { return "; did you mean '\(match)'?" }
        guard !candidates.isEmpty else { return "" }
        return "; \(listing) \(candidates.joined(separator: ", "))"
    }
}
