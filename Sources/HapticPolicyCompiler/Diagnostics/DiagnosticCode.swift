import HapticPolicy

/// One kind of finding any stage can report: a stable code (`HP106`), its severity, a
/// kebab-case slug (`continuous-too-long`), a one-line summary for the documentation, the
/// stage that reports it and a small input that makes that stage report it.
///
/// Every stage declares its codes as static values of this type (the validator next to
/// each check, the other stages grouped per stage) and emits diagnostics only through
/// them, so no emit site writes a bare `"HPnnn"`. `DiagnosticRegistry.all` lists them all.
///
/// Tooling, with its examples and fixture paths: the runtime reports one code, a refused
/// bundle (`Diagnostic.bundleRefusedCode`), which `bundleRefused` registers.
package struct DiagnosticCode: Sendable, Hashable {
    /// The stable code, `HP` and three digits; never reused for another meaning.
    package var code: String
    /// Every severity the code is reported at, the usual one first. Most codes have one;
    /// a few AHAP import codes are a warning when Core Haptics forgives the mistake and an
    /// error when it cannot.
    package var severities: [Severity]
    /// Kebab-case name of the finding, unique across the registry (SARIF's rule `name`).
    package var slug: String
    /// One lowercase line saying what the code means (SARIF's rule `shortDescription`).
    package var summary: String
    /// The stage that reports it.
    package var stage: DiagnosticStage
    /// An input that makes `stage` report this code.
    package var example: DiagnosticExample

    /// The usual severity: what `callAsFunction` reports unless told otherwise.
    package var severity: Severity { severities[0] }

    /// Declares a code. `also` is a second severity some emit sites report it at.
    package init(
        _ code: String, _ severity: Severity, _ slug: String, _ summary: String, stage: DiagnosticStage,
        example: DiagnosticExample, also other: Severity? = nil
    ) {
        self.code = code
        self.severities = [severity] + (other.map { [$0] } ?? [])
        self.slug = slug
        self.summary = summary
        self.stage = stage
        self.example = example
    }

    /// Declares a validator code; its example is the failing fixture of the check
    /// examples, `Tests/HapticPolicyYAMLTests/Fixtures/checks/<code>-<slug>.fail.yaml`.
    package static func check(_ code: String, _ severity: Severity, _ slug: String, _ summary: String) -> DiagnosticCode
    {
        DiagnosticCode(
            code, severity, slug, summary, stage: .validation,
            example: .policy(.file("Tests/HapticPolicyYAMLTests/Fixtures/checks/\(code)-\(slug).fail.yaml")))
    }

    /// A diagnostic of this code, at the usual severity or at `severity` (one of `severities`).
    package func callAsFunction(
        _ message: String, at location: SourceLocation, notes: [Diagnostic.Note] = [], invariant: String? = nil,
        severity: Severity? = nil
    ) -> Diagnostic {
        assert(severity.map(severities.contains) ?? true, "\(code) is not declared as \(severity?.rawValue ?? "")")
        return Diagnostic(
            code: code, severity: severity ?? self.severity, message: message, at: location, notes: notes,
            invariant: invariant)
    }
}

/// The stage of the pipeline a code belongs to, each with its range of codes.
package enum DiagnosticStage: String, Sendable, Hashable, CaseIterable {
    /// HP001-HP099: the YAML front end (the file, syntax, keys, types, limits) of
    /// policies, test files and scenarios.
    case frontEnd = "front-end"
    /// HP100-HP699: the validator's static checks of a loaded policy, and (HP6xx) the
    /// policy's acknowledgements of its warnings.
    case validation
    /// HP700-HP799: the exporters (HP70x) and the pattern importers (HP72x-HP73x).
    case export
    /// HP800-HP899: test files, scenarios and event logs.
    case dataFiles = "data-files"
    /// HP900-HP999: compiled bundles loaded into a `PolicyStore`.
    case bundle

    /// The codes the stage may use.
    package var range: ClosedRange<Int> {
        switch self {
        case .frontEnd: 1...99
        case .validation: 100...699
        case .export: 700...799
        case .dataFiles: 800...899
        case .bundle: 900...999
        }
    }
}

/// A small input that makes its stage report a code, written so a designer can try it:
/// the policy, test file, scenario, log line, AHAP file or bundle, and how it is run.
/// `DiagnosticExamplesTests` runs every registered example through its stage.
package enum DiagnosticExample: Sendable, Hashable {
    /// Where an input's text is.
    package enum Text: Sendable, Hashable {
        /// Written out here.
        case inline(String)
        /// A file of this repository, relative to the package root: the shared example
        /// fixtures, and inputs that are not UTF-8.
        case file(String)
    }

    /// A policy read by the front end and validated, as `haptic-policy lint` does;
    /// `maxBytes` lowers the input size limit (`ParseLimits.maxBytes`).
    case policy(Text, maxBytes: Int? = nil)
    /// A policy path where no file exists.
    case missingFile(String)
    /// A policy (lint-clean) exported by `haptic-policy export --to <target>` with these
    /// `--param` values.
    case export(policy: String, target: String, parameters: [String: Double] = [:])
    /// An AHAP file given to `haptic-policy import-ahap`.
    case ahap(String)
    /// A Meta Haptics Studio clip given to `haptic-policy import`.
    case hapticClip(String)
    /// A test file checked by `haptic-policy lint` next to its policy (`example.yaml`;
    /// nil when no policy file exists).
    case testFile(String, policy: String?)
    /// A scenario acted out by `haptic-policy simulate` for a policy.
    case scenario(String, policy: String)
    /// A JSONL event log read for replay (`haptic-policy diff`, `TimedEventLog.read`).
    case eventLog(String)
    /// A compiled bundle given to `PolicyStore.reload(bundle:)`.
    case bundle(String)
    /// A `PolicyDocument` built in code, here in its JSON encoding (`Codable`), handed to
    /// `PolicyValidator`: for mistakes the YAML front end cannot let through.
    case document(String)

    /// A small lint-clean policy the test-file and scenario examples run against.
    package static let examplePolicy = """
        policy: example
        version: 1
        feedback:
          tap: {layer: ui, preset: impact.light}
        events:
          button.tap: {layer: ui, screens: [home]}
        screens:
          home:
            table:
              button.tap: {play: tap}
        budgets:
          - {id: B-1, each: screen, max: 6, per: 10}

        """
}
