import HapticPolicy
import HapticPolicyDocument

/// Replays a JSONL event log through a policy, streaming: bytes in (any chunking),
/// decision lines out, one per input line, in order. Never holds more than one
/// partial line (at most `EventLogReader.maxLineLength` bytes); the caller flushes `out`
/// as it likes.
///
/// Lines are read by `EventLogReader`, which owns the line rules (newlines, `\r`, the
/// byte order mark, time order, the line-length limit), and events are decided by
/// `Replay`, which feeds the attached meter and tallies. A blank line yields a
/// `blank-line` silence; an invalid line (malformed, missing `t`/`event`, `t` smaller than
/// the previous line's, longer than the limit) yields an `invalid` line with the column
/// and a message (`ReplayOutcome`).
public struct EventLogEvaluator {
    /// The replay deciding the log's events.
    public private(set) var replay: Replay
    /// The session being replayed.
    public var session: Session { replay.session }
    /// Lines read so far (blank and invalid included).
    public var lineCount: Int { counts.lines }
    /// Bytes of an unfinished line held between chunks (at most `EventLogReader.maxLineLength`).
    public var carriedByteCount: Int { reader.carriedByteCount }

    /// Counts so far.
    public var summary: EvalSummary {
        var summary = counts
        for (index, screen) in screenCounts.enumerated() where screen.decisions > 0 || screen.seconds > 0 {
            summary.byScreen[index < policy.screenNames.count ? policy.screenNames[index] : "-"] = screen
        }
        for (name, screen) in otherScreens {
            summary.byScreen[name] = screen
            summary.unknownScreens.insert(name)
        }
        // Screens of the policies swapped out by a reload, added by name (a screen the new
        // policy lacks goes on as an unknown screen of that name).
        for (name, screen) in earlierScreens {
            var sum = summary.byScreen[name] ?? .init()
            sum.decisions += screen.decisions
            sum.plays += screen.plays
            sum.seconds = saturatingSum(sum.seconds, screen.seconds)
            summary.byScreen[name] = sum
        }
        summary.otherUnknownScreens = otherUnknownScreens
        summary.forgottenSubjects = session.forgottenSubjectCount
        summary.subjectLimit = session.subjectLimit
        return summary
    }

    /// The most screen names the policy does not declare that the summary counts apart:
    /// 1,000, holding at most `unknownScreenNameByteLimit` bytes of names. Decisions on
    /// further unknown names are counted together, so a log of ever-new screen names
    /// (a million took 417 MB and a million-line summary) keeps memory flat.
    public static let unknownScreenLimit = 1_000
    /// The most bytes of unknown screen names the summary keeps: 1 MiB.
    public static let unknownScreenNameByteLimit = 1 << 20
    private var counts = EvalSummary()
    /// Per screen id; the extra last entry counts decisions without a screen.
    private var screenCounts: [EvalSummary.ScreenCounts]
    /// Screens the policy does not know, by name (at most `unknownScreenLimit`).
    private var otherScreens: [String: EvalSummary.ScreenCounts] = [:]
    private var otherScreenNameBytes = 0
    /// Decisions on unknown screens past the limit.
    private var otherUnknownScreens = EvalSummary.ScreenCounts()
    /// Invalid lines so far.
    public private(set) var invalidCount = 0
    /// Set when `failFast` stopped the run at an invalid line.
    public private(set) var stopped = false
    /// Stop after the first invalid line.
    public var failFast: Bool
    /// Counts rings against the policy's rate budgets when set (`eval` sets it from the
    /// document's `budgets:`); its breaches go in the summary. Attached to `replay`.
    public var budgetMeter: BudgetMeter? {
        get { replay.budgetMeter }
        set { replay.budgetMeter = newValue }
    }
    /// Counts the log's integration mistakes when set (`eval` sets it): names the policy
    /// does not know, values and parameters it cannot use, keys it does not read.
    /// Attached to `replay`.
    public var integrationMistakes: IntegrationMistakeTally? {
        get { replay.integrationMistakes }
        set { replay.integrationMistakes = newValue }
    }
    /// Counts rings per feedback and band chatter when set (`eval` over many logs, for
    /// its `FleetSummary`). Attached to `replay`.
    package var fleet: FleetTally? {
        get { replay.fleet }
        set { replay.fleet = newValue }
    }

    /// A policy to swap in before the event of a given log line is decided (`eval --reload`).
    public struct ScheduledReload {
        /// The line (from 1) whose event is the first decided under `policy`.
        public var line: Int
        /// The policy swapped in.
        public var policy: Policy
        /// The decision format for the lines decided under `policy`.
        public var format: any DecisionFormat

