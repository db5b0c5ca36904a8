import Foundation
import HapticPolicy
import HapticPolicyExport

/// `haptic-policy report`: one self-contained HTML page a designer opens in a browser.
enum ReportCommand {
    static let subcommand = Subcommand(
        spec: CommandSpec(
            name: "report",
            abstract: "Render a policy's decision table and waveforms as one self-contained HTML page.",
            discussion: """
                Writes one HTML file with no external assets and no network access: the decision \
                table per screen (play, or silent with the designer's reason; cited invariants; \
                UI and creature layers marked), an SVG waveform per custom pattern (intensity, \
                sharpness, silences, loop, fallback) with a 'Feel it' button that plays the web \
                export through navigator.vibrate (Android browsers; harmless elsewhere), and the \
                preset mappings per platform. With --events, adds the session timeline of a JSONL \
                log: what rang, what stayed silent and why, band changes, background stretches and \
                budget breaches.
                """,
            options: [
                .value("out", short: "o", valueName: "file", help: "The HTML file to write (default report.html)."),
                .value("events", valueName: "log", help: "A JSONL event log to show as a session timeline."),
                .value("param", valueName: "name=value", repeats: true, help: "Template parameter value for the waveforms."),
            ],
            positionals: [.init("policy", help: "A policy file (YAML), or - for stdin.")],
            examples: [
                "haptic-policy report Policies/plavo.yaml --out report.html",
                "haptic-policy report Policies/plavo.yaml --events Policies/logs/demo.jsonl --out session.html",
            ]
        )
    ) { arguments, context throws(UsageError) in
        let out = arguments.value("out") ?? "report.html"
        let parameters = try ExportCommand.parseParameters(arguments.values["param"] ?? [])
        if arguments.positionals[0] == "-", arguments.value("events") == "-" {
            throw UsageError("the policy and the events cannot both come from stdin; give one of them as a file")
        }
        guard let loaded = PolicyChecker.loadUsable(path: arguments.positionals[0], context: context) else {
            return .failure
        }
        let policy = loaded.policy

        var timeline: [ReportTimelineEntry]? = nil
        if let eventsPath = arguments.value("events") {
            guard let log = context.readInputReportingErrors(eventsPath) else { return .failure }
            timeline = ReportTimelineEntry.session(policy: policy, log: log)
        }
        let (_, problems) = ExportablePattern.all(in: policy, parameters: parameters)
        ExportCommand.printDiagnostics(problems, sources: loaded.sources, context: context)
        let html = ReportRenderer.render(policy, parameters: parameters, timeline: timeline)
        do {
            try Data(html.utf8).write(to: URL(fileURLWithPath: out))
        } catch {
            context.stderr.line("error: \(out): cannot write the report; check the folder exists and is writable")
            return .failure
        }
        context.stdout.line(out)
        return problems.contains { $0.severity == .error } ? .failure : .success
    }
}
