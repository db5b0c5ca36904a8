// haptic-policy-bench: the evaluator's speed on a generated 1,000,000-event session.
//
//     swift run -c release $(scripts/release-flags) haptic-policy-bench [events] [policy]
//
// (scripts/release-flags: the flags of the project's own release builds, Docs/performance.md.)
// BENCH_WRITE_LOG=<path> also writes the generated log, to time the real command.
// BENCH_TILE=<log> replays a recorded log of the policy's own app instead of the generated
// Plavo mix, repeated end to end (times shifted) up to [events] lines: for stride,
//
//     BENCH_TILE=Policies/logs/stride-demo.jsonl haptic-policy-bench 1000000 Policies/stride.yaml
// Prints eval throughput (parse + decide + write JSONL to /dev/null) in events/s, and the
// in-process decide time per decision (median and p99 of single timed calls, and the
// mean over the whole run), then `PolicyStore.decide` by name on one thread, on two
// threads at once, on two while a third wakes every millisecond and does nothing (the
// control), and on two while a third reloads the policy every millisecond (with how many
// reloads swapped in), both again with 10,000 subjects; then what one reload's migration
// costs, in all and under the lock. Each figure comes with the heap allocations it made
// (malloc and its siblings, counted by CAllocationCounter around the loop), per event or
// decision.
// Figures are recorded in Docs/performance.md.
import CAllocationCounter
import Foundation
import HapticPolicy
import HapticPolicyCompiler
import HapticPolicyReplay
import HapticPolicyYAML

let arguments = CommandLine.arguments.dropFirst()
let eventCount = arguments.first.flatMap { Int($0) } ?? 1_000_000
let policyPath = arguments.dropFirst().first ?? "Policies/plavo.yaml"

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("haptic-policy-bench: \(message)\n".utf8))
    exit(1)
}

guard let policyBytes = FileManager.default.contents(atPath: policyPath) else {
    fail("\(policyPath): cannot read; run from the package root or pass the policy path")
}
let loaded = PolicyLoader.parse([UInt8](policyBytes), file: policyPath)
guard let document = loaded.document, !loaded.hasErrors else {
    fail("\(policyPath) has errors; run haptic-policy lint")
}
let policy: Policy
do {
    policy = try Policy(compiling: document)
} catch { fail("\(error)") }

/// A deterministic pseudo-random generator (SplitMix64), so every run sees the same log.
struct SplitMix {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 53) }
}

