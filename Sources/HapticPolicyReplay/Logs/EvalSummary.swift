import HapticPolicy
import HapticPolicyCompiler
import HapticPolicyDocument

/// Counts over an evaluated log: decisions by action, reason and screen, and how often
/// each screen rang. Printed on stderr by `haptic-policy eval`.
public struct EvalSummary: Sendable {
    /// Per-screen counts.
    public struct ScreenCounts: Sendable, Hashable {
        /// Decisions on the screen.
        public var decisions = 0
        /// Plays on the screen.
        public var plays = 0
        /// Seconds the app spent on the screen (time between events, attributed to the
        /// screen current before each event).
        public var seconds = 0.0

        /// Plays per minute spent on the screen (0 when no time was spent); always finite.
        public var ringsPerMinute: Double { perMinute(plays, over: seconds) }
    }

    /// Lines read (blank and invalid included).
    public var lines = 0
    /// Lines by logged action, indexed like `LoggedAction.allCases`.
    public var byAction: [Int] = Array(repeating: 0, count: LoggedAction.allCases.count)
    /// Decisions by reason, indexed like `Reason.allCases`; plays without a reason are
    /// not counted here.
    public var byReason: [Int] = Array(repeating: 0, count: Reason.allCases.count)
    /// Blank and invalid lines by problem, indexed like `LineProblem.allCases`.
    public var byLineProblem: [Int] = Array(repeating: 0, count: LineProblem.allCases.count)
    /// Counts per screen name (`-` for decisions without a screen), screens the policy
    /// does not declare included (at most `EventLogEvaluator.unknownScreenLimit` of them).
    public var byScreen: [String: ScreenCounts] = [:]
    /// The names in `byScreen` that the policy does not declare.
    public var unknownScreens: Set<String> = []
    /// Decisions on unknown screens past the names counted apart (`unknownScreenLimit`):
    /// counted together, as no name is kept for them.
    public var otherUnknownScreens = ScreenCounts()
    /// Subjects the session forgot to stay within its subject limit
    /// (`Session.forgottenSubjectCount`), and that limit.
    public var forgottenSubjects = 0
    /// The session's subject limit, named in the summary when subjects were forgotten.
    public var subjectLimit = Session.defaultSubjectLimit
    /// How many unknown screens `text` lists by name, those with the most decisions: a
    /// log full of misspelt or generated screen names gives a summary of a few lines, not
    /// one line per name.
    public static let listedUnknownScreenLimit = 10

    /// Creates an empty summary.
    public init() {}

    /// The count for one action.
    public func count(_ action: LoggedAction) -> Int {
        byAction[action.summaryIndex]
    }

    /// The count for one reason of the session.
    public func count(_ reason: Reason) -> Int {
        byReason[reason.summaryIndex]
    }

    /// The count for one problem of the log reader.
    public func count(_ problem: LineProblem) -> Int {
        byLineProblem[problem.summaryIndex]
    }

    /// The count for one logged reason.
    public func count(_ reason: LoggedReason) -> Int {
        switch reason {
        case .decision(let reason): count(reason)
        case .line(let problem): count(problem)
        }
    }

