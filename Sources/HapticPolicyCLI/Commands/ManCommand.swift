/// `haptic-policy man`: the man page, in roff, built from the command specs.
enum ManCommand {
    /// The options `man` declares: none.
    struct Options: CommandOptions {}

    static let subcommand = Subcommand(
        name: "man",
        abstract: "Print the haptic-policy(1) man page (roff) for man to show.",
        discussion: """
            Writes, on stdout, the manual page in roff with the man macros: every command with \
            its synopsis, discussion, arguments, options and examples, built from the same \
            command specs as --help, so it always matches this build. Read it with \
            'haptic-policy man | man -l -', or install it as haptic-policy.1 in a man1 folder \
            on MANPATH. Exit 0, 64 on usage errors.
            """,
        options: Options.self,
        examples: [
            "haptic-policy man | man -l -",
            "haptic-policy man > ~/.local/share/man/man1/haptic-policy.1",
        ]
    ) { _, context throws(UsageError) in
        context.stdout.write(
            ManPage.render(HapticPolicyTool.subcommands.map(\.spec), version: HapticPolicyTool.version))
        return .success
    }
}
