import Foundation
import HapticPolicy
import HapticPolicyCompiler
import HapticPolicyDocument
import HapticPolicyExport
import HapticPolicyFrontEnd

/// `haptic-policy import`: turns a designer's pattern file, an AHAP file or a Meta Haptics
/// Studio clip, into a pattern of the policy language. `import-ahap` is its earlier name.
enum ImportCommand {
    /// The options `import` declares.
    struct Options: CommandOptions {
        let name = Value(
            "name", valueName: "feedback", help: "Print a whole feedback entry with this name (in --layer's layer).")
        let layer = Value(
            "layer", valueName: "layer", default: "creature",
            help: "The layer of the feedback entry --name prints (default: creature).")
        let out = Value(
            "out", short: "o", valueName: "file",
            help: "Write the pattern to this file (replaced whole, atomically) instead of stdout.")
        let color = Choice<ColorMode>.color
    }

    static let subcommand = subcommand(
        named: "import",
        abstract: "Convert an AHAP file or a Meta Haptics Studio clip into a pattern in the policy language.")

    /// The earlier name, kept so scripts that call it go on working.
    static let ahapAlias = subcommand(
        named: "import-ahap", abstract: "The same as 'import' (its earlier name, for AHAP files).")

    private static func subcommand(named name: String, abstract: String) -> Subcommand {
        Subcommand(
            name: name,
            abstract: abstract,
            discussion: """
                Reads an AHAP file (.ahap, from Xcode's composer or another tool) or a Meta \
                Haptics Studio clip (.haptic, version 1) and prints a 'pattern:' block ready to \
                paste under a feedback entry (with --name, a whole feedback entry). What Core \
                Haptics forgives silently is reported on stderr at its line and column: \
                misspelled keys ('Type' for 'EventType', 'Parameters', 'ParameterCurves'), \
                control-point times written as absolute, events out of time order, values out of \
                range; what it reads (a trailing comma, an unknown key, no Version) is read, with \
                a warning. A clip is converted as Meta's own converter does, and refused as \
                Meta's SDK refuses it. Errors (exit 1) print no pattern; warnings still do. With \
                --out the pattern replaces the file, written to a temporary file and renamed \
                into place, so a failure never leaves half a pattern.
                """,
            options: Options.self,
            positionals: [
                .init(
                    "file", help: "An .ahap file or a .haptic clip, or - for stdin (a clip is told by its 'signals').")
            ],
            examples: [
                "haptic-policy \(name) Heartbeat.ahap",
                "haptic-policy \(name) Sparkle.ahap --name sparkle >> Policies/plavo-extra.yaml",
                "haptic-policy \(name) Rumble.haptic --name rumble --layer game --out patterns/rumble.yaml",
            ],
            run: run)
    }

    private static func run(_ arguments: Arguments<Options>, _ context: CommandContext) throws(UsageError) -> ExitCode {
        let path = arguments.positionals[0]
        let file = FrontEndFiles.displayName(path)
        let name = try arguments[\.name]
        let layer = try arguments[\.layer]
        let outPath = try arguments[\.out]
        // The name becomes a YAML key: a control or bidirectional character there would
        // make a file YAML refuses, or one that reads differently from what it holds.
        if let name, name.unicodeScalars.contains(where: isUnsafeText) {
            throw UsageError(
                "--name '\(terminalText(name))' holds a control or bidirectional character; give a plain name")
        }
        if layer.unicodeScalars.contains(where: isUnsafeText) {
            throw UsageError(
                "--layer '\(terminalText(layer))' holds a control or bidirectional character; give a plain name")
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
        let clip = isClip(path: path, text: text)
        let result =
            clip
            ? HapticClipImporter.importPattern(text, file: file) : AHAPImporter.importPattern(text, file: file)
        DiagnosticPrinter.print(result.diagnostics, sources: [file: text], context: context)
        guard let pattern = result.pattern else { return .failure }
        let comment = [
            "imported from \(terminalText(PathText.baseName(file))) by haptic-policy import"
        ]
        let written: String
        if let name {
            var out = comment.map { "# \($0)\n" }.joined()
            out += "\(yamlKey(name)):\n  layer: \(yamlKey(layer))\n"
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

    /// Whether the input is a Meta Haptics Studio clip: a `.haptic` file, or from stdin a
    /// document with `"signals"` and no `"Pattern"`.
    static func isClip(path: String, text: String) -> Bool {
        if path.lowercased().hasSuffix(".haptic") { return true }
        if path != "-" { return false }
        return text.contains("\"signals\"") && !text.contains("\"Pattern\"")
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
