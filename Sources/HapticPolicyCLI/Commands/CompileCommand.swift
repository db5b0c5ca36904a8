import Foundation
import HapticPolicy
import HapticPolicyCompiler
import HapticPolicyFrontEnd

/// `haptic-policy compile`: a validated policy as a bundle apps load without libyaml.
enum CompileCommand {
    /// The options `compile` declares.
    struct Options: CommandOptions {
        let output = Value(
            "output", short: "o", valueName: "bundle.json",
            missing: "missing '-o <bundle.json>'; say where to write the bundle (- for stdout)",
            help: "Where to write the bundle, or - for stdout.")
        let runtimeOnly = Flag(
            "runtime-only",
            help: "Write line 1 alone: what an app decides with, without the tools' positions, invariants and budgets.")
        let color = Choice<ColorMode>.color
    }

    static let subcommand = Subcommand(
        name: "compile",
        abstract: "Compile a policy into a bundle (versioned JSON with a SHA-256) for apps.",
        discussion: """
            Loads, validates and compiles the policy, then writes the bundle that \
            PolicyStore(bundle:) and Policy(bundle:) read on device with Foundation \
            alone (format: Docs/embedding.md). A policy with errors writes nothing. \
            The bundle's hash is printed; every decision made with it cites that hash. \
            The bundle has two lines: what a runtime reads, then what only the tools \
            read (source positions, invariants, budgets, notes); --runtime-only writes \
            the first alone, for an app that wants the smaller file. \
            The bundle is written to a temporary file and renamed into place, so a \
            failure never leaves a half-written bundle. Exit 0 when written, 1 when the \
            policy has errors or the file cannot be written, 64 on usage errors (an \
            output that is the policy itself).
            """,
        options: Options.self,
        positionals: [.init("policy", .one, help: "The policy (YAML), or - for stdin.")],
        examples: [
            "haptic-policy compile Policies/plavo.yaml -o PlavoApp/plavo.bundle.json",
            "haptic-policy compile - -o - < Policies/metronome.yaml",
        ]
    ) { arguments, context throws(UsageError) in
        let output = try arguments[\.output]
        let policyPath = arguments.positionals[0]
        if output != "-" { try OutputFiles.refuseOverwriting(inputs: [policyPath], output: output, context: context) }
        guard let input = PolicyFrontEnd.load(policyPath, context: context) else { return .failure }
        // Validated and compiled once, by the front end.
        let bundle = PolicyBundle.encode(input.policy, runtimeOnly: arguments[\.runtimeOnly])
        let hash = input.policy.hash
        DiagnosticPrinter.print(input.diagnostics, sources: input.sources, context: context)
        guard bundle.count <= PolicyBundle.maxBytes else {
            // Never write a bundle no runtime reads (`Docs/bundle-format.md`, "Size").
            let refused = DiagnosticCode.bundleRefused(
                "the compiled bundle would be \(bundle.count) bytes, over the \(PolicyBundle.maxBytes)-byte limit every runtime reads; nothing was written. Its decision table has one entry per screen and event: split the policy, or declare fewer screens or events",
                at: SourceLocation(file: FrontEndFiles.displayName(policyPath), line: 1, column: 1))
            DiagnosticPrinter.print([refused], sources: input.sources, context: context)
            return .failure
        }
        if output == "-" {
            context.stdout.write(bytes: bundle)
            context.stdout.flush()
            // `HapticPolicyTool.finish` says why.
            if context.stdout.hasFailed { return .failure }
        } else {
            guard try OutputFiles.write([OutputFiles.File(path: output, bytes: bundle)], context: context) else {
                return .failure
            }
        }
        context.stderr.line(
            terminalText(
                "compiled \(input.policy.name) (\(hash)) to \(output == "-" ? "stdout" : output): \(bundle.count) bytes"
            ))
        return .success
    }
}
