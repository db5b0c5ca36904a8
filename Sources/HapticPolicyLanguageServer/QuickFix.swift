/// The fix a "did you mean" finding offers, as an edit of the text it underlines.
///
/// Findings carry their suggestion in their message, in the one form the front end and
/// the validator write it (`didYouMean(_:among:)`, `Suggestions.hint`):
/// `unknown feedback 'gaol'; did you mean 'goal'?`. The misspelt name is the quoted name
/// before it that the underlined text holds; the fix writes the suggestion over that
/// name. A finding whose underlined text does not hold the name offers no fix.
struct QuickFix: Equatable {
    /// What the editor shows: `Change 'gaol' to 'goal'`.
    var title: String
    /// The suggestion.
    var replacement: String
    /// Where the misspelt name starts in the underlined text, in UTF-16 code units.
    var offset: Int
    /// The misspelt name's length, in UTF-16 code units.
    var length: Int

    /// The fix `message` suggests for the `underlined` text; nil when it suggests none.
    init?(message: String, underlined: String) {
        guard let marker = message.range(of: "did you mean '", options: .backwards),
            let close = message[marker.upperBound...].range(of: "'?")
        else { return nil }
        let replacement = String(message[marker.upperBound..<close.lowerBound])
        let quoted = Self.quoted(in: message[..<marker.lowerBound])
        guard !replacement.isEmpty else { return nil }
        // The name written exactly, else the last quoted name the underlined text holds.
        let wrong =
            quoted.last { $0 == underlined }
            ?? quoted.last { !$0.isEmpty && underlined.components(separatedBy: $0).count == 2 }
        guard let wrong, wrong != replacement, let at = underlined.range(of: wrong) else { return nil }
        self.title = "Change '\(wrong)' to '\(replacement)'"
        self.replacement = replacement
        self.offset = underlined[..<at.lowerBound].utf16.count
        self.length = wrong.utf16.count
    }

    /// The texts between pairs of single quotes, in order.
    private static func quoted(in text: Substring) -> [String] {
        let parts = text.split(separator: "'", omittingEmptySubsequences: false)
        return stride(from: 1, to: parts.count - 1, by: 2).map { String(parts[$0]) }
    }
}
