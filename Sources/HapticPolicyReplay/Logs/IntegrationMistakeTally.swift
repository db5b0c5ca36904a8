import HapticPolicy

/// The integration mistakes of a replayed log (event and screen names the policy does not
/// know, values and parameters it cannot use), each distinct one counted, in the order
/// first seen. `eval` prints one line per mistake at the end of its summary, and fails on
/// any under `--strict`. Bounded: past `maxDistinct` mistakes, the rest are only counted.
public struct IntegrationMistakeTally: Sendable {
    /// One mistake of a replayed log: one the store reports to the app as well, or a
    /// field of a log line the event-log format does not define, which only replay sees
    /// (the app hands the store events, not log lines).
    public enum Mistake: Sendable, Hashable {
        /// A mistake `PolicyStore.onIntegrationMistake` reports too.
        case decided(IntegrationMistake)
        /// A field the event-log format does not define (`"Subject"`), ignored, with the
        /// nearest field it does define.
        case unknownKey(String, suggestion: String?)

        /// The kind as summaries name it: `unknown-event`, `unknown-screen`, `bad-value`,
        /// `bad-params` or `unknown-key`.
        public var kindName: String {
            switch self {
            case .decided(let mistake): mistake.kind.rawValue
            case .unknownKey: "unknown-key"
            }
        }

        /// The key that tells distinct mistakes apart (`IntegrationMistake.key`).
        var key: String {
            switch self {
            case .decided(let mistake): mistake.key
            case .unknownKey(let name, _): "unknown-key " + name
            }
        }
    }

    /// How many distinct mistakes are kept.
    public static let maxDistinct = 1_000

    /// Each distinct mistake and how often it happened, in the order first seen.
    public private(set) var mistakes: [(mistake: Mistake, count: Int)] = []
    /// Occurrences of mistakes past `maxDistinct`, not listed.
    public private(set) var unlisted = 0
    private var index: [String: Int] = [:]

    /// Creates an empty tally.
    public init() {}

    /// All occurrences, listed or not.
    public var total: Int { mistakes.reduce(unlisted) { $0 + $1.count } }

    /// Counts the mistake `decision` shows, if any, for the event named `event` sent on `screen`.
    package mutating func record(_ decision: Decision, event: String, screen: String?, policy: Policy) {
        guard decision.reason != nil,
            let mistake = IntegrationMistake.of(decision, event: event, screen: screen)
        else { return }
        count(.decided(mistake)) {
            guard case .decided(let mistake) = $0 else { return $0 }
            return .decided(mistake.suggested(from: policy))
        }
    }

    /// The fields a log line may carry (`Docs/event-log.md`).
    static let logFields = ["t", "event", "screen", "subject", "value", "speaks", "params", "data"]

    /// Counts a field name the event-log format does not define.
    package mutating func recordUnknownKey(_ name: String) {
        count(.unknownKey(name, suggestion: nil)) { _ in
            .unknownKey(name, suggestion: suggestion(for: name, among: Self.logFields))
        }
    }

    /// Counts `mistake`; `complete` (the suggestion, an edit-distance search) runs only for
    /// a mistake not seen before, so a log repeating one mistake a million times pays once.
    private mutating func count(_ mistake: Mistake, complete: (Mistake) -> Mistake) {
        let key = mistake.key
        if let position = index[key] {
            mistakes[position].count += 1
        } else if mistakes.count < Self.maxDistinct {
            index[key] = mistakes.count
            mistakes.append((complete(mistake), 1))
        } else {
            unlisted += 1
        }
    }

    /// How many mistakes `lines` lists, the most frequent first.
    public static let listed = 10

    /// One line per mistake, for people, the `listed` most frequent first (ties in the
    /// order first seen): `12 events named 'lap.complete' are not in the catalogue; did
    /// you mean 'lap.completed'?`, then one line summing the rest.
    public var lines: [String] {
        let ranked = mistakes.enumerated().sorted { ($1.element.count, $0.offset) < ($0.element.count, $1.offset) }
        var lines = ranked.prefix(Self.listed).map { Self.line($0.element.mistake, count: $0.element.count) }
        let rest = ranked.dropFirst(Self.listed)
        let restEvents = rest.reduce(unlisted) { $0 + $1.element.count }
        if restEvents > 0 {
            let kinds = unlisted > 0 ? "\(rest.count)+" : "\(rest.count)"
            lines.append(
                "(\(kinds) more mistakes in \(restEvents) \(restEvents == 1 ? "event" : "events"), not listed)")
        }
        return lines
    }

    private static func line(_ mistake: Mistake, count: Int) -> String {
        let events = count == 1 ? "1 event" : "\(count) events"
        switch mistake {
        case .unknownKey(let name, let suggestion):
            let lines = count == 1 ? "1 line" : "\(count) lines"
            return
                "\(lines) with the field '\(name)', which the event-log format does not define (it was ignored)\(HapticPolicy.hint(for: name, suggestion: suggestion))"
        case .decided(let mistake):
            switch mistake.kind {
            case .unknownEvent:
                return
                    "\(events) named '\(mistake.name)' \(count == 1 ? "is" : "are") not in the catalogue\(HapticPolicy.hint(for: mistake.name, suggestion: mistake.suggestion))"
            case .unknownScreen:
                return
                    "\(events) on screen '\(mistake.name)', which is not declared\(HapticPolicy.hint(for: mistake.name, suggestion: mistake.suggestion))"
            case .badValue:
                return "\(events) '\(mistake.name)' with a value it cannot use" + detail(mistake)
            case .badParameters:
                return "\(events) '\(mistake.name)' with bad parameters" + detail(mistake)
            }
        }
    }

    private static func detail(_ mistake: IntegrationMistake) -> String {
        mistake.detail.map { ": \($0)" } ?? ""
    }
}
