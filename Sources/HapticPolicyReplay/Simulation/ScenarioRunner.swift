import Foundation
import HapticPolicy

/// Acts out a scenario for a seed: the same scenario, seed and duration always give the
/// same events, in time order.
public enum ScenarioRunner {
    /// The most events a scenario may generate: 2,000,000 (a day of a sensor read every
    /// 50 ms; the longest shipped scenario has 1,300). The scenario loader refuses a
    /// scenario whose `plannedCount` is over it before anything runs; the runner itself
    /// stops there too, and after twice as many loop rounds, so it always ends.
    public static let eventLimit = 2_000_000
    /// The smallest `every` of a periodic step, a signal or a repeat: 1 ms, the resolution
    /// times are kept and printed at. A finer period only repeats the same time, and one
    /// as tiny as `1e-21` made a repeat loop for ever.
    public static let minimumEvery = 0.001

    /// An upper bound on what `steps` generate up to `end` seconds from their start:
    /// events, plus one for every round of a repeat (a round costs work even when its
    /// steps fall outside the duration). Computed without running anything, so a
    /// scenario that would generate too much is refused before it runs. Never below the
    /// true count; `Double` so that a bound of 10²¹ does not overflow.
    public static func plannedCount(_ steps: [Scenario.Step], end: Double) -> Double {
        steps.reduce(0) { $0 + plannedCount($1, end: end) }
    }

    /// The bound of one step, `end` seconds after the start of its round.
    public static func plannedCount(_ step: Scenario.Step, end: Double) -> Double {
        /// Times `from`, `from + every`, ... up to `last`, at most `count`.
        func ticks(from: Double, every: Double, last: Double, count: Int?) -> Double {
            guard last >= from, every > 0 else { return 0 }
            let n = ((last - from) / every).rounded(.down) + 1
            return count.map { Swift.min(n, Double($0)) } ?? n
        }
        switch step {
        case .once(let at, _):
            return at <= end ? 1 : 0
        case .periodic(let periodic):
            return ticks(
                from: periodic.from, every: periodic.every, last: Swift.min(end, periodic.until ?? end),
                count: periodic.count)
        case .signal(let signal):
            return ticks(from: signal.from, every: signal.every, last: Swift.min(end, signal.until ?? end), count: nil)
        case .repeated(let block):
            let rounds = ticks(from: block.from, every: block.every, last: end, count: block.count)
            guard rounds > 0 else { return 0 }
            // The first round has the most time left; every round counts at least itself.
            return rounds * Swift.max(1, plannedCount(block.steps, end: end - block.from))
        }
    }

    /// The events of `scenario` from 0 up to `duration` seconds (the scenario's own
    /// duration when nil), ordered by time, ties in written order.
    public static func run(_ scenario: Scenario, seed: UInt64, duration: Double? = nil) -> [TimedEvent] {
        run(scenario, seed: seed, duration: duration, limit: eventLimit)
    }

    /// `run` with another event limit than `eventLimit`, so that a test can reach the
    /// limits in a few thousand rounds rather than millions.
    static func run(_ scenario: Scenario, seed: UInt64, duration: Double?, limit: Int) -> [TimedEvent] {
        let end = duration ?? scenario.duration
        var emitter = Emitter(end: end, limit: limit)
        var root = SeededGenerator(seed: seed)
        emitter.emit(scenario.steps, offset: 0, generator: &root)
        // Stable by time: the sequence number breaks ties in written order.
        let ordered = emitter.events.enumerated().sorted {
            ($0.element.t, $0.offset) < ($1.element.t, $1.offset)
        }
        return ordered.map(\.element)
    }
}

private struct Emitter {
    let end: Double
    /// The event limit: `ScenarioRunner.eventLimit` outside tests.
    let limit: Int
    var events: [TimedEvent] = []

    init(end: Double, limit: Int) {
        self.end = end
        self.limit = limit
    }

    /// Loop rounds so far (of repeats, periodic steps and signals), emitted or not.
    var rounds = 0

