import HapticPolicy
import HapticPolicyDocument

extension DiagnosticCode {
    static let warmupOutOfRange = DiagnosticCode.check(
        "HP115", .error, "warmup-out-of-range", "the engine warm-up is outside 0-2 s")
    /// In one YAML file these names are mapping keys, and a repeated key is the front end's
    /// HP006; across the files of `include:` the loader reports it (`PolicyIncludes.swift`).
    package static let duplicateDeclaration = DiagnosticCode(
        "HP218", .error, "duplicate-declaration",
        "a screen, event, feedback, band set, layer or constant is declared twice: in a document built in code, or in two files of an include",
        stage: .validation,
        example: .document("Tests/HapticPolicyYAMLTests/Fixtures/checks/HP218-duplicate-declaration.fail.json"))
    /// A constant nothing uses (`HapticPolicyYAML`'s `PolicyDecoder+Constants.swift`).
    package static let unusedConstant = DiagnosticCode.check(
        "HP230", .warning, "unused-constant", "a constant no number of the policy uses")
    /// A constant named like a template parameter (`HapticPolicyYAML`'s `PolicyDecoder+Constants.swift`).
    package static let constantShadowsParameter = DiagnosticCode.check(
        "HP231", .error, "constant-shadows-parameter",
        "a pattern or run-time parameter named like a constant, so expressions could mean either")
}

/// Top-level values: the engine settings. (`version: 1` is the front end's check, HP020.)
enum DocumentChecks {
    /// Longer than this and the engine is prepared too early to help (`prepare()` lasts ~1 s).
    static let maxWarmup = 2.0

    static func run(_ context: ValidationContext) -> [Diagnostic] {
        var out: [Diagnostic] = []
        let document = context.document
        let warmup = document.engine.warmup
        if !(warmup.value >= 0 && warmup.value <= maxWarmup) {
            out.append(
                DiagnosticCode.warmupOutOfRange(
                    "the engine warm-up is \(show(warmup.value)) s: use 0 to \(show(maxWarmup)) s (a cold engine needs about 0.05-0.1 s)",
                    at: warmup.location))
        }
        out += duplicates(document.screens.map(\.name), "screen")
        out += duplicates(document.events.map(\.name), "event")
        out += duplicates(document.feedback.map(\.name), "feedback")
        out += duplicates(document.bands.map(\.name), "band set")
        return out
    }

    /// Every repeat of a name, at the repeat, naming the first declaration.
    private static func duplicates(_ names: [Located<String>], _ what: String) -> [Diagnostic] {
        var first = NameTable<SourceLocation>()
        var out: [Diagnostic] = []
        for name in names {
            if let earlier = first[name.value] {
                out.append(
                    DiagnosticCode.duplicateDeclaration(
                        "\(what) '\(name.value)' is declared twice (first at \(earlier.file == name.location.file ? "" : earlier.file + ":")\(earlier.line):\(earlier.column)): keep one declaration",
                        at: name.location,
                        notes: earlier.file == name.location.file
                            ? [] : [Diagnostic.Note("'\(name.value)' is first declared here", at: earlier)]))
            } else {
                first[name.value] = name.location
            }
        }
        return out
    }
}
