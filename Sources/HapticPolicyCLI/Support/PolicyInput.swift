import Foundation
import HapticPolicy
import HapticPolicyYAML

/// A policy loaded, checked and compiled for `test`, `simulate` and `diff`.
struct PolicyInput {
    var path: String
    var document: PolicyDocument
    var policy: Policy

    /// Loads `path`; on any error prints the diagnostics to stderr and returns nil.
    /// Warnings are not printed here: `lint` is the place for them.
    static func load(_ path: String, context: CommandContext) -> PolicyInput? {
        let bytes: [UInt8]
        do {
            bytes = try context.readInput(path)
        } catch {
            context.stderr.line("error: \(error.message)")
            return nil
        }
        let file = path == "-" ? "<stdin>" : path
        let loaded = PolicyLoader.parse(bytes, file: file)
        var errors = loaded.diagnostics.filter { $0.severity == .error }
        guard let document = loaded.document else {
            DiagnosticPrinter.print(errors, source: loaded.source, context: context)
            return nil
        }
        if errors.isEmpty {
            errors = PolicyValidator.validate(document).filter { $0.severity == .error }
        }
        guard errors.isEmpty else {
            DiagnosticPrinter.print(errors, source: loaded.source, context: context)
            return nil
        }
        do {
            let policy = try Policy(compiling: document)
            return PolicyInput(path: file, document: document, policy: policy)
        } catch {
            DiagnosticPrinter.print(error.diagnostics, source: loaded.source, context: context)
            return nil
        }
    }
}

/// Prints diagnostics as `file:line:column: severity: message [code]` with the source
/// line and a caret when the text is at hand.
enum DiagnosticPrinter {
    static func print(_ diagnostics: [Diagnostic], source: String?, context: CommandContext) {
        let style = context.stderrStyle
        let lines = source.map { $0.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) } ?? []
        for diagnostic in diagnostics {
            let label: String
            switch diagnostic.severity {
            case .error: label = style.red("error")
            case .warning: label = style.yellow("warning")
            case .note: label = "note"
            }
            context.stderr.line(
                "\(style.bold(diagnostic.location.description)): \(label): \(diagnostic.message) [\(diagnostic.code)]")
            let line = diagnostic.location.line
            if line >= 1, line <= lines.count {
                let text = String(lines[line - 1])
                context.stderr.line("  " + text)
                let column = max(1, diagnostic.location.column)
                let prefix = text.unicodeScalars.prefix(column - 1).map { $0 == "\t" ? "\t" : " " }.joined()
                context.stderr.line("  " + prefix + style.green("^"))
            }
            for note in diagnostic.notes {
                context.stderr.line("\(note.location): note: \(note.message)")
            }
        }
    }
}