/// A camera-heavy session mix: moisture samples for a few plants, speech, selector spins,
/// photos, taps, screen changes, background trips and Low Power toggles.
func generateLog(_ count: Int) -> [UInt8] {
    var random = SplitMix(state: 42)
    var out: [UInt8] = []
    out.reserveCapacity(count * 72)
    var t = 0.0
    var moisture = [55.0, 70.0, 30.0]
    let plants = ["monstera", "pothos", "ficus"]
    var line = 0
    func emit(_ text: String) {
        out.append(contentsOf: text.utf8)
        out.append(0x0A)
        line += 1
    }
    emit(#"{"t":0,"event":"screen.enter","screen":"camera"}"#)
    while line < count {
        t += 0.05 + random.unit() * 0.2
        let time = String(format: "%.3f", t)
        let roll = random.next() % 100
        switch roll {
        case 0..<60:
            let p = Int(random.next() % 3)
            moisture[p] -= 0.15
            if moisture[p] < 2 { moisture[p] = 95 }
            let value = String(format: "%.2f", moisture[p] + random.unit() * 2 - 1)
            emit(#"{"t":\#(time),"event":"moisture.sample","subject":"\#(plants[p])","value":\#(value)}"#)
        case 60..<66: emit(#"{"t":\#(time),"event":"plant.found","subject":"monstera","speaks":\#(roll % 2 == 0)}"#)
        case 66..<70: emit(#"{"t":\#(time),"event":"plant.notFound"}"#)
        case 70..<72: emit(#"{"t":\#(time),"event":"selector.begin"}"#)
        case 72..<82: emit(#"{"t":\#(time),"event":"selector.tick"}"#)
        case 82..<84: emit(#"{"t":\#(time),"event":"selector.end"}"#)
        case 84..<88: emit(#"{"t":\#(time),"event":"shutter"}"#)
        case 88..<94: emit(#"{"t":\#(time),"event":"button.tap"}"#)
        case 94:
            emit(#"{"t":\#(time),"event":"screen.enter","screen":"album"}"#)
            emit(#"{"t":\#(time),"event":"album.scroll"}"#)
            emit(#"{"t":\#(time),"event":"screen.enter","screen":"camera"}"#)
        case 95:
            emit(#"{"t":\#(time),"event":"app.state","value":"background"}"#)
            emit(#"{"t":\#(time),"event":"app.state","value":"foreground"}"#)
        case 96: emit(#"{"t":\#(time),"event":"device.lowPower","value":\#(random.next() % 2 == 0)}"#)
        case 97: emit(#"{"t":\#(time),"event":"sensor.unreachable","screen":"camera"}"#)
        default: emit(#"{"t":\#(time),"event":"plant.waved","params":{"speed":2.5,"note":"unknown event"}}"#)
        }
    }
    return out
}

@Sendable func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }

/// CPU time of this process, which other processes on a shared machine do not inflate.
func cpuNow() -> UInt64 {
    var spec = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &spec)
    return UInt64(spec.tv_sec) * 1_000_000_000 + UInt64(spec.tv_nsec)
}

/// `count` lines of the recorded log at `path`, repeated end to end: each repetition's
/// times (every line starts `{"t":<number>,`) shifted past the previous one's by 10 s.
func tileLog(_ path: String, _ count: Int) -> [UInt8] {
    guard let data = FileManager.default.contents(atPath: path) else { fail("\(path): cannot read the log to tile") }
    let prefix = Array(#"{"t":"#.utf8)
    var lines: [(t: Double, rest: ArraySlice<UInt8>)] = []
    for line in [UInt8](data).split(separator: 0x0A) where !line.isEmpty {
        guard line.starts(with: prefix), let comma = line.firstIndex(of: UInt8(ascii: ",")),
            let t = Double(String(decoding: line[(line.startIndex + prefix.count)..<comma], as: UTF8.self))
        else { fail("\(path): every line must start with {\"t\":<number>,") }
        lines.append((t, line[comma...]))
    }
    guard let last = lines.last?.t else { fail("\(path): no events") }
    var out: [UInt8] = []
    out.reserveCapacity(count * 72)
    var written = 0
    var offset = 0.0
    while written < count {
        for line in lines where written < count {
            out += prefix
            out += Array(String(format: "%.3f", line.t + offset).utf8)
            out += line.rest
            out.append(0x0A)
            written += 1
        }
        offset += last + 10
    }
    return out
}

print("policy: \(policy.name) (\(policy.screenNames.count) screens, \(policy.eventNames.count) events)")
let log = ProcessInfo.processInfo.environment["BENCH_TILE"].map { tileLog($0, eventCount) } ?? generateLog(eventCount)
let lines = log.reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
print("log: \(lines) events, \(log.count / 1_000_000) MB generated in memory")
if let path = ProcessInfo.processInfo.environment["BENCH_WRITE_LOG"] {
    // To time the real command: BENCH_WRITE_LOG=/tmp/1m.jsonl, then
    // time haptic-policy eval Policies/plavo.yaml /tmp/1m.jsonl > /dev/null
    guard FileManager.default.createFile(atPath: path, contents: Data(log)) else {
        fail("\(path): cannot write the log")
    }
    print("log written to \(path)")
}

/// Every readable event of the log, read by `EventLogReader` as `eval` reads it.
func forEachRecord(in log: [UInt8], _ body: (TimedEvent) -> Void) {
    var reader = EventLogReader()
    func handle(_ item: EventLogReader.Item) -> Bool {
        if case .record(let line) = item { body(line.record) }
        return true
    }
    log.withUnsafeBufferPointer { reader.consume($0, handle) }
    reader.finish(handle)
}

/// Both measurements live in a function: top-level code is main-actor isolated, and its
/// globals would add executor checks to every iteration.
func measure(policy: Policy, log: [UInt8], lines: Int) {
    // 1. eval throughput: parse + decide + JSONL write to /dev/null, 1 MiB chunks.
    guard let devNull = FileHandle(forWritingAtPath: "/dev/null") else { fail("cannot open /dev/null") }
    var runs: [Double] = []
    var cpuRuns: [Double] = []
    var outputBytes = 0
    var evalAllocations: UInt64 = 0
    for _ in 0..<3 {
        var evaluator = EventLogEvaluator(policy: policy, format: DecisionJSONWriter(policy: policy))
        var out: [UInt8] = []
        out.reserveCapacity(1 << 22)
        outputBytes = 0
        let start = now()
        let cpuStart = cpuNow()
        allocation_counter_start()
        log.withUnsafeBufferPointer { all in
            var offset = 0
            while offset < all.count {
                let end = min(offset + (1 << 20), all.count)
                evaluator.consume(UnsafeBufferPointer(rebasing: all[offset..<end]), into: &out)
                outputBytes += out.count
                out.withUnsafeBytes {
                    devNull.write(
                        Data(
                            bytesNoCopy: UnsafeMutableRawPointer(mutating: $0.baseAddress!), count: $0.count,
                            deallocator: .none))
                }
                out.removeAll(keepingCapacity: true)
                offset = end
            }
        }
        evaluator.finish(into: &out)
        evalAllocations = allocation_counter_stop()
        let seconds = Double(now() - start) / 1e9
        runs.append(seconds)
        cpuRuns.append(Double(cpuNow() - cpuStart) / 1e9)
        precondition(evaluator.summary.lines == lines, "N in must equal N out")
    }
    runs.sort()
    cpuRuns.sort()
    let best = runs[0]
    let median = runs[1]
    print(
        String(
            format:
                "eval: %d events in %.3f s wall (median of 3; best %.3f s) = %.0f events/s, %.0f MB/s in, %d MB out",
            lines, median, best, Double(lines) / median, Double(log.count) / median / 1e6, outputBytes / 1_000_000))
    print(
        String(
            format: "eval: %.3f s CPU (median of 3; best %.3f s) = %.0f events/s of CPU time",
            cpuRuns[1], cpuRuns[0], Double(lines) / cpuRuns[1]))
    print(
        String(
            format: "eval: %llu heap allocations in %d lines = %.3f per line (last run)",
            evalAllocations, lines, Double(evalAllocations) / Double(lines)))

    if ProcessInfo.processInfo.environment["BENCH_EVAL_ONLY"] != nil { return }

    // 2. in-process decide: resolve once, then time decide() alone.
    var session = Session(policy: policy)
    var events: [Event] = []
    events.reserveCapacity(lines)
    forEachRecord(in: log) { record in
        events.append(
            session.event(
                t: record.t, name: record.name, screen: record.screen, subject: record.subject, value: record.value,
                speaks: record.speaks ?? false, params: record.params))
    }
    // The session that interned the subjects, before any decision: each pass starts from it.
    let fresh = session
    var plays = 0
    var timings = [UInt64](repeating: 0, count: events.count)
    var overheads = [UInt64](repeating: 0, count: 10_000)
    for index in overheads.indices {
        let start = now()
        overheads[index] = now() - start
    }
    overheads.sort()
    let timerOverhead = overheads[overheads.count / 2]
    session = fresh
    for (index, event) in events.enumerated() {
        let start = now()
        let decision = session.decide(event)
        timings[index] = now() - start
        if decision.action == .play { plays += 1 }
    }
    if ProcessInfo.processInfo.environment["BENCH_BY_EVENT"] != nil {
        var sums: [String: (UInt64, Int)] = [:]
        for (index, event) in events.enumerated() {
            let name = policy.eventName(event.event) ?? "?"
            sums[name, default: (0, 0)].0 += timings[index]
            sums[name, default: (0, 0)].1 += 1
        }
        for (name, (sum, n)) in sums.sorted(by: { $0.key < $1.key }) {
            print("  \(name): \(sum / UInt64(n)) ns mean over \(n)")
        }
    }
    timings.sort()
    let p50 = timings[timings.count / 2]
    let p99 = timings[timings.count * 99 / 100]
    session = fresh
    let wholeStart = now()
    allocation_counter_start()
    for event in events {
        let decision = session.decide(event)
        if decision.action == .play { plays += 1 }
    }
    let allocations = allocation_counter_stop()
    let mean = Double(now() - wholeStart) / Double(events.count)
    print(
        String(
            format:
                "decide: median %d ns, p99 %d ns per decision (single timed calls; timer overhead ~%d ns included), mean %.0f ns over %d decisions (%d plays)",
            p50, p99, timerOverhead, mean, events.count, plays / 2))
    print(
        String(
            format: "decide: %llu heap allocations in %d decisions = %.3f per decision",
            allocations, events.count, Double(allocations) / Double(events.count)))
    if ProcessInfo.processInfo.environment["BENCH_ALLOCATIONS_BY_EVENT"] != nil {
        // Which events allocate: each decision counted on its own, from the same fresh session.
        session = fresh
        var byName: [String: (allocations: UInt64, count: Int)] = [:]
        for event in events {
            allocation_counter_start()
            _ = session.decide(event)
            let made = allocation_counter_stop()
            let name = policy.eventName(event.event) ?? "?"
            byName[name, default: (0, 0)].allocations += made
            byName[name, default: (0, 0)].count += 1
        }
        for (name, tally) in byName.sorted(by: { $0.key < $1.key }) where tally.allocations > 0 {
            print("  \(name): \(tally.allocations) allocations over \(tally.count) decisions")
        }
    }

    measureStore(policy: policy, log: log)
}

/// One log line by name, as an app hands it to `PolicyStore.decide`.
struct NamedEvent: Sendable {
    var t: Double
    var name: String
    var screen: String?
    var subject: String?
    var value: ScalarValue?
    var speaks: Bool
    var params: [String: Double]
}

/// Per-thread timings, handed back from the deciding threads.
final class TimingsBox: @unchecked Sendable {
    // `@unchecked`: `timings` is only touched with `lock` held.
    private let lock = NSLock()
    private var timings: [[UInt64]] = []
    private var allocationCount: UInt64 = 0
    func add(_ new: [UInt64], allocations: UInt64 = 0) {
        lock.lock()
        timings.append(new)
        allocationCount += allocations
        lock.unlock()
    }
    /// The heap allocations the threads made while they timed, added up.
    var allocations: UInt64 {
        lock.lock()
        defer { lock.unlock() }
        return allocationCount
    }
    var all: [UInt64] {
        lock.lock()
        defer { lock.unlock() }
        return timings.flatMap { $0 }
    }
}

/// 3. `PolicyStore.decide` by name (what an app calls: lock, name lookups, the `Decided`),
/// next to `Session.decide` with the same names resolved per call, single-threaded and with
/// two threads deciding on the same store at once.
func measureStore(policy: Policy, log: [UInt8]) {
    var named: [NamedEvent] = []
    forEachRecord(in: log) { record in
        var params: [String: Double] = [:]
        for parameter in record.params {
            if case .number(let number)? = parameter.value { params[parameter.name] = number }
        }
        named.append(
            NamedEvent(
                t: record.t, name: record.name, screen: record.screen, subject: record.subject,
                value: record.value, speaks: record.speaks ?? false, params: params))
    }
    func percentiles(_ timings: [UInt64]) -> (p50: UInt64, p99: UInt64) {
        let sorted = timings.sorted()
        return (sorted[sorted.count / 2], sorted[sorted.count * 99 / 100])
    }

    // Session.decide with names resolved per call (`Session.event(t:name:...)`), no lock.
    var session = Session(policy: policy)
    var timings = [UInt64](repeating: 0, count: named.count)
    for (index, e) in named.enumerated() {
        let start = now()
        let event = session.event(
            t: e.t, name: e.name, screen: e.screen, subject: e.subject, value: e.value, speaks: e.speaks,
            params: e.params.sorted { $0.key < $1.key }.map { Event.Parameter(name: $0.key, value: .number($0.value)) })
        _ = session.decide(event)
        timings[index] = now() - start
    }
    let byName = percentiles(timings)
    print(
        "session by name: median \(byName.p50) ns, p99 \(byName.p99) ns per decision (Session.event(t:name:...) + decide, one thread)"
    )

    // PolicyStore.decide, one thread.
    let store = PolicyStore(policy)
    for (index, e) in named.enumerated() {
        let start = now()
        _ = store.decide(
            t: e.t, event: e.name, screen: e.screen, subject: e.subject, value: e.value, speaks: e.speaks,
            params: e.params)
        timings[index] = now() - start
    }
    let single = percentiles(timings)
    print("store: median \(single.p50) ns, p99 \(single.p99) ns per decision (PolicyStore.decide by name, one thread)")

    // PolicyStore.decide, two threads on one store, each taking every other event.
    let shared = PolicyStore(policy)
    let box = TimingsBox()
    let group = DispatchGroup()
    let events = named
    let wallStart = now()
    for lane in 0..<2 {
        group.enter()
        let thread = Thread {
            var mine: [UInt64] = []
            mine.reserveCapacity(events.count / 2 + 1)
            var index = lane
            while index < events.count {
                let e = events[index]
                let start = now()
                _ = shared.decide(
                    t: e.t, event: e.name, screen: e.screen, subject: e.subject, value: e.value, speaks: e.speaks,
                    params: e.params)
                mine.append(now() - start)
                index += 2
            }
            box.add(mine)
            group.leave()
        }
        thread.start()
    }
    group.wait()
    let wall = Double(now() - wallStart) / 1e9
    let both = percentiles(box.all)
    print(
        String(
            format:
                "store, 2 threads: median %d ns, p99 %d ns per decision (%d decisions in %.3f s wall = %.0f decisions/s)",
            both.p50, both.p99, events.count, wall, Double(events.count) / wall))

    measureReloadUnderLoad(policy: policy, events: events, reloading: false)
    let reloaded = measureReloadUnderLoad(policy: policy, events: events, reloading: true)
    measureMigration(policy: policy, session: reloaded, rounds: 2_000)
    // The same events with their subjects spread over 10,000: a store whose session holds
    // many subjects (each with its band levels), where what a reload carries over grows.
    var next = 0
    let crowded = events.map { e in
        var e = e
        if e.subject != nil {
            next += 1
            e.subject = "s\(next % 10_000)"
        }
        return e
    }
    measureReloadUnderLoad(policy: policy, events: crowded, reloading: false, label: ", 10,000 subjects")
    let crowdedSession = measureReloadUnderLoad(
        policy: policy, events: crowded, reloading: true, label: ", 10,000 subjects")
    measureMigration(policy: policy, session: crowdedSession, rounds: 200)
}

/// 4. Hot reload while two threads decide: a third thread reloads the policy every
/// millisecond; prints the deciders' p99, p99.9 and longest decision, and how many reloads
/// swapped in (and planned again under the lock, after another reload). With `reloading`
/// false, the control: the third thread wakes every millisecond and does nothing, so what
/// the tail owes to a third thread on the cores, and not to reloading, shows. Also prints
/// the heap allocations the deciding threads made (each thread's own count, so the
/// reloader's are not in it). Returns the store's session as the run left it.
@discardableResult
func measureReloadUnderLoad(policy: Policy, events: [NamedEvent], reloading: Bool, label: String = "") -> Session {
    let shared = PolicyStore(policy)
    let box = TimingsBox()
    let group = DispatchGroup()
    let done = DoneFlag()
    let reloader = Thread {
        var reloads = 0
        while !done.isSet {
            if reloading {
                shared.reload(policy)
                reloads += 1
            }
            usleep(1_000)
        }
        done.reloads = reloads
        group.leave()
    }
    group.enter()
    reloader.start()
    let deciders = DispatchGroup()
    for lane in 0..<2 {
        deciders.enter()
        Thread {
            var mine: [UInt64] = []
            mine.reserveCapacity(events.count / 2 + 1)
            var index = lane
            let allocated = allocation_counter_this_thread()
            while index < events.count {
                let e = events[index]
                let start = now()
                _ = shared.decide(
                    t: e.t, event: e.name, screen: e.screen, subject: e.subject, value: e.value, speaks: e.speaks,
                    params: e.params)
                mine.append(now() - start)
                index += 2
            }
            box.add(mine, allocations: allocation_counter_this_thread() - allocated)
            deciders.leave()
        }.start()
    }
    deciders.wait()
    done.set()
    group.wait()
    let all = box.all.sorted()
    let swapped = shared.reloadsSwapped
    guard reloading else {
        print(
            String(
                format:
                    "store, 2 threads\(label) + a third waking every 1 ms (control, no reload): median %d ns, p99 %d ns, p99.9 %d ns, longest %d ns per decision; deciders made %llu heap allocations",
                all[all.count / 2], all[all.count * 99 / 100], all[all.count * 999 / 1000], all[all.count - 1],
                box.allocations))
        return shared.snapshot
    }
    print(
        String(
            format:
                "store, 2 threads\(label) + reload every 1 ms: median %d ns, p99 %d ns, p99.9 %d ns, longest %d ns per decision; deciders made %llu heap allocations; %d reloads, %d swapped in (%d planned again under the lock)",
            all[all.count / 2], all[all.count * 99 / 100], all[all.count * 999 / 1000], all[all.count - 1],
            box.allocations, done.reloads, swapped.swapped, swapped.replanned))
    return shared.snapshot
}

/// 5. What one hot reload costs on the session the reload run left (its subjects, band
/// levels, loops): the whole migration (`Session(policy:continuing:)`: the plan, the new
/// session and the carry-over), and of it the part `PolicyStore.reload` does under its lock
/// (`Session.carryOver`, with the plan and the new session made outside it); medians of
/// `rounds`.
func measureMigration(policy: Policy, session: Session, rounds: Int) {
    var whole = [UInt64](repeating: 0, count: rounds)
    var held = 0
    for round in 0..<rounds {
        let start = now()
        let migrated = Session(policy: policy, continuing: session)
        whole[round] = now() - start
        held &+= migrated.subjectCount
    }
    // A chain of reloads, as the store makes them: after the first, the session carried
    // over is its own only owner (the store's is), so nothing it shares is copied.
    var locked = [UInt64](repeating: 0, count: rounds)
    var current = session
    for round in 0..<rounds {
        var next = Session(policy: policy, subjectLimit: current.subjectLimit)
        let plan = Session.MigrationPlan(from: current.policy, to: policy)
        let start = now()
        next.carryOver(&current, plan: plan)
        locked[round] = now() - start
        held &+= next.subjectCount
        current = next
    }
    print(
        "reload migration: median \(whole.sorted()[rounds / 2]) ns whole, \(locked.sorted()[rounds / 2]) ns under the store's lock (\(session.subjectCount) subjects, \(session.runningLoops.count) loops; \(held / rounds / 2) carried)"
    )
}

/// Tells the reloading thread to stop, and carries its count back.
final class DoneFlag: @unchecked Sendable {
    // `@unchecked`: both fields are only touched with `lock` held.
    private let lock = NSLock()
    private var flag = false
    private var count = 0
    var isSet: Bool { lock.withLock { flag } }
    func set() { lock.withLock { flag = true } }
    var reloads: Int {
        get { lock.withLock { count } }
        set { lock.withLock { count = newValue } }
    }
}

measure(policy: policy, log: log, lines: lines)
