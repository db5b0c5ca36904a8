import Foundation
import Testing

@testable import HapticPolicyCLI

/// `completion bash|zsh|fish` and `man` are built from the command specs that `--help`
/// prints: their goldens, a command and an option added to the specs appearing in all
/// three at once, and the scripts and the page checked by the real bash, fish, zsh and
/// groff/man (Docs/cli.md, completion and man).
@Suite struct CompletionAndManTests {
    static var specs: [CommandSpec] { HapticPolicyTool.subcommands.map(\.spec) }

    /// The specs with a command `frobnicate` (a choice option, a file option, a choice
    /// positional) and a new option on `lint`, as a future change would add them.
    static var extendedSpecs: [CommandSpec] {
        var specs = specs
        let lint = specs.firstIndex { $0.name == "lint" }!
        specs[lint].options.append(.value("flavour", valueName: "taste", choices: ["sweet", "sour"], help: "New."))
        specs.append(
            CommandSpec(
                name: "frobnicate", abstract: "Frobnicate a policy.", discussion: "Does it.",
                options: [
                    .value("speed", valueName: "pace", choices: ["slow", "fast"], help: "How fast."),
                    .value("into", short: "i", valueName: "file", help: "Where to."),
                ],
                positionals: [.init("mode", choices: ["gently", "firmly"], help: "How.")]))
        return specs
    }

    /// Runs `script` with bash after sourcing `completion`, with `tool` on PATH as
    /// `haptic-policy`; `offer WORD...` prints what bash offers for the last word, and
    /// `offer_sorted WORD...` the same words sorted.
    static func bash(_ completion: String, _ script: String) throws -> (output: String, status: Int32) {
        let folder = try temporaryFolder("bash-completion")
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("haptic-policy.bash")
        try Data(completion.utf8).write(to: file)
        let prelude = """
            source \(shellQuoted(file.path))
            offer() {
                COMP_WORDS=("$@")
                COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
                COMPREPLY=()
                _haptic_policy
                echo "${COMPREPLY[*]}"
            }
            offer_sorted() { offer "$@" | tr ' ' '\n' | LC_ALL=C sort | tr '\n' ' ' | sed 's/ $//'; echo; }

            """
        return try runExternal("bash", ["--norc", "--noprofile", "-c", prelude + script])
    }

    static func available(_ program: String) -> Bool {
        (try? runExternal("sh", ["-c", "command -v \(program)"]).status) == 0
    }

    @Test(arguments: ShellCompletion.Shell.allCases)
    func theScriptIsItsGolden(shell: ShellCompletion.Shell) throws {
        let result = runInProcess(["completion", shell.rawValue])
        #expect(result.exitCode == 0, "\(result.stderr)")
        #expect(result.stdout == ShellCompletion.script(for: shell, commands: Self.specs))
        try expectGolden(result.stdout, named: "completion.\(shell.rawValue)")
    }

    @Test func theManPageIsItsGolden() throws {
        let result = runInProcess(["man"])
        #expect(result.exitCode == 0, "\(result.stderr)")
        try expectGolden(result.stdout, named: "haptic-policy.1")
    }

