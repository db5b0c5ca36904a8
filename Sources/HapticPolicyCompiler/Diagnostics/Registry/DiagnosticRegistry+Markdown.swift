import HapticPolicy
import HapticPolicyDocument

extension DiagnosticRegistry {
    /// `Docs/checks.md`: every code of every stage with its severity, name, meaning and
    /// example. `DiagnosticRegistryDocsTests` keeps the checked-in file in step with it.
    package static var markdown: String {
        var lines = [
            "# Diagnostics",
            "",
            "<!-- Generated from DiagnosticRegistry by `RECORD_GOLDEN=1 swift test --filter DiagnosticRegistryDocsTests`; do not edit. -->",
            "",
            "Every problem `haptic-policy` reports has a code, `HP` and three digits, a severity and a",
            "name. Codes are stable and never reused. Each code below has an example that reports it,",
            "and one test runs them all.",
            "",
            "| Codes | Stage | Reported by |",
            "|---|---|---|",
        ]
        for stage in DiagnosticStage.allCases {
            lines.append("| \(rangeText(stage)) | \(stage.scope) | \(stage.reportedBy) |")
        }
        for stage in DiagnosticStage.allCases {
            lines += ["", "## \(stage.title) (\(rangeText(stage)))", ""]
            lines += stage.introduction
            lines += ["", "| Code | Severity | Name | Meaning | Example |", "|---|---|---|---|---|"]
            for code in codes(of: stage) {
                let severity = code.severities.map(\.rawValue).joined(separator: " / ")
                // Every code has an anchor, `#hp301`, that editors link a finding to
                // (`haptic-policy lsp`): the heading of its written-out example, or one here.
                let target = code.example.isWrittenOut ? "" : "<a id=\"\(anchor(of: code.code))\"></a>"
                lines.append(
                    "| \(code.code) | \(severity) | `\(code.slug)` | \(target)\(cell(code.summary)) | \(exampleCell(code)) |"
                )
            }
        }
        lines += [
            "",
            "## Examples",
            "",
            "The examples of the tables above that are not fixture files. Test files and scenarios run",
            "against this policy, saved as `\(DiagnosticExample.policyFile)`:",
            "",
            "```yaml",
        ]
        lines += block(DiagnosticExample.examplePolicy)
        lines.append("```")
        for code in all where code.example.isWrittenOut {
            lines += ["", "### \(code.code)", ""]
            lines += code.example.markdown
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The anchor of a code's entry in `Docs/checks.md` (`hp301` for `HP301`): the id of
    /// its example's heading, or of the anchor in its table row.
    package static func anchor(of code: String) -> String {
        code.lowercased()
    }

    private static func rangeText(_ stage: DiagnosticStage) -> String {
        "HP" + threeDigits(stage.range.lowerBound) + "-HP" + threeDigits(stage.range.upperBound)
    }

    private static func threeDigits(_ number: Int) -> String {
        let text = String(number)
        return String(repeating: "0", count: max(0, 3 - text.count)) + text
    }

    private static func cell(_ text: String) -> String {
        text.replacingOccurrences(of: "|", with: "\\|")
    }

    private static func exampleCell(_ code: DiagnosticCode) -> String {
        switch code.example {
        case .policy(.file(let path), nil) where path.hasSuffix(".fail.yaml"):
            let twin = String(path.dropLast(".fail.yaml".count)) + ".pass.yaml"
            return "[fails](../\(path)), [passes](../\(twin))"
        case .policy(.file(let path), _):
            return "[example](../\(path))"
        default:
            return "[below](#\(anchor(of: code.code)))"
        }
    }

    fileprivate static func block(_ text: String) -> [String] {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        while lines.last == "" { lines.removeLast() }
        return lines
    }
}

extension DiagnosticStage {
    /// The stage's section heading.
    fileprivate var title: String {
        switch self {
        case .frontEnd: "The YAML front end"
        case .validation: "Validation"
        case .export: "Exports and AHAP import"
        case .dataFiles: "Test files, scenarios and event logs"
        case .bundle: "Compiled bundles"
        }
    }

    /// What the stage checks, for the ranges table.
    fileprivate var scope: String {
        switch self {
        case .frontEnd: "the YAML front end: the file itself, syntax, keys, types, limits"
        case .validation:
            "validation: values (HP1xx), references (HP2xx), the table (HP3xx), invariants (HP4xx), budgets (HP5xx), acknowledgements (HP6xx)"
        case .export: "exports (HP70x) and the pattern imports (HP72x-HP73x)"
        case .dataFiles: "test files, scenarios and event logs"
        case .bundle: "compiled bundles"
        }
    }

    /// Who reports the stage's codes.
    fileprivate var reportedBy: String {
        switch self {
        case .frontEnd: "every command that reads a policy, test file or scenario"
        case .validation: "`lint`, and every command that needs a usable policy"
        case .export: "`export`, `report`, `import`"
        case .dataFiles: "`lint`, `test`, `simulate`, `diff`"
        case .bundle: "`PolicyStore.reload(bundle:)` in an app"
        }
    }

    /// The paragraph under the stage's heading.
    fileprivate var introduction: [String] {
        switch self {
        case .frontEnd:
            [
                "Problems with the file itself, its YAML and the shape of its keys and values, reported",
                "for policies, test files and scenarios alike, with \"did you mean\" hints. Each fixture",
                "example has a fixed twin that loads cleanly, with the expected line and column marked.",
            ]
        case .validation:
            [
                "`haptic-policy lint` reports these after the file has been read. Structural rules",
                "(required keys, keys that exclude each other or do not apply, the language version)",
                "belong to the front end and are not repeated here. Each code has a policy that triggers",
                "it and one that does not, with the expected line and column marked. Codes removed during",
                "design (HP100, HP110-HP112, HP120, HP124, HP306) stay unused. HP6xx are about the policy's",
                "`acknowledge:` entries (Docs/policy-language.md, \"Acknowledging a warning\"): a warning",
                "acknowledged there is counted apart and does not fail `lint --strict`.",
            ]
        case .export:
            [
                "The exporters check each pattern at the parameter values of the export (`--param`, else",
                "the defaults); lint checks templates at their defaults and range ends only. The AHAP",
                "importer reports the mistakes Core Haptics forgives silently.",
            ]
        case .dataFiles:
            [
                "Test files (`*.tests.yaml`) and scenarios are read by the same front end as policies",
                "(`HP0xx`); these codes are their own rules, and their names checked against the policy.",
            ]
        case .bundle:
            [
                "An app loading a compiled bundle (`haptic-policy compile`) gets these from the store;",
                "the active policy stays.",
            ]
        }
    }
}

extension DiagnosticExample {
    /// The name the examples give a policy.
    package static let policyFile = "example.yaml"

    /// The name the documentation gives the example's input.
    package var inputFile: String {
        switch self {
        case .policy, .export: Self.policyFile
        case .missingFile(let path): path
        case .ahap: "example.ahap"
        case .hapticClip: "example.haptic"
        case .testFile: "example.tests.yaml"
        case .scenario: "example.scenario.yaml"
        case .eventLog: "example.jsonl"
        case .bundle: "example.bundle.json"
        case .document(let path): path
        }
    }

    /// Whether the documentation writes the example out (not a fixture file).
    fileprivate var isWrittenOut: Bool {
        if case .policy(.file, _) = self { return false }
        return true
    }

    /// How to run the example, and its input.
    fileprivate var markdown: [String] {
        let file = "`\(inputFile)`"
        switch self {
        case .policy(.inline(let text), let maxBytes):
            let intro =
                maxBytes.map { "\(file), parsed with `ParseLimits(maxBytes: \($0))` (`lint` allows 1 MiB):" }
                ?? "`haptic-policy lint \(inputFile)`, with \(file):"
            return [intro, ""] + fenced("yaml", text)
        case .policy(.file(let path), _):
            return ["`haptic-policy lint \(path)`."]
        case .missingFile(let path):
            return ["`haptic-policy lint \(path)`, where no file `\(path)` exists."]
        case .export(let policy, let target, let parameters):
            let params = parameters.keys.sorted().map { " --param \($0)=\(numberText(parameters[$0] ?? 0))" }.joined()
            return ["`haptic-policy export \(inputFile) --to \(target)\(params) --out out`, with \(file):", ""]
                + fenced("yaml", policy)
        case .ahap(let text):
            return ["`haptic-policy import \(inputFile)`, with \(file):", ""] + fenced("json", text)
        case .hapticClip(let text):
            return ["`haptic-policy import \(inputFile)`, with \(file):", ""] + fenced("json", text)
        case .testFile(let text, let policy):
            let intro = "`haptic-policy lint \(inputFile)`, with \(file)"
            switch policy {
            case nil:
                return ["\(intro) and no policy file:", ""] + fenced("yaml", text)
            case DiagnosticExample.examplePolicy?:
                return ["\(intro) next to the example policy:", ""] + fenced("yaml", text)
            case let other?:
                return ["\(intro):", ""] + fenced("yaml", text) + ["", "next to `\(Self.policyFile)`:", ""]
                    + fenced("yaml", other)
            }
        case .scenario(let text, let policy):
            let intro = "`haptic-policy simulate \(Self.policyFile) --scenario \(inputFile)`, with \(file)"
            guard policy != DiagnosticExample.examplePolicy else {
                return ["\(intro) for the example policy:", ""] + fenced("yaml", text)
            }
            return ["\(intro):", ""] + fenced("yaml", text) + ["", "and `\(Self.policyFile)`:", ""]
                + fenced("yaml", policy)
        case .eventLog(let text):
            return ["\(file), read for replay (`haptic-policy diff old.yaml new.yaml \(inputFile)`):", ""]
                + fenced("jsonl", text)
        case .bundle(let text):
            return ["\(file), given to `PolicyStore.reload(bundle:)`:", ""] + fenced("json", text)
        case .document(let path):
            return [
                "A `PolicyDocument` built in code (YAML cannot repeat a name: that is HP006), handed to "
                    + "`PolicyValidator.check`; its JSON encoding is [\(path.split(separator: "/").last ?? Substring(path))](../\(path))."
            ]
        }
    }

    private func fenced(_ language: String, _ text: String) -> [String] {
        ["```\(language)"] + DiagnosticRegistry.block(text) + ["```"]
    }
}
