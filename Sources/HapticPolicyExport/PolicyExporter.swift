import HapticPolicy
import HapticPolicyCompiler
import HapticPolicyDocument

/// A platform the exporter writes for.
package enum ExportTarget: String, Sendable, Hashable, CaseIterable {
    /// Core Haptics `.ahap` files.
    case ahap
    /// Android `VibrationEffect` JSON + Kotlin.
    case android
    /// `navigator.vibrate` arrays.
    case web
}

extension ExportTarget {
    /// The platform whose `platforms:` overrides this target exports; nil for AHAP, which
    /// is the feedback itself (what Core Haptics plays).
    package var platform: Platform? {
        switch self {
        case .ahap: nil
        case .android: .android
        case .web: .web
        }
    }
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
/// File names (`ExportFileNames`): `<feedback>.ahap`, `<feedback>.android.json`,
/// `<Feedback>Haptic.kt`, `presets.android.json`, `<Policy>Presets.kt`, `<feedback>.web.json`,
/// `presets.web.json`. Two feedback whose files would have the same name are refused
/// before any file is made.
package enum PolicyExporter {
    /// The files for `targets`, in a stable order, plus diagnostics. Files are produced
    /// for every pattern that exports cleanly even when others fail.
    package static func export(
        _ policy: Policy, to targets: [ExportTarget], parameters: [String: Double] = [:]
    ) -> (files: [ExportedFile], diagnostics: [Diagnostic]) {
        let chosen = ExportTarget.allCases.filter(targets.contains)
        // Each target exports the patterns its platform plays (`platforms:` overrides);
        // a finding several targets share is reported once.
        var byTarget: [ExportTarget: [ExportablePattern]] = [:]
        var diagnostics: [Diagnostic] = []
        var seen: Set<[String]> = []
        // Patterns are instantiated once per platform that overrides something, else once
        // for all targets (the feedback as written).
        var resolved: [Platform?: [ExportablePattern]] = [:]
        for target in chosen {
            let platform = target.platform.flatMap { platform in
                policy.content.feedback.contains { $0.platforms[platform] != nil } ? platform : nil
            }
            if let patterns = resolved[platform] {
                byTarget[target] = patterns
                continue
            }
            let (patterns, found) = ExportablePattern.all(in: policy, parameters: parameters, on: platform)
            resolved[platform] = patterns
            byTarget[target] = patterns
            diagnostics += found.filter { seen.insert([$0.code, "\($0.location)", $0.message]).inserted }
        }
        let clashes = ExportFileNames.clashes(byTarget, policy: policy, targets: chosen)
        guard clashes.isEmpty else { return ([], diagnostics + clashes) }
        // A loop a platform cannot repeat at the policy's period is not written for it.
        var drifting: Set<ExportFileNames.Key> = []
        for target in chosen {
            for item in byTarget[target] ?? [] {
                for problem in LoopPeriod.problems(
                    LoopPeriod.periods(of: item, for: [target]), of: item, policy: policy)
                {
                    diagnostics.append(problem.diagnostic)
                    drifting.insert(ExportFileNames.Key(target: problem.target, feedback: item.name))
                }
            }
        }
        var files: [ExportedFile] = []
        for target in chosen {
            let patterns = (byTarget[target] ?? []).filter {
                !drifting.contains(ExportFileNames.Key(target: target, feedback: $0.name))
            }
            switch target {
            case .ahap:
                for item in patterns {
                    let (document, found) = AHAPExporter.document(
                        for: item.pattern, name: item.name, policy: policy.name, note: item.feedback.note,
                        location: policy.location(item.feedback.location))
                    diagnostics += found
                    if let document {
                        files.append(
                            ExportedFile(name: ExportFileNames.ahap(item.name), contents: JSONWriter.write(document)))
                    }
                }
            case .android:
                for item in patterns {
                    if let warning = DroppedSounds.warning(item, target: .android, policy: policy) {
                        diagnostics.append(warning)
                    }
                    files.append(
                        ExportedFile(
                            name: ExportFileNames.androidJSON(item.name),
                            contents: JSONWriter.write(AndroidExporter.description(item, policy: policy))))
                    files.append(
                        ExportedFile(
                            name: ExportFileNames.androidKotlin(item.name),
                            contents: AndroidExporter.kotlin(item, policy: policy)))
                }
                files.append(
                    ExportedFile(
                        name: ExportFileNames.androidPresets,
                        contents: JSONWriter.write(AndroidExporter.presets(policy))))
                files.append(
                    ExportedFile(
                        name: ExportFileNames.androidPresetsKotlin(policy.name),
                        contents: AndroidExporter.presetsKotlin(policy)))
            case .web:
                for item in patterns {
                    if let warning = DroppedSounds.warning(item, target: .web, policy: policy) {
                        diagnostics.append(warning)
                    }
                    let vibration = WebExporter.vibration(item.pattern)
                    if vibration.truncated {
                        diagnostics.append(
                            DiagnosticCode.exportWebTruncated(
                                "pattern '\(item.name)': the web export was cut to \(WebExporter.maxEntries) entries (browsers allow no more); shorten the pattern or use fewer changes of intensity",
                                at: policy.location(item.feedback.location)))
                    }
                    files.append(
                        ExportedFile(
                            name: ExportFileNames.web(item.name),
                            contents: JSONWriter.write(WebExporter.description(item, policy: policy))))
                }
                diagnostics += WebExporter.mergedIntensities(patterns, policy: policy)
                files.append(
                    ExportedFile(
                        name: ExportFileNames.webPresets, contents: JSONWriter.write(WebExporter.presets(policy))))
            }
        }
        return (files, diagnostics)
    }
}
