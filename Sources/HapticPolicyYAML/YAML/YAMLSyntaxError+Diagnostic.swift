import HapticPolicy
import HapticPolicyCompiler

// HP005: YAML syntax errors, in designers' words, with libyaml's context mark as a note.

extension YAMLSyntaxError {
    /// The diagnostic for this error: libyaml's problem at the problem mark, and a note at
    /// the context mark naming the construct that is left open or broken.
    var diagnostic: Diagnostic {
        let construct = context.map(Self.construct(fromContext:))
        var notes: [Diagnostic.Note] = []
        if let construct, let contextLocation, contextLocation != problemLocation {
            let suffix = Self.isUnclosed(problem) ? " is never closed" : ""
            notes.append(Diagnostic.Note("the \(construct) that starts here\(suffix)", at: contextLocation))
        }
        return DiagnosticCode.yamlSyntaxError(
            "yaml syntax error: \(Self.explain(problem, in: construct, followsText: followsText))",
            at: problemLocation, notes: notes)
    }

    /// HP005 too: an alias whose anchor was never defined.
    static func undefinedAlias(_ name: String, at location: SourceLocation) -> Diagnostic {
        DiagnosticCode.yamlSyntaxError(
            "yaml syntax error: alias '*\(name)' refers to no anchor; define '&\(name)' on a node before this line",
            at: location)
    }

    /// "while parsing a flow mapping" -> "flow mapping".
    private static func construct(fromContext context: String) -> String {
        var text = context
        for prefix in ["while parsing ", "while scanning "] where text.hasPrefix(prefix) {
            text.removeFirst(prefix.count)
        }
        for article in ["a ", "an ", "the "] where text.hasPrefix(article) {
            text.removeFirst(article.count)
        }
        switch text {
        case "block collection": return "list"
        case "block mapping": return "mapping"
        case "flow sequence": return "flow list"
        case "quoted scalar": return "quoted string"
        case "simple key": return "key"
        case "block scalar": return "block text"
        default: return text
        }
    }

    private static func isUnclosed(_ problem: String) -> Bool {
        problem.hasPrefix("did not find expected ',' or") || problem.contains("unexpected end of stream")
    }

    /// libyaml's problem with the fix a designer needs.
    private static func explain(_ problem: String, in construct: String?, followsText: Bool) -> String {
        switch problem {
        case "did not find expected key" where followsText, "did not find expected '-' indicator" where followsText:
            return "unexpected text after the value; quote the whole value if it holds quotes or brackets "
                + "(inside single quotes write '' for ')"
        case "did not find expected <document start>":
            return "unexpected text after the end of the policy; remove it (a stray ']' or '}'?)"
        case "found unknown escape character":
            return "unknown escape after '\\' in double quotes; write '\\\\' for a backslash, or use single quotes"
        case "did not find expected alphabetic or numeric character":
            return "'*' and '&' start an alias or anchor and need a name; quote the text if it starts with them"
        case "did not find expected ',' or '}'":
            return "expected ',' or '}' in the flow mapping; close it with '}' or separate entries with ','"
        case "did not find expected ',' or ']'":
            return "expected ',' or ']' in the flow list; close it with ']' or separate items with ','"
        case "mapping values are not allowed in this context":
            return "unexpected ':'; quote the text if it contains ': ', or fix the indentation"
        case "did not find expected key":
            return "expected a key at this indentation; align the line with the keys above or fix the indentation"
        case "did not find expected '-' indicator":
            return "expected a '- ' list item at this indentation; align it with the items above"
        case "could not find expected ':'":
            return "expected ':' after the key"
        case "found character that cannot start any token":
            return "this character cannot start a value; quote the text (and indent with spaces, not tabs)"
        case "found unexpected end of stream":
            return construct == "quoted string"
                ? "the quoted string is never closed; add the closing quote"
                : "the file ends inside \(construct.map { "a \($0)" } ?? "a value"); close it"
        case "control characters are not allowed":
            return "control characters are not allowed; remove it or write it as an escape in double quotes"
        default:
            return problem
        }
    }
}
