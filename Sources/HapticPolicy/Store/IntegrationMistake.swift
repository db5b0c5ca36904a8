/// A mistake in how the app reports its events: a name or a value the policy does not
/// know, so the haptic the designer meant never plays. `PolicyStore` reports each
/// distinct one once (`PolicyStore.onIntegrationMistake`), with the nearest known name.
public struct IntegrationMistake: Sendable, Hashable, CustomStringConvertible {
    /// What is wrong.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// An event name the catalogue does not declare (`lap.complete`).
        case unknownEvent = "unknown-event"
        /// A screen name the policy does not declare.
        case unknownScreen = "unknown-screen"
        /// A value of the wrong kind for the event (`"6.2"` where a band needs a number).
        case badValue = "bad-value"
        /// Template parameters the feedback does not take, or out of their range.
        case badParameters = "bad-params"
    }

    /// What is wrong.
    public var kind: Kind
    /// The name as the app sent it (the event, or the screen).
    public var name: String
    /// The nearest name the policy declares, when the name looks like a typo of it.
    public var suggestion: String?
    /// What the decision said (for values and parameters: which, and what to send).
    public var detail: String?

    /// Creates a mistake.
    public init(kind: Kind, name: String, suggestion: String? = nil, detail: String? = nil) {
        self.kind = kind
        self.name = name
        self.suggestion = suggestion
        self.detail = detail
    }

    /// `event 'lap.complete' is not in the catalogue; did you mean 'lap.completed'?`
    public var description: String {
        let hint = HapticPolicy.hint(for: name, suggestion: suggestion)
        switch kind {
        case .unknownEvent: return "event '\(name)' is not in the catalogue\(hint)"
        case .unknownScreen: return "screen '\(name)' is not declared\(hint)"
        case .badValue: return "event '\(name)' was sent a value it cannot use" + (detail.map { ": \($0)" } ?? "")
        case .badParameters: return "event '\(name)' was sent bad parameters" + (detail.map { ": \($0)" } ?? "")
        }
    }

    /// The mistake a decision shows for the event named `event` sent on `screen`, if any,
    /// without its suggestion: cheap enough for every decision (`suggested(from:)` adds it,
    /// once per distinct mistake).
    package static func of(_ decision: Decision, event: String, screen: String?) -> IntegrationMistake? {
        switch decision.reason {
        case .unknownEvent?: IntegrationMistake(kind: .unknownEvent, name: event)
        case .unknownScreen?: IntegrationMistake(kind: .unknownScreen, name: screen ?? decision.screen ?? "?")
        case .badValue?, .badState?: IntegrationMistake(kind: .badValue, name: event, detail: decision.note)
        case .badParams?: IntegrationMistake(kind: .badParameters, name: event, detail: decision.note)
        default: nil
        }
    }

    /// The key that tells distinct mistakes apart: the kind, the name and, for a value or
    /// parameters, what the detail says without the numbers and strings the app sent. So
    /// `bpm 10 is below the minimum 20` and `bpm 12 is below the minimum 20` are one
    /// mistake, and an unknown parameter, a parameter that is not a number and one out of
    /// range three.
    package var key: String {
        kind.rawValue + " " + name + (detail.map { "\n" + Self.wording(of: $0) } ?? "")
    }

    /// `detail` with every number the app sent as `#` and every double-quoted string as
    /// `""`; names in single quotes (`'tempo'`) are kept, they tell mistakes apart.
    static func wording(of detail: String) -> String {
        var out = ""
        var quote: Character?
        var number = ""
        func flush() {
            guard !number.isEmpty else { return }
            out += number.contains(where: \.isNumber) ? "#" : number
            number = ""
        }
        for character in detail {
            if let open = quote {
                if open == "'" { out.append(character) }
                if character == open {
                    quote = nil
                    if open == "\"" { out += "\"\"" }
                }
                continue
            }
            if "0123456789.eE+-".contains(character) {
                number.append(character)
                continue
            }
            flush()
            // An apostrophe inside a word (`event's`) opens no quote.
            let inWord = out.last.map { $0.isLetter || $0.isNumber } ?? false
            if character == "\"" || (character == "'" && !inWord) {
                quote = character
                if character == "'" { out.append(character) }
            } else {
                out.append(character)
            }
        }
        flush()
        return out
    }

    /// The mistake with the nearest name `policy` declares (for unknown events and screens).
    package func suggested(from policy: Policy) -> IntegrationMistake {
        var mistake = self
        switch kind {
        case .unknownEvent: mistake.suggestion = HapticPolicy.suggestion(for: name, among: policy.eventNames)
        case .unknownScreen: mistake.suggestion = HapticPolicy.suggestion(for: name, among: policy.screenNames)
        case .badValue, .badParameters: break
        }
        return mistake
    }
}
