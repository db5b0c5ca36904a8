/// `haptic-policy completion`: a shell completion script, built from the command specs.
enum CompletionCommand {
    /// The options `completion` declares: none.
    struct Options: CommandOptions {}

    static let subcommand = Subcommand(
        name: "completion",
        abstract: "Print a shell completion script for bash, zsh or fish.",
        discussion: """
            Writes, on stdout, a script that completes command names, each command's options, \
            the values of options with a fixed set (--format, --color) and file names, built \
            from the same command specs as --help, so it always matches this build. \
            bash: source <(haptic-policy completion bash), or save it as \
            ~/.local/share/bash-completion/completions/haptic-policy. zsh: save it as \
            _haptic-policy in a folder of $fpath. fish: save it as \
            ~/.config/fish/completions/haptic-policy.fish. Exit 0, 64 on usage errors.
            """,
        options: Options.self,
        positionals: [
            .init("shell", choices: ShellCompletion.Shell.allCases.map(\.rawValue), help: "The shell to complete in.")
        ],
        examples: [
            "source <(haptic-policy completion bash)",
            "haptic-policy completion zsh > \"${fpath[1]}/_haptic-policy\"",
            "haptic-policy completion fish > ~/.config/fish/completions/haptic-policy.fish",
        ]
    ) { arguments, context throws(UsageError) in
        // The parser has refused every other value of <shell>.
        guard let shell = ShellCompletion.Shell(rawValue: arguments.positionals[0]) else { return .usage }
        context.stdout.write(ShellCompletion.script(for: shell, commands: HapticPolicyTool.subcommands.map(\.spec)))
        return .success
    }
}
