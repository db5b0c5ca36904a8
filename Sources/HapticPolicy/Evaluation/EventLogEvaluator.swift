/// Replays a JSONL event log through a policy, streaming: bytes in (any chunking),
/// decision lines out, one per input line, in order. Never holds more than one
/// partial line; the caller flushes `out` as it likes.
///
/// Line rules: lines end with `\n` (a `\r` before it is ignored; a UTF-8 byte order mark
/// at the start of the input is skipped); a last line without
/// `\n` counts; an empty input has no lines; a blank line yields a `blank-line` silence;
/// a malformed line, a missing `t`/`event` or a `t` smaller than the previous one
/// yields an `invalid` decision with the column and a message.
public struct EventLogEvaluator {
    /// The session being replayed.
    public private(set) var session: Session
    /// Lines read so far (blank and invalid included).
    public var lineCount: Int { counts.lines }

    /// Counts so far.
    public var summary: EvalSummary {
        var summary = counts
        for (index, screen) in screenCounts.enumerated() where screen.decisions > 0 || screen.seconds > 0 {
            summary.byScreen[index < policy.screenNames.count ? policy.screenNames[index] : "-"] = screen
        }
        for (name, screen) in otherScreens { summary.byScreen[name] = screen }
        return summary
    }
    private var counts = EvalSummary()
    /// Per screen id; the extra last entry counts decisions without a screen.
    private var screenCounts: [EvalSummary.ScreenCounts]
    /// Screens the policy does not know, by name.
    private var otherScreens: [String: EvalSummary.ScreenCounts] = [:]
    /// Invalid lines so far.
    public private(set) var invalidCount = 0
    /// Set when `failFast` stopped the run at an invalid line.
    public private(set) var stopped = false
    /// Stop after the first invalid line.
    public var failFast: Bool
    /// Counts rings against the policy's rate budgets when set (`eval` sets it from the
    /// document's `budgets:`); its breaches go in the summary.
    public var budgetMeter: BudgetMeter?

    private let format: any DecisionFormat
    private let policy: Policy
    private var carry: [UInt8] = []
    private var lastT = -Double.infinity
    private var lastScreenT: Double?
    private var eventIDs = NameCache<EventID>()
    private var subjectIDs = NameCache<SubjectID>()

    /// Creates an evaluator writing decisions in `format`.
    public init(policy: Policy, device: DeviceState = DeviceState(), format: any DecisionFormat, failFast: Bool = false) {
        self.policy = policy
        self.session = Session(policy: policy, device: device)
        self.format = format
        self.failFast = failFast
        self.screenCounts = Array(repeating: .init(), count: policy.screenNames.count + 1)
    }

    /// Appends the format's header.
    public func header(into out: inout [UInt8]) {
        format.header(into: &out)
    }

    /// Consumes a chunk of the log, deciding every complete line.
    public mutating func consume(_ chunk: UnsafeBufferPointer<UInt8>, into out: inout [UInt8]) {
        guard !stopped else { return }
        var start = 0
        if !carry.isEmpty {
            guard let newline = chunk.firstIndex(of: 0x0A) else {
                carry.append(contentsOf: chunk)
                return
            }
            carry.append(contentsOf: UnsafeBufferPointer(rebasing: chunk[0..<newline]))
            let line = carry
            carry.removeAll(keepingCapacity: true)
            line.withUnsafeBufferPointer { evaluateLine($0, into: &out) }
            start = newline + 1
        }
        while start < chunk.count, !stopped {
            guard let base = chunk.baseAddress,
                  let found = memchrIndex(base + start, chunk.count - start) else {
                carry.append(contentsOf: UnsafeBufferPointer(rebasing: chunk[start...]))
                return
            }
            evaluateLine(UnsafeBufferPointer(start: base + start, count: found), into: &out)
            start += found + 1
        }
    }

    /// Consumes a chunk given as an array.
    public mutating func consume(_ chunk: [UInt8], into out: inout [UInt8]) {
        chunk.withUnsafeBufferPointer { consume($0, into: &out) }
    }

    /// Decides the last line when it has no trailing newline.
    public mutating func finish(into out: inout [UInt8]) {
        guard !carry.isEmpty, !stopped else { return }
        let line = carry
        carry.removeAll()
        line.withUnsafeBufferPointer { evaluateLine($0, into: &out) }
    }

    @inline(__always)
    private func memchrIndex(_ pointer: UnsafePointer<UInt8>, _ count: Int) -> Int? {
        var index = 0
        while index < count {
            if pointer[index] == 0x0A { return index }
            index += 1
        }
        return nil
    }