        /// Creates a scheduled reload.
        public init(line: Int, policy: Policy, format: any DecisionFormat) {
            self.line = line
            self.policy = policy
            self.format = format
        }
    }

    /// Reloads still to come, by ascending line; each is applied (as `PolicyStore.reload`
    /// does, through `Replay.reload`) before the first line at or past its `line` is decided.
    public var scheduledReloads: [ScheduledReload] = [] {
        didSet { nextReloadLine = scheduledReloads.first?.line ?? .max }
    }
    /// How many scheduled reloads were applied.
    public private(set) var reloadsApplied = 0
    private var nextReloadLine = Int.max

    private var format: any DecisionFormat {
        didSet { json = format as? DecisionJSONWriter }
    }
    /// `format` when it is JSONL, called directly on every line (no existential).
    private var json: DecisionJSONWriter?
    private var policy: Policy
    private var reader = EventLogReader()
    /// The id of `screen.enter` in this policy.
    private var screenEnter: EventID?
    /// Counts per screen name of the policies swapped out by a reload.
    private var earlierScreens: [String: EvalSummary.ScreenCounts] = [:]
    private var lastScreenT: Double?

    /// Creates an evaluator writing decisions in `format`; its session holds at most
    /// `subjectLimit` subjects (`Session.defaultSubjectLimit`).
    public init(
        policy: Policy, device: DeviceState = DeviceState(), format: any DecisionFormat, failFast: Bool = false,
        subjectLimit: Int = Session.defaultSubjectLimit
    ) {
        self.policy = policy
        self.replay = Replay(policy: policy, device: device, subjectLimit: subjectLimit)
        self.format = format
        self.json = format as? DecisionJSONWriter
        self.failFast = failFast
        self.screenEnter = policy.eventID(StateEvent.screenEnter.rawValue)
        self.screenCounts = Array(repeating: .init(), count: policy.screenNames.count + 1)
    }

    /// Appends the format's header.
    public func header(into out: inout [UInt8]) {
        format.header(into: &out)
    }

    /// Consumes a chunk of the log, deciding every complete line.
    public mutating func consume(_ chunk: UnsafeBufferPointer<UInt8>, into out: inout [UInt8]) {
        guard !stopped else { return }
        // The reader is taken out while it reads, so deciding a line can use `self`.
        var lines = takeReader()
        lines.consume(chunk) { item in
            evaluate(item, into: &out)
            return !stopped
        }
        reader = lines
    }

    /// Consumes a chunk given as an array.
    public mutating func consume(_ chunk: [UInt8], into out: inout [UInt8]) {
        chunk.withUnsafeBufferPointer { consume($0, into: &out) }
    }

    /// Decides the last line when it has no trailing newline.
    public mutating func finish(into out: inout [UInt8]) {
        guard !stopped else { return }
        var lines = takeReader()
        lines.finish { item in
            evaluate(item, into: &out)
            return !stopped
        }
        reader = lines
    }

    private mutating func takeReader() -> EventLogReader {
        var taken = EventLogReader()
        swap(&taken, &reader)
        return taken
    }

    /// Decides one line item and appends its decision line.
    @inline(__always)
    private mutating func evaluate(_ item: EventLogReader.Item, into out: inout [UInt8]) {
        counts.lines += 1
        if counts.lines >= nextReloadLine { applyReloads(upTo: counts.lines) }
        switch item {
        case .record(let line):
            decide(line, into: &out)
        case .blank(let lineNumber):
            counts.byAction[LoggedAction.silent.summaryIndex] += 1
            counts.byLineProblem[LineProblem.blankLine.summaryIndex] += 1
            write(LoggedDecision(line: lineNumber, t: nil, event: nil, subject: nil, outcome: .blank), into: &out)
        case .invalid(let problem):
            invalidCount += 1
            counts.byAction[LoggedAction.invalid.summaryIndex] += 1
            counts.byLineProblem[problem.reason.summaryIndex] += 1
            write(
                LoggedDecision(
                    line: problem.line, t: problem.t, event: problem.event, subject: nil, column: problem.column,
                    outcome: .invalid(problem.reason, message: problem.message)),
                into: &out)
            if failFast { stopped = true }
        }
    }

