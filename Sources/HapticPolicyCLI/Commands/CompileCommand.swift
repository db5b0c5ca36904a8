import Foundation
import HapticPolicy
import HapticPolicyYAML

/// `haptic-policy compile`: a validated policy as a bundle apps load without libyaml.
enum CompileCommand {
    static let subcommand = Subcommand(
        spec: CommandSpec(
            name: "compile",
            abstract: "Compile a policy into a bundle (versioned JSON with a SHA-256) for apps.",
            discussion: """
                Loads, validates and compiles the policy, then writes the bundle that \
                PolicyStore(bundle:) and Policy(bundle:) read on device with Foundation \
                alone (format: Docs/embedding.md). A policy with errors writes nothing. \
                The bundle's hash is printed; every decision made with it cites that hash. \
                Exit 0 when written, 1 when the policy has errors or the file cannot be \
                written, 64 on usage errors.
                """,
            options: [
                .value("output", short: "o", valueName: "bundle.json", help: "Where to write the bundle, or - for stdout."),
            ],
            positionals: [.init("policy", .one, help: "The policy (YAML), or - for stdin.")],
            examples: [
                "haptic-policy compile Policies/plavo.yaml -o PlavoApp/plavo.bundle.json",
                "haptic-policy compile - -o - < Policies/metronome.yaml",
            ]
        )
    ) { arguments, context throws(UsageError) in
        guard let output = arguments.value("output") else {
            throw UsageError("missing '-o <bundle.json>'; say where to write the bundle (- for stdout)")
        }
        let path = arguments.positionals[0]
        let file = path == "-" ? "<stdin>" : path
        guard let bytes = context.readInputReportingErrors(path) else { return .failure }
        let loaded = PolicyLoader.parse(bytes, file: file)
        var diagnostics = loaded.diagnostics
        // Validated once: the compiler below is handed these findings.
        var validated: ValidatedPolicy?
        if let document = loaded.document, !diagnostics.contains(where: { $0.severity == .error }) {
            let outcome = PolicyValidator.check(document)
            validated = outcome.validated
            diagnostics += outcome.diagnostics
        }
        guard let validated else {
            report(diagnostics, context: context)
            context.stderr.line("\(file): not compiled; fix the errors above")
            return .failure
        }
        let policy = PolicyCompiler.compile(validated)
        let bundle = policy.bundle
        let hash = policy.hash
        report(diagnostics, context: context)
        if output == "-" {
            context.stdout.write(bytes: bundle)
        } else {
            do {
                try Data(bundle).write(to: URL(fileURLWithPath: output), options: .atomic)
            } catch {
                context.stderr.line("error: \(output): cannot be written (\(error.localizedDescription)); check the directory exists and is writable")
                return .failure
            }
        }
        context.stderr.line("compiled \(policy.name) (\(hash)) to \(output == "-" ? "stdout" : output): \(bundle.count) bytes")
        return .success
    }

    private static func report(_ diagnostics: [Diagnostic], context: CommandContext) {
        for diagnostic in diagnostics {
            context.stderr.line("\(diagnostic.location): \(diagnostic.severity.rawValue): \(diagnostic.message) [\(diagnostic.code)]")
        }
    }
}
