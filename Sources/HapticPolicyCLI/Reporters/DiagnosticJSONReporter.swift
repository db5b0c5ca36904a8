import HapticPolicy
import HapticPolicyCompiler
import HapticPolicyDocument

/// `lint --format json`: a stable, documented JSON shape for tools.
///
/// ```json
/// {"version": 1, "files": [...], "summary": {"errors": 1, "warnings": 0},
///  "diagnostics": [{"code": "HP301", "severity": "error", "message": "...",
///                   "file": "p.yaml", "line": 3, "column": 5, "invariant": null,
///                   "notes": [{"message": "...", "file": "p.yaml", "line": 1, "column": 1}]}]}
/// ```
///
/// When the policy acknowledges warnings, `summary` counts them (`"acknowledged": 2`), and
/// with `--show-acknowledged` each one is listed with its `acknowledged` reason (a note's
/// shape: the reason, where the acknowledged code is written); both keys are absent
/// otherwise, so output without acknowledgements is as before.
enum DiagnosticJSONReporter {
    /// The version of the shape (`"version"`, `Docs/schemas/lint.schema.json`); raised
    /// when a field changes meaning or goes away.
    static let formatVersion = 1

    struct Report: Encodable {
        var version = DiagnosticJSONReporter.formatVersion
        var files: [String]
        var summary: Summary
        var diagnostics: [Entry]
    }

    struct Summary: Encodable {
        var errors: Int
        var warnings: Int
        /// Nil (absent) when nothing is acknowledged.
        var acknowledged: Int?
    }

    struct Entry: Encodable {
        var code: String
        var severity: String
        var message: String
        var file: String
        var line: Int
        var column: Int
        var invariant: String?
        var notes: [NoteEntry]
        var acknowledged: NoteEntry?

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(code, forKey: .code)
            try container.encode(severity, forKey: .severity)
            try container.encode(message, forKey: .message)
            try container.encode(file, forKey: .file)
            try container.encode(line, forKey: .line)
            try container.encode(column, forKey: .column)
            try container.encode(invariant, forKey: .invariant)  // explicit null: the key is always there
            try container.encode(notes, forKey: .notes)
            try container.encodeIfPresent(acknowledged, forKey: .acknowledged)
        }

        enum CodingKeys: String, CodingKey {
            case code, severity, message, file, line, column, invariant, notes, acknowledged
        }
    }

    struct NoteEntry: Encodable {
        var message: String
        var file: String
        var line: Int
        var column: Int

        init(_ note: Diagnostic.Note) {
            message = note.message
            file = note.location.file
            line = note.location.line
            column = note.location.column
        }
    }

    /// `diagnostics` (acknowledged ones among them when shown); `acknowledged` counts the
    /// acknowledged warnings, shown or not.
    static func render(_ diagnostics: [Diagnostic], files: [String], acknowledged: Int = 0) -> String {
        let report = Report(
            files: files,
            summary: Summary(
                errors: diagnostics.count { $0.severity == .error },
                warnings: diagnostics.count { $0.severity == .warning && $0.acknowledged == nil },
                acknowledged: acknowledged > 0 ? acknowledged : nil),
            diagnostics: diagnostics.map { diagnostic in
                Entry(
                    code: diagnostic.code, severity: diagnostic.severity.rawValue, message: diagnostic.message,
                    file: diagnostic.location.file, line: diagnostic.location.line,
                    column: diagnostic.location.column, invariant: diagnostic.invariant,
                    notes: diagnostic.notes.map(NoteEntry.init),
                    acknowledged: diagnostic.acknowledged.map(NoteEntry.init))
            })
        return JSONWriter.report(report)
    }
}
