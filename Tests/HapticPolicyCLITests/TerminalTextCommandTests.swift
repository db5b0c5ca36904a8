import Foundation
import Testing

/// Issue 20 item 11 across every command: a project whose every name, note, value and
/// file name carries terminal control sequences, run through each command's text output
/// as the built binary. Nothing but `\n` and `\t` may reach the terminal raw; what was
/// there is shown as `<U+001B>` (Docs/security.md, "Generated code, reports and terminal
/// output").
@Suite struct TerminalTextCommandTests {
    /// ESC colour, BEL, an OSC that retitles the window, a C1 CSI and a right-to-left override.
    static let raw = "\u{1B}[31m\u{07}\u{1B}]0;title\u{07}\u{9B}2J\u{202E}"
    /// The same characters as YAML double-quoted escapes.
    static let yaml = #"\e[31m\a\e]0;title\a\x9B2J\u202E"#

    /// Whether a terminal would act on `scalar` rather than show it: C0 controls but line
    /// feed and tab, DEL, C1 controls, line and paragraph separators, bidirectional controls.
    static func obeyed(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0A, 0x09: false
        case 0x00...0x1F, 0x7F...0x9F, 0x2028, 0x2029, 0x061C, 0x200E, 0x200F: true
        case 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }

    /// The lines of `text` that hold a character a terminal would obey.
    static func rawLines(_ text: String) -> [String] {
        text.split(separator: "\n").map(String.init).filter { $0.unicodeScalars.contains(where: obeyed) }
    }

    /// A folder holding a policy with an included file, its twin that differs in one cell
    /// (for `diff`), a test file, a scenario, a log (also in a folder), two AHAP files and
    /// a summary, every name and file name hostile.
    static func project() throws -> URL {
        let folder = try temporaryFolder("terminal")
        func write(_ name: String, _ text: String) throws {
            try Data(text.utf8).write(to: folder.appendingPathComponent(name))
        }
        let y = yaml
        try write("inc\(raw).yaml", "feedback:\n  \"tap\(y)\": {layer: ui, preset: impact.medium}\n")
        let policy = """
            policy: "evil\(y)"
            version: 1
            include: ["inc\(y).yaml"]
            layers:
              ui: {plays: presets}
            feedback:
              tap: {layer: ui, preset: impact.light}
            events:
              "ev\(y)": {layer: ui, screens: ["home\(y)"], note: "note\(y)"}
              plain: {layer: ui, screens: ["home\(y)"]}
            screens:
              "home\(y)":
                table:
                  "ev\(y)": {play: "tap\(y)", note: "why\(y)"}
                  plain: {play: tap}

            """
        try write("evil.yaml", policy)
        try write(
            "evil2.yaml", policy.replacingOccurrences(of: "plain: {play: tap}", with: "plain: {silent: designer}"))
        try write(
            "evil.tests.yaml",
            """
            policy: evil.yaml
            table:
              - {name: "case\(y)", screen: "home\(y)", event: "ev\(y)", play: tap}
              - {name: "ok\(y)", screen: "home\(y)", event: "ev\(y)", play: "tap\(y)"}

            """)
        try write(
            "scen.yaml",
            """
            scenario: "scen\(y)"
            description: "d\(y)"
            duration: 2
            steps:
              - {at: 0, event: screen.enter, screen: "home\(y)"}
              - {at: 0.5, event: "ev\(y)", subject: "s\(y)"}

            """)
        let j = #"\u001b[31m\u0007\u001b]0;title\u0007\u009b2J\u202e"#
        let log =
            [
                #"{"t":0,"event":"screen.enter","screen":"home\#(j)"}"#,
                #"{"t":0.5,"event":"ev\#(j)","subject":"s\#(j)"}"#,
                #"{"t":0.7,"event":"plain"}"#,
                #"{"t":1,"event":"unknown\#(j)","screen":"home\#(j)"}"#,
                #"{"t":"bad"# + raw + #""}"#,
                #"{"t":2,"event":"ev\#(j)","value":"v\#(j)"}"#,
            ].joined(separator: "\n") + "\n"
        try write("log\(raw).jsonl", log)
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("logs"), withIntermediateDirectories: true)
        try write("logs/a\(raw).jsonl", log)
        let event =
            #"{"Time":0,"EventType":"HapticTransient","EventParameters":[{"ParameterID":"HapticIntensity","ParameterValue":0.8}]}"#
        try write("ok\(raw).ahap", #"{"Version":1,"Pattern":[{"Event":\#(event)}]}"#)
        try write(
            "bad\(raw).ahap",
            #"{"Version":1,"Metadata":{"Project":"p\#(j)"},"Pattern":[{"Event":\#(event.replacingOccurrences(of: "HapticTransient", with: "Haptic\(j)"))}]}"#
        )
        return folder
    }

