import HapticPolicy
import HapticPolicyFrontEnd
import HapticPolicyReplay
import HapticPolicyYAML

/// Scenarios as `simulate` loads and runs them. The loader must refuse anything over the
/// event limit; what it accepts is run when small enough to keep the fuzzer fast, and
/// must emit no more than it planned, in time order.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzScenario(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let loaded = ScenarioLoader.parse(fuzzBytes(data, size), file: "fuzz.yaml")
    guard let scenario = loaded.scenario else { return 0 }
    let planned = ScenarioRunner.plannedCount(scenario.steps, end: scenario.duration)
    precondition(planned <= Double(ScenarioRunner.eventLimit), "the loader accepted \(planned) planned events")
    guard planned <= 20_000 else { return 0 }
    let events = ScenarioRunner.run(scenario, seed: UInt64(size))
    precondition(Double(events.count) <= planned, "\(events.count) events emitted, \(planned) planned")
    precondition(zip(events, events.dropFirst()).allSatisfy { $0.t <= $1.t }, "events out of time order")
    for event in events.prefix(100) { _ = EventLogWriter.line(event) }
    return 0
}