    /// Whether to stop: the event limit is reached, or twice as many rounds were run (a
    /// loop whose events all fall outside the duration). A scenario the loader accepts
    /// never gets near either: its rounds are at most its `plannedCount`.
    var full: Bool { events.count >= limit || rounds >= 2 * limit }

    mutating func add(_ time: Double, _ event: Scenario.EventTemplate, decimals: Int8? = nil) {
        guard time >= 0, time <= end, !full else { return }
        events.append(TimedEvent(t: roundedTime(time), event, valueDecimals: decimals))
    }

    /// Each step draws from its own generator split off the parent, so adding a step
    /// leaves the randomness of the others unchanged.
    mutating func emit(_ steps: [Scenario.Step], offset: Double, generator: inout SeededGenerator) {
        for step in steps {
            var own = SeededGenerator(seed: generator.next())
            switch step {
            case .once(let at, let event):
                add(offset + at, event)
            case .periodic(let periodic):
                emitPeriodic(periodic, offset: offset, generator: &own)
            case .signal(let signal):
                emitSignal(signal, offset: offset, generator: &own)
            case .repeated(let block):
                guard block.every > 0 else { continue }
                var round = 0
                while !full {
                    if let count = block.count, round >= count { break }
                    let start = offset + block.from + Double(round) * block.every
                    if start > end { break }
                    emit(block.steps, offset: start, generator: &own)
                    round += 1
                    rounds += 1
                }
            }
        }
    }

    mutating func emitPeriodic(_ periodic: Scenario.Periodic, offset: Double, generator: inout SeededGenerator) {
        guard periodic.every > 0 else { return }
        let last = min(end, periodic.until.map { offset + $0 } ?? end)
        var index = 0
        while !full {
            if let count = periodic.count, index >= count { break }
            let nominal = offset + periodic.from + Double(index) * periodic.every
            if nominal > last { break }
            var time = nominal
            if periodic.jitter > 0 {
                time = max(offset + periodic.from, nominal + generator.gaussian(sigma: periodic.jitter))
            }
            add(time, periodic.event)
            index += 1
            rounds += 1
        }
    }

    mutating func emitSignal(_ signal: Scenario.Signal, offset: Double, generator: inout SeededGenerator) {
        guard signal.every > 0 else { return }
        let first = offset + signal.from
        let last = min(end, signal.until.map { offset + $0 } ?? end)
        var jumps = signal.jumps.sorted { $0.at < $1.at }[...]
        var glitches = signal.glitches.sorted { $0.at < $1.at }[...]
        var glitchReadings = 0
        var level = signal.start
        var drift = 0.0
        var previous = first
        var index = 0
        while !full {
            let time = first + Double(index) * signal.every
            if time > last { break }
            let dt = time - previous
            level += signal.rate * dt
            while let jump = jumps.first, offset + jump.at <= time {
                level = jump.to
                jumps = jumps.dropFirst()
            }
            if signal.wander > 0, dt > 0 {
                drift += -signal.pull * drift * dt + signal.wander * dt.squareRoot() * generator.gaussian()
            }
            var reading = level + drift
            if signal.noise > 0 { reading += generator.gaussian(sigma: signal.noise) }
            reading = min(signal.max, max(signal.min, reading))
            if let glitch = glitches.first, offset + glitch.at <= time {
                reading = glitch.to
                glitchReadings += 1
                if glitchReadings >= glitch.count {
                    glitches = glitches.dropFirst()
                    glitchReadings = 0
                }
            }
            let scale = pow(10, Double(signal.decimals))
            reading = (reading * scale).rounded() / scale
            var event = Scenario.EventTemplate(name: signal.event, subject: signal.subject, value: .number(reading))
            event.data = signal.data
            add(time, event, decimals: Int8(clamping: signal.decimals))
            previous = time
            index += 1
            rounds += 1
        }
    }
}

/// Times are kept to the millisecond so that printing them is exact.
private func roundedTime(_ time: Double) -> Double {
    (time * 1000).rounded() / 1000
}