    /// One run: its arguments, whether stdout is a machine format (JSON, JSONL: escaped by
    /// the JSON writer, left as it is), and standard input.
    struct Run: CustomStringConvertible {
        var arguments: [String]
        var machineStdout = false
        var stdin: String? = nil
        var description: String { arguments.joined(separator: " ") }
    }

    static func runs(in folder: URL) -> [Run] {
        let p = { folder.appendingPathComponent($0).path }
        let (policy, log) = (p("evil.yaml"), p("log\(raw).jsonl"))
        return [
            Run(arguments: ["lint", policy, p("evil.tests.yaml"), p("scen.yaml"), "--strict"]),
            Run(arguments: ["lint", p("missing\(raw).yaml")]),
            Run(arguments: ["test", p("evil.tests.yaml"), "--coverage", "-v"]),
            Run(arguments: ["test", folder.path]),
            Run(arguments: ["eval", policy, log], machineStdout: true),
            Run(arguments: ["eval", policy, log, "--format", "table", "--explain"]),
            Run(arguments: ["eval", policy, p("logs")], machineStdout: true),
            Run(arguments: ["eval", policy, p("logs"), log, "--format", "table"]),
            Run(arguments: ["merge", p("summary\(raw).json"), p("summary\(raw).json"), "--format", "text"]),
            Run(arguments: ["merge", p("summary\(raw).json"), p("nothing\(raw).json")]),
            Run(arguments: ["diff", policy, p("evil2.yaml"), log]),
            Run(arguments: ["diff", policy, p("evil2.yaml"), p("logs"), log]),
            Run(arguments: ["simulate", policy, "-s", p("scen.yaml")], machineStdout: true),
            Run(arguments: ["export", policy, "--out", p("out\(raw)")]),
            Run(arguments: ["report", policy, "--events", log, "--out", p("page\(raw).html"), "--force"]),
            Run(arguments: ["report", policy, "--events", p("missing\(raw).jsonl"), "--out", p("page.html")]),
            Run(arguments: ["import-ahap", p("ok\(raw).ahap")]),
            Run(arguments: ["import-ahap", p("bad\(raw).ahap")]),
            Run(arguments: ["import-ahap", p("ok\(raw).ahap"), "--name", "n\(raw)"]),
            Run(arguments: ["table", policy]),
            Run(arguments: ["codegen", policy, "--lang", "swift", "-o", p("Gen\(raw).swift")]),
            Run(arguments: ["codegen", policy, "--lang", "kotlin", "-o", p("Gen\(raw).kt")]),
            Run(arguments: ["compile", policy, "-o", p("bundle\(raw).json")]),
            Run(arguments: ["watch", policy, "--log", log, "-v"], stdin: ""),
            Run(arguments: ["bogus\(raw)"]),
        ]
    }

    @Test func noCommandSendsAControlSequenceOfAHostileProjectToTheTerminal() throws {
        let folder = try Self.project()
        defer { try? FileManager.default.removeItem(at: folder) }
        // `merge` reads what `eval --summary json` wrote.
        let summary = try runBinary([
            "eval", folder.appendingPathComponent("evil.yaml").path,
            folder.appendingPathComponent("log\(Self.raw).jsonl").path, "--summary", "json", "--format", "none",
        ])
        try Data(summary.stdout.utf8).write(to: folder.appendingPathComponent("summary\(Self.raw).json"))
        for run in Self.runs(in: folder) {
            let result = try runBinary(run.arguments, stdin: run.stdin)
            let streams = run.machineStdout ? [result.stderr] : [result.stdout, result.stderr]
            let raw = streams.flatMap(Self.rawLines)
            #expect(raw.isEmpty, "\(run): \(raw.map { String(reflecting: $0) })")
            // The hostile text did reach the output, shown by name: the test can fail.
            #expect(streams.joined().contains("<U+001B>[31m<U+0007>"), "\(run): \(result.stdout)\(result.stderr)")
            if run.machineStdout {
                // JSON escapes every C0 control; its other characters are left as they are.
                #expect(!result.stdout.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" }, "\(run)")
            }
        }
    }
}
