import Foundation
import HapticPolicy
import HapticPolicyCompiler
import HapticPolicyExport
import HapticPolicyFrontEnd

/// `haptic-policy report`: one self-contained HTML page a designer opens in a browser.
enum ReportCommand {
    /// The options `report` declares.
    struct Options: CommandOptions {
        let out = Value(
            "out", short: "o", valueName: "file", default: "report.html",
            help: "The HTML file to write (default report.html); an existing file is kept unless --force.")
        let force = Flag("force", help: "Replace the output file if it exists.")
        let events = Value(
            "events", valueName: "log",
            help: "A JSONL event log to show as the session: charts per signal and the timeline.")
        let param = Value(
            repeating: "param", valueName: "name=value", help: "Template parameter value for the waveforms.",
            parse: ExportCommand.parseParameters)
        let color = Choice<ColorMode>.color
    }

    static let subcommand = Subcommand(
        name: "report",
        abstract: "Render a policy's decision table and waveforms as one self-contained HTML page.",
        discussion: """
            Writes one HTML file with no external assets and no network access: the decision \
            table per screen (play, or silent with the designer's reason; cited invariants; \
            UI and creature layers marked), an SVG waveform per custom pattern (intensity, \
            sharpness, silences, loop, fallback) with a 'Feel it' button that plays the web \
            export through navigator.vibrate (Android browsers; harmless elsewhere), and the \
            preset mappings per platform and every band set (levels, edges, hysteresis, what \
            each level plays). With --events, adds the session: a chart per signal and subject \
            (the value over time, band edges, hysteresis, a marker at every ring, silences with \
            their reasons) and the timeline of the JSONL log (what rang, what stayed silent and \
            why, every run of silences between plays folded with a count per reason, band changes, background stretches and budget \
            breaches). An existing output file is not replaced without --force.
            """,
        options: Options.self,
        positionals: [.init("policy", help: "A policy file (YAML) or its compiled bundle, or - for stdin.")],
        examples: [
            "haptic-policy report Policies/plavo.yaml --out report.html",
            "haptic-policy report Policies/plavo.yaml --events Policies/logs/demo.jsonl --out session.html --force",
        ]
    ) { arguments, context throws(UsageError) in
        let out = try arguments[\.out]
        let parameters = try arguments[\.param]
        let eventsPath = try arguments[\.events]
        if arguments.positionals[0] == "-", eventsPath == "-" {
            throw UsageError("the policy and the events cannot both come from stdin; give one of them as a file")
        }
        try OutputFiles.refuseOverwriting(
            inputs: [arguments.positionals[0]] + (eventsPath.map { [$0] } ?? []), output: out, context: context)
        try OutputFiles.refuseReplacing(out, force: arguments[\.force])
        guard let input = PolicyFrontEnd.load(arguments.positionals[0], context: context) else { return .failure }

        var timeline: [ReportTimelineEntry]? = nil
        if let eventsPath {
            // Read whole, as the timeline is built from the whole log, up to its limit; a
            // `.jsonl.gz` log decompressed, as `eval` reads it.
            guard
                let log = context.files.readReportingErrors(
                    eventsPath, limit: InputFiles.reportLogLimit, located: false, log: true)
            else {
                return .failure
            }
            timeline = ReportTimelineEntry.session(policy: input.policy, log: log)
        }
        let (_, problems) = ExportablePattern.all(in: input.policy, parameters: parameters)
        DiagnosticPrinter.print(problems, sources: input.sources, context: context)
        let html = ReportRenderer.render(
            input.policy, table: input.table, parameters: parameters, timeline: timeline)
        guard try OutputFiles.write([OutputFiles.File(path: out, bytes: Array(html.utf8))], context: context) else {
            return .failure
        }
        context.stdout.line(terminalText(out))
        return problems.contains { $0.severity == .error } ? .failure : .success
    }
}