    /// Decides a readable line.
    @inline(__always)
    private mutating func decide(_ line: EventLogReader.Record, into out: inout [UInt8]) {
        let parsed = line.parsed
        let t = parsed.record.t
        let screenBefore = replay.session.screen
        let (event, screen, decision) = replay.resolveAndDecide(parsed.record)
        if replay.integrationMistakes != nil, let key = parsed.unknownKey {
            let name = String(decoding: line.bytes[(key.lowerBound + 1)..<(key.upperBound - 1)], as: UTF8.self)
            replay.integrationMistakes?.recordUnknownKey(name)
        }
        // `screen.enter` counts for the screen it enters.
        let screenForSummary = screen ?? (event == screenEnter ? replay.session.screen : screenBefore)
        tally(decision, screen: screenForSummary, t: t, previousScreen: screenBefore)
        if let json {
            // The tokens are echoed as written: the names are not needed.
            json.writeLine(
                .init(
                    line: line.line, t: t, tText: line.tToken, eventText: line.eventToken,
                    subjectText: line.subjectToken),
                decision, into: &out)
        } else {
            format.write(
                LoggedDecision(
                    line: line.line, t: t, tText: line.tToken,
                    event: parsed.record.name, subject: parsed.record.subject, decision: consume decision,
                    eventText: line.eventToken, subjectText: line.subjectToken),
                into: &out)
        }
    }

    /// Writes one line in `format`: JSONL directly, any other format through the protocol.
    /// `mutating` though it changes nothing: a non-mutating call from the reader's closure
    /// copied the whole evaluator on every line.
    @inline(__always)
    private mutating func write(_ entry: consuming LoggedDecision, into out: inout [UInt8]) {
        if let json {
            json.write(entry, into: &out)
        } else {
            format.write(entry, into: &out)
        }
    }

    /// Applies every scheduled reload whose line is at or before `line`.
    private mutating func applyReloads(upTo line: Int) {
        while let next = scheduledReloads.first, next.line <= line {
            scheduledReloads.removeFirst()
            // The screen counts so far are kept by name; the new policy numbers its screens anew.
            for (index, screen) in screenCounts.enumerated().dropLast()
            where screen.decisions > 0 || screen.seconds > 0 {
                let name = policy.screenNames[index]
                var sum = earlierScreens[name] ?? .init()
                sum.decisions += screen.decisions
                sum.plays += screen.plays
                sum.seconds = saturatingSum(sum.seconds, screen.seconds)
                earlierScreens[name] = sum
            }
            let withoutScreen = screenCounts[screenCounts.count - 1]
            replay.reload(next.policy)
            policy = next.policy
            format = next.format
            screenEnter = policy.eventID(StateEvent.screenEnter.rawValue)
            screenCounts = Array(repeating: .init(), count: policy.screenNames.count + 1)
            screenCounts[screenCounts.count - 1] = withoutScreen
            reloadsApplied += 1
        }
    }

    private mutating func tally(_ decision: Decision, screen: ScreenID?, t: Double, previousScreen: ScreenID?) {
        // Counted by position (an exhaustive switch each), without hashing.
        counts.byAction[LoggedAction(decision.action).summaryIndex] += 1
        if let reason = decision.reason { counts.byReason[reason.summaryIndex] += 1 }
        // A row that did several things: its decision is counted once by action, so the
        // actions add up to the lines; each other action's reason is counted, and each
        // play is a ring.
        for step in decision.also {
            if let reason = step.reason { counts.byReason[reason.summaryIndex] += 1 }
        }
        // Time since the previous event counts for the screen that was showing.
        if let last = lastScreenT, let previous = previousScreen, previous.rawValue >= 0 {
            screenCounts[previous.rawValue].seconds = saturatingSum(screenCounts[previous.rawValue].seconds, t - last)
        }
        lastScreenT = t
        let plays = decision.also.isEmpty ? (decision.action == .play ? 1 : 0) : decision.plays
        if let screen, screen.rawValue >= 0 {
            screenCounts[screen.rawValue].decisions += 1
            screenCounts[screen.rawValue].plays += plays
        } else if let name = decision.screen {
            if otherScreens[name] == nil {
                let bytes = name.utf8.count
                guard otherScreens.count < Self.unknownScreenLimit,
                    otherScreenNameBytes + bytes <= Self.unknownScreenNameByteLimit
                else {
                    otherUnknownScreens.decisions += 1
                    otherUnknownScreens.plays += plays
                    return
                }
                otherScreenNameBytes += bytes
            }
            otherScreens[name, default: .init()].decisions += 1
            otherScreens[name, default: .init()].plays += plays
        } else {
            screenCounts[screenCounts.count - 1].decisions += 1
        }
    }
}
