import Foundation
import HapticPolicy
import HapticPolicyCompiler
import HapticPolicyExport
import HapticPolicyFrontEnd

/// `haptic-policy export`: writes every custom pattern of a policy for Core Haptics
/// (AHAP), Android (VibrationEffect JSON + Kotlin) and the web (`navigator.vibrate`).
enum ExportCommand {
    /// The platforms `--to` names.
    enum Target: String, CaseIterable, Sendable {
        /// Core Haptics `.ahap` files.
        case ahap
        /// Android `VibrationEffect` JSON + Kotlin.
        case android
        /// `navigator.vibrate` arrays.
        case web
        /// Every platform.
        case all

        /// The exporter's targets for this choice.
        var exportTargets: [ExportTarget] {
            self == .all ? ExportTarget.allCases : ExportTarget(rawValue: rawValue).map { [$0] } ?? []
        }
    }

    /// The options `export` declares.
    struct Options: CommandOptions {
        let to = Choice("to", valueName: "target", default: Target.all, help: "Platform to write (default all).")
        let out = Value(
            "out", short: "o", valueName: "dir", missing: "missing --out <dir>; say where to write the files",
            help: "Output folder (created if missing).")
        let param = Value(
            repeating: "param", valueName: "name=value",
            help: "Template parameter value, for every template that declares it.",
            parse: ExportCommand.parseParameters)
        let color = Choice<ColorMode>.color
    }

    static let subcommand = Subcommand(
        name: "export",
        abstract: "Export a policy's custom patterns to AHAP, Android and Web files.",
        discussion: """
            Instantiates every custom pattern (templates with their defaults, or --param values) \
            and writes one file per pattern and platform into --out: <name>.ahap (Core Haptics), \
            <name>.android.json and <Name>Haptic.kt (VibrationEffect.createWaveform, sampled every \
            10 ms), <name>.web.json (navigator.vibrate, at most 99 entries of at most 10,000 ms), \
            plus the preset mappings (presets.android.json, <Policy>Presets.kt, presets.web.json). \
            The same policy always gives the same bytes. The files are written to temporary \
            files and renamed into place only when all are complete, so one export appears \
            whole or not at all. Prints the written paths on stdout; \
            limits that make a pattern unplayable (a continuous event over 30 s) and --param \
            values out of range or taken by no template are errors (exit 1, and nothing is \
            written), lossy conversions are warnings. See Docs/exports.md.
            """,
        options: Options.self,
        positionals: [.init("policy", help: "A policy file (YAML) or its compiled bundle, or - for stdin.")],
        examples: [
            "haptic-policy export Policies/plavo.yaml --to ahap --out build/haptics",
            "haptic-policy export Policies/breathing.yaml --to all --out out --param inhale=5 --param exhale=9",
        ]
    ) { arguments, context throws(UsageError) in
        let out = try arguments[\.out]
        let parameters = try arguments[\.param]
        let targets = arguments[\.to].exportTargets
        let policyPath = arguments.positionals[0]
        // The folder given is the policy itself (`--out p.yaml`): refused before reading.
        try OutputFiles.refuseOverwriting(inputs: [policyPath], output: out, context: context)
        guard let input = PolicyFrontEnd.load(policyPath, context: context) else { return .failure }

        let (files, diagnostics) = PolicyExporter.export(input.policy, to: targets, parameters: parameters)
        DiagnosticPrinter.print(diagnostics, sources: input.sources, context: context)
        // Everything is checked before anything is written: with an error, no file is.
        let errors = diagnostics.count { $0.severity == .error }
        if errors > 0 {
            context.stderr.line(
                "error: \(errors) \(errors == 1 ? "error" : "errors") above; nothing was written to \(terminalText(out))"
            )
            return .failure
        }
        let written = files.map { OutputFiles.File(path: path(out, $0.name), bytes: Array($0.contents.utf8)) }
        // All the files appear together or none do. None replaces an input (the policy named
        // `breath.ahap`, an included `presets.web.json`): refused before anything is written.
        guard OutputFiles.createFolder(out, context: context) else { return .failure }
        guard try OutputFiles.write(written, context: context) else { return .failure }
        for file in written { context.stdout.line(terminalText(file.path)) }
        return .success
    }

    /// `folder/name` as the written paths are printed: absolute, from the current folder.
    static func path(_ folder: String, _ name: String) -> String {
        URL(fileURLWithPath: folder).appendingPathComponent(name).path
    }

    /// Parses repeated `--param name=value` (shared with `report`).
    static func parseParameters(_ items: [String]) throws(UsageError) -> [String: Double] {
        var values: [String: Double] = [:]
        for item in items {
            let parts = item.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            guard parts.count == 2, !parts[0].isEmpty else {
                throw UsageError("'--param \(item)' needs the form name=value, for example --param bpm=90")
            }
            guard let value = Double(parts[1]), value.isFinite else {
                throw UsageError("'\(parts[1])' in '--param \(item)' is not a number")
            }
            if values[parts[0]] != nil { throw UsageError("--param \(parts[0]) given twice; give it once") }
            values[parts[0]] = value
        }
        return values
    }
}