    /// Several lines of text: actions, reasons, forgotten subjects (when any), then one
    /// line per screen, at most `listedUnknownScreenLimit` of them unknown to the policy
    /// and one line for the other unknown screens.
    public var text: String {
        var lines: [String] = []
        let actions = LoggedAction.allCases.map { "\(count($0)) \($0.rawValue)" }.joined(separator: ", ")
        lines.append("\(self.lines) \(self.lines == 1 ? "line" : "lines"): \(actions)")
        let reasons = LoggedReason.allCases.filter { count($0) > 0 }.map { "\($0.rawValue) \(count($0))" }
        if !reasons.isEmpty { lines.append("reasons: " + reasons.joined(separator: ", ")) }
        if forgottenSubjects > 0 {
            lines.append(
                "subjects: \(forgottenSubjects) forgotten to hold at most \(subjectLimit) at once "
                    + "(the least recently seen first; a forgotten subject's next sample is a new baseline)")
        }
        // Every declared screen; the unknown ones with the most decisions; the rest summed.
        let unknown = unknownScreens.sorted {
            let (a, b) = (byScreen[$0]?.decisions ?? 0, byScreen[$1]?.decisions ?? 0)
            return a != b ? a > b : $0 < $1
        }
        let listedUnknown = unknown.prefix(Self.listedUnknownScreenLimit)
        var rest = otherUnknownScreens
        for name in unknown.dropFirst(Self.listedUnknownScreenLimit) {
            rest.decisions += byScreen[name]?.decisions ?? 0
            rest.plays += byScreen[name]?.plays ?? 0
        }
        let names = (byScreen.keys.filter { !unknownScreens.contains($0) } + listedUnknown).sorted()
        let unlisted = unknown.count - listedUnknown.count
        let restLabel =
            otherUnknownScreens.decisions > 0
            ? "(\(unlisted + 1)+ more unknown screens)"
            : "(\(unlisted) more unknown \(unlisted == 1 ? "screen" : "screens"))"
        let showsRest = unlisted > 0 || otherUnknownScreens.decisions > 0
        // Screen names come from the log: shown through `terminalText`.
        let width = (names.map { terminalText($0) } + (showsRest ? [restLabel] : [])).map(displayWidth).max() ?? 0
        for name in names {
            guard let counts = byScreen[name] else { continue }
            let perMinute = tenthRounded(counts.ringsPerMinute)
            lines.append(
                "  " + padded(terminalText(name), to: width)
                    + "  \(counts.decisions) \(counts.decisions == 1 ? "decision" : "decisions"), "
                    + "\(counts.plays) \(counts.plays == 1 ? "ring" : "rings"), "
                    + "\(numberText(perMinute)) rings/min over \(numberText(tenthRounded(counts.seconds))) s")
        }
        if showsRest {
            lines.append(
                "  " + padded(restLabel, to: width)
                    + "  \(rest.decisions) \(rest.decisions == 1 ? "decision" : "decisions"), "
                    + "\(rest.plays) \(rest.plays == 1 ? "ring" : "rings")")
        }
        return lines.joined(separator: "\n")
    }
}

extension LoggedAction {
    /// The position of the action in `allCases`, where `EvalSummary.byAction` counts it.
    /// An exhaustive switch, so a new action does not compile until it has its place
    /// (a test checks the positions match `allCases`).
    var summaryIndex: Int {
        switch self {
        case .play: 0
        case .silent: 1
        case .stop: 2
        case .invalid: 3
        }
    }
}

extension Reason {
    /// The position of the reason in `allCases`, where `EvalSummary.byReason` counts it.
    /// An exhaustive switch, so a new reason does not compile until it has its place
    /// (a test checks the positions match `allCases`).
    var summaryIndex: Int {
        switch self {
        case .designer: 0
        case .directiveOnly: 1
        case .baseline: 2
        case .sameBand: 3
        case .dwelling: 4
        case .implausible: 5
        case .badValue: 6
        case .noSpeech: 7
        case .badParams: 8
        case .background: 9
        case .hapticsDisabled: 10
        case .noFallback: 11
        case .unknownEvent: 12
        case .undeclared: 13
        case .unknownScreen: 14
        case .noScreen: 15
        case .notRunning: 16
        case .state: 17
        case .engineCold: 18
        case .noCoreHaptics: 19
        case .lowPower: 20
        case .tickOutsideGesture: 21
        case .badState: 22
        case .overBudget: 23
        case .userLevel: 24
        case .outranked: 25
        case .receding: 26
        }
    }
}

extension LineProblem {
    /// The position of the problem in `allCases`, where `EvalSummary.byLineProblem`
    /// counts it (an exhaustive switch, checked against `allCases` by a test).
    var summaryIndex: Int {
        switch self {
        case .badJSON: 0
        case .missingField: 1
        case .badField: 2
        case .duplicateField: 3
        case .timeBackwards: 4
        case .lineTooLong: 5
        case .blankLine: 6
        }
    }
}
