import Foundation
import HapticPolicy
import HapticPolicyExport

/// `haptic-policy import-ahap`: turns an AHAP file into a pattern of the policy language.
enum ImportAHAPCommand {
    static let subcommand = Subcommand(
        spec: CommandSpec(
            name: "import-ahap",
            abstract: "Convert an AHAP file into a pattern in the policy language, on stdout.",
            discussion: """
                Reads an AHAP file (from Xcode's composer or another tool) and prints a 'pattern:' \
                block ready to paste under a feedback entry (with --name, a whole feedback entry). \
                Mistakes Core Haptics forgives silently are reported on stderr at their line and \
                column: misspelled keys ('Type' for 'EventType', 'Parameters', 'ParameterCurves'), \
                control-point times written as absolute, events out of time order, values out of \
                range. Errors (exit 1) print no pattern; warnings still do.
                """,
            options: [
                .value("name", valueName: "feedback", help: "Print a whole feedback entry with this name (layer creature)."),
            ],
            positionals: [.init("file", help: "An .ahap file, or - for stdin.")],
            examples: [
                "haptic-policy import-ahap Heartbeat.ahap",
                "haptic-policy import-ahap Sparkle.ahap --name sparkle >> Policies/plavo-extra.yaml",
            ]
        )
    ) { arguments, context throws(UsageError) in
        let path = arguments.positionals[0]
        let file = path == "-" ? "<stdin>" : path
        guard let bytes = context.readInputReportingErrors(path) else { return .failure }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            context.stderr.line("\(file):1:1: error[\(DiagnosticCode.ahapJSONSyntax.code)]: the file is not UTF-8 text; save it as UTF-8 JSON")
            return .failure
        }
        let result = AHAPImporter.importPattern(text, file: file)
        ExportCommand.printDiagnostics(result.diagnostics, sources: [file: text], context: context)
        guard let pattern = result.pattern else { return .failure }
        let comment = ["imported from \((file as NSString).lastPathComponent) by haptic-policy import-ahap"]
        if let name = arguments.value("name") {
            var out = comment.map { "# \($0)\n" }.joined()
            out += "\(yamlKey(name)):\n  layer: creature\n"
            out += PatternYAMLWriter.write(pattern, indent: 2)
            context.stdout.write(out)
        } else {
            context.stdout.write(PatternYAMLWriter.write(pattern, comment: comment))
        }
        return .success
    }

    /// A plain key when it is safe, otherwise double-quoted.
    static func yamlKey(_ name: String) -> String {
        let plain = !name.isEmpty && name.unicodeScalars.allSatisfy {
            $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "._-".unicodeScalars.contains($0))
        } && name.first?.isLetter == true
        return plain ? name : JSONWriter.quoted(name)
    }
}
