import HapticPolicy
import HapticPolicyReplay

/// Bundle loading (`Policy(bundle:)`, what apps run on device), then one decision per
/// event of the catalogue on every screen, and the table.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzBundleLoad(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard let policy = try? Policy(bundle: fuzzBytes(data, size)) else { return 0 }
    var session = Session(policy: policy)
    var t = 0.0
    for screen in policy.screenNames {
        t += 1
        _ = session.decide(session.event(t: t, name: "screen.enter", screen: screen))
        for event in policy.eventNames {
            t += 0.5
            _ = session.decide(session.event(t: t, name: event, subject: "s", value: .number(t), speaks: true))
        }
    }
    _ = DecisionTable(policy)
    return 0
}
