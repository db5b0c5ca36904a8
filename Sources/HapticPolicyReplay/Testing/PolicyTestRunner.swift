import HapticPolicy

/// Runs a test suite against a compiled policy: each case in a fresh `Session`, every
/// decision compared with its expectation, rings counted against the policy's budgets,
/// and what the cases exercised tallied for coverage.
public struct PolicyTestRunner: Sendable {
    /// The compiled policy (its budgets, table and vocabulary count for coverage too).
    public let policy: Policy

    /// Creates a runner.
    public init(policy: Policy) {
        self.policy = policy
    }

    /// Runs every case of the suite.
    public func run(_ suite: PolicyTestSuite) -> PolicyTestReport {
        var coverage = PolicyCoverage(policy: policy)
        let results = suite.cases.map { run($0, coverage: &coverage) }
        return PolicyTestReport(file: suite.file, results: results, coverage: coverage)
    }

    /// Runs one case, adding what it exercised to `coverage`.
    public func run(_ testCase: PolicyTestCase, coverage: inout PolicyCoverage) -> PolicyTestResult {
        var replay = Replay(policy: policy, device: testCase.device)
        replay.budgetMeter = BudgetMeter(policy: policy)
        var failures: [PolicyTestFailure] = []
        for (index, step) in testCase.steps.enumerated() {
            let decision = replay.decide(step.event)
            coverage.record(
                decision, for: step.event, userLevel: replay.session.userLevelName,
                inBackground: !replay.session.isForeground)
            guard let expectation = step.expectation else { continue }
            let mismatches = Self.compare(expectation, decision)
            if !mismatches.isEmpty {
                failures.append(
                    PolicyTestFailure(
                        step: index + 1, event: step.event, location: step.location,
                        expected: mismatches.map(\.expected).joined(separator: ", "),
                        actual: mismatches.map(\.actual).joined(separator: ", "),
                        decision: decision))
            }
        }
        let breaches = replay.budgetMeter?.breaches ?? []
        var budgetProblem: String?
        if let expected = testCase.breaches {
            let actual = Array(Set(breaches.map(\.budget))).sorted()
            if actual != expected.sorted() {
                let shown = actual.isEmpty ? "none" : actual.joined(separator: ", ")
                let wanted = expected.isEmpty ? "none" : expected.sorted().joined(separator: ", ")
                budgetProblem = "expected budget breaches \(wanted), got \(shown)"
            }
        }
        return PolicyTestResult(
            name: testCase.name, location: testCase.location, failures: failures, breaches: breaches,
            budgetProblem: budgetProblem)
    }

    /// One expected field and what was decided instead.
    package struct Mismatch {
        package var expected: String
        package var actual: String
    }