    /// Decides one line (without its newline) and appends its decision line.
    public mutating func evaluateLine(_ raw: UnsafeBufferPointer<UInt8>, into out: inout [UInt8]) {
        counts.lines += 1
        let lineNumber = counts.lines
        var line = raw
        if let last = line.last, last == 0x0D { line = UnsafeBufferPointer(rebasing: line.dropLast()) }
        // A UTF-8 byte order mark some editors put at the start of the file.
        if lineNumber == 1, line.count >= 3, line[0] == 0xEF, line[1] == 0xBB, line[2] == 0xBF {
            line = UnsafeBufferPointer(rebasing: line.dropFirst(3))
        }
        if line.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) {
            let decision = Decision(action: .silent, reason: .blankLine)
            tally(decision, screen: nil, t: nil)
            format.write(LoggedDecision(line: lineNumber, t: nil, event: nil, subject: nil, decision: decision), into: &out)
            return
        }
        // The reader is used directly (not through `EventLogParser.parse`): no `Result`
        // to wrap and unwrap, so the parsed strings are not copied on the hot path.
        var reader = JSONReader(bytes: line)
        let parsed: EventLogParser.ParsedLine
        do {
            parsed = try reader.readRecord()
        } catch {
            invalid(line: lineNumber, column: EventLogParser.column(of: error.offset, in: line), reason: error.reason,
                    message: error.message, t: reader.t, event: reader.event, into: &out)
            return
        }
        let t = parsed.record.t
        guard t >= lastT else {
            invalid(line: lineNumber, column: EventLogParser.column(of: parsed.tText.lowerBound, in: line),
                    reason: .timeBackwards,
                    message: "t \(numberText(t)) is before the previous line's \(numberText(lastT)); keep the log in time order",
                    t: t, event: parsed.record.event, into: &out)
            return
        }
        lastT = t
        let event = resolve(parsed.record)
        let screenBefore = session.screen
        let decision = session.decide(event)
        if budgetMeter != nil {
            let name = policy.eventName(event.event)
            budgetMeter?.record(decision, at: t, event: name)
        }
        let screenForSummary = event.screen ?? (event.event.rawValue == 0 ? session.screen : screenBefore)
        tally(decision, screen: screenForSummary, t: t, previousScreen: screenBefore)
        format.write(
            LoggedDecision(
                line: lineNumber, t: t, tText: UnsafeBufferPointer(rebasing: line[parsed.tText]),
                event: parsed.record.event, subject: parsed.record.subject, decision: consume decision,
                eventText: UnsafeBufferPointer(rebasing: line[parsed.eventText]),
                subjectText: parsed.subjectText.map { UnsafeBufferPointer(rebasing: line[$0]) }),
            into: &out)
    }

    private mutating func resolve(_ record: borrowing LogRecord) -> Event {
        var screen: ScreenID?
        var unknownScreen: String?
        if let name = record.screen {
            if let id = policy.screenID(name) { screen = id } else { screen = .unknown; unknownScreen = name }
        }
        let policy = policy
        let event = eventIDs.value(for: record.event) { policy.eventID($0) ?? .unknown }
        var subject: SubjectID?
        if let name = record.subject {
            subject = subjectIDs.value(for: name) { session.subjectID($0) }
        }
        return Event(
            t: record.t, event: event, screen: screen, subject: subject, value: record.value,
            speaks: record.speaks, params: record.params, unknownScreenName: unknownScreen)
    }

    private mutating func invalid(
        line: Int, column: Int, reason: Reason, message: String, t: Double?, event: String?, into out: inout [UInt8]
    ) {
        invalidCount += 1
        let decision = Decision(action: .invalid, reason: reason, note: message)
        tally(decision, screen: nil, t: nil)
        format.write(LoggedDecision(line: line, t: t, event: event, subject: nil, column: column, decision: decision), into: &out)
        if failFast { stopped = true }
    }

    private mutating func tally(_ decision: Decision, screen: ScreenID?, t: Double?, previousScreen: ScreenID? = nil) {
        // Fieldless enums are stored as their case index: count without hashing.
        withUnsafeBytes(of: decision.action) { counts.byAction[Int($0[0])] += 1 }
        if let reason = decision.reason {
            withUnsafeBytes(of: reason) { counts.byReason[Int($0[0])] += 1 }
        }
        guard let t else { return }
        // Time since the previous event counts for the screen that was showing.
        if let last = lastScreenT, let previous = previousScreen, previous.rawValue >= 0 {
            screenCounts[previous.rawValue].seconds += t - last
        }
        lastScreenT = t
        let plays = decision.action == .play ? 1 : 0
        if let screen, screen.rawValue >= 0 {
            screenCounts[screen.rawValue].decisions += 1
            screenCounts[screen.rawValue].plays += plays
        } else if let name = decision.screen {
            otherScreens[name, default: .init()].decisions += 1
            otherScreens[name, default: .init()].plays += plays
        } else {
            screenCounts[screenCounts.count - 1].decisions += 1
        }
    }
}
