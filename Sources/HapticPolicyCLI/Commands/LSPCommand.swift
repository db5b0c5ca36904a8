import HapticPolicy
import HapticPolicyCompiler
import HapticPolicyLanguageServer

/// `haptic-policy lsp`: a Language Server on stdin and stdout, so editors show the
/// findings of `lint` as the designer types, with hover, go to definition, references,
/// completion and an outline (Docs/editors.md).
enum LSPCommand {
    /// The options `lsp` declares.
    struct Options: CommandOptions {
        let docsURL = Value(
            "docs-url", valueName: "url",
            help: "The page diagnostic codes link to (default: Docs/checks.md of the workspace).")
        let stdio = Flag(
            "stdio", help: "Talk over stdin and stdout (the only transport; accepted for editors that pass it).")
    }

    static let subcommand = Subcommand(
        name: "lsp",
        abstract: "Run a Language Server for policies and policy test files on stdin/stdout.",
        discussion: """
            Speaks the Language Server Protocol 3.17 (JSON-RPC with Content-Length framing) on \
            stdin and stdout; logs go to stderr. Every open policy and test file is checked as \
            'haptic-policy lint' checks it, on the editor's unsaved text, and its findings are \
            published with their codes, each linked to its entry in Docs/checks.md. Hover shows \
            what a feedback, band, event, screen, invariant or budget is; go to definition and \
            find references work within a policy and from a test file into its policy; names \
            complete after 'play:', 'band:', 'screens:', 'cite:' and in tables. Exit 0 after \
            'shutdown' and 'exit', 1 when the input ends or 'exit' comes without 'shutdown'.
            """,
        options: Options.self,
        examples: [
            "haptic-policy lsp",
            "haptic-policy lsp --docs-url https://example.com/haptics/Docs/checks.md",
        ]
    ) { arguments, context throws(UsageError) in
        let output = context.stdout
        let docsURL = try arguments[\.docsURL]
        let server = LanguageServer(
            environment: context.environment, docsURL: docsURL, version: HapticPolicyTool.version,
            send: { bytes in
                output.write(bytes: bytes)
                output.flush()
            },
            log: { context.stderr.line(terminalText($0)) })
        let input = context.standardInput
        let served = server.serve(read: { input.read(into: $0) }, stopped: { context.stdout.hasFailed })
        context.stderr.flush()
        return served ? .success : .failure
    }
}
