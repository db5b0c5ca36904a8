import Foundation
import HapticPolicy
import HapticPolicyDocument

extension DiagnosticCode {
    /// Names are equal only when their code points are (`NameKey`), in every runtime; two
    /// declared names that read alike are two names a person takes for one.
    package static let confusableNames = DiagnosticCode.check(
        "HP219", .warning, "confusable-names",
        "two declared names read alike but differ in code points (Unicode normalization, look-alike letters, invisible characters)"
    )
}

/// Declared names that a reader cannot tell apart: canonically equivalent spellings
/// (`café` precomposed and with a combining accent), compatibility forms (full-width
/// letters), look-alike Cyrillic and Greek letters, invisible characters. The runtimes
/// treat them as different names, so an app that writes one of them gets the other's
/// decision only if it writes the same code points.
enum ConfusableNameChecks {
    static func run(_ context: ValidationContext) -> [Diagnostic] {
        let document = context.document
        var out: [Diagnostic] = []
        out += confusables(document.screens.map(\.name), "screen")
        out += confusables(document.events.map(\.name), "event")
        out += confusables(document.feedback.map(\.name), "feedback")
        out += confusables(document.bands.map(\.name), "band set")
        out += confusables(document.invariants.map(\.id), "invariant")
        return out
    }

    /// Each name that reads like an earlier one with other code points, at the later one.
    private static func confusables(_ names: [Located<String>], _ what: String) -> [Diagnostic] {
        var first: [String: Located<String>] = [:]
        var out: [Diagnostic] = []
        for name in names {
            let key = skeleton(name.value)
            guard let earlier = first[key] else {
                first[key] = name
                continue
            }
            guard !NameKey.same(earlier.value, name.value) else { continue }
            let declared =
                "\(what) '\(earlier.value)' (\(codePoints(earlier.value))) at \(earlier.location.line):\(earlier.location.column)"
            let how =
                earlier.value == name.value
                ? "is \(declared) in another Unicode normalization"
                : "looks like \(declared) (look-alike or invisible characters)"
            out.append(
                DiagnosticCode.confusableNames(
                    "\(what) '\(name.value)' (\(codePoints(name.value))) \(how); the runtimes compare names by code points, so these are two names: rename one, or write both alike",
                    at: name.location,
                    notes: [Diagnostic.Note("'\(earlier.value)' is declared here", at: earlier.location)]))
        }
        return out
    }

    /// What a name looks like: compatibility-normalized (NFKC), invisible characters
    /// dropped, look-alike Cyrillic and Greek letters read as the Latin ones.
    static func skeleton(_ name: String) -> String {
        var out = String.UnicodeScalarView()
        for scalar in name.precomposedStringWithCompatibilityMapping.unicodeScalars {
            if scalar.properties.isDefaultIgnorableCodePoint { continue }
            out.append(lookAlikes[scalar] ?? scalar)
        }
        return String(out)
    }

    /// Cyrillic and Greek letters drawn like Latin ones in common fonts (after Unicode's
    /// confusables data, UTS #39), by the Latin letter they pass for.
    private static let lookAlikes: [Unicode.Scalar: Unicode.Scalar] = {
        let pairs: [(String, Character)] = [
            ("аα", "a"), ("сϲ", "c"), ("ԁ", "d"), ("е", "e"), ("һ", "h"), ("іι", "i"), ("ј", "j"), ("κ", "k"),
            ("ӏ", "l"), ("оο", "o"), ("рρ", "p"), ("ԛ", "q"), ("ѕ", "s"), ("ν", "v"), ("ԝ", "w"), ("хχ", "x"),
            ("уγ", "y"), ("АΑ", "A"), ("ВΒ", "B"), ("СϹ", "C"), ("ЕΕ", "E"), ("Ζ", "Z"), ("НΗ", "H"),
            ("ІΙ", "I"), ("Ј", "J"), ("КΚ", "K"), ("МΜ", "M"), ("Ν", "N"), ("ОΟ", "O"), ("РΡ", "P"),
            ("Ѕ", "S"), ("ТΤ", "T"), ("ХΧ", "X"), ("ҮΥ", "Y"),
        ]
        var table: [Unicode.Scalar: Unicode.Scalar] = [:]
        for (letters, latin) in pairs {
            for scalar in letters.unicodeScalars { table[scalar] = latin.unicodeScalars.first }
        }
        return table
    }()
}
