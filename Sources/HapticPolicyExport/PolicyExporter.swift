import HapticPolicy
import HapticPolicyTools

/// A platform the exporter writes for.
package enum ExportTarget: String, Sendable, Hashable, CaseIterable {
    /// Core Haptics `.ahap` files.
    case ahap
    /// Android `VibrationEffect` JSON + Kotlin.
    case android
    /// `navigator.vibrate` arrays.
    case web
}

/// One file to write, relative to the output folder.
package struct ExportedFile: Sendable, Hashable {
    /// A plain file name (no folders), safe to join to the output folder.
    package var name: String
    /// The file's text.
    package var contents: String
}

/// Exports every custom pattern (and the preset table) of a policy to the platforms.
///
/// File names: `<feedback>.ahap`, `<feedback>.android.json`, `<Feedback>Haptic.kt`,
/// `presets.android.json`, `<Policy>Presets.kt`, `<feedback>.web.json`, `presets.web.json`.
package enum PolicyExporter {
    /// The files for `targets`, in a stable order, plus diagnostics. Files are produced
    /// for every pattern that exports cleanly even when others fail.
    package static func export(
        _ policy: Policy, to targets: [ExportTarget], parameters: [String: Double] = [:]
    ) -> (files: [ExportedFile], diagnostics: [Diagnostic]) {
        var (patterns, diagnostics) = ExportablePattern.all(in: policy, parameters: parameters)
        var files: [ExportedFile] = []
        for target in ExportTarget.allCases where targets.contains(target) {
            switch target {
            case .ahap:
                for item in patterns {
                    let (document, found) = AHAPExporter.document(
                        for: item.pattern, name: item.name, policy: policy.name, note: item.feedback.note,
                        location: policy.location(item.feedback.location))
                    diagnostics += found
                    if let document {
                        files.append(
                            ExportedFile(name: safeFileName(item.name) + ".ahap", contents: JSONWriter.write(document)))
                    }
                }
            case .android:
                for item in patterns {
                    files.append(
                        ExportedFile(
                            name: safeFileName(item.name) + ".android.json",
                            contents: JSONWriter.write(AndroidExporter.description(item, policy: policy))))
                    files.append(
                        ExportedFile(
                            name: kotlinIdentifier(item.name, suffix: "Haptic") + ".kt",
                            contents: AndroidExporter.kotlin(item, policy: policy)))
                }
                files.append(
                    ExportedFile(
                        name: "presets.android.json", contents: JSONWriter.write(AndroidExporter.presets(policy))))
                files.append(
                    ExportedFile(
                        name: kotlinIdentifier(policy.name, suffix: "Presets") + ".kt",
                        contents: AndroidExporter.presetsKotlin(policy)))
            case .web:
                for item in patterns {
                    let vibration = WebExporter.vibration(item.pattern)
                    if vibration.truncated {
                        diagnostics.append(
                            DiagnosticCode.exportWebTruncated(
                                "pattern '\(item.name)': the web export was cut to \(WebExporter.maxEntries) entries (browsers allow no more); shorten the pattern or use fewer changes of intensity",
                                at: policy.location(item.feedback.location)))
                    }
                    files.append(
                        ExportedFile(
                            name: safeFileName(item.name) + ".web.json",
                            contents: JSONWriter.write(WebExporter.description(item, policy: policy))))
                }
                files.append(
                    ExportedFile(name: "presets.web.json", contents: JSONWriter.write(WebExporter.presets(policy))))
            }
        }
        return (files, diagnostics)
    }
}
