import Foundation
import HapticPolicy
import HapticPolicyCompiler

/// The names of the files `export` writes, in one place, and the check that no two of
/// them are the same file: `zone.up`, `zone-up`, `zone_up` and `zone up` would all be
/// `ZoneUpHaptic.kt`, and `Zone.up.ahap` is `zone.up.ahap` on a file system that ignores
/// case (macOS, Windows). A clash is refused before anything is written, naming both
/// feedback, instead of one file silently overwriting the other.
package enum ExportFileNames {
    /// One platform's files of one feedback.
    package struct Key: Hashable, Sendable {
        /// The platform.
        package var target: ExportTarget
        /// The feedback name.
        package var feedback: String
    }

    /// `<feedback>.ahap`.
    package static func ahap(_ feedback: String) -> String { safeFileName(feedback) + ".ahap" }
    /// `<feedback>.android.json`.
    package static func androidJSON(_ feedback: String) -> String { safeFileName(feedback) + ".android.json" }
    /// `<Feedback>Haptic.kt`.
    package static func androidKotlin(_ feedback: String) -> String {
        kotlinIdentifier(feedback, suffix: "Haptic") + ".kt"
    }
    /// The Android preset table.
    package static let androidPresets = "presets.android.json"
    /// `<Policy>Presets.kt`.
    package static func androidPresetsKotlin(_ policy: String) -> String {
        kotlinIdentifier(policy, suffix: "Presets") + ".kt"
    }
    /// `<feedback>.web.json`.
    package static func web(_ feedback: String) -> String { safeFileName(feedback) + ".web.json" }
    /// The web preset table.
    package static let webPresets = "presets.web.json"

    /// Every file an export of each target's patterns (`byTarget`) to `targets` makes, with the feedback it is made
    /// for (nil for the policy's preset tables), in the order they are written.
    package static func planned(
        _ byTarget: [ExportTarget: [ExportablePattern]], policy: Policy, targets: [ExportTarget]
    ) -> [(file: String, feedback: String?)] {
        var files: [(file: String, feedback: String?)] = []
        for target in targets {
            let patterns = byTarget[target] ?? []
            switch target {
            case .ahap:
                files += patterns.map { (ahap($0.name), $0.name) }
            case .android:
                for item in patterns {
                    files.append((androidJSON(item.name), item.name))
                    files.append((androidKotlin(item.name), item.name))
                }
                files.append((androidPresets, nil))
                files.append((androidPresetsKotlin(policy.name), nil))
            case .web:
                files += patterns.map { (web($0.name), $0.name) }
                files.append((webPresets, nil))
            }
        }
        return files
    }

    /// An error for each file name that two different feedback (or a feedback and a
    /// preset table) would both write, compared as a case-insensitive file system does,
    /// at the later feedback.
    package static func clashes(
        _ byTarget: [ExportTarget: [ExportablePattern]], policy: Policy, targets: [ExportTarget]
    ) -> [Diagnostic] {
        let locations = Dictionary(
            policy.content.feedback.map { ($0.name, $0.location) }, uniquingKeysWith: { first, _ in first })
        var first: [String: (file: String, feedback: String?)] = [:]
        var reported: Set<[String?]> = []
        var diagnostics: [Diagnostic] = []
        for planned in planned(byTarget, policy: policy, targets: targets) {
            let key = planned.file.precomposedStringWithCanonicalMapping.lowercased()
            guard let earlier = first[key] else {
                first[key] = planned
                continue
            }
            guard earlier.feedback != planned.feedback, reported.insert([earlier.feedback, planned.feedback]).inserted
            else { continue }
            let sameSpelling = earlier.file == planned.file
            let files = sameSpelling ? "'\(planned.file)'" : "'\(earlier.file)' and '\(planned.file)'"
            let how = sameSpelling ? "would both be written as" : "would be written as"
            let clash = sameSpelling ? "" : ", one file on a file system that ignores case (macOS, Windows)"
            diagnostics.append(
                DiagnosticCode.exportFileNameClash(
                    "\(describe(planned.feedback)) and \(describe(earlier.feedback)) \(how) \(files)\(clash); rename one of them (nothing was exported)",
                    at: policy.location(planned.feedback.flatMap { locations[$0] } ?? policy.content.location)))
        }
        return diagnostics
    }

    private static func describe(_ feedback: String?) -> String {
        feedback.map { "feedback '\($0)'" } ?? "the preset table"
    }
}

/// A file name made from a designer-written name: letters and digits of any script
/// (NFC, so `ゾーン` stays readable), `.`, `-` and `_` survive; spaces and punctuation
/// become `_`, and symbols their code point (`💥` is `u1F4A5`), so different names stay
/// apart where they can. It never starts with a dot, so an untrusted policy cannot write
/// outside the output folder.
package func safeFileName(_ name: String) -> String {
    var out = ""
    for scalar in name.precomposedStringWithCanonicalMapping.unicodeScalars {
        if isIdentifierScalar(scalar) || "-_.".unicodeScalars.contains(scalar) {
            out.unicodeScalars.append(scalar)
        } else if let symbol = symbolWord(scalar) {
            out += symbol
        } else {
            out += "_"
        }
    }
    while out.hasPrefix(".") { out = "_" + out.dropFirst() }
    return out.isEmpty ? "_" : out
}

/// The words of a designer name for an identifier: runs of letters and digits of any
/// script, split at spaces and punctuation; a symbol is a word of its own, its code point
/// (`u1F4A5`).
package func nameWords(_ name: String) -> [String] {
    var words: [String] = []
    var word = ""
    for scalar in name.precomposedStringWithCanonicalMapping.unicodeScalars {
        if isIdentifierScalar(scalar) {
            word.unicodeScalars.append(scalar)
            continue
        }
        if !word.isEmpty { words.append(word) }
        word = ""
        if let symbol = symbolWord(scalar) { words.append(symbol) }
    }
    if !word.isEmpty { words.append(word) }
    return words
}

/// A letter (of any script, as Kotlin and Swift identifiers allow) or a decimal digit.
package func isIdentifierScalar(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.properties.generalCategory {
    case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter, .letterNumber,
        .decimalNumber:
        return true
    default:
        return false
    }
}

/// `u1F4A5` for a symbol that is not ASCII (an emoji, `→`); nil for anything else.
private func symbolWord(_ scalar: Unicode.Scalar) -> String? {
    guard !scalar.isASCII else { return nil }
    switch scalar.properties.generalCategory {
    case .mathSymbol, .currencySymbol, .modifierSymbol, .otherSymbol:
        return "u" + String(scalar.value, radix: 16, uppercase: true)
    default:
        return nil
    }
}
