import HapticPolicy
import HapticPolicyCompiler

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
            environment: context.environment, docsURL: docsURL,
            send: { bytes in
                output.write(bytes: bytes)
                output.flush()
            },
            log: { context.stderr.line(terminalText($0)) })
        return serve(server, input: context.standardInput, context: context)
    }

    /// Reads messages until `exit` or the end of input; returns the exit code.
    static func serve(_ server: LanguageServer, input: StandardInput, context: CommandContext) -> ExitCode {
        var reader = MessageReader()
        let buffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: 1 << 16)
        defer { buffer.deallocate() }
        while server.exitCode == nil, !context.stdout.hasFailed {
            let count = input.read(into: buffer)
            if count == 0 { break }
            // Every message of one read is handled before the diagnostics go out, so a
            // burst of changes is checked once, at its last text.
            for item in reader.feed(UnsafeBufferPointer(rebasing: buffer[0..<count])) {
                switch item {
                case .message(let body): server.receive(body)
                case .problem(let problem): server.skipped(problem)
                }
                if server.exitCode != nil { break }
            }
            server.flushDiagnostics()
        }
        if server.exitCode == nil, reader.hasPartialMessage {
            server.skipped("the input ended inside a message")
        }
        context.stderr.flush()
        if let code = server.exitCode { return code == 0 ? .success : .failure }
        return server.shutDown ? .success : .failure
    }
}
