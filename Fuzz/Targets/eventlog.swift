import HapticPolicy
import HapticPolicyReplay

/// The event log through `EventLogEvaluator` as `eval` runs it: the first byte picks the
/// format, `--explain`, a chunk size (so lines and UTF-8 characters straddle chunks) and
/// `--fail-fast`; the rest is the log. Every line must give exactly one decision line.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzEventLog(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size > 0 else { return 0 }
    let control = data[0]
    let log = UnsafeBufferPointer(start: data + 1, count: size - 1)
    let explain = control & 1 != 0
    let table = control & 2 != 0
    let failFast = control & 4 != 0
    let chunk = 1 + Int(control >> 3) * 7
    let format: any DecisionFormat =
        table
        ? DecisionTableWriter(policy: fuzzPolicy, explain: explain)
        : DecisionJSONWriter(policy: fuzzPolicy, explain: explain)
    var evaluator = EventLogEvaluator(policy: fuzzPolicy, format: format, failFast: failFast, subjectLimit: 4)
    evaluator.budgetMeter = BudgetMeter(policy: fuzzPolicy)
    var out: [UInt8] = []
    evaluator.header(into: &out)
    var start = 0
    while start < log.count {
        let end = min(start + chunk, log.count)
        evaluator.consume(UnsafeBufferPointer(rebasing: log[start..<end]), into: &out)
        start = end
    }
    evaluator.finish(into: &out)
    let summary = evaluator.summary
    for (name, counts) in summary.byScreen {
        precondition(counts.seconds.isFinite && counts.ringsPerMinute.isFinite, "screen \(name): \(counts)")
    }
    _ = summary.text
    if !failFast, !table {
        let lines =
            log.split(separator: 0x0A, omittingEmptySubsequences: false).count
            - (log.last == 0x0A || log.isEmpty ? 1 : 0)
        let decisions = out.count(where: { $0 == 0x0A })
        precondition(lines == decisions, "\(lines) lines gave \(decisions) decisions")
    }
    return 0
}
