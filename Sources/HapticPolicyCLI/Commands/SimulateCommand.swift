import Foundation
import HapticPolicy
import HapticPolicyCompiler
import HapticPolicyDocument
import HapticPolicyFrontEnd
import HapticPolicyReplay
import HapticPolicyYAML

/// `haptic-policy simulate`: acts out a mock-sensor scenario and prints the event log.
enum SimulateCommand {
    /// The options `simulate` declares.
    struct Options: CommandOptions {
        let scenario = Value(
            "scenario", short: "s", valueName: "name",
            missing: "missing --scenario; give a name such as 'drying' (see --list)",
            help: "Scenario name or path to a scenario file (required).")
        let seed = Value(
            "seed", valueName: "n", default: UInt64(1), help: "Random seed, a whole number 0 or more (default 1).",
            parse: SimulateCommand.parseSeed)
        let duration = Value(
            "duration", valueName: "seconds", help: "Length of the log in seconds (default: the scenario's).",
            parse: SimulateCommand.parseDuration)
        let list = Flag("list", help: "List the scenarios found next to the policy and exit.")
        let color = Choice<ColorMode>.color
    }

    static let subcommand = Subcommand(
        name: "simulate",
        abstract: "Write a JSONL event log from a mock-sensor scenario.",
        discussion: """
            Acts out a scenario (Policies/scenarios/<name>.yaml next to the policy, or a scenario \
            file path) and prints the events in the evaluator's input format, one JSON object per \
            line. The same scenario, seed and duration always give byte-identical output. Every \
            event must be in the policy's catalogue (or a built-in state event) and every screen \
            declared; otherwise nothing is printed and the exit code is 1.
            """,
        options: Options.self,
        positionals: [.init("policy", help: "The policy the log is for (YAML or a compiled bundle).")],
        examples: [
            "haptic-policy simulate Policies/plavo.yaml --scenario drying --seed 7 > drying.jsonl",
            "haptic-policy simulate Policies/plavo.yaml --scenario flaky-sensor --duration 300 | haptic-policy eval Policies/plavo.yaml -",
        ]
    ) { arguments, context throws(UsageError) in
        let policyPath = arguments.positionals[0]
        let directory = PathText.scenariosFolder(ofPolicy: policyPath)
        if arguments[\.list] {
            for name in scenarioNames(in: directory) { context.stdout.line(terminalText(name)) }
            return .success
        }
        let scenarioArgument = try arguments[\.scenario]
        let seed = try arguments[\.seed]
        let duration = try arguments[\.duration]
        let scenarioPath: String
        if scenarioArgument.hasSuffix(".yaml") || scenarioArgument.hasSuffix(".yml") || scenarioArgument.contains("/") {
            scenarioPath = scenarioArgument
        } else {
            scenarioPath = PathText.joined(directory, "\(scenarioArgument).yaml")
            guard FileManager.default.fileExists(atPath: scenarioPath) else {
                let known = scenarioNames(in: directory)
                let list = known.isEmpty ? "no scenarios in \(directory)" : "known: \(known.joined(separator: ", "))"
                throw UsageError("unknown scenario '\(scenarioArgument)'; \(list)")
            }
        }
        guard let input = PolicyFrontEnd.load(policyPath, context: context) else { return .failure }
        guard let bytes = context.files.readReportingErrors(scenarioPath, limit: FrontEndFiles.wholeFileLimit) else {
            return .failure
        }
        // Checked for the length it will run for: its own, or --duration.
        let loaded = ScenarioLoader.parse(bytes, file: scenarioPath, duration: duration)
        // Syntax and names in one pass: every error shows at once.
        let problems = unknownNames(
            loaded, events: input.policy.eventNames, screens: input.policy.screenNames, of: input.name)
        let diagnostics = (loaded.diagnostics + problems).sorted { $0.location < $1.location }
        DiagnosticPrinter.print(diagnostics, file: scenarioPath, source: loaded.source, context: context)
        guard let scenario = loaded.scenario, problems.isEmpty else { return .failure }
        let events = ScenarioRunner.run(scenario, seed: seed, duration: duration)
        for event in events where !context.stdout.hasFailed { context.stdout.line(EventLogWriter.line(event)) }
        context.stdout.flush()
        // Cut short: no summary; `HapticPolicyTool.finish` says why.
        if context.stdout.hasFailed { return .failure }
        let length = numberText(duration ?? scenario.duration)
        context.stderr.line(
            terminalText("scenario \(scenario.name)") + ", seed \(seed), \(length) s: \(events.count) events")
        return .success
    }

    /// Parses `--seed N`: a whole number 0 or more.
    static func parseSeed(_ text: String) throws(UsageError) -> UInt64 {
        guard let value = UInt64(text) else {
            throw UsageError("--seed must be a whole number 0 or more, got '\(text)'")
        }
        return value
    }

    /// Parses `--duration S`: seconds above 0 and at most a day.
    static func parseDuration(_ text: String) throws(UsageError) -> Double {
        guard let value = Double(text), value.isFinite, value > 0, value <= 86_400 else {
            throw UsageError("--duration must be a number of seconds above 0 and at most 86400, got '\(text)'")
        }
        return value
    }

    static func scenarioNames(in directory: String) -> [String] {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        return files.filter { $0.hasSuffix(".yaml") }.map { String($0.dropLast(5)) }.sorted()
    }

    /// Event and screen names outside `events` and `screens` (those of `policy`: a policy
    /// file, or the policies next to a `scenarios/` folder), each where it is written
    /// (HP805), with the nearest declared name.
    static func unknownNames(
        _ loaded: ScenarioLoadResult, events: [String], screens: [String], of policy: String
    ) -> [Diagnostic] {
        let knownEvents = Set(events)
        let knownScreens = Set(screens)
        var problems: [Diagnostic] = []
        for name in loaded.eventNames where !knownEvents.contains(name.value) {
            problems.append(
                DiagnosticCode.scenarioUnknownName(
                    "event '\(name.value)' is not in the catalogue of \(policy)"
                        + hint(name.value, in: events) + "; add it under 'events:' or fix the scenario",
                    at: name.location))
        }
        for name in loaded.screenNames where !knownScreens.contains(name.value) {
            problems.append(
                DiagnosticCode.scenarioUnknownName(
                    "screen '\(name.value)' is not declared in \(policy)"
                        + hint(name.value, in: screens) + "; add it under 'screens:' or fix the scenario",
                    at: name.location))
        }
        return problems.sorted { $0.location < $1.location }
    }

    private static func hint(_ name: String, in names: [String]) -> String {
        guard let near = names.min(by: { editDistance($0, name) < editDistance($1, name) }),
            editDistance(near, name) <= max(2, name.count / 3)
        else { return "" }
        return " (did you mean '\(near)'?)"
    }
}
