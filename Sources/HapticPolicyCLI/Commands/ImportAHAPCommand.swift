import Foundation
import HapticPolicy
import HapticPolicyCompiler
import HapticPolicyExport
import HapticPolicyFrontEnd

/// `haptic-policy import-ahap`: turns an AHAP file into a pattern of the policy language.
enum ImportAHAPCommand {
    /// The options `import-ahap` declares.
    struct Options: CommandOptions {
        let name = Value(
            "name", valueName: "feedback", help: "Print a whole feedback entry with this name (layer creature).")
        let out = Value(
            "out", short: "o", valueName: "file",
            help: "Write the pattern to this file (replaced whole, atomically) instead of stdout.")
        let color = Choice<ColorMode>.color
    }

    static let subcommand = Subcommand(
        name: "import-ahap",
        abstract: "Convert an AHAP file into a pattern in the policy language, on stdout.",
        discussion: """
            Reads an AHAP file (from Xcode's composer or another tool) and prints a 'pattern:' \
            block ready to paste under a feedback entry (with --name, a whole feedback entry). \
            Mistakes Core Haptics forgives silently are reported on stderr at their line and \
            column: misspelled keys ('Type' for 'EventType', 'Parameters', 'ParameterCurves'), \
            control-point times written as absolute, events out of time order, values out of \
            range. Errors (exit 1) print no pattern; warnings still do. With --out the pattern \
            replaces the file, written to a temporary file and renamed into place, so a failure \
            never leaves half a pattern.
            """,
        options: Options.self,
        positionals: [.init("file", help: "An .ahap file, or - for stdin.")],
        examples: [
            "haptic-policy import-ahap Heartbeat.ahap",
            "haptic-policy import-ahap Sparkle.ahap --name sparkle >> Policies/plavo-extra.yaml",
            "haptic-policy import-ahap Heartbeat.ahap --name heartbeat --out patterns/heartbeat.yaml",
        ]
    ) { arguments, context throws(UsageError) in
        let path = arguments.positionals[0]
        let file = FrontEndFiles.displayName(path)
        let name = try arguments[\.name]
        let outPath = try arguments[\.out]
        // The name becomes a YAML key: a control or bidirectional character there would
        // make a file YAML refuses, or one that reads differently from what it holds.
        if let name, name.unicodeScalars.contains(where: isUnsafeText) {
            throw UsageError(
                "--name '\(terminalText(name))' holds a control or bidirectional character; give a plain name")
        }
        if let outPath { try OutputFiles.refuseOverwriting(inputs: [path], output: outPath, context: context) }
        // Read whole, as JSON is parsed whole, up to the AHAP limit.
        guard let bytes = context.files.readReportingErrors(path, limit: InputFiles.ahapLimit, located: false) else {
            return .failure
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            let notText = DiagnosticCode.ahapJSONSyntax(
                "the file is not UTF-8 text; save it as UTF-8 JSON", at: SourceLocation(file: file, line: 1, column: 1))
            DiagnosticPrinter.print([notText], sources: [:], context: context)
            return .failure
        }
        let result = AHAPImporter.importPattern(text, file: file)
        DiagnosticPrinter.print(result.diagnostics, sources: [file: text], context: context)
        guard let pattern = result.pattern else { return .failure }
        let comment = [
            "imported from \(terminalText(PathText.baseName(file))) by haptic-policy import-ahap"
        ]
        let written: String
        if let name {
            var out = comment.map { "# \($0)\n" }.joined()
            out += "\(yamlKey(name)):\n  layer: creature\n"
            out += PatternYAMLWriter.write(pattern, indent: 2)
            written = out
        } else {
            written = PatternYAMLWriter.write(pattern, comment: comment)
        }
        guard let outPath else {
            context.stdout.write(written)
            return .success
        }
        guard try OutputFiles.write([OutputFiles.File(path: outPath, bytes: Array(written.utf8))], context: context)
        else { return .failure }
        return .success
    }

    /// A plain key when it is safe, otherwise double-quoted.
    static func yamlKey(_ name: String) -> String {
        let plain =
            !name.isEmpty
            && name.unicodeScalars.allSatisfy {
                $0.isASCII
                    && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "._-".unicodeScalars.contains($0))
            } && name.first?.isLetter == true
        return plain ? name : JSONWriter.quoted(name)
    }
}
