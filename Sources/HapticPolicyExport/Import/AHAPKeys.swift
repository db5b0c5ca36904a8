/// Suggestions for misspelled AHAP keys and values: known confusions first (`Type` for
/// `EventType`), then close spellings.
enum AHAPKeys {
    /// Keys people write for the real AHAP key.
    static let confusions: [String: String] = [
        "Type": "EventType", "Parameters": "EventParameters", "Params": "EventParameters",
        "Duration": "EventDuration", "ParameterCurves": "ParameterCurve", "Curve": "ParameterCurve",
        "Curves": "ParameterCurve", "ControlPoints": "ParameterCurveControlPoints",
        "Points": "ParameterCurveControlPoints", "Value": "ParameterValue", "ID": "ParameterID",
        "Id": "ParameterID", "ParameterId": "ParameterID", "Events": "Event", "Patterns": "Pattern",
        "RelativeTime": "Time", "StartTime": "Time", "Intensity": "HapticIntensity", "Sharpness": "HapticSharpness",
    ]

    /// The best suggestion for `word` among `candidates`, or nil.
    static func suggestion(for word: String, among candidates: [String]) -> String? {
        if let known = confusions[word], candidates.contains(known) { return known }
        if let same = candidates.first(where: { $0.lowercased() == word.lowercased() }) { return same }
        let scored = candidates.map { ($0, distance(word.lowercased(), $0.lowercased())) }
            .filter { $0.1 <= max(2, $0.0.count / 4) }
            .sorted { ($0.1, $0.0) < ($1.1, $1.0) }
        if let best = scored.first { return best.0 }
        return candidates.first { $0.lowercased().hasSuffix(word.lowercased()) && word.count >= 4 }
    }

    /// Levenshtein distance.
    static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a)
        let b = Array(b)
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var previous = Array(0...b.count)
        for i in 1...a.count {
            var current = [i] + Array(repeating: 0, count: b.count)
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            previous = current
        }
        return previous[b.count]
    }
}
