import HapticPolicy
import HapticPolicyCompiler
import HapticPolicyDocument

/// What replaying many session logs through one policy gave, in counts that add up
/// across logs: `eval --summary json` writes one, `haptic-policy merge` and the Spark job
/// of `Examples/spark/` combine them. Docs/fleet.md documents the JSON.
///
/// The merge rule (`merge`) is the one place it is written down (the PySpark job mirrors
/// it): every count is an integer and adds; maps add key by key; the worst sessions are
/// the `worstLimit` first of both lists in one total order; bad logs are kept sorted by
/// name. So merging is associative and commutative, and the aggregate of a set of logs is
/// the same whatever the split, the order or the `--jobs`. Time is kept in whole
/// milliseconds and rates in tenths of a ring per minute, so no float is ever summed.
package struct FleetSummary: Sendable, Equatable {
    /// The `format` field of the JSON.
    package static let formatName = "haptic-policy-summary"
    /// The key of `formatName` in the JSON.
    package static let formatKey = "format"
    /// The `version` field of the JSON; a reader refuses another.
    package static let version = 1
    /// How many worst sessions are kept.
    package static let worstLimit = 10
    /// Every count, and every total the text shows (a screen's sessions, the integration
    /// events), is below this: 9e15, where a JSON number is still an exact whole number
    /// in a double (the PySpark job's and JavaScript's numbers). The reader refuses a
    /// count at or above it and `merge` a sum that reaches it, so a merged summary can
    /// always be read and merged again, and merging stays associative.
    package static let countLimit = 9_000_000_000_000_000

    /// A merge whose sum would reach `countLimit`: which count.
    package struct Overflow: Error, Sendable, Equatable {
        /// The count, as the JSON names it (`lines`, `screens.camera.rings`).
        package var count: String

        /// Creates the error.
        package init(count: String) {
            self.count = count
        }

        /// The sentence for an `error:` line.
        package var message: String {
            "the merged \"\(count)\" would reach \(FleetSummary.countLimit), the largest count a summary holds; "
                + "merge fewer summaries at once, or check that these are summaries of different logs"
        }
    }

    /// One screen over all sessions.
    package struct Screen: Sendable, Equatable {
        /// Decisions on the screen.
        package var decisions = 0
        /// Rings (plays) on the screen.
        package var rings = 0
        /// Whole milliseconds spent on the screen.
        package var milliseconds = 0
        /// Sessions by their rings per minute on this screen, in tenths (`12` is 1.2 rings
        /// a minute, rounded down): one count per session that decided anything here.
        package var histogram: [Int: Int] = [:]

        /// A screen's counts.
        package init(decisions: Int = 0, rings: Int = 0, milliseconds: Int = 0, histogram: [Int: Int] = [:]) {
            self.decisions = decisions
            self.rings = rings
            self.milliseconds = milliseconds
            self.histogram = histogram
        }

        /// Sessions counted in the histogram (at most `Int.max`, whatever the counts).
        package var sessions: Int {
            histogram.values.reduce(0) { total, count in
                let (sum, overflow) = total.addingReportingOverflow(count)
                return overflow ? Int.max : sum
            }
        }

        /// The rate, in tenths of a ring a minute, at or below which `percent` % of the
        /// sessions are (nearest rank); 0 with no session.
        package func percentile(_ percent: Int) -> Int {
            let total = sessions
            guard total > 0 else { return 0 }
            let rank = Swift.max(1, (percent * total + 99) / 100)
            var seen = 0
            for key in histogram.keys.sorted() {
                seen += histogram[key] ?? 0
                if seen >= rank { return key }
            }
            return histogram.keys.max() ?? 0
        }
    }

    /// A session ranked by its highest rate on one screen.
    package struct WorstSession: Sendable, Hashable {
        /// The log's name.
        package var log: String
        /// The screen it rang most on.
        package var screen: String
        /// Rings per minute there, in tenths.
        package var ringsPerMinuteTenths: Int
        /// Rings there.
        package var rings: Int
        /// Milliseconds spent there.
        package var milliseconds: Int

        /// A ranked session.
        package init(log: String, screen: String, ringsPerMinuteTenths: Int, rings: Int, milliseconds: Int) {
            self.log = log
            self.screen = screen
            self.ringsPerMinuteTenths = ringsPerMinuteTenths
            self.rings = rings
            self.milliseconds = milliseconds
        }

        /// The total order of the ranking: highest rate first, then by log and screen name.
        package static func ranksBefore(_ a: WorstSession, _ b: WorstSession) -> Bool {
            if a.ringsPerMinuteTenths != b.ringsPerMinuteTenths {
                return a.ringsPerMinuteTenths > b.ringsPerMinuteTenths
            }
            if a.log != b.log { return a.log.utf8.lexicographicallyPrecedes(b.log.utf8) }
            return a.screen.utf8.lexicographicallyPrecedes(b.screen.utf8)
        }
    }

    /// A log that could not be read to its end: not counted in the other fields.
    package struct BadLog: Sendable, Hashable {
        /// The log's name.
        package var log: String
        /// What is wrong.
        package var message: String

        /// A bad log.
        package init(log: String, message: String) {
            self.log = log
            self.message = message
        }
    }

    /// Sessions replayed (bad logs not included).
    package var sessions = 0
    /// Lines read, blank and invalid included.
    package var lines = 0
    /// Invalid lines.
    package var invalidLines = 0
    /// Sessions with at least one invalid line.
    package var sessionsWithInvalidLines = 0
    /// Decisions by action name.
    package var actions: [String: Int] = [:]
    /// Decisions by reason name.
    package var reasons: [String: Int] = [:]
    /// Per screen name (`-` for decisions without a screen).
    package var screens: [String: Screen] = [:]
    /// Rings per feedback name.
    package var feedback: [String: Int] = [:]
    /// Budget breaches (listed or not).
    package var budgetBreaches = 0
    /// Band chatter: band-change rings that undo the previous one for the same band and
    /// subject within `chatterWindow` (`ChatterCounter`).
    package var chatter = 0
    /// Integration mistakes by kind (`unknown-event`, ...; `other` past the tally's limit).
    package var integration: [String: Int] = [:]
    /// The sessions with the highest rate on one screen, best first (`worstLimit`).
    package var worst: [WorstSession] = []
    /// The logs that could not be read, sorted by name.
    package var badLogs: [BadLog] = []

    /// The chatter window of `eval`'s summaries, seconds (the default of `diff`).
    package static let chatterWindow = 5.0

    /// An empty summary (the identity of `merge`).
    package init() {}

    /// The summary of one bad log.
    package init(badLog log: String, message: String) {
        badLogs = [BadLog(log: log, message: message)]
    }

    /// The summary of one replayed session.
    package init(
        log: String, summary: EvalSummary, tally: FleetTally, budget: BudgetMeter?,
        mistakes: IntegrationMistakeTally?
    ) {
        sessions = 1
        lines = summary.lines
        invalidLines = summary.count(.invalid)
        sessionsWithInvalidLines = invalidLines > 0 ? 1 : 0
        for action in LoggedAction.allCases where summary.count(action) > 0 {
            actions[action.rawValue] = summary.count(action)
        }
        for reason in LoggedReason.allCases where summary.count(reason) > 0 {
            reasons[reason.rawValue] = summary.count(reason)
        }
        var best: WorstSession?
        for (name, counts) in summary.byScreen where counts.decisions > 0 || counts.seconds > 0 {
            let milliseconds = Self.milliseconds(counts.seconds)
            let tenths = Self.tenthsPerMinute(rings: counts.plays, milliseconds: milliseconds)
            var screen = Screen(decisions: counts.decisions, rings: counts.plays, milliseconds: milliseconds)
            if counts.decisions > 0 { screen.histogram[tenths] = 1 }
            screens[name] = screen
            if counts.plays > 0 {
                let candidate = WorstSession(
                    log: log, screen: name, ringsPerMinuteTenths: tenths, rings: counts.plays,
                    milliseconds: milliseconds)
                if best.map({ WorstSession.ranksBefore(candidate, $0) }) ?? true { best = candidate }
            }
        }
        worst = best.map { [$0] } ?? []
        feedback = tally.ringsByFeedback
        chatter = tally.chatterCount
        if let budget { budgetBreaches = budget.breaches.count + budget.breachesNotKept }
        if let mistakes {
            for (mistake, count) in mistakes.mistakes { integration[mistake.kindName, default: 0] += count }
            if mistakes.unlisted > 0 { integration["other", default: 0] += mistakes.unlisted }
        }
    }

    /// Whole milliseconds, rounded half away from zero; clamped so it always fits.
    package static func milliseconds(_ seconds: Double) -> Int {
        guard seconds.isFinite, seconds > 0 else { return 0 }
        return Int(Swift.min(seconds * 1000, 1e15).rounded())
    }

    /// Rings per minute in tenths, rounded down, in integers only (the PySpark job computes
    /// the same).
    package static func tenthsPerMinute(rings: Int, milliseconds: Int) -> Int {
        milliseconds > 0 ? rings * 600_000 / milliseconds : 0
    }

    /// Adds `other` in: the merge rule. A sum that would reach `countLimit` throws,
    /// naming the count, and leaves the summary as it was.
    package mutating func merge(_ other: FleetSummary) throws(Overflow) {
        var merged = self
        try merged.add(other)
        self = merged
    }

    private mutating func add(_ other: FleetSummary) throws(Overflow) {
        func sum(_ a: Int, _ b: Int, _ name: String) throws(Overflow) -> Int {
            let (total, overflow) = a.addingReportingOverflow(b)
            guard !overflow, total < Self.countLimit else { throw Overflow(count: name) }
            return total
        }
        func sum(_ a: [String: Int], _ b: [String: Int], _ name: String) throws(Overflow) -> [String: Int] {
            var total = a
            for (key, count) in b { total[key] = try sum(total[key] ?? 0, count, "\(name).\(key)") }
            return total
        }
        sessions = try sum(sessions, other.sessions, "sessions")
        lines = try sum(lines, other.lines, "lines")
        invalidLines = try sum(invalidLines, other.invalidLines, "invalidLines")
        sessionsWithInvalidLines = try sum(
            sessionsWithInvalidLines, other.sessionsWithInvalidLines, "sessionsWithInvalidLines")
        actions = try sum(actions, other.actions, "actions")
        reasons = try sum(reasons, other.reasons, "reasons")
        for (name, screen) in other.screens {
            var mine = screens[name] ?? Screen()
            let key = "screens.\(name)"
            mine.decisions = try sum(mine.decisions, screen.decisions, key + ".decisions")
            mine.rings = try sum(mine.rings, screen.rings, key + ".rings")
            mine.milliseconds = try sum(mine.milliseconds, screen.milliseconds, key + ".milliseconds")
            for (bucket, count) in screen.histogram {
                mine.histogram[bucket] = try sum(mine.histogram[bucket] ?? 0, count, key + ".histogram.\(bucket)")
            }
            _ = try sum(mine.sessions, 0, key + ".histogram")
            screens[name] = mine
        }
        feedback = try sum(feedback, other.feedback, "feedback")
        budgetBreaches = try sum(budgetBreaches, other.budgetBreaches, "budgetBreaches")
        chatter = try sum(chatter, other.chatter, "chatter")
        integration = try sum(integration, other.integration, "integration")
        _ = try sum(integration.values.reduce(0, +), 0, "integration")
        worst = Array((worst + other.worst).sorted(by: WorstSession.ranksBefore).prefix(Self.worstLimit))
        badLogs = (badLogs + other.badLogs).sorted {
            $0.log != $1.log
                ? $0.log.utf8.lexicographicallyPrecedes($1.log.utf8)
                : $0.message.utf8.lexicographicallyPrecedes($1.message.utf8)
        }
    }

    /// One line of JSON, keys in a fixed order and maps sorted by key, so equal summaries
    /// print byte-identical.
    package var json: String {
        func map(_ values: [String: Int]) -> JSONNode {
            .object(Self.sortedKeys(values).map { ($0, .integer(values[$0] ?? 0)) })
        }
        let screenNodes: [(String, JSONNode)] = Self.sortedKeys(screens).map { name in
            let screen = screens[name] ?? Screen()
            let histogram: [(String, JSONNode)] = screen.histogram.keys.sorted().map {
                (String($0), .integer(screen.histogram[$0] ?? 0))
            }
            return (
                name,
                .object([
                    ("decisions", .integer(screen.decisions)), ("rings", .integer(screen.rings)),
                    ("milliseconds", .integer(screen.milliseconds)), ("histogram", .object(histogram)),
                ])
            )
        }
        let worstNodes: [JSONNode] = worst.map {
            .object([
                ("log", .string($0.log)), ("screen", .string($0.screen)),
                ("ringsPerMinuteTenths", .integer($0.ringsPerMinuteTenths)), ("rings", .integer($0.rings)),
                ("milliseconds", .integer($0.milliseconds)),
            ])
        }
        return JSONWriter.line(
            .object([
                ("format", .string(Self.formatName)), ("version", .integer(Self.version)),
                ("sessions", .integer(sessions)), ("lines", .integer(lines)), ("invalidLines", .integer(invalidLines)),
                ("sessionsWithInvalidLines", .integer(sessionsWithInvalidLines)),
                ("actions", map(actions)), ("reasons", map(reasons)), ("screens", .object(screenNodes)),
                ("feedback", map(feedback)), ("budgetBreaches", .integer(budgetBreaches)),
                ("chatter", .integer(chatter)), ("integration", map(integration)), ("worst", .array(worstNodes)),
                (
                    "badLogs",
                    .array(badLogs.map { .object([("log", .string($0.log)), ("message", .string($0.message))]) })
                ),
            ]))
    }

    /// For people: totals, the distribution of rings per minute per screen (median, p95,
    /// max over sessions), rings per feedback, breaches, chatter, integration mistakes,
    /// the worst sessions by name and the bad logs.
    package var text: String {
        var lines: [String] = []
        let bad = badLogs.isEmpty ? "" : ", \(badLogs.count) bad \(badLogs.count == 1 ? "log" : "logs")"
        let invalid =
            sessionsWithInvalidLines == 0
            ? "" : ", \(sessionsWithInvalidLines) with invalid lines"
        let actionText = LoggedAction.allCases.map { "\(actions[$0.rawValue] ?? 0) \($0.rawValue)" }
            .joined(separator: ", ")
        lines.append(
            "\(sessions) \(sessions == 1 ? "session" : "sessions")\(bad)\(invalid), "
                + "\(self.lines) \(self.lines == 1 ? "line" : "lines"): \(actionText)")
        let reasonText = LoggedReason.allCases.compactMap { reason in
            reasons[reason.rawValue].map { "\(reason.rawValue) \($0)" }
        }
        if !reasonText.isEmpty { lines.append("reasons: " + reasonText.joined(separator: ", ")) }
        if !screens.isEmpty {
            lines.append("per screen (rings/min over sessions: median, p95, max):")
            let names = Self.sortedKeys(screens)
            // Names from logs and policies are shown through `terminalText`.
            let width = names.map { displayWidth(terminalText($0)) }.max() ?? 0
            for name in names {
                guard let screen = screens[name] else { continue }
                let count = screen.sessions
                lines.append(
                    "  " + padded(terminalText(name), to: width)
                        + "  \(countText(screen.decisions, "decision")), \(countText(screen.rings, "ring"))"
                        + " in \(count) \(count == 1 ? "session" : "sessions");"
                        + " median \(Self.tenths(screen.percentile(50))), p95 \(Self.tenths(screen.percentile(95))),"
                        + " max \(Self.tenths(screen.histogram.keys.max() ?? 0))")
            }
        }
        if !feedback.isEmpty {
            let ranked = feedback.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
            lines.append(
                "rings per feedback: " + ranked.map { "\(terminalText($0.key)) \($0.value)" }.joined(separator: ", "))
        }
        lines.append(
            "budgets: \(budgetBreaches) \(budgetBreaches == 1 ? "breach" : "breaches"); band chatter: \(chatter) "
                + "band \(chatter == 1 ? "change" : "changes") undone within \(numberText(Self.chatterWindow)) s"
        )
        let mistakes = integration.values.reduce(0, +)
        if mistakes > 0 {
            let kinds = Self.sortedKeys(integration).map { "\(terminalText($0)) \(integration[$0] ?? 0)" }.joined(
                separator: ", ")
            lines.append(
                "integration: \(mistakes) \(mistakes == 1 ? "event" : "events") the policy cannot use (\(kinds))")
        }
        if !worst.isEmpty {
            lines.append("worst sessions (most rings/min on one screen):")
            let width = worst.map { displayWidth(terminalText($0.log)) }.max() ?? 0
            for entry in worst {
                lines.append(
                    "  " + padded(terminalText(entry.log), to: width)
                        + "  \(terminalText(entry.screen))  \(Self.tenths(entry.ringsPerMinuteTenths))"
                        + " rings/min (\(entry.rings) \(entry.rings == 1 ? "ring" : "rings") over "
                        + "\(numberText(tenthRounded(Double(entry.milliseconds) / 1000))) s)")
            }
        }
        if !badLogs.isEmpty {
            lines.append("bad logs (not counted above):")
            for log in badLogs { lines.append("  \(terminalText(log.log)): \(terminalText(log.message))") }
        }
        return lines.joined(separator: "\n")
    }

    /// `12` → `1.2`.
    private static func tenths(_ value: Int) -> String {
        "\(value / 10).\(value % 10)"
    }

    /// Keys in byte order, the order of the JSON and of the PySpark job.
    private static func sortedKeys<Value>(_ map: [String: Value]) -> [String] {
        map.keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    }
}

/// The per-session counts a `FleetSummary` needs beyond `EvalSummary`: rings per
/// feedback and band chatter. `EventLogEvaluator` fills it when `fleet` is set.
package struct FleetTally: Sendable {
    /// Rings per feedback name.
    package private(set) var ringsByFeedback: [String: Int] = [:]
    /// Band-change rings that undo the previous one within the chatter window
    /// (`ChatterCounter`).
    package private(set) var chatterCount = 0
    private var chatter = ChatterCounter(window: FleetSummary.chatterWindow)

    /// An empty tally.
    package init() {}

    /// Counts one decision made at `t` for `subject`; `endsSubject` when its event ends
    /// its subject (`ends-subject: true`), whose chatter then starts afresh.
    package mutating func record(_ decision: Decision, t: Double, subject: String?, endsSubject: Bool = false) {
        defer { if endsSubject { chatter.end(subject: subject) } }
        for step in decision.also where step.action == .play {
            ringsByFeedback[step.feedback ?? "-", default: 0] += 1
        }
        guard decision.action == .play else { return }
        ringsByFeedback[decision.feedback ?? "-", default: 0] += 1
        if chatter.record(decision, time: t, subject: subject) { chatterCount += 1 }
    }
}
