import Foundation
import HapticPolicy
import HapticPolicyCompiler
import HapticPolicyDocument
import HapticPolicyExport
import HapticPolicyFrontEnd

/// `haptic-policy codegen`: the typed API of a policy (Swift, Kotlin or TypeScript) for apps.
enum CodegenCommand {
    /// The languages `--lang` names.
    enum Language: String, CaseIterable, Sendable {
        /// Swift, over the `HapticPolicy` runtime library.
        case swift
        /// Kotlin, over the Kotlin runtime (`io.hapticpolicy`) or a `Decider` the app implements.
        case kotlin
        /// TypeScript, over the `haptic-policy` npm package or the Expo module.
        case typescript
    }

    /// The options `codegen` declares.
    struct Options: CommandOptions {
        let lang = Choice("lang", valueName: "language", default: Language.swift, help: "Language (default swift).")
        let output = Value(
            "output", short: "o", valueName: "file",
            missing: "missing '-o <file>'; say where to write the generated code (- for stdout)",
            help: "Where to write the code, or - for stdout.")
        let package = Value(
            "package", valueName: "name", help: "Kotlin only: the package the file declares (com.example.app).")
        let color = Choice<ColorMode>.color
    }

    static let subcommand = Subcommand(
        name: "codegen",
        abstract: "Generate a typed API (Swift, Kotlin or TypeScript) from a policy's event catalogue.",
        discussion: """
            Loads, validates and compiles the policy, then writes one source file: an enum \
            named after the policy (PlavoPolicy) with its screens and layers as constants and \
            one Event case per catalogue event and built-in state event, the payload typed \
            (number, Bool, String; the strings the rows compare against become an enum), \
            template parameters as optional arguments. The Swift file adds \
            PolicyStore.decide(_:screen:subject:speaks:), so an app sends \
            store.decide(.plantFound) and an event removed from the policy breaks its build; \
            the Kotlin file adds the same decide over the Kotlin runtime's PolicyStore and \
            Session (store.decide(PlavoPolicy.Event.PlantFound)), in --package when given. \
            The TypeScript file declares the events as a discriminated union and typed(store), \
            so store.decide({ event: "lap.completed" }) with a misspelt name fails tsc. \
            The header names the policy's hash; the same policy always gives the same bytes. \
            A policy with errors writes nothing. Exit 0 when written, 1 when the policy has \
            errors or the file cannot be written, 64 on usage errors. See Docs/embedding.md.
            """,
        options: Options.self,
        positionals: [.init("policy", help: "A policy file (YAML) or its compiled bundle, or - for stdin.")],
        examples: [
            "haptic-policy codegen Policies/plavo.yaml --lang swift -o Sources/App/PlavoPolicy.swift",
            "haptic-policy codegen Policies/plavo.yaml --lang kotlin --package com.example.plavo -o app/src/main/java/PlavoPolicy.kt",
            "haptic-policy codegen Policies/breathing.yaml --lang typescript -o src/breathingPolicy.ts",
        ]
    ) { arguments, context throws(UsageError) in
        let output = try arguments[\.output]
        let language = arguments[\.lang]
        let packageName = try arguments[\.package]
        if let packageName {
            guard language == .kotlin else {
                throw UsageError("--package is for --lang kotlin; drop it, or add --lang kotlin")
            }
            guard KotlinCodeGenerator.isPackageName(packageName) else {
                throw UsageError(
                    "--package '\(packageName)' is not a Kotlin package name; "
                        + "give dot-separated identifiers of ASCII letters, digits and _ (com.example.app)")
            }
        }
        if output != "-" {
            try OutputFiles.refuseOverwriting(inputs: [arguments.positionals[0]], output: output, context: context)
        }
        guard let input = PolicyFrontEnd.load(arguments.positionals[0], context: context) else { return .failure }
        DiagnosticPrinter.print(input.diagnostics, sources: input.sources, context: context)
        let code =
            switch language {
            case .swift: SwiftCodeGenerator.generate(input.policy)
            case .kotlin: KotlinCodeGenerator.generate(input.policy, package: packageName)
            case .typescript: TypeScriptCodeGenerator.generate(input.policy)
            }
        if output == "-" {
            context.stdout.write(code)
            context.stdout.flush()
            // Nothing was generated when the code could not be written; `HapticPolicyTool.finish` says why.
            if context.stdout.hasFailed { return .failure }
        } else {
            // Into a folder made as `export` makes its own, atomically, and never over an
            // input (the policy or a file it includes).
            guard OutputFiles.createFolder(PathText.folder(of: output), context: context) else { return .failure }
            guard try OutputFiles.write([OutputFiles.File(path: output, bytes: Array(code.utf8))], context: context)
            else { return .failure }
        }
        let destination = output == "-" ? "stdout" : output
        context.stderr.line(
            terminalText(
                "generated the \(language.rawValue) API of \(input.policy.name) (\(input.policy.hash)) to \(destination)"
            ))
        return .success
    }
}