    /// Every field of the expectation that the decision does not meet.
    package static func compare(_ expectation: PolicyExpectation, _ decision: Decision) -> [Mismatch] {
        var mismatches: [Mismatch] = []
        let outcomeMatches: Bool
        switch expectation.outcome {
        case .play(let feedback):
            outcomeMatches = decision.action == .play && decision.feedback == feedback
        case .silent(let reason):
            outcomeMatches =
                decision.action == .silent
                && (decision.reason?.rawValue == reason || (decision.reason == .designer && decision.note == reason))
        case .stop(let feedback):
            outcomeMatches = decision.action == .stop && (feedback == nil || decision.feedback == feedback)
        }
        if !outcomeMatches {
            mismatches.append(Mismatch(expected: expectation.outcome.description, actual: outcomeText(decision)))
        }
        if let render = expectation.render, decision.render?.description != render {
            mismatches.append(
                Mismatch(
                    expected: "render \(render)", actual: "render \(decision.render?.description ?? "nothing")"))
        }
        if let rule = expectation.rule, decision.rule?.id != rule {
            mismatches.append(Mismatch(expected: "rule \(rule)", actual: "rule \(decision.rule?.id ?? "none")"))
        }
        if let band = expectation.band, decision.band?.to != band {
            mismatches.append(Mismatch(expected: "band \(band)", actual: "band \(decision.band?.to ?? "none")"))
        }
        if let directives = expectation.directives {
            let actual = decision.directives.list.map(\.rawValue)
            if actual != directives {
                mismatches.append(
                    Mismatch(
                        expected: "directives [\(directives.joined(separator: ", "))]",
                        actual: "directives [\(actual.joined(separator: ", "))]"))
            }
        }
        if let parameters = expectation.parameters, !parametersMatch(parameters, decision.parameters ?? []) {
            let expected = parameters.keys.sorted().map { "\($0)=\(numberText(parameters[$0] ?? 0))" }
            mismatches.append(
                Mismatch(
                    expected: "parameters {\(expected.joined(separator: ", "))}",
                    actual: "parameters \(parametersText(decision.parameters))"))
        }
        if let loop = expectation.loop, !(decision.loopPeriod.map { PolicyExpectation.matches(loop, $0) } ?? false) {
            mismatches.append(
                Mismatch(
                    expected: "loop \(numberText(loop))",
                    actual: "loop \(decision.loopPeriod.map(numberText) ?? "none")"))
        }
        if let stops = expectation.stops {
            let stopped = decision.also.contains {
                $0.action == .stop && ($0.feedback ?? "all") == stops
            }
            if !stopped {
                mismatches.append(Mismatch(expected: "stops \(stops)", actual: alsoText(decision)))
            }
        }
        if let loops = expectation.loops {
            let looped = decision.also.contains { $0.action == .play && $0.feedback == loops && $0.loopPeriod != nil }
            if !looped {
                mismatches.append(Mismatch(expected: "loops \(loops)", actual: alsoText(decision)))
            }
        }
        return mismatches
    }

    /// What the decision's other actions did: `also stop cadence, silent bad-params cadence`,
    /// or `nothing else` for a row that did one thing.
    public static func alsoText(_ decision: Decision) -> String {
        guard !decision.also.isEmpty else { return "nothing else" }
        return "also "
            + decision.also.map { step in
                step.action == .silent
                    ? "silent \(step.reason?.rawValue ?? "?") \(step.feedback ?? "all")" : outcomeText(step)
            }.joined(separator: ", ")
    }

    /// The same names, and every value a number within `PolicyExpectation.tolerance`.
    static func parametersMatch(_ expected: [String: Double], _ actual: [Event.Parameter]) -> Bool {
        guard Set(actual.map(\.name)) == Set(expected.keys), actual.count == expected.count else { return false }
        return actual.allSatisfy { parameter in
            guard case .number(let value)? = parameter.value, let wanted = expected[parameter.name] else {
                return false
            }
            return PolicyExpectation.matches(wanted, value)
        }
    }

    /// `{bpm=120}` in the template's order, `{}` for a template-less play, `none` for no play.
    package static func parametersText(_ parameters: [Event.Parameter]?) -> String {
        guard let parameters else { return "none" }
        let shown = parameters.map { "\($0.name)=\($0.value?.description ?? "null")" }
        return "{\(shown.joined(separator: ", "))}"
    }

    /// `play pulse (pattern:pulse)`, `silent same-band`, `silent designer "…"`, `stop click`.
    public static func outcomeText(_ decision: Decision) -> String {
        switch decision.action {
        case .play:
            var text = "play \(decision.feedback ?? "?")"
            if let render = decision.render { text += " (\(render))" }
            if let reason = decision.reason { text += " [\(reason.rawValue)]" }
            return text
        case .silent:
            var text = "silent \(decision.reason?.rawValue ?? "?")"
            if decision.reason == .designer, let note = decision.note { text += " \"\(note)\"" }
            return text
        case .stop:
            return "stop \(decision.feedback ?? "all")"
        }
    }

    /// `outcomeText` of a decided line; `silent blank-line` for a blank line and
    /// `invalid bad-json` (the problem) for an unreadable one.
    public static func outcomeText(_ outcome: ReplayOutcome) -> String {
        switch outcome {
        case .decided(let decision): outcomeText(decision)
        case .blank: "silent \(LineProblem.blankLine.rawValue)"
        case .invalid(let problem, _): "invalid \(problem.rawValue)"
        }
    }
}