    @Test func anUnknownShellIsAUsageError() {
        let result = runInProcess(["completion", "tcsh"])
        #expect(result.exitCode == 64)
        #expect(
            result.stderr.contains("'tcsh' is not a valid <shell>; use one of: bash, zsh, fish"), "\(result.stderr)")
        #expect(result.stdout.isEmpty)
    }

    /// A command and an option added to the specs are in the bash, zsh and fish scripts
    /// and the man page with nothing else changed, their choices with them.
    @Test func aNewCommandAndOptionAppearInAllThree() throws {
        let specs = Self.extendedSpecs
        let bash = ShellCompletion.script(for: .bash, commands: specs)
        let zsh = ShellCompletion.script(for: .zsh, commands: specs)
        let fish = ShellCompletion.script(for: .fish, commands: specs)
        let man = ManPage.render(specs, version: "9.9.9")
        for script in [bash, ShellCompletion.script(for: .bash, commands: Self.specs)] {
            #expect(script.contains("--strict"))
        }
        #expect(!ShellCompletion.script(for: .bash, commands: Self.specs).contains("frobnicate"))
        #expect(zsh.contains("'frobnicate:Frobnicate a policy.'"))
        #expect(zsh.contains("'--speed[How fast.]:pace:(slow fast)'"))
        #expect(zsh.contains("'(-i --into)'{-i,--into}'[Where to.]:file:_files'"))
        #expect(zsh.contains("'--flavour[New.]:taste:(sweet sour)'"))
        #expect(zsh.contains("':mode:(gently firmly)'"))
        #expect(fish.contains("-a frobnicate -d 'Frobnicate a policy.'"))
        #expect(fish.contains("-n '__fish_seen_subcommand_from frobnicate' -l speed -x -a 'slow fast' -d 'How fast.'"))
        #expect(fish.contains("-n '__fish_seen_subcommand_from lint' -l flavour -x -a 'sweet sour' -d 'New.'"))
        #expect(man.contains(".SS \"frobnicate\""))
        #expect(man.contains("\\fB\\-\\-speed\\fR \\fI<pace>\\fR\nHow fast. (slow|fast)"))
        #expect(man.contains("\\fB\\-\\-flavour\\fR \\fI<taste>\\fR\nNew. (sweet|sour)"))
        #expect(man.contains("\\fI<mode>\\fR\nHow. (gently|firmly)"))

        // And bash really completes them.
        let checked = try Self.bash(
            bash,
            """
            offer haptic-policy frob
            offer haptic-policy frobnicate --sp
            offer haptic-policy frobnicate --speed ""
            offer haptic-policy frobnicate g
            offer haptic-policy lint --flavour s
            """)
        #expect(checked.status == 0, "\(checked.output)")
        #expect(checked.output == "frobnicate\n--speed\nslow fast\ngently\nsweet sour\n", "\(checked.output)")
    }

    /// bash completes every command, each command's every option (from its spec) and
    /// the values of its choices, with the script the tool prints.
    @Test func bashCompletesCommandsOptionsAndChoices() throws {
        let tool = builtToolURL()
        var script = """
            source <(\(shellQuoted(tool.path)) completion bash)
            complete -p haptic-policy
            offer_sorted haptic-policy ""
            offer_sorted haptic-policy li
            offer_sorted haptic-policy --ver
            offer_sorted haptic-policy completion ""
            offer_sorted haptic-policy help co
            offer_sorted haptic-policy test Policies/plavo.t

            """
        let words: [[String]] = [
            Self.specs.map(\.name) + ["help", "--version", "--help", "-h"],
            ["lint"], ["--version"], ["bash", "zsh", "fish"], ["codegen", "compile", "completion"],
            ["Policies/plavo.tests.yaml"],
        ]
        var expected = ["complete -o filenames -F _haptic_policy haptic-policy"]
        expected += words.map { $0.sorted().joined(separator: " ") }
        for spec in Self.specs {
            script += "offer_sorted haptic-policy \(spec.name) --\n"
            expected.append(spec.allOptions.map { "--\($0.name)" }.sorted().joined(separator: " "))
            for option in spec.options {
                guard let choices = option.choices else { continue }
                script += "offer_sorted haptic-policy \(spec.name) --\(option.name) \"\"\n"
                expected.append(choices.sorted().joined(separator: " "))
            }
        }
        let result = try Self.bash("", script)
        #expect(result.status == 0, "\(result.output)")
        let lines = result.output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(Array(lines.prefix(expected.count)) == expected, "\(result.output)")
    }

    @Test func fishCompletesCommandsOptionsAndChoices() throws {
        guard Self.available("fish") else { return }
        let tool = builtToolURL()
        let script = """
            \(shellQuoted(tool.path)) completion fish | source
            complete -C 'haptic-policy li'
            complete -C 'haptic-policy lint --fo'
            complete -C 'haptic-policy eval --color '
            complete -C 'haptic-policy completion '
            """
        let result = try runExternal("fish", ["--no-config", "-c", script])
        #expect(result.status == 0, "\(result.output)")
        let words = result.output.split(separator: "\n").map { String($0.split(separator: "\t").first ?? "") }
        #expect(words == ["lint", "--format", "always", "auto", "never", "bash", "fish", "zsh"], "\(result.output)")
    }

    /// zsh runs the script's dispatch with `_arguments` and `_describe` standing in for
    /// the completion system: after `haptic-policy` it offers every command, and after a
    /// command every option of that command's spec, with its choices.
    @Test func zshOffersEveryCommandAndEachCommandsOptions() throws {
        guard Self.available("zsh") else { return }
        let folder = try temporaryFolder("completion-zsh")
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("_haptic-policy")
        try Data(runInProcess(["completion", "zsh"]).stdout.utf8).write(to: file)
        let stubs = #"_arguments() { print -rl -- "$@" }; _describe() { print -rl -- "${(@P)4}" }; "#
        let top = try runExternal(
            "zsh", ["-f", "-c", stubs + "words=(haptic-policy li); CURRENT=2; source \(shellQuoted(file.path))"])
        #expect(top.status == 0, "\(top.output)")
        let offered = top.output.split(separator: "\n").compactMap { $0.split(separator: ":").first.map(String.init) }
        #expect(offered.prefix(Self.specs.count + 1) == ArraySlice(Self.specs.map(\.name) + ["help"]), "\(top.output)")
        for spec in Self.specs {
            let result = try runExternal(
                "zsh",
                [
                    "-f", "-c",
                    stubs + "words=(haptic-policy \(spec.name) ''); CURRENT=3; source \(shellQuoted(file.path))",
                ])
            #expect(result.status == 0, "\(result.output)")
            let lines = result.output.split(separator: "\n").map(String.init)
            for option in spec.allOptions {
                let line = lines.first { $0.contains("--\(option.name)[") }
                #expect(line != nil, "zsh offers no --\(option.name) for \(spec.name):\n\(result.output)")
                if let choices = option.choices {
                    #expect(line?.hasSuffix(":(\(choices.joined(separator: " ")))") == true, "\(line ?? "")")
                }
            }
        }
    }

    @Test func zshAndFishParseTheirScripts() throws {
        for (shell, flag) in [("zsh", "-n"), ("fish", "--no-execute")] where Self.available(shell) {
            let folder = try temporaryFolder("completion-\(shell)")
            defer { try? FileManager.default.removeItem(at: folder) }
            let file = folder.appendingPathComponent("script")
            try Data(runInProcess(["completion", shell]).stdout.utf8).write(to: file)
            let result = try runExternal(shell, [flag, file.path])
            #expect(result.status == 0 && result.output.isEmpty, "\(shell): \(result.output)")
        }
    }

    /// groff (with every warning on) and man format the page without a single warning,
    /// and every command and option is in what man shows.
    @Test func groffAndManFormatThePageWithoutWarnings() throws {
        guard Self.available("groff") else {
            Issue.record("groff is missing; run scripts/setup (groff-base, man-db)")
            return
        }
        let folder = try temporaryFolder("man-page")
        defer { try? FileManager.default.removeItem(at: folder) }
        let page = folder.appendingPathComponent("haptic-policy.1")
        try Data(runInProcess(["man"]).stdout.utf8).write(to: page)
        let groff = try runExternal("sh", ["-c", "groff -man -Tutf8 -ww -z \(shellQuoted(page.path)) 2>&1"])
        #expect(groff.status == 0 && groff.output.isEmpty, "\(groff.output)")
        if Self.available("man") {
            let warnings = try runExternal(
                "sh", ["-c", "MANWIDTH=100 man --warnings=w -l \(shellQuoted(page.path)) 2>&1 >/dev/null"])
            #expect(warnings.status == 0 && warnings.output.isEmpty, "\(warnings.output)")
            let shown = try runExternal(
                "sh", ["-c", "MANWIDTH=100 MAN_KEEP_FORMATTING=0 man -l \(shellQuoted(page.path)) | col -b"])
            for spec in Self.specs {
                #expect(shown.output.contains("haptic-policy \(spec.name)"), "man shows no '\(spec.name)'")
                for option in spec.options {
                    #expect(shown.output.contains("--\(option.name)"), "man shows no --\(option.name) of \(spec.name)")
                }
            }
        }
    }

    /// A `.` or `'` starting a line of text, a backslash and non-ASCII text cannot turn
    /// into requests or bad characters.
    @Test func roffSpecialCharactersAreEscaped() {
        #expect(ManPage.text(".hidden request") == "\\&.hidden request")
        #expect(ManPage.text("'quoted") == "\\&'quoted")
        #expect(ManPage.escaped("a\\b-c × →") == "a\\eb\\-c \\[u00D7] \\[u2192]")
    }
}
