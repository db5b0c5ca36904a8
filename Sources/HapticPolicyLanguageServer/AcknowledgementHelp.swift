import Foundation
import HapticPolicy
import HapticPolicyCompiler
import HapticPolicyDocument

/// The editor's help for `acknowledge:` maps (language v3): completion of the codes a
/// policy may acknowledge, and hover over a code written there.
///
/// Like `PolicyCompletion`, it reads the text, not the YAML tree: a code is being typed
/// where the document may not read.
enum AcknowledgementHelp {
    /// The codes an entry may name: the warnings of the front end and the validator,
    /// but not those about acknowledgements themselves.
    static let codes: [DiagnosticCode] = DiagnosticRegistry.all.filter { code in
        (code.stage == .frontEnd || code.stage == .validation) && code.severities.contains(.warning)
            && AcknowledgementChecks.codeFinding(
                Acknowledgement(code: Located(code.code), reason: Located("r"), owner: "", scope: .file(""))) == nil
    }

    /// The start column (1-based) and prefix of a code being typed as a key of an
    /// `acknowledge:` map: on a line of its own under `acknowledge:`, or after
    /// `acknowledge: {` (or a `, ` in that map).
    static func site(line: [Unicode.Scalar], above: [[Unicode.Scalar]]) -> (startColumn: Int, prefix: String)? {
        var start = line.count
        while start > 0, isCodeScalar(line[start - 1]) { start -= 1 }
        let prefix = String(String.UnicodeScalarView(line[start...]))
        let before = String(String.UnicodeScalarView(line[..<start]))
        if let open = before.range(of: "acknowledge: {", options: .backwards) {
            let inside = before[open.upperBound...]
            // In the flow map, at a key: after `{` or after a `, ` that follows a reason.
            if inside.allSatisfy({ $0 == " " }) || (inside.last == " " && inside.dropLast().last == ",") {
                return (start + 1, prefix)
            }
            return nil
        }
        let lead = before.prefix { $0 == " " }
        guard lead.count == before.count, let parent = parentKey(indent: lead.count, above: above),
            parent == "acknowledge"
        else { return nil }
        return (start + 1, prefix)
    }

    /// Completion items for `prefix`: the codes reported in this file first, each with its
    /// name and meaning.
    static func items(prefix: String, reported: Set<String>) -> [(label: String, detail: String, sort: String)] {
        codes.filter { $0.code.hasPrefix(prefix.uppercased()) }.map { code in
            (code.code, "\(code.slug): \(code.summary)", (reported.contains(code.code) ? "0" : "1") + code.code)
        }
    }

    /// The Markdown shown over a code written as a key of an `acknowledge:` map, with how
    /// many warnings that entry acknowledges; nil when `word` at `location` is not one.
    static func hover(
        _ word: String, at location: SourceLocation, line: String, acknowledged: [Diagnostic]
    ) -> String? {
        guard let code = DiagnosticRegistry.code(word), line.contains(word + ":") else { return nil }
        let entry = acknowledged.filter {
            $0.acknowledged?.location.file == location.file && $0.acknowledged?.location.line == location.line
                && $0.code == word
        }
        let severity = code.severities.map(\.rawValue).joined(separator: " / ")
        var lines = ["**\(code.code)** `\(code.slug)` · \(severity)", "", code.summary]
        lines += [
            "",
            entry.isEmpty
                ? "acknowledges no warning here now (lint reports the entry as stale, HP602)"
                : "acknowledges \(entry.count) \(entry.count == 1 ? "warning" : "warnings") here",
        ]
        return lines.joined(separator: "\n")
    }

    /// The key of the nearest line above indented less than `indent`.
    private static func parentKey(indent: Int, above: [[Unicode.Scalar]]) -> String? {
        guard let body = LinesAbove.parentBody(indent: indent, above: above), body.last == ":" else { return nil }
        return String(body.dropLast().split(separator: " ").last ?? "")
    }

    private static func isCodeScalar(_ scalar: Unicode.Scalar) -> Bool {
        ("A"..."Z").contains(scalar) || ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar)
    }
}
